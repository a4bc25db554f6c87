// Conformance of the record controls (POST /__sandbox/records, /records/update), the `at` option
// of the dataset hooks, and the `Date` header that follows the sandbox clock.

import { apiGet, obtainTokens, send, startSandbox, type Sandbox, type Urls } from '../oauth-flow';

let sandbox: Sandbox;
let urls: Urls;
let accessToken: string;

beforeAll(async () => {
	({ sandbox, urls } = await startSandbox());
	accessToken = (await obtainTokens(sandbox, urls)).access_token;
});
afterAll(() => sandbox.stop());

function control(path: string, body: unknown) {
	return send(urls.controlUrl + path, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** The records the API lists as changed at or after `since`, by id. */
async function changedSince(since: string, collection = 'sales_invoices', business?: string) {
	const query = `updated_or_created_since=${encodeURIComponent(since)}&items_per_page=200&attributes=created_at,updated_at,notes`;
	const answer = await apiGet(urls, `/${collection}?${query}`, accessToken, business ? { 'x-business': business } : {});
	expect(answer.status).toBe(200);
	return new Map<string, Record<string, unknown>>(
		answer.json.$items.map((item: Record<string, unknown>) => [item.id, item]),
	);
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('POST /__sandbox/records', () => {
	test('creates a record stamped with the given time, without moving the clock, and the API lists it', async () => {
		const clockBefore = sandbox.clock.now();
		const at = isoSeconds(clockBefore - 90_000);
		const answer = await control('/records', { collection: 'sales_invoices', at, fields: { notes: 'back-dated' } });
		expect(answer.status).toBe(201);
		expect(answer.json.record).toMatchObject({ created_at: at, updated_at: at, notes: 'back-dated' });
		expect(sandbox.clock.now() - clockBefore).toBeLessThan(5_000);

		const listed = await changedSince(at);
		expect(listed.get(answer.json.record.id)).toMatchObject({ created_at: at, notes: 'back-dated' });
		expect((await changedSince(isoSeconds(Date.parse(at) + 1000))).has(answer.json.record.id)).toBe(false);
	});

	test('takes epoch seconds too, and defaults to the clock now in the lead business', async () => {
		const epochSeconds = Math.floor(sandbox.clock.now() / 1000) - 5;
		const byEpoch = await control('/records', { collection: 'contacts', at: epochSeconds });
		expect(byEpoch.json.record.created_at).toBe(isoSeconds(epochSeconds * 1000));

		const now = await control('/records', { collection: 'contacts' });
		expect(Math.abs(Date.parse(now.json.record.created_at) - sandbox.clock.now())).toBeLessThan(2_000);
		expect((await changedSince(now.json.record.created_at, 'contacts')).has(now.json.record.id)).toBe(true);
	});

	test('creates in another business when asked', async () => {
		const second = sandbox.dataset.businesses.find((business) => business.key === 'second')!;
		const answer = await control('/records', { collection: 'products', business: second.id });
		expect(answer.status).toBe(201);
		const since = answer.json.record.created_at;
		expect((await changedSince(since, 'products', second.id)).has(answer.json.record.id)).toBe(true);
		expect((await changedSince(since, 'products')).has(answer.json.record.id)).toBe(false);
	});

	test.each([
		[{ collection: 'unicorns' }, /collection/],
		[{ collection: 'financial_settings' }, /collection/],
		[{ collection: 'bank_accounts' }, /does not support/],
		[{ collection: 'sales_invoices', business: 'nobody' }, /business/],
		[{ collection: 'sales_invoices', at: 'yesterday' }, /at must be/],
		[{ collection: 'sales_invoices', fields: [1] }, /fields/],
	])('refuses %j with 400', async (body, message) => {
		const answer = await control('/records', body);
		expect(answer.status).toBe(400);
		expect(answer.json.error).toMatch(message);
	});
});

describe('POST /__sandbox/records/update', () => {
	test('changes fields and updated_at to the given time; created_at stays', async () => {
		const created = (await control('/records', { collection: 'sales_invoices' })).json.record;
		const at = isoSeconds(Date.parse(created.created_at) + 120_000);
		const answer = await control('/records/update', {
			collection: 'sales_invoices',
			id: created.id,
			at,
			fields: { notes: 'paid' },
		});
		expect(answer.status).toBe(200);
		expect(answer.json.record).toMatchObject({
			id: created.id,
			created_at: created.created_at,
			updated_at: at,
			notes: 'paid',
		});
		expect((await changedSince(at)).get(created.id)).toMatchObject({ updated_at: at, notes: 'paid' });
	});

	test('updates seeded records too (bank accounts have no generator), at the clock now by default', async () => {
		const [account] = (await apiGet(urls, '/bank_accounts', accessToken)).json.$items;
		const answer = await control('/records/update', { collection: 'bank_accounts', id: account.id });
		expect(answer.status).toBe(200);
		expect(Math.abs(Date.parse(answer.json.record.updated_at) - sandbox.clock.now())).toBeLessThan(2_000);
	});

	test('an unknown id → 404; an at before created_at → 400', async () => {
		expect((await control('/records/update', { collection: 'sales_invoices', id: 'f'.repeat(32) })).status).toBe(404);
		const created = (await control('/records', { collection: 'sales_invoices' })).json.record;
		const early = await control('/records/update', {
			collection: 'sales_invoices',
			id: created.id,
			at: isoSeconds(Date.parse(created.created_at) - 1000),
		});
		expect(early.status).toBe(400);
		expect(early.json.error).toMatch(/created_at/);
	});
});

describe('Date header', () => {
	test('API and control answers carry the sandbox clock, and follow clock.advance', async () => {
		const before = Date.parse(String((await apiGet(urls, '/bank_accounts', accessToken)).headers.date));
		expect(Math.abs(before - sandbox.clock.now())).toBeLessThan(2_000);
		sandbox.clock.advance(3 * 3600);
		const api = await apiGet(urls, '/bank_accounts', accessToken);
		const controls = await send(`${urls.controlUrl}/clock`);
		for (const answer of [api, controls]) {
			expect(Date.parse(String(answer.headers.date)) - before).toBeGreaterThanOrEqual(3 * 3600 * 1000);
			expect(Math.abs(Date.parse(String(answer.headers.date)) - sandbox.clock.now())).toBeLessThan(2_000);
		}
	});
});
