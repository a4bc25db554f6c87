// A document line takes what it leaves out from its product or service, as the service's own
// editor does (description, ledger account, tax rate), through n8n's engine against the sandbox:
// each item read once per execution, the tax amount computed from the item's rate, the line's own
// values winning, a line naming neither an item nor a description still refused.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { autoMap, create, defineBelow, editorLines, fromList, update } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

interface Known {
	customer: string;
	supplier: string;
	products: IDataObject[];
	service: IDataObject;
	account: string;
	taxRate: string;
	percentages: Map<string, number>;
}
const known = {} as Known;

const items = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];
const idOf = (value: unknown) => (value as IDataObject | undefined)?.id;
const stored = async (path: string, id: unknown) => (await env.fetchDirect(`/${path}/${String(id)}`)).body;
const requestsSince = (position: number) =>
	env.apiRequestsSince(position).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
const productReads = (requests: string[]) => requests.filter((request) => request.startsWith('GET /products/'));

/** The tax on `net` at the rate's percentage, to the cent, as the node computes it. */
const taxOn = (net: number, rateId: unknown) =>
	Math.round((Math.round(net * 100) * (known.percentages.get(String(rateId)) ?? NaN)) / 100) / 100;

const ITEM_ATTRIBUTES = 'attributes=item_code,description,sales_ledger_account,sales_tax_rate';

beforeAll(async () => {
	const [customer] = await items('/contacts?contact_type_id=CUSTOMER&items_per_page=1');
	const [supplier] = await items('/contacts?contact_type_id=VENDOR&items_per_page=1');
	const products = await items(`/products?items_per_page=2&${ITEM_ATTRIBUTES}`);
	const [service] = await items(
		'/services?items_per_page=1&attributes=description,purchase_ledger_account,purchase_tax_rate',
	);
	const [account] = await items('/ledger_accounts?visible_in=sales&items_per_page=5');
	const rates = await items('/tax_rates?items_per_page=100&attributes=percentage');
	Object.assign(known, {
		customer: customer.id,
		supplier: supplier.id,
		products,
		service,
		account: account.id,
		taxRate: rates.find((rate) => rate.id !== idOf(products[0].sales_tax_rate))?.id,
		percentages: new Map(rates.map((rate) => [String(rate.id), Number(rate.percentage)])),
	});
});

describe('a line takes its defaults from its product or service', () => {
	it('lines by item code: description, ledger account and tax rate from the product, the tax from its rate; each product read once', async () => {
		const [first, second] = known.products;
		const codes = [first.item_code, second.item_code, first.item_code].map(String);
		// A rate of 0 would prove nothing about where the tax came from.
		expect(known.percentages.get(String(idOf(first.sales_tax_rate)))).toBeGreaterThan(0);
		const row = (reference: string) => ({
			contact_id: known.customer,
			date: '2025-05-01',
			reference,
			invoice_lines: codes.map((code) => ({ product_id: code, quantity: 2, unit_price: 10.25 })),
		});
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap(), { options: { lineItemsGivenBy: 'itemCode' } }),
			{},
			{ input: [row('DEFAULTS-1'), row('DEFAULTS-2')] },
		);
		expect(result.error).toBeUndefined();
		const created = result.json(NODE);
		expect(created).toHaveLength(2);
		for (const invoice of created) {
			const lines = (await stored('sales_invoices', invoice.id)).invoice_lines as IDataObject[];
			expect(lines).toHaveLength(3);
			lines.forEach((line, index) => {
				const product = index === 1 ? second : first;
				expect(idOf(line.product)).toBe(product.id);
				expect(line.description).toBe(product.description);
				expect(idOf(line.ledger_account)).toBe(idOf(product.sales_ledger_account));
				expect(idOf(line.tax_rate)).toBe(idOf(product.sales_tax_rate));
				expect(Number(line.tax_amount)).toBe(taxOn(20.5, idOf(product.sales_tax_rate)));
			});
		}
		const requests = requestsSince(position);
		// The item-code search brought what the lines take: no product is read again, and each code's
		// search (by its leading word) is read once for both items.
		expect(productReads(requests)).toEqual([]);
		const searches = env
			.apiRequestsSince(position)
			.filter((entry) => entry.path.startsWith('/products?'))
			// A change check asks since its read's start, to the second: two reads a second apart ask alike.
			.map((entry) => entry.path.replace(/(updated_or_created_since|deleted_since)=[^&]*/g, '$1'));
		expect(searches.length).toBeGreaterThan(0);
		expect(searches.length).toBe(new Set(codes).size * new Set(searches).size);
		expect(requests.filter((request) => request === 'POST /sales_invoices')).toHaveLength(2);
	});

	it('what the line gives wins over the product’s; a product picked From List (an ID) gives the rest', async () => {
		const [product] = known.products;
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: known.customer, date: '2025-05-02' }), {
				lines: editorLines([
					{ product: String(product.id), quantity: 1, unitPrice: 40 },
					{
						product: String(product.id),
						description: 'Own words',
						ledgerAccount: known.account,
						taxRate: known.taxRate,
						unitPrice: 40,
					},
				]),
			}),
		);
		expect(result.error).toBeUndefined();
		const [byProduct, own] = (await stored('sales_invoices', result.json(NODE)[0].id)).invoice_lines as IDataObject[];
		expect(byProduct.description).toBe(product.description);
		expect(idOf(byProduct.ledger_account)).toBe(idOf(product.sales_ledger_account));
		expect(idOf(byProduct.tax_rate)).toBe(idOf(product.sales_tax_rate));
		expect(Number(byProduct.tax_amount)).toBe(taxOn(40, idOf(product.sales_tax_rate)));
		expect(own.description).toBe('Own words');
		expect(idOf(own.ledger_account)).toBe(known.account);
		expect(idOf(own.tax_rate)).toBe(known.taxRate);
		expect(Number(own.tax_amount)).toBe(taxOn(40, known.taxRate));
	});

	it('a purchase invoice’s service line takes the service’s purchase description, ledger account and tax rate', async () => {
		const { service } = known;
		const renamed = await env.runNode(
			update('service', String(service.id), defineBelow({ purchase_description: 'Bought in: consulting hours' })),
		);
		expect(renamed.error).toBeUndefined();
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create(
				'purchaseInvoice',
				defineBelow({
					contact_id: known.supplier,
					date: '2025-05-03',
					due_date: '2025-06-03',
					invoice_lines: [{ service_id: service.id, quantity: 1, unit_price: 12 }],
				}),
			),
		);
		expect(result.error).toBeUndefined();
		const [line] = (await stored('purchase_invoices', result.json(NODE)[0].id)).invoice_lines as IDataObject[];
		expect(line.description).toBe('Bought in: consulting hours');
		expect(line.description).not.toBe(service.description);
		expect(idOf(line.ledger_account)).toBe(idOf(service.purchase_ledger_account));
		expect(idOf(line.tax_rate)).toBe(idOf(service.purchase_tax_rate));
		expect(requestsSince(position).filter((request) => request.startsWith('GET /services/'))).toHaveLength(1);
	});
});

describe('lines that cannot be completed', () => {
	const invoice = (invoice_lines: IDataObject[]) =>
		create('salesInvoice', defineBelow({ contact_id: known.customer, date: '2025-05-04', invoice_lines }));

	it('a line naming no product or service still needs its ledger account, before any request', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(invoice([{ description: 'Consulting', quantity: 1, unit_price: 10 }]));
		expect(result.error?.message).toBe('Invalid "invoice_lines": line 1: "ledger_account_id" is required');
		expect(env.apiRequestsSince(position)).toEqual([]);
	});

	it('a blank line (no product, service or description) is still left out', async () => {
		const result = await env.runNode(
			invoice([
				{ product_id: known.products[0].id, quantity: 1, unit_price: 10 },
				{ ledger_account_id: known.account, quantity: 1, unit_price: 0 },
			]),
		);
		expect(result.error).toBeUndefined();
		expect((await stored('sales_invoices', result.json(NODE)[0].id)).invoice_lines).toHaveLength(1);
	});

	it('a product without a sales ledger account: the line is refused naming it, and nothing is written', async () => {
		const lead = env.sandbox.dataset.leadBusinessId as string;
		const bare = env.sandbox.dataset.createRecord(lead, 'products', { sales_ledger_account: null }) as IDataObject;
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: known.customer, date: '2025-05-05' }), {
				lines: editorLines([
					{ product: String(known.products[0].id), unitPrice: 5 },
					{ product: String(bare.id), unitPrice: 5 },
				]),
			}),
		);
		expect(result.error?.message).toBe(
			`Invalid "Lines": line 2: "Ledger Account" is required, and product "${String(bare.id)}" has none to take it from`,
		);
		expect(env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET')).toEqual([]);
	});

	it('a product ID that names no product is refused naming the line', async () => {
		const missing = '0123456789abcdef0123456789abcdef';
		const result = await env.runNode(invoice([{ product_id: missing, quantity: 1, unit_price: 10 }]));
		expect(result.error?.message).toBe(
			`Invalid "invoice_lines": line 1: "product_id": no product has the ID "${missing}"`,
		);
	});
});
