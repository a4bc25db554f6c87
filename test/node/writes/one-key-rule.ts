// One rule for a key wherever it is matched: a contact's reference given for an invoice's contact
// (Contact Given By: Reference) and Create or Update's key ignore case and surrounding spaces and
// take a character written composed or decomposed (NFC, NFD) as the same; accents still count. A
// key two records have fails naming both.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { heldNow } from '../direct-writes';
import { autoMap, create, defineBelow, rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();
const ids = {} as { account: string; taxRate: string };

const items = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];
beforeAll(async () => {
	const [account] = await items('/ledger_accounts?visible_in=sales&items_per_page=1');
	const [taxRate] = await items('/tax_rates?usage=sales&items_per_page=1');
	Object.assign(ids, { account: account.id, taxRate: taxRate.id });
});

const madeContact = async (reference: string) => {
	const run = await env.runNode(
		create('contact', defineBelow({ name: `Key ${reference}`, contact_type_ids: ['CUSTOMER'], reference })),
	);
	expect(run.error).toBeUndefined();
	return run.json(NODE)[0] as IDataObject;
};
const invoiceFor = async (reference: string) =>
	await env.runNode(
		create('salesInvoice', autoMap(), { options: { contactGivenBy: 'reference' } }),
		{},
		{
			input: [
				{
					contact_id: reference,
					date: '2025-04-01',
					invoice_lines: [
						{
							description: 'Keyed',
							ledger_account_id: ids.account,
							quantity: 1,
							unit_price: 10,
							tax_rate_id: ids.taxRate,
						},
					],
				},
			],
		},
	);
const upsertByReference = async (reference: string, notes: string) =>
	await env.runNode({
		resource: 'contact',
		operation: 'upsert',
		fields: {
			mappingMode: 'defineBelow',
			value: { reference, notes, name: `Upserted ${notes}`, contact_type_ids: ['CUSTOMER'] },
			matchingColumns: ['reference'],
			schema: [],
		},
		options: rawOutput(),
	} as INodeParameters);
const contactOfInvoice = async (run: Awaited<ReturnType<typeof invoiceFor>>) =>
	((await heldNow(env, `/sales_invoices/${String(run.json(NODE)[0].id)}`))!.contact as IDataObject).id;

describe('one rule for matching a key', () => {
	it('a reference in another case finds the contact for an invoice, as for Create or Update', async () => {
		const contact = await madeContact('CASE-001');
		const invoice = await invoiceFor(' case-001 ');
		expect(invoice.error).toBeUndefined();
		expect(await contactOfInvoice(invoice)).toBe(contact.id);

		const upserted = await upsertByReference('case-001', 'Same contact');
		expect(upserted.error).toBeUndefined();
		expect(upserted.json(NODE)[0]).toMatchObject({ id: contact.id, operation: 'updated' });
	});

	it('a reference written decomposed (NFD) finds the one written composed (NFC), in both places', async () => {
		const contact = await madeContact('CAFÉ-7'.normalize('NFC'));
		const decomposed = 'café-7'.normalize('NFD');
		const invoice = await invoiceFor(decomposed);
		expect(invoice.error).toBeUndefined();
		expect(await contactOfInvoice(invoice)).toBe(contact.id);

		const upserted = await upsertByReference(decomposed, 'Decomposed');
		expect(upserted.error).toBeUndefined();
		expect(upserted.json(NODE)[0]).toMatchObject({ id: contact.id, operation: 'updated' });
	});

	it('accents count: CAFE-8 is not café-8', async () => {
		const plain = await madeContact('CAFE-8');
		const upserted = await upsertByReference('café-8', 'Accented');
		expect(upserted.error).toBeUndefined();
		const output = upserted.json(NODE)[0];
		expect(output.operation).toBe('created');
		expect(output.id).not.toBe(plain.id);
		expect((await invoiceFor('CAFE-8')).error).toBeUndefined();
	});

	it('a reference two contacts have (composed and decomposed) fails naming both, in both places', async () => {
		const composed = await madeContact('ZOË-9'.normalize('NFC'));
		const decomposed = await madeContact('ZOË-9'.normalize('NFD'));
		const invoice = await invoiceFor('zoë-9');
		const upserted = await upsertByReference('zoë-9', 'Never');
		for (const run of [invoice, upserted]) {
			expect(run.error?.message).toMatch(/2 contacts have/);
			for (const contact of [composed, decomposed]) expect(run.error?.message).toContain(String(contact.id));
		}
	});
});
