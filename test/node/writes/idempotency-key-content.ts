// Create with an Idempotency Key used before: the same values give the record made then; other
// values are refused, naming the key and what differs, and nothing is written.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { create, defineBelow } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

let order: (unitPrice: number) => INodeParameters;
beforeAll(async () => {
	const [customer] = (await env.fetchDirect('/contacts?contact_type_id=CUSTOMER&items_per_page=1')).body
		.$items as IDataObject[];
	const [account] = (await env.fetchDirect('/ledger_accounts?visible_in=sales&items_per_page=1')).body
		.$items as IDataObject[];
	order = (unitPrice) =>
		create(
			'salesInvoice',
			defineBelow({
				contact_id: customer.id,
				date: '2025-05-03',
				reference: 'ORDER-7',
				invoice_lines: [
					{ description: 'Order 7', ledger_account_id: account.id, quantity: 1, unit_price: unitPrice, tax_amount: 0 },
				],
			}),
			{ options: { idempotencyKey: 'ORDER-7' } },
		);
});

const invoiceCount = async () => (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$total;

describe('an Idempotency Key used again', () => {
	it('with the same values: the invoice made the first time; with other values: refused, naming the key and what differs', async () => {
		const first = await env.runNode(order(100));
		expect(first.error).toBeUndefined();
		const invoice = first.json(NODE)[0];

		const same = await env.runNode(order(100));
		expect(same.error).toBeUndefined();
		expect(same.json(NODE)[0].id).toBe(invoice.id);

		const before = await invoiceCount();
		const other = await env.runNode(order(250));
		expect(other.error?.name).toBe('NodeOperationError');
		expect(other.error?.message).toMatch(
			/^Idempotency Key "ORDER-7" already created a sales invoice with other values/,
		);
		expect(other.error?.message).toMatch(/invoice_lines line 1: "unit_price": 250 here, 100 in the record/);
		expect(other.error?.message).toMatch(/nothing new was written$/);
		expect(other.error?.message).toContain(String(invoice.id));

		expect(await invoiceCount()).toBe(before);
		const stored = (await env.fetchDirect(`/sales_invoices/${String(invoice.id)}`)).body;
		expect(Number(stored.total_amount)).toBe(100);
	});
});
