// The mapper's attributes that name an entry of a short list of the business (tax rate, currency,
// status…): offered by name, ids as values, for the selected business, through n8n-core's
// LoadOptionsContext against the sandbox; and what the engine does with an id not in the list.
import type { IDataObject, INodeParameters, ResourceMapperField } from 'n8n-workflow';

import { REFERENCE_LISTS } from '../../../nodes/AccountingService/collections/overlay';
import { COLLECTIONS } from '../../../nodes/AccountingService/collections/table';
import { WRITE_SCHEMAS } from '../../../nodes/AccountingService/collections/generated-writes';
import { accountingServiceNode, runResourceMapping } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { create, editorLines } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const secondBusiness = () =>
	(env.sandbox.dataset.businesses as Array<{ id: string; lead: boolean }>).find((business) => !business.lead)!;

/** The mapper's fields as the editor loads them, and the API requests that loading made. */
async function loadFields(parameters: IDataObject) {
	const position = env.sandbox.log.entries().length;
	const { fields } = await runResourceMapping({
		store: env.store,
		node: accountingServiceNode(env.credential, parameters as INodeParameters),
		method: 'getWriteFields',
	});
	return { fields, requests: env.apiRequestsSince(position) };
}

const fieldOf = (fields: ResourceMapperField[], id: string) => fields.find((field) => field.id === id)!;

/** Every entry of a list, walked directly, as the dropdown should name it. */
async function entriesDirect(path: string, headers: Record<string, string> = {}) {
	const entries: Array<{ name: string; value: string }> = [];
	let next: string | null = `${path}?items_per_page=200`;
	while (next) {
		const page = await env.fetchDirect(next, headers);
		for (const item of page.body.$items as IDataObject[]) {
			entries.push({ name: String(item.displayed_as), value: String(item.id) });
		}
		next = page.body.$next as string | null;
	}
	return entries;
}

const invoiceCreate = { resource: 'salesInvoice', operation: 'create' };

it('the curated table names write attributes of the OpenAPI and lists the node reads', () => {
	const attributes = new Set(
		Object.values(WRITE_SCHEMAS).flatMap((schema) => schema.fields.map((field) => field.name)),
	);
	const lists = new Set(COLLECTIONS.filter((row) => !row.singleton).map((row) => row.path));
	for (const [attribute, { path }] of Object.entries(REFERENCE_LISTS)) {
		expect([attribute, attributes.has(attribute)]).toEqual([attribute, true]);
		expect([attribute, lists.has(path)]).toEqual([attribute, true]);
	}
});

describe('a sales invoice’s reference attributes are dropdowns of the business’s lists', () => {
	it('tax rate, currency and status offer the entries by name, ids as values', async () => {
		const { fields } = await loadFields(invoiceCreate);
		for (const [attribute, path] of [
			['shipping_tax_rate_id', '/tax_rates'],
			['currency_id', '/currencies'],
			['status_id', '/artefact_statuses'],
		]) {
			const field = fieldOf(fields, attribute);
			expect(field.type).toBe('options');
			expect(field.options).toEqual(await entriesDirect(path));
		}
		expect(fieldOf(fields, 'currency_id').options).toContainEqual({ name: expect.any(String), value: 'GBP' });
	});

	it('reads each list the fields need once, 200 a page, and no other', async () => {
		const { requests } = await loadFields(invoiceCreate);
		const lists = requests.map((entry) => new URL(entry.path, 'http://service').pathname);
		expect(lists.sort()).toEqual(['/artefact_statuses', '/currencies', '/tax_rates']);
		for (const entry of requests) {
			expect(entry.method).toBe('GET');
			expect(new URL(entry.path, 'http://service').searchParams.get('items_per_page')).toBe('200');
		}
	});

	it('another business gets its own entries', async () => {
		const other = secondBusiness();
		const { fields, requests } = await loadFields({
			...invoiceCreate,
			business: { __rl: true, mode: 'id', value: other.id },
		});
		const theirs = await entriesDirect('/tax_rates', { 'x-business': other.id });
		expect(fieldOf(fields, 'shipping_tax_rate_id').options).toEqual(theirs);
		expect(theirs).not.toEqual(await entriesDirect('/tax_rates'));
		expect(new Set(requests.map((entry) => entry.business))).toEqual(new Set([other.id]));

		const product = await loadFields({
			resource: 'product',
			operation: 'create',
			business: { __rl: true, mode: 'id', value: other.id },
		});
		expect(fieldOf(product.fields, 'sales_ledger_account_id').options).toEqual(
			await entriesDirect('/ledger_accounts', { 'x-business': other.id }),
		);
	});

	it('attributes outside the table keep their type: contacts, documents and text stay strings', async () => {
		const { fields } = await loadFields(invoiceCreate);
		for (const attribute of ['contact_id', 'original_quote_estimate_id', 'tax_address_region_id', 'reference']) {
			expect(fieldOf(fields, attribute).type).toBe('string');
			expect(fieldOf(fields, attribute).options).toBeUndefined();
		}
		expect(fieldOf(fields, 'date').type).toBe('dateTime');
	});

	it('Update and Create or Update offer the same dropdowns', async () => {
		const update = await loadFields({ resource: 'salesInvoice', operation: 'update' });
		expect(fieldOf(update.fields, 'currency_id').type).toBe('options');
		const upsert = await loadFields({ resource: 'contact', operation: 'upsert' });
		expect(fieldOf(upsert.fields, 'currency_id').type).toBe('options');
		expect(fieldOf(upsert.fields, 'default_sales_tax_rate_id').options).toEqual(await entriesDirect('/tax_rates'));
		// A list of contact types cannot be a single-choice dropdown: it stays a list, its types named in the label.
		const types = fieldOf(upsert.fields, 'contact_type_ids');
		expect(types.type).toBe('array');
		expect(types.displayName).toMatch(/^Contact Type Ids \(.*: CUSTOMER.*\)$/);
	});
});

describe('writing with a dropdown field', () => {
	const ids = {} as { customer: string; salesAccount: string; taxRate: string };
	beforeAll(async () => {
		const first = async (path: string) => ((await env.fetchDirect(path)).body.$items as IDataObject[])[0].id as string;
		ids.customer = await first('/contacts?contact_type_id=CUSTOMER&items_per_page=1');
		ids.salesAccount = await first('/ledger_accounts?visible_in=sales&items_per_page=1');
		ids.taxRate = await first('/tax_rates?usage=sales&items_per_page=1');
	});

	/** The mapper's value as the editor saves it: the loaded fields as its schema, `currency_id` as given. */
	async function invoiceWith(currency: string, schemaWithout?: string) {
		const { fields } = await loadFields(invoiceCreate);
		const schema = fields.map((field) =>
			field.id === 'currency_id' && schemaWithout
				? { ...field, options: field.options!.filter((option) => option.value !== schemaWithout) }
				: field,
		);
		const lines = editorLines([
			{ description: 'Widgets', ledgerAccount: ids.salesAccount, quantity: 1, unitPrice: 10, taxRate: ids.taxRate },
		]);
		const fieldsValue = {
			mappingMode: 'defineBelow',
			value: { contact_id: ids.customer, date: '2025-03-01', currency_id: currency },
			matchingColumns: [],
			schema,
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		return create('salesInvoice', fieldsValue, { lines });
	}

	it('an entry picked from the dropdown is sent as its id', async () => {
		const result = await env.runNode(await invoiceWith('GBP'));
		expect(result.error).toBeUndefined();
		expect((result.json(NODE)[0].currency as IDataObject).id).toBe('GBP');
	});

	it('an expression giving a raw id not among the loaded entries (one added later) still writes', async () => {
		const result = await env.runNode(await invoiceWith('={{ "GBP" }}', 'GBP'));
		expect(result.error).toBeUndefined();
		const invoice = result.json(NODE)[0];
		expect((invoice.currency as IDataObject).id).toBe('GBP');
		const stored = (await env.fetchDirect(`/sales_invoices/${String(invoice.id)}`)).body;
		expect((stored.currency as IDataObject).id).toBe('GBP');
	});

	it('a fixed value not among the loaded entries is refused by n8n before anything is sent', async () => {
		const position = env.sandbox.log.entries().length;
		await expect(env.runNode(await invoiceWith('GBP', 'GBP'))).rejects.toThrow(/issues/i);
		const writes = env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET');
		expect(writes).toEqual([]);
	});

	it('Map Automatically takes raw ids from the input, whatever the dropdown holds', async () => {
		const result = await env.runNode(
			create(
				'salesInvoice',
				{ mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
				{
					lines: editorLines([
						{ description: 'Setup', ledgerAccount: ids.salesAccount, quantity: 1, unitPrice: 5, taxRate: ids.taxRate },
					]),
				},
			),
			{},
			{ input: [{ contact_id: ids.customer, date: '2025-03-02', currency_id: 'GBP' }] },
		);
		expect(result.error).toBeUndefined();
		expect((result.json(NODE)[0].currency as IDataObject).id).toBe('GBP');
	});
});
