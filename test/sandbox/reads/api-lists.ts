// Conformance: the list envelope, paging, item summaries, legacy ids, attributes and record paths,
// over HTTP against a running sandbox. Expected numbers come from the dataset, never literals.
import { startApi, header, ApiClient } from '../token-helper';

let api: ApiClient;
let lead: string;
let invoices: number;

beforeAll(async () => {
	api = await startApi();
	lead = api.dataset.leadBusiness.id;
	invoices = api.dataset.count(lead, 'sales_invoices');
});
afterAll(() => api.stop());

const ENVELOPE_KEYS = ['$total', '$page', '$next', '$back', '$itemsPerPage', '$items'];
const isErrorBody = (json: any, source: string) =>
	Array.isArray(json) &&
	json.length > 0 &&
	json[0].$severity === 'error' &&
	typeof json[0].$dataCode === 'string' &&
	typeof json[0].$message === 'string' &&
	json[0].$source === source;

test('the lead business has at least 2,000 sales invoices, not a multiple of 200', () => {
	expect(invoices).toBeGreaterThanOrEqual(2000);
	expect(invoices % 200).not.toBe(0);
});

test('a list answers with exactly the envelope keys, in the service order, and item summaries', async () => {
	const reply = await api.get('/sales_invoices');
	expect(reply.status).toBe(200);
	expect(Object.keys(reply.json)).toEqual(ENVELOPE_KEYS);
	for (const item of reply.json.$items) {
		expect(Object.keys(item)).toEqual(['id', 'displayed_as', '$path']);
		expect(item.id).toMatch(/^[0-9a-f]{32}$/);
		expect(item.$path).toBe(`/sales_invoices/${item.id}`);
		expect(typeof item.displayed_as).toBe('string');
	}
});

test('items_per_page defaults to 20 and $total counts every record', async () => {
	const { json } = await api.get('/sales_invoices');
	expect(json.$itemsPerPage).toBe(20);
	expect(json.$items).toHaveLength(20);
	expect(json.$total).toBe(invoices);
	expect(json.$page).toBe(1);
	expect(json.$back).toBeNull();
	expect(json.$next).toBe('/sales_invoices?items_per_page=20&page=2');
});

test('items_per_page goes up to 200', async () => {
	const { json } = await api.get('/sales_invoices?items_per_page=200');
	expect(json.$itemsPerPage).toBe(200);
	expect(json.$items).toHaveLength(200);
});

test.each(['201', '0', '-1', '1.5', 'ten', ''])(
	'items_per_page=%s is refused with 400 naming items_per_page',
	async (value) => {
		const reply = await api.get(`/sales_invoices?items_per_page=${value}`);
		expect(reply.status).toBe(400);
		expect(isErrorBody(reply.json, 'items_per_page')).toBe(true);
	},
);

test.each(['0', '-2', '1.5', 'last'])('page=%s is refused with 400 naming page', async (value) => {
	const reply = await api.get(`/sales_invoices?page=${value}`);
	expect(reply.status).toBe(400);
	expect(isErrorBody(reply.json, 'page')).toBe(true);
});

test('a page past the end returns the last page and says which', async () => {
	const pages = Math.ceil(invoices / 200);
	const { json } = await api.get(`/sales_invoices?items_per_page=200&page=${pages + 7}`);
	expect(json.$page).toBe(pages);
	expect(json.$items).toHaveLength(invoices - (pages - 1) * 200);
	expect(json.$next).toBeNull();
	expect(json.$back).toBe(`/sales_invoices?items_per_page=200&page=${pages - 1}`);
});

test('following $next at 200 per page visits every sales invoice exactly once, and $back walks back', async () => {
	const { items, pages } = await api.all('/sales_invoices?items_per_page=200');
	const ids = items.map((item) => item.id);
	expect(ids).toHaveLength(invoices);
	expect(new Set(ids).size).toBe(invoices);
	expect(pages.map((p) => p.$page)).toEqual(pages.map((_, i) => i + 1));

	const backwards: string[] = [];
	for (let path: string | null = pages[pages.length - 1].$back; path !== null;) {
		const { json } = await api.get(path);
		backwards.unshift(...json.$items.map((item: any) => item.id));
		path = json.$back;
	}
	expect(backwards).toEqual(ids.slice(0, backwards.length));
	expect(backwards.length).toBe(invoices - pages[pages.length - 1].$items.length);
});

test('$next and $back keep the other query parameters', async () => {
	const { json } = await api.get('/contacts?items_per_page=5&page=2&search=a&attributes=name');
	expect(json.$next).toBe('/contacts?items_per_page=5&page=3&search=a&attributes=name');
	expect(json.$back).toBe('/contacts?items_per_page=5&page=1&search=a&attributes=name');
	const next = await api.get(json.$next);
	expect(next.json.$page).toBe(3);
	expect(next.json.$items.every((item: any) => 'name' in item)).toBe(true);
});

test('a collection holding a multiple of 200 ends on a full page with no $next', async () => {
	const found = api.dataset.collections
		.flatMap((c) => api.dataset.businesses.map((b) => ({ c, b })))
		.find(({ c, b }) => !c.singleton && api.dataset.count(b.id, c.name) === 400);
	expect(found).toBeDefined();
	const { c, b } = found!;
	const last = await api.get(`/${c.name}?items_per_page=200&page=2`, { 'X-Business': b.id });
	expect(last.json.$items).toHaveLength(200);
	expect(last.json.$next).toBeNull();
	const past = await api.get(`/${c.name}?items_per_page=200&page=3`, { 'X-Business': b.id });
	expect(past.json.$page).toBe(2);
});

test('an empty collection has $total 0, page 1, no links', async () => {
	const empty = api.dataset.collections.find((c) => !c.singleton && api.dataset.count(lead, c.name) === 0);
	expect(empty).toBeDefined();
	const { json } = await api.get(`/${empty!.name}?page=4`);
	expect(json).toEqual({ $total: 0, $page: 1, $next: null, $back: null, $itemsPerPage: 20, $items: [] });
});

test('a collection smaller than a page fits on page 1', async () => {
	const small = api.dataset.collections.find(
		(c) => !c.singleton && api.dataset.count(lead, c.name) > 0 && api.dataset.count(lead, c.name) < 20,
	);
	expect(small).toBeDefined();
	const { json } = await api.get(`/${small!.name}`);
	expect(json.$items).toHaveLength(api.dataset.count(lead, small!.name));
	expect(json.$next).toBeNull();
});

test('legacy_id appears only with show_legacy_id=true, as an integer, on lists and records', async () => {
	const plain = await api.get('/contacts?items_per_page=50');
	expect(plain.json.$items.every((item: any) => !('legacy_id' in item))).toBe(true);
	const withLegacy = await api.get('/contacts?items_per_page=50&show_legacy_id=true');
	const legacy = withLegacy.json.$items.map((item: any) => item.legacy_id);
	expect(legacy.every(Number.isInteger)).toBe(true);
	expect(new Set(legacy).size).toBe(legacy.length);
	const first = withLegacy.json.$items[0];
	expect((await api.get(`${first.$path}?show_legacy_id=true`)).json.legacy_id).toBe(first.legacy_id);
	expect('legacy_id' in (await api.get(first.$path)).json).toBe(false);
	expect((await api.get('/contacts?show_legacy_id=maybe')).status).toBe(400);
});

test('attributes=all lists full records; attributes=a,b adds those fields to the summary', async () => {
	const all = await api.get('/sales_invoices?items_per_page=3&attributes=all');
	for (const item of all.json.$items) expect(item).toEqual((await api.get(item.$path)).json);
	expect(all.json.$items[0]).toHaveProperty('invoice_lines');

	const some = await api.get('/sales_invoices?items_per_page=3&attributes=date,total_amount');
	for (const item of some.json.$items) {
		expect(Object.keys(item)).toEqual(['id', 'displayed_as', '$path', 'date', 'total_amount']);
		const full = (await api.get(item.$path)).json;
		expect(item.total_amount).toBe(full.total_amount);
	}
});

test('a sales invoice carries the realistic fields of the reference definition', async () => {
	const { json } = await api.get('/sales_invoices?items_per_page=1');
	const invoice = (await api.get(json.$items[0].$path)).json;
	for (const field of [
		'invoice_number',
		'contact',
		'contact_name',
		'date',
		'due_date',
		'reference',
		'net_amount',
		'tax_amount',
		'total_amount',
		'outstanding_amount',
		'currency',
		'status',
		'invoice_lines',
		'created_at',
		'updated_at',
	]) {
		expect(invoice).toHaveProperty(field);
	}
	expect(Object.keys(invoice.contact)).toEqual(['id', 'displayed_as', '$path']);
	expect((await api.get(invoice.contact.$path)).status).toBe(200);
	const lines = invoice.invoice_lines;
	const cents = (n: number) => Math.round(n * 100);
	expect(lines.reduce((s: number, l: any) => s + cents(l.net_amount), 0)).toBe(cents(invoice.net_amount));
	expect(lines.reduce((s: number, l: any) => s + cents(l.tax_amount), 0)).toBe(cents(invoice.tax_amount));
	expect(cents(invoice.net_amount) + cents(invoice.tax_amount)).toBe(cents(invoice.total_amount));
});

describe('every collection of the spec is listable and gettable', () => {
	test('the table holds the 29 collections of the spec, the 14 searchable ones searchable, ledger_accounts not', () => {
		const searchable = [
			'contacts',
			'products',
			'purchase_corrective_invoices',
			'purchase_credit_notes',
			'purchase_invoices',
			'purchase_quick_entries',
			'sales_corrective_invoices',
			'sales_credit_notes',
			'sales_estimates',
			'sales_invoices',
			'sales_quick_entries',
			'sales_quotes',
			'services',
			'stock_items',
		];
		const served = new Map(api.dataset.collections.map((c) => [c.name, c]));
		for (const name of names) expect(served.has(name)).toBe(true);
		for (const name of searchable) expect(served.get(name)!.searchable).toBe(true);
		expect(names.filter((name) => served.get(name)!.searchable).sort()).toEqual(searchable);
		expect(served.get('ledger_accounts')!.searchable).toBe(false);
	});

	const names = [
		'artefact_statuses',
		'attachments',
		'bank_account_types',
		'bank_accounts',
		'contacts',
		'countries',
		'exchange_rates',
		'financial_settings',
		'invoice_settings',
		'ledger_account_types',
		'ledger_accounts',
		'ledger_entries',
		'other_payments',
		'products',
		'purchase_corrective_invoices',
		'purchase_credit_notes',
		'purchase_invoices',
		'purchase_quick_entries',
		'sales_corrective_invoices',
		'sales_credit_notes',
		'sales_estimates',
		'sales_invoices',
		'sales_quick_entries',
		'sales_quotes',
		'services',
		'stock_items',
		'tax_offices',
		'tax_profiles',
		'tax_rates',
	];

	test.each(names)('%s', async (name) => {
		const meta = api.dataset.collections.find((c) => c.name === name)!;
		expect(meta).toBeDefined();
		if (meta.singleton) {
			const reply = await api.get(`/${name}`);
			expect(reply.status).toBe(200);
			expect(reply.json.$path).toBe(`/${name}`);
			expect(reply.json).not.toHaveProperty('$items');
			return;
		}
		const business = api.dataset.businesses.find((b) => api.dataset.count(b.id, name) > 0)!;
		if (!business) {
			// Offered in no seeded business's country (tax offices are German): an empty list everywhere.
			expect(api.dataset.businesses.every((b) => !meta.countries!.includes(b.country))).toBe(true);
			expect((await api.get(`/${name}`)).json.$total).toBe(0);
			return;
		}
		const list = await api.get(`/${name}?items_per_page=200`, { 'X-Business': business.id });
		expect(list.status).toBe(200);
		expect(header(list, 'x-business')).toBe(business.id);
		expect(list.json.$total).toBe(api.dataset.count(business.id, name));
		const first = list.json.$items[0];
		expect(first.$path).toBe(`/${name}/${encodeURIComponent(first.id)}`);
		const record = await api.get(first.$path, { 'X-Business': business.id });
		expect(record.status).toBe(200);
		expect(record.json.id).toBe(first.id);
		expect(record.json.displayed_as).toBe(first.displayed_as);
	});
});

test('an id is read percent-decoded, and an encoded "/" stays inside the id', async () => {
	expect((await api.get('/countries/%47%42')).json.id).toBe('GB');
	const slashed = await api.get('/countries/G%2FB');
	expect(slashed.status).toBe(404);
	expect(isErrorBody(slashed.json, 'id')).toBe(true);
	expect((await api.get('/countries/G/B')).status).toBe(404);
});

test('financial_settings and invoice_settings are single objects of the selected business', async () => {
	const gb = await api.get('/financial_settings');
	const other = api.dataset.businesses.find((b) => b.currency !== api.dataset.leadBusiness.currency)!;
	const es = await api.get('/financial_settings', { 'X-Business': other.id });
	expect(gb.json.base_currency.id).toBe(api.dataset.leadBusiness.currency);
	expect(es.json.base_currency.id).toBe(other.currency);
	const invoiceSettings = await api.get('/invoice_settings');
	expect(invoiceSettings.json.$path).toBe('/invoice_settings');
	expect(invoiceSettings.json.next_invoice_number).toBeGreaterThan(invoices);
	expect((await api.get('/financial_settings/x')).status).toBe(404);
});

test('an unknown id, or one of another business, is a 404 with the error body', async () => {
	const unknown = await api.get('/sales_invoices/0123456789abcdef0123456789abcdef');
	expect(unknown.status).toBe(404);
	expect(isErrorBody(unknown.json, 'id')).toBe(true);
	const other = api.dataset.businesses.find((b) => !b.lead)!;
	const theirs = (await api.get('/sales_invoices?items_per_page=1', { 'X-Business': other.id })).json.$items[0];
	expect((await api.get(theirs.$path)).status).toBe(404);
	expect((await api.get(theirs.$path, { 'X-Business': other.id })).status).toBe(200);
});

test('an unknown path is a 404 and an unsupported method a 405, both with the error body', async () => {
	const path = await api.get('/sales_invoice');
	expect(path.status).toBe(404);
	expect(path.json[0].$severity).toBe('error');
	// The methods a path has are the OpenAPI's: a list takes GET and POST, a reference list GET only.
	const method = await api.put('/sales_invoices', { sales_invoice: {} });
	expect(method.status).toBe(405);
	expect(header(method, 'allow')).toBe('GET, POST');
	const readOnly = await api.put('/countries/GB', { country: {} });
	expect(readOnly.status).toBe(405);
	expect(header(readOnly, 'allow')).toBe('GET');
});
