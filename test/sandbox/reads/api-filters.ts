// Conformance: list filters and sorting. Each filter's answer is compared with the same rule applied
// here to the whole unfiltered collection, fetched through the API.
import { startApi, ApiClient } from '../token-helper';

let api: ApiClient;
let invoices: any[];
beforeAll(async () => {
	api = await startApi();
	({ items: invoices } = await api.all(
		'/sales_invoices?items_per_page=200&attributes=date,due_date,created_at,updated_at,contact,status',
	));
});
afterAll(() => api.stop());

const ids = (items: any[]) => items.map((item) => item.id).sort();
const list = async (path: string, headers?: Record<string, string>) => (await api.all(path, headers)).items;
const refused = async (path: string, source: string) => {
	const reply = await api.get(path);
	expect(reply.status).toBe(400);
	expect(reply.json[0].$source).toBe(source);
};

describe('updated_or_created_since', () => {
	test('is inclusive of the given instant', async () => {
		const stamps = invoices.map((i) => i.updated_at).sort();
		const since = stamps[Math.floor(stamps.length * 0.7)];
		const hits = await list(`/sales_invoices?items_per_page=200&updated_or_created_since=${since}`);
		expect(ids(hits)).toEqual(ids(invoices.filter((i) => i.updated_at >= since)));
		expect(hits.length).toBeLessThan(invoices.length);
		expect(hits.some((h) => invoices.find((i) => i.id === h.id).updated_at === since)).toBe(true);
	});

	test('takes a date-time with an offset, or a plain date', async () => {
		const since = invoices[Math.floor(invoices.length / 2)].updated_at as string;
		const utc = new Date(since);
		const plusTwo = new Date(utc.getTime() + 2 * 3_600_000).toISOString().slice(0, 19) + '+02:00';
		const a = await api.get(`/sales_invoices?updated_or_created_since=${since}`);
		const b = await api.get(`/sales_invoices?updated_or_created_since=${encodeURIComponent(plusTwo)}`);
		expect(b.json.$total).toBe(a.json.$total);
		const day = since.slice(0, 10);
		const byDay = await api.get(`/sales_invoices?updated_or_created_since=${day}`);
		expect(byDay.json.$total).toBe(invoices.filter((i) => i.updated_at >= `${day}T00:00:00Z`).length);
	});

	test.each(['yesterday', '2024-13-01', '2024-02-30T10:00:00Z', '2024-01-01T25:00:00Z'])('refuses %s', (value) =>
		refused(`/sales_invoices?updated_or_created_since=${value}`, 'updated_or_created_since'),
	);
});

describe('deleted_since', () => {
	test('lists soft-deleted records only, not inclusive of the given instant', async () => {
		const lead = api.dataset.leadBusiness.id;
		const gone = await list('/sales_invoices?items_per_page=200&deleted_since=2000-01-01&attributes=deleted_at');
		expect(gone.length).toBe(api.dataset.deletedCount(lead, 'sales_invoices'));
		expect(gone.length).toBeGreaterThan(0);
		expect(gone.every((g) => typeof g.deleted_at === 'string')).toBe(true);
		const live = new Set(invoices.map((i) => i.id));
		expect(gone.some((g) => live.has(g.id))).toBe(false);
		expect((await api.get(`/sales_invoices/${gone[0].id}`)).status).toBe(404);

		const first = gone.map((g) => g.deleted_at).sort()[0];
		const after = await list(`/sales_invoices?items_per_page=200&deleted_since=${first}&attributes=deleted_at`);
		expect(after.length).toBe(gone.filter((g) => g.deleted_at > first).length);
	});

	test('refuses a malformed instant', () => refused('/contacts?deleted_since=soon', 'deleted_since'));
});

describe('from_date and to_date', () => {
	test('bound the document date, both inclusive', async () => {
		const dates = invoices.map((i) => i.date).sort();
		const [from, to] = [dates[Math.floor(dates.length * 0.25)], dates[Math.floor(dates.length * 0.5)]];
		const hits = await list(`/sales_invoices?items_per_page=200&from_date=${from}&to_date=${to}`);
		expect(ids(hits)).toEqual(ids(invoices.filter((i) => i.date >= from && i.date <= to)));
		expect(hits.length).toBeGreaterThan(0);
	});

	test.each([
		['from_date', '2024-1-1'],
		['to_date', '31/12/2024'],
		['from_date', '2023-02-29'],
	])('refuses %s=%s', (name, value) => refused(`/sales_invoices?${name}=${value}`, name));
});

test("contact_id keeps one contact's documents; an unknown contact matches nothing", async () => {
	const contact = invoices[5].contact.id;
	const hits = await list(`/sales_invoices?items_per_page=200&contact_id=${contact}`);
	expect(ids(hits)).toEqual(ids(invoices.filter((i) => i.contact.id === contact)));
	expect((await api.get('/sales_invoices?contact_id=0123456789abcdef0123456789abcdef')).json.$total).toBe(0);
});

test('status_id keeps one status and refuses unknown ones', async () => {
	const statuses = [...new Set(invoices.map((i) => i.status.id))];
	expect(statuses.length).toBeGreaterThan(2);
	let sum = 0;
	for (const status of statuses) {
		const { json } = await api.get(`/sales_invoices?status_id=${status}`);
		expect(json.$total).toBe(invoices.filter((i) => i.status.id === status).length);
		sum += json.$total;
	}
	expect(sum).toBe(invoices.length);
	await refused('/sales_invoices?status_id=SETTLED', 'status_id');
});

test('has_attachments splits documents by whether a live attachment points at them', async () => {
	const attachments = await list(
		'/attachments?items_per_page=200&attributes=attachment_context_type,attachment_context',
	);
	const attached = new Set(
		attachments.filter((a) => a.attachment_context_type.id === 'SALES_INVOICE').map((a) => a.attachment_context.id),
	);
	const yes = await list('/sales_invoices?items_per_page=200&has_attachments=true');
	const no = await api.get('/sales_invoices?has_attachments=false');
	expect(ids(yes)).toEqual([...attached].sort());
	expect(yes.length + no.json.$total).toBe(invoices.length);
	await refused('/sales_invoices?has_attachments=yes', 'has_attachments');
});

test("attachment_context_id with its type lists that record's attachments; alone it is refused", async () => {
	const attachments = await list(
		'/attachments?items_per_page=200&attributes=attachment_context_type,attachment_context',
	);
	const one = attachments[0];
	const hits = await list(
		`/attachments?attachment_context_id=${one.attachment_context.id}&attachment_context_type_id=${one.attachment_context_type.id}`,
	);
	expect(ids(hits)).toEqual(ids(attachments.filter((a) => a.attachment_context.id === one.attachment_context.id)));
	await refused(`/attachments?attachment_context_id=${one.attachment_context.id}`, 'attachment_context_type_id');
});

describe('sort', () => {
	test.each([
		['date', 'asc'],
		['date', 'desc'],
		['due_date', 'desc'],
		['updated_at', 'asc'],
		['created_at', 'desc'],
	])('%s:%s orders the whole list', async (field, direction) => {
		const sorted = await list(`/sales_invoices?items_per_page=200&sort=${field}:${direction}&attributes=${field}`);
		expect(sorted).toHaveLength(invoices.length);
		const values = sorted.map((s) => s[field]);
		const want = [...values].sort();
		expect(values).toEqual(direction === 'asc' ? want : want.reverse());
	});

	test('without a direction is ascending; the default order is creation order', async () => {
		const plain = await api.get('/sales_invoices?items_per_page=50&sort=date&attributes=date');
		const dates = plain.json.$items.map((i: any) => i.date);
		expect(dates).toEqual([...dates].sort());
		const byCreation = invoices.map((i) => i.created_at);
		expect(byCreation).toEqual([...byCreation].sort());
		expect(invoices.map((i) => i.date)).not.toEqual(invoices.map((i) => i.date).sort());
	});

	test.each(['amount', 'date:up', 'date:asc:x'])('refuses sort=%s', (value) =>
		refused(`/sales_invoices?sort=${value}`, 'sort'),
	);
	test('refuses sort where the reference offers none', () => refused('/sales_estimates?sort=date', 'sort'));
});

describe('visible_in on ledger_accounts', () => {
	test.each(['expenses', 'sales', 'banking', 'other_payments', 'other_receipts', 'journals', 'reporting'])(
		'%s',
		async (scope) => {
			const all = await list('/ledger_accounts?items_per_page=200&attributes=visible_scopes');
			const hits = await list(`/ledger_accounts?items_per_page=200&visible_in=${scope}&attributes=visible_in_${scope}`);
			expect(hits.length).toBeGreaterThan(0);
			expect(hits.every((h) => h[`visible_in_${scope}`] === true)).toBe(true);
			expect(ids(hits)).toEqual(ids(all.filter((a) => a.visible_scopes.includes(scope))));
		},
	);
	test('refuses an unknown area', () => refused('/ledger_accounts?visible_in=kitchen', 'visible_in'));
});

describe('transaction_type_id on other_payments', () => {
	test('OTHER_PAYMENT and OTHER_RECEIPT partition the payments', async () => {
		const all = await api.get('/other_payments');
		let sum = 0;
		for (const type of ['OTHER_PAYMENT', 'OTHER_RECEIPT']) {
			const hits = await list(
				`/other_payments?items_per_page=200&transaction_type_id=${type}&attributes=transaction_type`,
			);
			expect(hits.length).toBeGreaterThan(0);
			expect(hits.every((h) => h.transaction_type.id === type)).toBe(true);
			sum += hits.length;
		}
		expect(sum).toBe(all.json.$total);
	});
	test('refuses other types', () =>
		refused('/other_payments?transaction_type_id=SALES_INVOICE', 'transaction_type_id'));
});

test("ledger_account_id on ledger_entries keeps that account's entries", async () => {
	const account = (await api.get('/ledger_accounts?visible_in=banking')).json.$items[0];
	const entries = await list(
		`/ledger_entries?items_per_page=200&ledger_account_id=${account.id}&attributes=ledger_account`,
	);
	expect(entries.length).toBeGreaterThan(0);
	expect(entries.every((e) => e.ledger_account.id === account.id)).toBe(true);
});

test('filters combine with search and with each other', async () => {
	const paid = invoices.filter((i) => i.status.id === 'PAID' && i.date >= '2024-01-01');
	const { json } = await api.get('/sales_invoices?status_id=PAID&from_date=2024-01-01');
	expect(json.$total).toBe(paid.length);
});

describe('every filter the OpenAPI declares is accepted and validated by its type', () => {
	const { filterParameters } = require('../../../openapi/collections');
	type Parameter = { name: string; type?: string; format?: string; enum?: string[] };
	/** Values a bespoke filter wants beyond the declared type. */
	const SPECIAL: Record<string, Record<string, string>> = {
		other_payments: { transaction_type_id: 'OTHER_RECEIPT' },
		// Balance details need their period (api-balance-details.ts).
		ledger_accounts: { show_balance_details: 'true&from_date=2024-01-01&to_date=2024-12-31' },
	};
	const ANY_HEX = '0123456789abcdef0123456789abcdef';

	const targetOf = (thing: string) =>
		[`${thing}s`, `${thing}es`, thing.replace(/y$/, 'ies')]
			.map((name) => api.dataset.collections.find((c) => c.name === name))
			.find(Boolean);

	async function validValue(collection: string, p: Parameter): Promise<string> {
		const special = SPECIAL[collection]?.[p.name];
		if (special) return special;
		if (p.name === 'status_id') return 'PAID';
		if (p.name === 'attachment_context_id') return `${ANY_HEX}&attachment_context_type_id=SALES_INVOICE`;
		if (p.name === 'attachment_context_type_id') return `SALES_INVOICE&attachment_context_id=${ANY_HEX}`;
		if (p.type === 'boolean') return 'true';
		if (p.type === 'integer') return '7';
		if (p.type === 'number') return '12.5';
		if (p.enum) return p.enum[0];
		if (p.name === 'from_date' || p.name === 'to_date' || p.format === 'date') return '2024-01-31';
		if (p.format === 'date-time') return '2024-01-31T10:00:00Z';
		if (p.name.endsWith('_id')) {
			const target = targetOf(p.name.slice(0, -3));
			if (target?.idKind === 'code') return (await api.get(`/${target.name}?items_per_page=1`)).json.$items[0].id;
			return ANY_HEX;
		}
		return 'anything';
	}

	function invalidValue(p: Parameter): string | null {
		if (p.name === 'attachment_context_type_id') return null;
		if (p.type === 'boolean') return 'maybe';
		if (p.type === 'integer') return '1.5';
		if (p.type === 'number') return 'twelve';
		if (p.enum) return 'not-a-value';
		if (p.name === 'from_date' || p.name === 'to_date' || p.format === 'date') return '2024-02-30';
		if (p.format === 'date-time') return 'yesterday';
		return null;
	}

	const lists = () => api.dataset.collections.filter((c) => !c.singleton && c.filters.length > 0);

	test("the table takes each list's filters from the OpenAPI", () => {
		for (const c of api.dataset.collections)
			expect(c.filters).toEqual(filterParameters(c.name).map((p: Parameter) => p.name));
		expect(api.dataset.collections.find((c) => c.name === 'sales_quotes')!.sorts).toEqual([
			'created_at',
			'updated_at',
			'date',
			'expiry_date',
		]);
	});

	test('a well-typed value of every declared filter answers 200, a badly typed one 400 naming it', async () => {
		const checked: string[] = [];
		for (const c of lists()) {
			const all = (await api.get(`/${c.name}`)).json.$total;
			for (const p of filterParameters(c.name) as Parameter[]) {
				const ok = await api.get(`/${c.name}?${p.name}=${await validValue(c.name, p)}`);
				expect([`${c.name}?${p.name}`, ok.status]).toEqual([`${c.name}?${p.name}`, 200]);
				if (p.name !== 'deleted_since') expect(ok.json.$total).toBeLessThanOrEqual(all);
				const bad = invalidValue(p);
				if (bad !== null) {
					const refused = await api.get(`/${c.name}?${p.name}=${encodeURIComponent(bad)}`);
					expect([`${c.name}?${p.name}=${bad}`, refused.status, refused.json[0]?.$source]).toEqual([
						`${c.name}?${p.name}=${bad}`,
						400,
						p.name,
					]);
				}
				checked.push(`${c.name}.${p.name}`);
			}
		}
		expect(checked.length).toBeGreaterThan(80);
	});
});

describe("generic filters narrow by the record's fields; rows may bring their own", () => {
	test('ledger_account_classification_id keeps the accounts of that classification', async () => {
		const all = await list('/ledger_accounts?items_per_page=200&attributes=ledger_account_classification');
		const hits = await list('/ledger_accounts?items_per_page=200&ledger_account_classification_id=TAXATION');
		expect(hits.length).toBeGreaterThan(0);
		expect(ids(hits)).toEqual(ids(all.filter((a) => a.ledger_account_classification?.id === 'TAXATION')));
		expect((await api.get('/ledger_accounts?ledger_account_classification_id=NOPE')).json.$total).toBe(0);
		expect((await api.get('/ledger_accounts?ledger_account_classification_id=taxation')).json.$total).toBe(hits.length);
	});

	test('country_id on address_regions and coa_templates, coa_template_id on coa_accounts', async () => {
		const regions = await list('/address_regions?items_per_page=200&country_id=us');
		expect(regions.length).toBe(51);
		expect(regions.every((r) => r.id.startsWith('US-'))).toBe(true);
		expect((await api.get('/coa_templates?country_id=FR')).json.$total).toBe(0);
		expect((await api.get('/address_regions?country_id=XX')).json.$total).toBe(0);
		const templates = await list('/coa_templates?items_per_page=200&country_id=GB&attributes=country');
		expect(templates.every((t) => t.country.id === 'GB')).toBe(true);
		const [full, sole] = await Promise.all(templates.map((t) => api.get(`/coa_accounts?coa_template_id=${t.id}`)));
		expect(full.json.$total + sole.json.$total).toBe((await api.get('/coa_accounts')).json.$total);
	});

	test("valid_for_business drops the transaction types of documents the business's country lacks", async () => {
		const spain = api.dataset.businesses.find((b) => b.country === 'es')!.id;
		const all = await list('/transaction_types?items_per_page=200', { 'X-Business': spain });
		const valid = await list('/transaction_types?items_per_page=200&valid_for_business=true', { 'X-Business': spain });
		expect(all.map((t) => t.id)).toContain('SALES_CREDIT_NOTE');
		expect(valid.map((t) => t.id)).not.toContain('SALES_CREDIT_NOTE');
		expect(valid.map((t) => t.id)).toContain('SALES_CORRECTIVE_INVOICE');
		const gb = await list('/transaction_types?items_per_page=200&valid_for_business=true');
		expect(gb.map((t) => t.id)).not.toContain('SALES_CORRECTIVE_INVOICE');
	});

	test('filter_inactive_contacts keeps active contacts; cis_only finds no CIS rates', async () => {
		const active = await api.get('/contacts?filter_inactive_contacts=true');
		const inactive = (await list('/contacts?items_per_page=200&attributes=is_active')).filter((c) => !c.is_active);
		expect(inactive.length).toBeGreaterThan(0);
		expect(active.json.$total).toBe(api.dataset.count(api.dataset.leadBusiness.id, 'contacts') - inactive.length);
		expect((await api.get('/tax_rates?cis_only=true')).json.$total).toBe(0);
		expect((await api.get('/tax_rates?cis_only=false')).json.$total).toBe(
			api.dataset.count(api.dataset.leadBusiness.id, 'tax_rates'),
		);
	});

	test('presentation flags are accepted without narrowing', async () => {
		for (const path of [
			'/contacts?show_balance=true&nested_attributes=main_address',
			'/sales_invoices?show_payments_allocations=true',
			'/ledger_accounts?show_balance_details=true&from_date=2024-01-01&to_date=2024-12-31',
			'/bank_accounts?exclude_stripe=true&appName=n8n',
		]) {
			const name = path.slice(1, path.indexOf('?'));
			expect((await api.get(path)).json.$total).toBe(api.dataset.count(api.dataset.leadBusiness.id, name));
		}
	});
});
