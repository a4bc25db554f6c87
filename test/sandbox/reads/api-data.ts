// The seeded data itself, in process: determinism, scale, edge sizes and the test hooks.
import { createHash } from 'node:crypto';
import { buildDataset } from '../../../sandbox/data';
import { createApi } from '../../../sandbox/api';
import { createClock } from '../../../sandbox/clock';

type Dataset = ReturnType<typeof buildDataset>;

function inProcess(dataset: Dataset, scope: 'full_access' | 'readonly' = 'full_access') {
	const api = createApi({ dataset, clock: dataset.clock });
	return async (path: string, headers: Record<string, string> = {}) => {
		const [p, q = ''] = path.split('?');
		return api.handle({
			method: 'GET',
			path: p,
			query: new URLSearchParams(q),
			headers,
			body: undefined,
			auth: { userId: dataset.user.id, scope },
		});
	};
}

async function sha256(stream: AsyncIterable<Buffer>) {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk);
	return hash.digest('hex');
}

describe('determinism', () => {
	const paths = [
		'/sales_invoices?items_per_page=200&page=4&attributes=all',
		'/contacts?items_per_page=200&attributes=all',
		'/ledger_entries?items_per_page=200&page=9&attributes=all',
		'/attachments?attributes=all&items_per_page=200',
		'/trial_balance?from_date=2023-07-01&to_date=2025-06-30',
		'/businesses?attributes=all',
		'/user',
	];

	test('the same options build byte-identical data, whatever the clock says', async () => {
		const a = buildDataset({ clock: createClock(Date.UTC(2030, 0, 1)) });
		const b = buildDataset({ clock: createClock(Date.UTC(2026, 5, 1)) });
		const [getA, getB] = [inProcess(a), inProcess(b)];
		for (const path of paths)
			expect(JSON.stringify((await getB(path)).json)).toBe(JSON.stringify((await getA(path)).json));
		const attachment = (await getA('/attachments?items_per_page=1')).json.$items[0].id;
		const [fa, fb] = [
			a.attachmentFile(a.leadBusiness.id, attachment)!,
			b.attachmentFile(b.leadBusiness.id, attachment)!,
		];
		expect(await sha256(fb.open())).toBe(await sha256(fa.open()));
	});

	test('another seed mints other ids', async () => {
		const [a, c] = [buildDataset(), buildDataset({ seed: 'another' })];
		expect(c.leadBusiness.id).not.toBe(a.leadBusiness.id);
		expect(c.user.id).not.toBe(a.user.id);
	});
});

describe('scale', () => {
	// How fast it builds and pages is the benchmark's to measure (bench/), not a test's.
	test('100,000 sales invoices build, and any page of them answers', async () => {
		const big = buildDataset({ scale: 100_000 });
		expect(big.count(big.leadBusiness.id, 'sales_invoices')).toBe(100_000);
		const get = inProcess(big);
		for (const page of [1, 250, 500, 501]) {
			const { json } = await get(`/sales_invoices?items_per_page=200&page=${page}`);
			expect(json.$page).toBe(Math.min(page, 500));
			expect(json.$items).toHaveLength(200);
		}
	});

	test('the default scale is at least 2,000 and not a multiple of 200', () => {
		const d = buildDataset();
		const n = d.count(d.leadBusiness.id, 'sales_invoices');
		expect(n).toBeGreaterThanOrEqual(2000);
		expect(n % 200).not.toBe(0);
		expect(d.count(d.leadBusiness.id, 'contacts')).toBeGreaterThanOrEqual(1000);
	});
});

describe('edge sizes and coverage', () => {
	const d = buildDataset();
	const pairs = d.collections
		.filter((c) => !c.singleton)
		.flatMap((c) => d.businesses.map((b) => ({ c: c.name, b: b.id, n: d.count(b.id, c.name) })));

	test('some collection holds exactly 400, some none, some fewer than 20', () => {
		expect(pairs.some((p) => p.n === 400)).toBe(true);
		expect(pairs.some((p) => p.n === 0)).toBe(true);
		expect(pairs.some((p) => p.n > 0 && p.n < 20)).toBe(true);
	});

	test("every collection has records in some business, unless no seeded business's country has it", () => {
		const offered = (c: (typeof d.collections)[number]) =>
			d.businesses.some((b) => !c.countries || c.countries.includes(b.country));
		for (const c of d.collections)
			expect(pairs.filter((p) => p.c === c.name).some((p) => p.n > 0) || c.singleton || !offered(c)).toBe(true);
		expect(d.collections.find((c) => c.name === 'tax_offices')!.countries).toEqual(['de']);
	});

	test('soft-deleted records exist where deleted_since is offered', () => {
		const offering = d.collections.filter((c) => c.filters.includes('deleted_since'));
		expect(offering.length).toBeGreaterThan(5);
		expect(offering.filter((c) => d.deletedCount(d.leadBusiness.id, c.name) > 0).length).toBeGreaterThanOrEqual(5);
	});
});

describe('test hooks', () => {
	test('createRecord adds a record "now", last in creation order, visible to updated_or_created_since', async () => {
		const clock = createClock(Date.UTC(2026, 0, 15, 12));
		const d = buildDataset({ clock });
		const get = inProcess(d);
		const lead = d.leadBusiness.id;
		const before = d.count(lead, 'contacts');
		const created = d.createRecord(lead, 'contacts', { name: 'Hook & Test Ltd' });
		expect(created.created_at).toBe('2026-01-15T12:00:00Z');
		expect(created.name).toBe('Hook & Test Ltd');
		expect(d.count(lead, 'contacts')).toBe(before + 1);
		const last = await get(`/contacts?items_per_page=200&page=999`);
		expect(last.json.$items.at(-1).id).toBe(created.id);
		const since = await get('/contacts?updated_or_created_since=2026-01-15T12:00:00Z&attributes=name');
		expect(since.json.$items.map((i: any) => i.name)).toEqual(['Hook & Test Ltd']);
		expect((await get('/contacts?search=hook')).json.$items.map((i: any) => i.id)).toContain(created.id);

		clock.advance(3600);
		const updated = d.updateRecord(lead, 'contacts', created.id, { email: 'new@example.test' });
		expect(updated.updated_at).toBe('2026-01-15T13:00:00Z');
		expect((await get(`/contacts/${created.id}`)).json.email).toBe('new@example.test');

		d.deleteRecord(lead, 'contacts', created.id);
		expect((await get(`/contacts/${created.id}`)).status).toBe(404);
		expect((await get('/contacts?deleted_since=2026-01-15T12:30:00Z')).json.$items.map((i: any) => i.id)).toEqual([
			created.id,
		]);
	});

	test('a created invoice is booked, so the trial balance still balances', async () => {
		const d = buildDataset({ clock: createClock(Date.UTC(2026, 0, 15, 12)) });
		const get = inProcess(d);
		const invoice = d.createRecord(d.leadBusiness.id, 'sales_invoices');
		const entries = await get(`/ledger_entries?transaction_id=${invoice.transaction.id}&attributes=debit,credit`);
		const net = entries.json.$items.reduce(
			(s: number, e: any) => s + Math.round(e.debit * 100) - Math.round(e.credit * 100),
			0,
		);
		expect(entries.json.$total).toBeGreaterThanOrEqual(2);
		expect(net).toBe(0);
		const { json } = await get('/trial_balance?from_date=2026-01-01&to_date=2026-01-31');
		const debit = json.ledger_accounts.reduce((s: number, r: any) => s + Math.round(Number(r.debit) * 100), 0);
		expect(debit).toBe(Math.round(invoice.total_amount * 100));
	});
});
