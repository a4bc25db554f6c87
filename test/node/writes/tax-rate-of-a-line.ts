// A line that names no tax rate is taxed at the rate the service gives it: its product's or
// service's, else its ledger account's default. The node sends that rate and the tax computed from
// it, so the stored line and the invoice's tax analysis carry the right VAT.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { create, defineBelow } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const items = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];
const idOf = (value: unknown) => (value as IDataObject | null | undefined)?.id;

interface Known {
	customer: string;
	/** A sales account with a default tax rate, and one without. */
	rated: IDataObject;
	unrated: IDataObject;
	percentages: Map<string, number>;
	product: IDataObject;
}
const known = {} as Known;

beforeAll(async () => {
	const [customer] = await items('/contacts?contact_type_id=CUSTOMER&items_per_page=1');
	const accounts = await items('/ledger_accounts?visible_in=sales&items_per_page=200&attributes=tax_rate');
	const rates = await items('/tax_rates?items_per_page=200&attributes=percentage');
	const percentages = new Map(rates.map((rate) => [String(rate.id), Number(rate.percentage)]));
	const rated = accounts.find((account) => (percentages.get(String(idOf(account.tax_rate))) ?? 0) > 0)!;
	const unrated = accounts.find((account) => !account.tax_rate)!;
	const products = await items('/products?items_per_page=200&attributes=sales_tax_rate,sales_ledger_account');
	// A product whose rate differs from its account's: where the rate came from shows.
	const product = products.find((candidate) => {
		const own = idOf(candidate.sales_tax_rate);
		const account = accounts.find((entry) => entry.id === idOf(candidate.sales_ledger_account));
		return own && (percentages.get(String(own)) ?? 0) > 0 && account && idOf(account.tax_rate) !== own;
	});
	Object.assign(known, { customer: String(customer.id), rated, unrated, percentages, product });
});

const invoiceWith = async (lines: IDataObject[]) => {
	const result = await env.runNode(
		create('salesInvoice', defineBelow({ contact_id: known.customer, date: '2025-05-02', invoice_lines: lines })),
	);
	expect(result.error).toBeUndefined();
	return (await env.fetchDirect(`/sales_invoices/${String(result.json(NODE)[0].id)}`)).body;
};

describe('a line without a tax rate', () => {
	it('on a ledger account with a default rate: that rate, and the tax at it, on the line and in the tax analysis', async () => {
		const rate = String(idOf(known.rated.tax_rate));
		const percentage = known.percentages.get(rate)!;
		const invoice = await invoiceWith([
			{ description: 'Consulting', ledger_account_id: known.rated.id, quantity: 1, unit_price: 100 },
		]);
		const [line] = invoice.invoice_lines as IDataObject[];
		expect(idOf(line.tax_rate)).toBe(rate);
		expect(Number(line.tax_amount)).toBe(percentage);
		expect(Number(invoice.tax_amount)).toBe(percentage);
		expect(Number(invoice.total_amount)).toBe(100 + percentage);
		const analysis = invoice.tax_analysis as IDataObject[];
		expect(analysis.map((entry) => [idOf(entry.tax_rate), Number(entry.tax_amount)])).toEqual([[rate, percentage]]);
	});

	it('on a ledger account without one: no rate and no tax', async () => {
		const invoice = await invoiceWith([
			{ description: 'Other', ledger_account_id: known.unrated.id, quantity: 2, unit_price: 30 },
		]);
		const [line] = invoice.invoice_lines as IDataObject[];
		expect(line.tax_rate ?? null).toBeNull();
		expect(Number(line.tax_amount)).toBe(0);
	});

	it('with a product: the product’s rate wins over its ledger account’s', async () => {
		expect(known.product).toBeDefined();
		const rate = String(idOf(known.product.sales_tax_rate));
		const invoice = await invoiceWith([{ product_id: known.product.id, quantity: 1, unit_price: 50 }]);
		const [line] = invoice.invoice_lines as IDataObject[];
		expect(idOf(line.tax_rate)).toBe(rate);
		expect(Number(line.tax_amount)).toBe((50 * known.percentages.get(rate)!) / 100);
	});

	it('the line’s own rate wins over its ledger account’s', async () => {
		const own = [...known.percentages.keys()].find(
			(rate) => rate !== idOf(known.rated.tax_rate) && known.percentages.get(rate)! > 0,
		)!;
		const invoice = await invoiceWith([
			{ description: 'Books', ledger_account_id: known.rated.id, quantity: 1, unit_price: 100, tax_rate_id: own },
		]);
		const [line] = invoice.invoice_lines as IDataObject[];
		expect(idOf(line.tax_rate)).toBe(own);
		expect(Number(line.tax_amount)).toBe(known.percentages.get(own));
	});

	it('a ledger account ID that names no account is refused naming the line, before anything is written', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create(
				'salesInvoice',
				defineBelow({
					contact_id: known.customer,
					date: '2025-05-02',
					invoice_lines: [
						{ description: 'A', ledger_account_id: known.rated.id, quantity: 1, unit_price: 1 },
						{ description: 'B', ledger_account_id: 'ffffffffffffffffffffffffffffffff', quantity: 1, unit_price: 1 },
					],
				}),
			),
		);
		expect(result.error?.message).toMatch(
			/Invalid "invoice_lines": line 2: "ledger_account_id": no ledger account has the ID "f{32}"/,
		);
		expect(env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET')).toEqual([]);
	});
});
