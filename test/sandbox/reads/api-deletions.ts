// Conformance of deletions as lists show them: every collection whose list declares `deleted_since`
// lists its soft-deleted records there, each with `deleted_at` (the deletion time, ISO 8601 like the
// other time stamps) and valid against its OpenAPI definition; `deleted_since` is not inclusive (the
// reference: "Not inclusive of the passed timestamp"). Seeded deletions, deletions through
// `DELETE /{path}/{key}` (of seeded and of written records) and through the record controls
// (`dataset.deleteRecord`, `POST /__sandbox/records/delete`) alike.
import { request } from 'undici';
import { createValidator } from '../../../sandbox/openapi/validator';
import { collections, listParameter } from '../../../openapi/collections';
import { accessToken } from '../token-helper';
import { startSandbox, send, type Sandbox, type Urls } from '../oauth-flow';
import { bodies, BUSINESS_KEY } from '../write-bodies';

let sandbox: Sandbox;
let urls: Urls;
let token: string;
const validate = createValidator({ strict: true });

beforeAll(async () => {
	({ sandbox, urls } = await startSandbox());
	token = await accessToken(sandbox, urls, 'full_access');
});
afterAll(() => sandbox.stop());

interface Reply {
	status: number;
	json: any;
}

async function call(method: string, path: string, business: string, body?: unknown): Promise<Reply> {
	const response = await request(urls.baseUrl + path, {
		method: method as any,
		headers: {
			authorization: `Bearer ${token}`,
			accept: 'application/json',
			'x-business': business,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.body.text();
	return { status: response.statusCode, json: text ? JSON.parse(text) : undefined };
}
const get = (path: string, business: string) => call('GET', path, business);
const bodyFor = bodies(get, (path, body, business) => call('POST', path, business, body));

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/**
 * Seeded records DELETE refuses by rule: bank accounts with a balance, contacts (not `deletable`),
 * stock items with movements; seeded credit notes and corrective invoices are never drafts (voided).
 */
const SEEDED_KEPT = ['bank_accounts', 'contacts', 'stock_items', 'sales_credit_notes', 'sales_corrective_invoices'];
/** Sales documents whose DELETE voids them, unless they are drafts. */
const VOIDED = new Set(['sales_invoices', 'sales_credit_notes', 'sales_corrective_invoices']);

/** The lists the OpenAPI gives `deleted_since`. */
const OFFERING = collections()
	.filter((c) => !c.singleton && listParameter(c.name, 'deleted_since'))
	.map((c) => c.name);
const definitionOf = (name: string) => sandbox.dataset.collections.find((c) => c.name === name)!.definition!;
const businessId = (key: string) => sandbox.dataset.businesses.find((b) => b.key === key)!.id;
/** A business where the collection has live records. */
const businessWith = (name: string) =>
	sandbox.dataset.businesses.find((b) => sandbox.dataset.count(b.id, name) > 0 && offered(name, b.country))?.id;
const offered = (name: string, country: string) => {
	const countries = sandbox.dataset.collections.find((c) => c.name === name)!.countries;
	return !countries || countries.includes(country);
};

/** The deleted records `deleted_since` lists, full, by id. */
async function deletedSince(name: string, since: string, business: string): Promise<Map<string, any>> {
	const out = new Map<string, any>();
	let path: string | null = `/${name}?deleted_since=${encodeURIComponent(since)}&attributes=all&items_per_page=200`;
	while (path !== null) {
		const reply = await get(path, business);
		expect(reply.status).toBe(200);
		for (const item of reply.json.$items) out.set(item.id, item);
		path = reply.json.$next;
	}
	return out;
}

/**
 * A deleted record as `deleted_since` shows it: listed just before its deletion, not at it; its
 * `deleted_at` and `updated_at` the deletion time; valid; gone from its item path.
 */
async function expectListedDeleted(name: string, id: string, business: string, deletedAt?: string) {
	const listed = (await deletedSince(name, '2000-01-01', business)).get(id);
	expect(listed).toBeDefined();
	expect(listed.deleted_at).toMatch(ISO_SECONDS);
	if (deletedAt) expect(listed.deleted_at).toBe(deletedAt);
	expect(listed.updated_at).toBe(listed.deleted_at);
	expect(validate(definitionOf(name), listed)).toEqual([]);
	const at = Date.parse(listed.deleted_at);
	expect((await deletedSince(name, isoSeconds(at - 1000), business)).has(id)).toBe(true);
	expect((await deletedSince(name, listed.deleted_at, business)).has(id)).toBe(false);
	expect((await get(`/${name}/${id}`, business)).status).toBe(404);
	return listed;
}

test('23 collections declare deleted_since', () => {
	expect(OFFERING).toHaveLength(23);
	const sandboxSays = sandbox.dataset.collections.filter((c) => c.filters.includes('deleted_since')).map((c) => c.name);
	expect(sandboxSays.sort()).toEqual([...OFFERING].sort());
});

describe('seeded deletions', () => {
	test('every soft-deleted seeded record carries deleted_at and validates', async () => {
		let seen = 0;
		for (const name of OFFERING) {
			for (const business of sandbox.dataset.businesses) {
				if (sandbox.dataset.deletedCount(business.id, name) === 0) continue;
				const listed = [...(await deletedSince(name, '2000-01-01', business.id)).values()];
				expect(listed).toHaveLength(sandbox.dataset.deletedCount(business.id, name));
				for (const record of listed) {
					expect(record.deleted_at).toMatch(ISO_SECONDS);
					expect(record.updated_at).toBe(record.deleted_at);
					expect(validate(definitionOf(name), record)).toEqual([]);
				}
				seen += listed.length;
			}
		}
		expect(seen).toBeGreaterThan(50);
	});
});

describe('deletions through DELETE /{path}/{key}', () => {
	test.each(OFFERING)('%s: a written record, then a seeded one, listed with deleted_at', async (name) => {
		// Written (rendered by stored.js): created, then deleted.
		const business = businessId(BUSINESS_KEY[name] ?? 'lead');
		const body = await bodyFor(name, business);
		if (VOIDED.has(name)) Object.values(body)[0].status_id = 'DRAFT';
		const made = await call('POST', `/${name}`, business, body);
		expect(made.status).toBe(201);
		const before = sandbox.clock.now();
		expect((await call('DELETE', `/${name}/${made.json.id}`, business)).status).toBe(204);
		const written = await expectListedDeleted(name, made.json.id, business);
		expect(Date.parse(written.deleted_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
		if ('transaction' in made.json) expect(written.transaction).toBeNull();

		// Seeded (its kind's render, until the delete keeps it as it was): the first the rules let go.
		const home = businessWith(name);
		if (!home) return;
		const { json } = await get(`/${name}?items_per_page=200&attributes=all`, home);
		const candidates = json.$items.filter((r: any) => !VOIDED.has(name) || r.status?.id === 'DRAFT').slice(0, 40);
		for (const candidate of candidates) {
			if (candidate.id === made.json.id) continue;
			const reply = await call('DELETE', `/${name}/${candidate.id}`, home);
			if (reply.status === 422) continue;
			expect(reply.status).toBe(204);
			const seeded = await expectListedDeleted(name, candidate.id, home);
			// Its postings are unbooked: a booked kind (journals, payments, transfers …) names no transaction.
			if ('transaction' in candidate) expect(seeded.transaction).toBeNull();
			return;
		}
		// Only where the rules keep every seeded record (the record controls delete those below).
		expect(SEEDED_KEPT).toContain(name);
	});
});

describe('deletions through the record controls', () => {
	test('dataset.deleteRecord: at a chosen time in every collection, listed with that deleted_at', async () => {
		for (const name of OFFERING) {
			const business = businessWith(name);
			if (!business) continue;
			const { json } = await get(`/${name}?items_per_page=5&attributes=created_at`, business);
			const victim = json.$items[json.$items.length - 1];
			const at = Math.floor(sandbox.clock.now() / 1000) * 1000 - 60_000;
			sandbox.dataset.deleteRecord(business, name, victim.id, { at });
			await expectListedDeleted(name, victim.id, business, isoSeconds(at));
		}
	});

	test('refuses a time before created_at, and an unknown or deleted record', async () => {
		const lead = sandbox.dataset.leadBusinessId;
		const { json } = await get('/products?items_per_page=1&attributes=created_at', lead);
		const product = json.$items[0];
		expect(() =>
			sandbox.dataset.deleteRecord(lead, 'products', product.id, { at: Date.parse(product.created_at) - 1000 }),
		).toThrow(RangeError);
		expect(() => sandbox.dataset.deleteRecord(lead, 'products', 'f'.repeat(32))).toThrow(/no live/);
	});

	test('POST /__sandbox/records/delete deletes now (or at `at`), 404 for an unknown record', async () => {
		const control = (body: unknown) =>
			send(urls.controlUrl + '/records/delete', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
		const lead = sandbox.dataset.leadBusinessId;
		const { json } = await get('/services?items_per_page=3', lead);
		const [first, second] = json.$items;

		const now = await control({ collection: 'services', id: first.id });
		expect(now.status).toBe(200);
		const listed = await expectListedDeleted('services', first.id, lead);
		expect(Math.abs(Date.parse(listed.deleted_at) - sandbox.clock.now())).toBeLessThan(5_000);

		const at = isoSeconds(Math.floor(sandbox.clock.now() / 1000) * 1000 - 30_000);
		expect((await control({ collection: 'services', id: second.id, at })).status).toBe(200);
		await expectListedDeleted('services', second.id, lead, at);

		expect((await control({ collection: 'services', id: first.id })).status).toBe(404);
		expect((await control({ collection: 'services' })).status).toBe(400);
		expect((await control({ collection: 'ledger_accounts_nope', id: first.id })).status).toBe(400);
	});
});
