// What the editor loads for a write, through n8n-core's LoadOptionsContext against the sandbox:
// the mapper's attributes, and the lists a line or an allocation is picked from.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, runListSearch, runResourceMapping } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { defineBelow } from '../write-helpers';

const env = useConnectedSandbox();

const node = (parameters: IDataObject) => accountingServiceNode(env.credential, parameters as INodeParameters);
const search = async (parameters: IDataObject, method: string, filter?: string) =>
	await runListSearch({ store: env.store, node: node(parameters), method, filter });
const idsOf = async (path: string) =>
	((await env.fetchDirect(path)).body.$items as IDataObject[]).map((item) => item.id);

it('the mapper loads the attributes of the selected resource and operation', async () => {
	const create = await runResourceMapping({
		store: env.store,
		node: node({ resource: 'salesInvoice', operation: 'create' }),
		method: 'getWriteFields',
	});
	const required = create.fields.filter((field) => field.required).map((field) => field.id);
	expect(required).toEqual(['contact_id', 'date']);
	const update = await runResourceMapping({
		store: env.store,
		node: node({ resource: 'contact', operation: 'update' }),
		method: 'getWriteFields',
	});
	expect(update.fields.map((field) => field.id)).toContain('name');
	expect(update.fields.some((field) => field.required)).toBe(false);
});

describe('the lists a sales invoice line is picked from', () => {
	const invoice = { resource: 'salesInvoice', operation: 'create' };

	it('products and services, searched by the service', async () => {
		const products = await search(invoice, 'searchProducts');
		expect(products.results.map((result) => result.value)).toEqual(await idsOf('/products?items_per_page=200'));
		const [first] = products.results;
		const word = first.name.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 3)!;
		const found = await search(invoice, 'searchProducts', word.slice(0, 3));
		expect(found.results.map((result) => result.value)).toContain(first.value);
		expect((await search(invoice, 'searchServices')).results.map((result) => result.value)).toEqual(
			await idsOf('/services?items_per_page=200'),
		);
	});

	it('ledger accounts for sales, and for a purchase invoice its expense accounts; filtered by name', async () => {
		const sales = await search(invoice, 'searchLedgerAccounts');
		expect(sales.results.map((result) => result.value)).toEqual(
			await idsOf('/ledger_accounts?visible_in=sales&items_per_page=200'),
		);
		const purchases = await search({ resource: 'purchaseInvoice', operation: 'create' }, 'searchLedgerAccounts');
		expect(purchases.results.map((result) => result.value)).toEqual(
			await idsOf('/ledger_accounts?visible_in=expenses&items_per_page=200'),
		);
		const name = sales.results[0].name;
		const narrowed = await search(invoice, 'searchLedgerAccounts', name.slice(0, 5).toLowerCase());
		expect(narrowed.results.map((result) => result.name)).toContain(name);
		expect(narrowed.results.every((result) => result.name.toLowerCase().includes(name.slice(0, 5).toLowerCase()))).toBe(
			true,
		);
	});

	it('tax rates for the document’s side', async () => {
		const rates = await search(invoice, 'searchTaxRates');
		expect(rates.results.map((result) => result.value)).toEqual(
			await idsOf('/tax_rates?usage=sales&items_per_page=200'),
		);
	});

	it('the business the node selects', async () => {
		const other = (env.sandbox.dataset.businesses as Array<{ id: string; country: string }>).find(
			(business) => business.country === 'es',
		)!;
		const rates = await search({ ...invoice, business: { __rl: true, mode: 'id', value: other.id } }, 'searchTaxRates');
		const expected = (
			(await env.fetchDirect('/tax_rates?usage=sales&items_per_page=200', { 'x-business': other.id })).body
				.$items as IDataObject[]
		).map((item) => item.id);
		expect(rates.results.map((result) => result.value)).toEqual(expected);
	});
});

it('what a payment settles: the contact’s sales invoices, or purchase invoices for a supplier payment', async () => {
	const [invoice] = (await env.fetchDirect('/sales_invoices?items_per_page=1&attributes=contact')).body
		.$items as IDataObject[];
	const contact = String((invoice.contact as IDataObject).id);
	const customer = await search(
		{
			resource: 'contactPayment',
			operation: 'create',
			fields: defineBelow({ transaction_type_id: 'CUSTOMER_RECEIPT', contact_id: contact }),
		},
		'searchArtefacts',
	);
	expect(customer.results.map((result) => result.value)).toEqual(
		await idsOf(`/sales_invoices?contact_id=${contact}&items_per_page=200`),
	);
	const supplier = await search(
		{ resource: 'contactPayment', operation: 'create', fields: defineBelow({ transaction_type_id: 'VENDOR_PAYMENT' }) },
		'searchArtefacts',
	);
	expect(supplier.results.map((result) => result.value)).toEqual(await idsOf('/purchase_invoices?items_per_page=200'));
});
