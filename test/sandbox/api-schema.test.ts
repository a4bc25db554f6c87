// Conformance with the production OpenAPI (reference/accounting-v3.1-openapi.json): every record of
// every collection the sandbox serves, in every seeded business, validates against its definition
// with the strict validator (no undeclared fields, enums, formats, max lengths), and so does a record
// created through the API in every collection that takes POST (and its list entry); every collection of
// the OpenAPI is served; the reference lists and the records naming them agree; and the
// `amounts: 'string'` mode turns exactly the number-typed fields into decimal strings.
// Table-driven over `dataset.collections`, so rows added to the table are checked as they land.
import { buildDataset } from '../../sandbox/data';
import { createApi } from '../../sandbox/api';
import { createValidator } from '../../sandbox/openapi/validator';
import { inProcessApi } from './in-process';
import { collections, itemPath, recordDefinition } from '../../openapi/collections';
import { methodsOf } from '../../openapi/document';
import { numberPaths, decimalString } from '../../sandbox/openapi/number-fields';
import { COUNTRY_GROUPS, ADDRESS_REGIONS, LEDGER_ACCOUNT_CLASSIFICATIONS } from '../../sandbox/data/code-lists';
import { bodies, creatable, BUSINESS_KEY } from './write-bodies';

type Dataset = ReturnType<typeof buildDataset>;

function inProcess(dataset: Dataset) {
	const api = createApi({ dataset, clock: dataset.clock });
	return async (path: string, business?: string) => {
		const [p, q = ''] = path.split('?');
		const headers: Record<string, string> = business ? { 'x-business': business } : {};
		return api.handle({
			method: 'GET',
			path: p,
			query: new URLSearchParams(q),
			headers,
			body: undefined,
			auth: { userId: dataset.user.id, scope: 'full_access' },
		});
	};
}

const dataset = buildDataset();
const get = inProcess(dataset);
const validate = createValidator({ strict: true });
const businesses = dataset.businesses.map((b) => [b.key, b.id] as const);
const meta = new Map(dataset.collections.map((c) => [c.name, c]));
const offeredIn = (name: string, country: string) =>
	!meta.get(name)!.countries || meta.get(name)!.countries!.includes(country);
const countryOf = (id: string) => dataset.businesses.find((b) => b.id === id)!.country;

/** Every record a business answers for a collection: all pages with attributes=all, then the first by id; or the settings object. */
const recordsCache = new Map<string, any[]>();
async function records(name: string, business: string): Promise<any[]> {
	const key = `${name}|${business}`;
	if (recordsCache.has(key)) return recordsCache.get(key)!;
	const out: any[] = [];
	if (meta.get(name)!.singleton) {
		const reply = await get(`/${name}`, business);
		if (reply.status === 200) out.push(reply.json);
	} else {
		for (let path: string | null = `/${name}?attributes=all&items_per_page=200`; path !== null;) {
			const reply = await get(path, business);
			expect(reply.status).toBe(200);
			out.push(...reply.json.$items);
			path = reply.json.$next;
		}
		// The record by id, where the OpenAPI has `/<collection>/{key}` (not tax_determinations).
		if (out.length && methodsOf(itemPath(name)).includes('GET')) {
			const one = await get(`/${name}/${encodeURIComponent(out[0].id)}`, business);
			expect(one.status).toBe(200);
			expect(one.json.id).toBe(out[0].id);
			out.push(one.json);
		}
	}
	recordsCache.set(key, out);
	return out;
}

/** Distinct problems with how often each occurs, the record index folded away, so a failure reads well. */
function problemsOf(definition: string, values: any[]): string[] {
	const counts = new Map<string, number>();
	for (const value of values) {
		for (const problem of validate(definition, value)) {
			const key = problem.replace(/\/\d+(?=\/|\s)/g, '/N');
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
	}
	return [...counts].map(([problem, n]) => `${problem} ×${n}`);
}

describe.each(dataset.collections.map((c) => [c.name]))('%s matches its OpenAPI definition', (name) => {
	test.each(businesses)('in %s', async (key, business) => {
		const definition = recordDefinition(name);
		expect(definition).toBeDefined();
		expect(meta.get(name)!.definition).toBe(definition);
		const values = await records(name, business);
		if (!offeredIn(name, countryOf(business))) {
			expect(values).toEqual([]);
			return;
		}
		if (meta.get(name)!.singleton) expect(values).toHaveLength(1);
		expect(problemsOf(definition!, values)).toEqual([]);
	});
});

test('what no seeded business is offered (German DATEV settings and tax offices) would validate too', () => {
	const { BY_NAME } = require('../../sandbox/data/collections');
	const { TAX_OFFICES } = require('../../sandbox/data/reference');
	const ctx = dataset.contextOf(dataset.leadBusinessId)!;
	expect(validate('DatevSettings', BY_NAME.get('datev_settings').render(ctx))).toEqual([]);
	const offices = BY_NAME.get('tax_offices');
	for (const [code, name, ...details] of TAX_OFFICES.de) {
		const row = { code, name, details };
		const record = {
			id: code,
			displayed_as: offices.displayedAs(row),
			$path: `/tax_offices/${code}`,
			...offices.render(row, ctx),
		};
		expect(validate('TaxOffice', record)).toEqual([]);
	}
});

describe('every collection of the OpenAPI is served', () => {
	const all = collections();

	test('78 lists and 7 settings objects', () => {
		expect(all.filter((c) => !c.singleton)).toHaveLength(78);
		expect(all.filter((c) => c.singleton)).toHaveLength(7);
	});

	test.each(all.map((c) => [c.name, c.singleton]))('%s', async (name, singleton) => {
		expect(meta.has(name)).toBe(true);
		expect(meta.get(name)!.singleton).toBe(singleton);
		for (const [, business] of businesses) {
			const reply = await get(`/${name}`, business);
			if (offeredIn(name, countryOf(business))) {
				expect(reply.status).toBe(200);
				if (!singleton) expect(reply.json.$total).toBe(dataset.count(business, name));
			} else if (singleton) {
				// A settings object the business's country does not have: 404 with the service's error body.
				expect(reply.status).toBe(404);
				expect(reply.json[0]).toMatchObject({ $severity: 'error', $source: 'path' });
			} else {
				// A list the business's country does not have: empty.
				expect(reply.status).toBe(200);
				expect(reply.json.$total).toBe(0);
			}
		}
		// The lead business answers, or the collection is offered in none of the seeded countries.
		const lead = dataset.leadBusiness;
		if (!offeredIn(name, lead.country)) expect(meta.get(name)!.countries).not.toContain(lead.country);
	});
});

describe('the reference lists and the records naming them agree', () => {
	/** Ids of a code-keyed list in a business. */
	async function codes(name: string, business: string) {
		return new Map((await records(name, business)).map((r) => [r.id, r.displayed_as]));
	}

	test.each(businesses)(
		"every reference to a code-keyed list resolves, with the list's label, in %s",
		async (key, business) => {
			const codeLists = dataset.collections.filter((c) => c.idKind === 'code' && !c.singleton).map((c) => c.name);
			const lists = new Map<string, Map<string, string>>();
			for (const name of codeLists) lists.set(name, await codes(name, business));
			const broken = new Set<string>();
			let seen = 0;
			const walk = (value: any, top: boolean) => {
				if (value === null || typeof value !== 'object') return;
				if (Array.isArray(value)) {
					value.forEach((v) => walk(v, false));
					return;
				}
				const m = typeof value.$path === 'string' && !top ? /^\/([a-z_]+)\/([^/?]+)$/.exec(value.$path) : null;
				if (m && lists.has(m[1])) {
					seen++;
					const id = decodeURIComponent(m[2]);
					const label = lists.get(m[1])!.get(id);
					if (id !== value.id || label === undefined) broken.add(`${value.$path} (no such record)`);
					else if (label !== value.displayed_as)
						broken.add(`${value.$path} shown as "${value.displayed_as}", listed as "${label}"`);
				}
				for (const v of Object.values(value)) walk(v, false);
			};
			for (const c of dataset.collections) for (const record of await records(c.name, business)) walk(record, true);
			expect([...broken]).toEqual([]);
			expect(seen).toBeGreaterThan(1000);
		},
	);

	test('every country of a country group and of an address region is a /countries record; addresses name their group', async () => {
		const countries = await codes('countries', dataset.leadBusinessId);
		for (const group of Object.values(COUNTRY_GROUPS))
			for (const code of group.members) expect(countries.has(code)).toBe(true);
		for (const [country] of ADDRESS_REGIONS) expect(countries.has(country)).toBe(true);
		for (const [, business] of businesses) {
			const contact = (await records('contacts', business))[0];
			const country = contact.main_address.country.id;
			const group = Object.entries(COUNTRY_GROUPS).find(([, g]) => g.members.includes(country));
			expect(contact.main_address.country_group?.id ?? null).toBe(group ? group[0] : null);
		}
		const regions = await get('/address_regions?country_id=CA&items_per_page=200');
		expect(regions.json.$total).toBe(ADDRESS_REGIONS.filter(([country]) => country === 'CA').length);
	});

	test('each ledger account classification belongs to one ledger account type, and ledger accounts agree', async () => {
		const types = await codes('ledger_account_types', dataset.leadBusinessId);
		for (const [code, , type] of LEDGER_ACCOUNT_CLASSIFICATIONS) {
			expect(types.has(type)).toBe(true);
			const owners = await get(`/ledger_account_types?ledger_account_classification_id=${code}`);
			expect(owners.json.$items.map((t: any) => t.id)).toEqual([type]);
			const listed = await get(`/ledger_account_classifications?ledger_account_type_id=${type}&items_per_page=200`);
			expect(listed.json.$items.map((c: any) => c.id)).toContain(code);
		}
		for (const [, business] of businesses) {
			for (const account of [
				...(await records('ledger_accounts', business)),
				...(await records('coa_accounts', business)),
			]) {
				const classification = LEDGER_ACCOUNT_CLASSIFICATIONS.find(
					([code]) => code === account.ledger_account_classification?.id,
				);
				if (classification) expect(classification[2]).toBe(account.ledger_account_type.id);
			}
		}
	});

	test('contacts carry exactly the contact types the list has; attachments only listed context types', async () => {
		const contactTypes = await codes('contact_types', dataset.leadBusinessId);
		const used = new Set(
			(await records('contacts', dataset.leadBusinessId)).flatMap((c) => c.contact_types.map((t: any) => t.id)),
		);
		expect([...used].sort()).toEqual([...contactTypes.keys()].sort());
		const contextTypes = await codes('attachment_context_types', dataset.leadBusinessId);
		for (const attachment of await records('attachments', dataset.leadBusinessId))
			expect(contextTypes.has(attachment.attachment_context_type.id)).toBe(true);
	});

	test('every transaction type is a ledger_entries filter value, and the types partition the ledger', async () => {
		const lead = dataset.leadBusinessId;
		const types = await codes('transaction_types', lead);
		let sum = 0;
		for (const type of types.keys()) {
			const reply = await get(`/ledger_entries?transaction_type_id=${type}`);
			expect(reply.status).toBe(200);
			sum += reply.json.$total;
		}
		expect(sum).toBe(dataset.count(lead, 'ledger_entries'));
		expect((await get('/ledger_entries?transaction_type_id=NOT_A_TYPE')).status).toBe(400);
	});

	test('payment methods, currencies and tax types used by records are listed (spot checks)', async () => {
		const lead = dataset.leadBusinessId;
		const methods = await codes('payment_methods', lead);
		for (const code of ['BANK_TRANSFER', 'CASH', 'CHEQUE', 'CREDIT_DEBIT', 'ALTERNATIVE_PAYMENT'])
			expect(methods.has(code)).toBe(true);
		const currencies = await codes('currencies', lead);
		for (const rate of await records('exchange_rates', lead)) expect(currencies.has(rate.currency.id)).toBe(true);
		for (const [, business] of businesses) {
			const taxTypes = await codes('tax_types', business);
			for (const profile of await records('tax_profiles', business))
				expect(taxTypes.has(profile.tax_type.id)).toBe(true);
		}
	});
});

describe("amounts: 'string'", () => {
	const strings = buildDataset({ amounts: 'string' });
	const getString = inProcess(strings);

	/** The number-mode record with each number-typed field as the decimal string the string mode must send. */
	function expectedStrings(definition: string, record: any) {
		const copy = structuredClone(record);
		for (const path of numberPaths(definition, record)) {
			const keys = path.split('/').slice(1);
			const last = keys.pop()!;
			const parent = keys.reduce((o: any, k) => o[k], copy);
			if (typeof parent[last] === 'number') parent[last] = decimalString(parent[last]);
		}
		return copy;
	}

	test.each(dataset.collections.map((c) => [c.name]))(
		'%s sends exactly its number-typed fields as decimal strings',
		async (name) => {
			const definition = recordDefinition(name)!;
			for (const [, business] of businesses) {
				const path = meta.get(name)!.singleton ? `/${name}` : `/${name}?attributes=all&items_per_page=50`;
				const [asNumbers, asStrings] = [await get(path, business), await getString(path, business)];
				expect(asStrings.status).toBe(asNumbers.status);
				if (asNumbers.status !== 200) continue;
				const [a, b] = meta.get(name)!.singleton
					? [[asNumbers.json], [asStrings.json]]
					: [asNumbers.json.$items, asStrings.json.$items];
				expect(b).toEqual(a.map((record: any) => expectedStrings(definition, record)));
				const notDecimal = b.flatMap((record: any) =>
					numberPaths(definition, record)
						.map((p) => [
							p,
							p
								.split('/')
								.slice(1)
								.reduce((o: any, k) => o[k], record),
						])
						.filter(([, value]) => !(typeof value === 'string' && /^-?\d+\.\d{2,6}$/.test(value))),
				);
				expect(notDecimal).toEqual([]);
			}
		},
	);

	test('a money amount has two decimals; the trial balance is the same in both modes', async () => {
		const invoice = (await getString('/sales_invoices?items_per_page=1&attributes=all')).json.$items[0];
		expect(invoice.total_amount).toMatch(/^\d+\.\d{2}$/);
		expect(invoice.invoice_lines[0].unit_price).toMatch(/^\d+\.\d{2}$/);
		const tb = '/trial_balance?from_date=2023-07-01&to_date=2025-06-30';
		expect((await getString(tb)).json).toEqual((await get(tb)).json);
	});

	test('an unknown amounts option is refused', () => {
		expect(() => buildDataset({ amounts: 'text' as any })).toThrow(RangeError);
	});
});

describe('records created through the API (POST) match their definitions too', () => {
	// A clock that stands still, so two datasets written the same way are the same to the second.
	const still = {
		now: () => Date.UTC(2025, 6, 1, 9),
		nowSeconds: () => Date.UTC(2025, 6, 1, 9) / 1000,
		advance: () => Date.UTC(2025, 6, 1, 9),
	};
	function writer(amounts: 'number' | 'string') {
		const written = buildDataset({ amounts, clock: still as any });
		const { call } = inProcessApi(written);
		const send = (method: string, path: string, body: unknown, business: string) => call(method, path, business, body);
		return {
			written,
			send,
			bodyFor: bodies(
				(path, business) => send('GET', path, undefined, business),
				(path, body, business) => send('POST', path, body, business),
			),
		};
	}
	const numbers = writer('number');
	const strings = writer('string');
	const businessOf = (name: string) =>
		numbers.written.businesses.find((b) => b.key === (BUSINESS_KEY[name] ?? 'lead'))!.id;

	test.each(creatable().map((c) => [c]))('%s', async (name) => {
		const business = businessOf(name);
		const body = await numbers.bodyFor(name, business);
		const created = await numbers.send('POST', `/${name}`, body, business);
		expect(created.status).toBe(201);
		const definition = recordDefinition(name)!;
		expect(problemsOf(definition, [created.json])).toEqual([]);
		const listed = await numbers.send(
			'GET',
			`/${name}?attributes=all&items_per_page=1&page=100000`,
			undefined,
			business,
		);
		expect(listed.json.$items[0]).toEqual(created.json);
		// The same write in amounts: 'string' mode answers exactly the number-typed fields as decimal strings.
		const asStrings = await strings.send('POST', `/${name}`, await strings.bodyFor(name, business), business);
		expect(asStrings.status).toBe(201);
		const expected = structuredClone(created.json);
		for (const path of numberPaths(definition, created.json)) {
			const keys = path.split('/').slice(1);
			const last = keys.pop()!;
			const parent = keys.reduce((o: any, k) => o[k], expected);
			if (typeof parent[last] === 'number') parent[last] = decimalString(parent[last]);
		}
		expect(asStrings.json).toEqual(expected);
	});

	test('after the writes, every record of every collection (the records they touched, the rows that follow them) still validates', async () => {
		for (const business of numbers.written.businesses) {
			for (const c of numbers.written.collections) {
				if (c.countries && !c.countries.includes(business.country)) continue;
				const values: any[] = [];
				if (c.singleton) values.push((await numbers.send('GET', `/${c.name}`, undefined, business.id)).json);
				else {
					for (let path: string | null = `/${c.name}?attributes=all&items_per_page=200`; path !== null;) {
						const reply = await numbers.send('GET', path, undefined, business.id);
						values.push(...reply.json.$items);
						path = reply.json.$next;
					}
				}
				expect([c.name, problemsOf(c.definition!, values)]).toEqual([c.name, []]);
			}
		}
	});
});
