// Conformance: the spec's search rules. Expected results are computed here from every record's
// searched fields (fetched through the API), by the rule "each term starts a word".
import { startApi, ApiClient } from '../token-helper';

let api: ApiClient;
beforeAll(async () => {
	api = await startApi();
});
afterAll(() => api.stop());

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: unknown) =>
	fold(String(text ?? ''))
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean);

/** All records of a collection with the fields its search looks at. */
async function searchable(collection: string, business?: string) {
	const meta = api.dataset.collections.find((c) => c.name === collection)!;
	const headers = business ? { 'X-Business': business } : undefined;
	const { items } = await api.all(
		`/${collection}?items_per_page=200&attributes=${meta.searchFields.join(',')}`,
		headers,
	);
	return items.map((item) => ({ id: item.id, words: meta.searchFields.flatMap((f) => words(item[f])), item }));
}

const expected = (records: Array<{ id: string; words: string[] }>, search: string) => {
	const terms = words(search);
	return records
		.filter((r) => terms.every((t) => r.words.some((w) => w.startsWith(t))))
		.map((r) => r.id)
		.sort();
};

async function found(collection: string, search: string, business?: string): Promise<string[]> {
	const headers = business ? { 'X-Business': business } : undefined;
	const { items } = await api.all(`/${collection}?items_per_page=200&search=${encodeURIComponent(search)}`, headers);
	return items.map((item) => item.id).sort();
}

describe('contacts', () => {
	let contacts: Awaited<ReturnType<typeof searchable>>;
	beforeAll(async () => {
		contacts = await searchable('contacts');
	});

	test('the lead business has at least 1,000 contacts, with several-word names carrying &, apostrophes and accents', () => {
		expect(contacts.length).toBeGreaterThanOrEqual(1000);
		const names = contacts.map((c) => c.item.name as string);
		expect(names.filter((n) => n.includes('&')).length).toBeGreaterThan(0);
		expect(names.filter((n) => n.includes("'")).length).toBeGreaterThan(0);
		expect(names.filter((n) => /[À-ÿ]/.test(n)).length).toBeGreaterThan(0);
		expect(names.filter((n) => n.trim().split(/\s+/).length >= 3).length).toBeGreaterThan(names.length / 4);
	});

	test('a prefix of a word matches; the same letters inside a word do not', async () => {
		// A word whose inner fragment starts no word anywhere: the rule, not luck, decides.
		const all = contacts.flatMap((c) => c.words);
		const word = all.find((w) => w.length >= 6 && /^\p{L}+$/u.test(w) && !all.some((x) => x.startsWith(w.slice(2, 5))));
		expect(word).toBeDefined();
		const prefix = word!.slice(0, 3);
		const fragment = word!.slice(2, 5);
		const hits = await found('contacts', prefix);
		expect(hits.length).toBeGreaterThan(0);
		expect(hits).toEqual(expected(contacts, prefix));
		expect(expected(contacts, fragment)).toEqual([]);
		expect(await found('contacts', fragment)).toEqual([]);
	});

	test('search ignores case and accents', async () => {
		const accented = contacts
			.flatMap((c) => c.item.name.split(/\s+/))
			.find((w: string) => /^[^\s&']*[À-ÿ][^\s&']*$/.test(w) && w.length >= 4)!;
		expect(accented).toBeDefined();
		const upper = await found('contacts', accented.toUpperCase());
		expect(upper.length).toBeGreaterThan(0);
		expect(await found('contacts', fold(accented))).toEqual(upper);
		expect(upper).toEqual(expected(contacts, accented));
	});

	test('several terms must each start a word, in any order', async () => {
		const sample = contacts.find((c) => c.words.length >= 3 && c.item.name.includes(' '))!;
		const [a, b] = [sample.words[0].slice(0, 3), sample.words[1].slice(0, 2)];
		const both = await found('contacts', `${b} ${a}`);
		expect(both).toContain(sample.id);
		expect(both).toEqual(expected(contacts, `${a} ${b}`));
		expect(both.length).toBeLessThanOrEqual((await found('contacts', a)).length);
	});

	test('an apostrophe or ampersand separates words: "brien" finds O\'Brien', async () => {
		const hits = await found('contacts', 'brien');
		expect(hits.length).toBeGreaterThan(0);
		expect(hits).toEqual(expected(contacts, 'brien'));
		expect(contacts.filter((c) => hits.includes(c.id)).every((c) => /o'brien/i.test(JSON.stringify(c.item)))).toBe(
			true,
		);
	});

	test('e-mail addresses are not searched (the OpenAPI: "contact name, company name or reference")', async () => {
		const { items } = await api.all('/contacts?items_per_page=200&attributes=email');
		// The mailbox word (accounts, info, …): the domain is made from the name, so it would match anyway.
		const mailbox = words(items[10].email)[0];
		const hits = await found('contacts', mailbox);
		expect(hits).toEqual(expected(contacts, mailbox));
		const byEmail = items.filter((c) => words(c.email).some((w) => w.startsWith(mailbox))).map((c) => c.id);
		expect(byEmail).toContain(items[10].id);
		expect(byEmail.filter((id) => !hits.includes(id)).length).toBeGreaterThan(0);
	});
});

test.each([`O'Brien`, 'a&b', 'foo-bar', 'x@y', '50%', 'SI-1', 'café.', '"quoted"', 'a*'])(
	'special characters are not searchable: %s → 400 naming search',
	async (search) => {
		const reply = await api.get(`/contacts?search=${encodeURIComponent(search)}`);
		expect(reply.status).toBe(400);
		expect(reply.json[0].$source).toBe('search');
	},
);

test('search is refused on a collection without search', async () => {
	const reply = await api.get('/ledger_accounts?search=sales');
	expect(reply.status).toBe(400);
	expect(reply.json[0].$source).toBe('search');
});

test('an empty search is no search', async () => {
	const all = await api.get('/contacts');
	const blank = await api.get('/contacts?search=%20');
	expect(blank.json.$total).toBe(all.json.$total);
});

describe('each searchable collection finds by the start of a word of its searched fields', () => {
	const searchableNames = () => api.dataset.collections.filter((c) => c.searchable).map((c) => c.name);
	// The spec's 14, and the collections the spec does not name whose OpenAPI list declares `search`.
	const beyondSpec = ['analysis_types', 'stock_movements', 'unallocated_artefacts'];
	test("there are the spec's 14 and the OpenAPI's 3 beyond it", () => {
		expect(searchableNames()).toHaveLength(14 + beyondSpec.length);
		expect(searchableNames()).toEqual(expect.arrayContaining(beyondSpec));
	});

	test.each([
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
		'analysis_types',
		'stock_movements',
	])('%s', async (name) => {
		const business = api.dataset.businesses.find((b) => api.dataset.count(b.id, name) > 0)!;
		const records = await searchable(name, business.id);
		const target = records[Math.floor(records.length / 2)];
		const term = target.words.find((w) => w.length >= 3)!.slice(0, 3);
		const hits = await found(name, term, business.id);
		expect(hits).toContain(target.id);
		expect(hits).toEqual(expected(records, term));
	});
});
