// Lookups answer what the service holds when they are made: a contact created, or a reference
// moved, by an earlier node of the same execution is what a later node's lookup finds.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, chain, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { create, defineBelow, update } from '../write-helpers';

const env = useConnectedSandbox();

const items = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];
const contactOfInvoice = async (id: unknown) =>
	((await env.fetchDirect(`/sales_invoices/${String(id)}`)).body.contact as IDataObject).id;

let account: string;
beforeAll(async () => {
	const [sales] = await items('/ledger_accounts?visible_in=sales&items_per_page=1');
	account = String(sales.id);
});

const customer = (reference: string, name = `Customer ${reference}`) =>
	create('contact', defineBelow({ name, reference, contact_type_ids: ['CUSTOMER'] }));
const invoiceByReference = (reference: string) =>
	create(
		'salesInvoice',
		defineBelow({
			contact_id: reference,
			date: '2025-04-01',
			invoice_lines: [{ description: 'Work', ledger_account_id: account, quantity: 1, unit_price: 100, tax_amount: 0 }],
		}),
		{ options: { contactGivenBy: 'reference' } },
	);

/** Runs the nodes one after another in one execution; each node's output by its name. */
async function runInOneExecution(nodes: Array<[string, INodeParameters]>) {
	const result = await runWorkflow({
		store: env.store,
		nodes: nodes.map(([name, parameters]) => accountingServiceNode(env.credential, parameters, { name })),
		connections: chain(...nodes.map(([name]) => name)),
	});
	return { error: result.error, first: (name: string) => result.json(name)[0] };
}

describe('a lookup sees what earlier nodes of the execution wrote', () => {
	it('a customer created, then invoiced by its reference, after a lookup of a reference with the same first word', async () => {
		const existing = await env.runNode(customer('LOOP-001'));
		expect(existing.error).toBeUndefined();

		const run = await runInOneExecution([
			['Invoice LOOP-001', invoiceByReference('LOOP-001')],
			['New customer', customer('LOOP-002')],
			['Invoice LOOP-002', invoiceByReference('LOOP-002')],
		]);

		expect(run.error).toBeUndefined();
		expect(await contactOfInvoice(run.first('Invoice LOOP-001').id)).toBe(existing.json('Accounting Service')[0].id);
		expect(await contactOfInvoice(run.first('Invoice LOOP-002').id)).toBe(run.first('New customer').id);
	});

	it('a reference moved to another contact earlier in the execution: the invoice goes to the contact that has it now', async () => {
		const before = await env.runNode(customer('MOVE-1', 'Old holder'));
		const oldHolder = String(before.json('Accounting Service')[0].id);

		const run = await runInOneExecution([
			['Invoice before the move', invoiceByReference('MOVE-1')],
			['Old holder gives it up', update('contact', oldHolder, defineBelow({ reference: 'MOVED-OLD' }))],
			['New holder', customer('MOVE-1', 'New holder')],
			['Invoice after the move', invoiceByReference('MOVE-1')],
		]);

		expect(run.error).toBeUndefined();
		expect(await contactOfInvoice(run.first('Invoice before the move').id)).toBe(oldHolder);
		const newHolder = run.first('New holder').id;
		expect(newHolder).not.toBe(oldHolder);
		expect(await contactOfInvoice(run.first('Invoice after the move').id)).toBe(newHolder);
	});
});
