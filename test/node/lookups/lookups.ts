// Contacts, line items and ledger accounts given the way people name them (a reference, an
// e-mail, an item code, a nominal code), through n8n's engine against the sandbox: looked up once
// per node run, an unknown value fails its item before anything is written, blank lines are left out.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { autoMap, create, defineBelow, editorLines, fromList } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

interface Known {
	customer: IDataObject;
	products: IDataObject[];
	account: IDataObject;
	taxRate: string;
}
const known = {} as Known;

const items = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];
const idOf = (value: unknown) => (value as IDataObject | undefined)?.id;
const invoiceOf = async (id: unknown) => (await env.fetchDirect(`/sales_invoices/${String(id)}`)).body;
const requestsSince = (position: number) =>
	env.apiRequestsSince(position).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
const count = (requests: string[], request: string) => requests.filter((candidate) => candidate === request).length;

const allOptions = { contactGivenBy: 'reference', lineItemsGivenBy: 'itemCode', ledgerAccountsGivenBy: 'nominalCode' };

beforeAll(async () => {
	const [customer] = await items('/contacts?contact_type_id=CUSTOMER&items_per_page=1&attributes=reference,email');
	const products = await items('/products?items_per_page=3&attributes=item_code');
	const [account] = await items('/ledger_accounts?visible_in=sales&items_per_page=1&attributes=nominal_code');
	const [taxRate] = await items('/tax_rates?usage=sales&items_per_page=1');
	Object.assign(known, { customer, products, account, taxRate: taxRate.id });
});

/** A spreadsheet row of an invoice with three item code columns, as Map Automatically reads it. */
const sheetRow = (reference: string, codes: string[], contact = String(known.customer.reference)) => ({
	contact_id: contact,
	date: '2025-04-01',
	reference,
	invoice_lines: codes.map((code, index) => ({
		product_id: code,
		description: code ? `Item ${index + 1}` : '',
		ledger_account_id: String(known.account.nominal_code),
		quantity: 1,
		unit_price: 10,
		tax_rate_id: known.taxRate,
	})),
});

describe('values looked up by how people name them', () => {
	it('a contact by reference, three lines by item code and nominal code: the IDs are sent, each value read once per node run', async () => {
		const codes = known.products.map((product) => String(product.item_code));
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap(), { options: allOptions }),
			{},
			{ input: [sheetRow('LOOKUP-1', codes), sheetRow('LOOKUP-2', codes)] },
		);
		expect(result.error).toBeUndefined();
		const requests = requestsSince(position);
		const created = result.json(NODE);
		expect(created).toHaveLength(2);
		for (const invoice of created) {
			const stored = await invoiceOf(invoice.id);
			expect(idOf(stored.contact)).toBe(known.customer.id);
			const lines = stored.invoice_lines as IDataObject[];
			expect(lines.map((line) => idOf(line.product))).toEqual(known.products.map((product) => product.id));
			expect(lines.map((line) => idOf(line.ledger_account))).toEqual(codes.map(() => known.account.id));
		}

		// Each code is searched by its leading word, each page of that search read once for both items:
		// the codes share their leading word, and each code is looked up for itself.
		const searchPages = env
			.apiRequestsSince(position)
			.filter((entry) => entry.path.startsWith('/products?') && !/_since=/.test(entry.path))
			.map((entry) => entry.path);
		// (The change checks after a search of several pages carry the read's start, not the search.)
		expect(searchPages.length).toBe(new Set(codes).size * new Set(searchPages).size);
		const searches = searchPages.length;
		const checks = env
			.apiRequestsSince(position)
			.filter((entry) => entry.path.startsWith('/products?') && /_since=/.test(entry.path)).length;
		expect(count(requests, 'GET /contacts')).toBe(1);
		expect(count(requests, 'GET /products')).toBe(searches + checks);
		const ledgerPages = count(requests, 'GET /ledger_accounts');
		expect(ledgerPages).toBeGreaterThanOrEqual(1);
		expect(count(requests, 'POST /sales_invoices')).toBe(2);
		// What the report quotes: the first item pays for the lookups (the products' line defaults came
		// with their search) and the tax rates, a later one only for its POST.
		expect(requests.filter((request) => request.startsWith('GET'))).toHaveLength(
			1 + searches + checks + ledgerPages + 1,
		);
	});

	it('a contact by the e-mail of a contact person that is not its main one, as the service’s e-mail filter finds it', async () => {
		const persons = await items('/contact_persons?items_per_page=50&attributes=email,is_main_contact');
		const further = persons.find((person) => person.is_main_contact === false && typeof person.email === 'string');
		const [owner] = await items(`/contacts?email=${encodeURIComponent(String(further?.email))}&attributes=email`);
		expect(owner.email).not.toBe(further?.email);
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: String(further?.email), date: '2025-04-03' }), {
				options: { contactGivenBy: 'email' },
				lines: {
					line: [
						{
							description: 'Widgets',
							product: fromList(String(known.products[0].id)),
							ledgerAccount: fromList(String(known.account.id)),
							quantity: 1,
							unitPrice: 5,
							taxRate: fromList(known.taxRate),
						},
					],
				},
			}),
		);
		expect(result.error).toBeUndefined();
		expect(idOf((await invoiceOf(result.json(NODE)[0].id)).contact)).toBe(owner.id);
	});

	it('a contact by e-mail, ignoring case; a line’s product By ID stays an ID when its ledger account is a nominal code', async () => {
		const result = await env.runNode(
			create(
				'salesInvoice',
				defineBelow({ contact_id: String(known.customer.email).toUpperCase(), date: '2025-04-02' }),
				{
					options: { contactGivenBy: 'email', ledgerAccountsGivenBy: 'nominalCode' },
					lines: {
						line: [
							{
								description: 'Widgets',
								product: fromList(String(known.products[0].id)),
								ledgerAccount: { __rl: true, mode: 'id', value: String(known.account.nominal_code) },
								quantity: 2,
								unitPrice: 5,
								taxRate: fromList(known.taxRate),
							},
						],
					},
				},
			),
		);
		expect(result.error).toBeUndefined();
		const stored = await invoiceOf(result.json(NODE)[0].id);
		expect(idOf(stored.contact)).toBe(known.customer.id);
		const [line] = stored.invoice_lines as IDataObject[];
		expect(idOf(line.product)).toBe(known.products[0].id);
		expect(idOf(line.ledger_account)).toBe(known.account.id);
	});

	it('an unknown reference fails its item naming the value, before anything is written for it; the others are written', async () => {
		const codes = [String(known.products[0].item_code)];
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap(), { options: allOptions }),
			{ continueOnFail: true },
			{ input: [sheetRow('UNKNOWN-1', codes), sheetRow('UNKNOWN-2', codes, 'NOSUCH99'), sheetRow('UNKNOWN-3', codes)] },
		);
		expect(result.error).toBeUndefined();
		const output = result.items(NODE);
		expect(output[0].json.id).toEqual(expect.any(String));
		expect(output[1].json.error).toMatch(/"contact_id": no contact has the reference "NOSUCH99"/);
		expect(output[2].json.id).toEqual(expect.any(String));
		expect(count(requestsSince(position), 'POST /sales_invoices')).toBe(2);
	});

	it('an unknown item code names its line as the user numbered it, and nothing is written', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap(), { options: allOptions }),
			{},
			{
				input: [sheetRow('BADCODE', [String(known.products[0].item_code), '', 'NO-SUCH-CODE'])],
			},
		);
		expect(result.error?.message).toBe(
			'Invalid "invoice_lines": line 3: "product_id": no product has the item code "NO-SUCH-CODE"',
		);
		expect(env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET')).toEqual([]);
	});

	it('with IDs (the default) an item code is sent as given: the service refuses it, nothing is looked up', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap()),
			{},
			{
				input: [sheetRow('NO-LOOKUP', [String(known.products[0].item_code)], String(known.customer.id))],
			},
		);
		expect(result.error).toBeDefined();
		expect(count(requestsSince(position), 'GET /products')).toBe(0);
	});
});

describe('blank lines', () => {
	// The editor requires a Description, so a blank editor line is one whose mapped values are empty.
	it('a line without product, service and description is left out, from Fields and from the editor', async () => {
		const code = String(known.products[0].item_code);
		const fromSheet = await env.runNode(
			create('salesInvoice', autoMap(), { options: allOptions }),
			{},
			{
				input: [sheetRow('BLANKS-1', [code, '', ''])],
			},
		);
		expect(fromSheet.error).toBeUndefined();
		expect((await invoiceOf(fromSheet.json(NODE)[0].id)).invoice_lines).toHaveLength(1);

		const fromEditor = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: String(known.customer.id), date: '2025-04-03' }), {
				lines: editorLines([
					{ description: 'Kept', ledgerAccount: String(known.account.id), unitPrice: 10, taxRate: known.taxRate },
					{
						description: '={{ $json.description_2 }}',
						ledgerAccount: String(known.account.id),
						unitPrice: 0,
						taxRate: known.taxRate,
					},
				]),
			}),
		);
		expect(fromEditor.error).toBeUndefined();
		expect((await invoiceOf(fromEditor.json(NODE)[0].id)).invoice_lines).toHaveLength(1);
	});

	it('a document whose every line is blank is still refused', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap(), { options: allOptions }),
			{},
			{
				input: [sheetRow('BLANKS-2', ['', ''])],
			},
		);
		expect(result.error?.message).toMatch(/^Invalid "invoice_lines": every line is empty/);
		expect(env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET')).toEqual([]);
	});
});
