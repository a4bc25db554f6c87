import type { IDataObject } from 'n8n-workflow';

import { COLLECTIONS, isSearchable } from '../../../nodes/AccountingService/collections/table';
import { attributesFor } from '../../../nodes/AccountingService/output/output';
import { keyColumnOf } from '../../../nodes/AccountingService/output/shape';
import { useConnectedSandbox } from '../connected-sandbox';
import { requiredFilters } from '../query-samples';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const count = (path: string, business?: string) =>
	env.sandbox.dataset.count(business ?? env.sandbox.dataset.leadBusinessId, path) as number;
const listed = COLLECTIONS.filter((row) => !row.singleton);

/** Output "Raw": the records as the service sent them, and the query as the node always sent it. */
const raw = { output: 'raw' };

describe.each(listed.map((row) => [row.resource, row] as const))('%s', (_resource, row) => {
	it('Get Many with a limit asks for no more than the limit, in one request', async () => {
		const position = env.sandbox.log.entries().length;
		const required = requiredFilters(row);
		const filters = required.typed;
		const result = await env.runNode({ resource: row.resource, operation: 'getAll', limit: 3, filters, ...raw });
		expect(result.error).toBeUndefined();
		const items = result.json(NODE);
		expect(items).toHaveLength(Math.min(3, count(row.path)));
		const requests = env.apiRequestsSince(position);
		expect(requests).toHaveLength(1);
		const query = new URLSearchParams({ ...required.sent, items_per_page: '3' });
		expect(requests[0].path).toBe(`/${row.path}?${query.toString()}`);
		for (const item of items) expect(item.$path).toBe(`/${row.path}/${String(item.id)}`);
	});

	it('Get Many with a limit in the default output (Simplified) asks for no more than the limit, in one request', async () => {
		const required = requiredFilters(row);
		const directQuery = new URLSearchParams({ ...required.sent, items_per_page: '3' });
		const direct = (await env.fetchDirect(`/${row.path}?${directQuery.toString()}`)).body.$items as IDataObject[];
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({
			resource: row.resource,
			operation: 'getAll',
			limit: 3,
			filters: required.typed,
		});
		expect(result.error).toBeUndefined();
		const items = result.json(NODE);
		expect(items).toHaveLength(Math.min(3, count(row.path)));
		expect(items.map((item) => item[keyColumnOf(row)])).toEqual(direct.map((record) => record.id));
		const requests = env.apiRequestsSince(position);
		expect(requests).toHaveLength(1);
		const [path, query] = requests[0].path.split('?');
		expect(path).toBe(`/${row.path}`);
		// The limit, and the attributes the rows need besides the summary (none where that is all they show).
		const attributes = attributesFor(row, 'simplified');
		expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
			...required.sent,
			...(attributes === undefined ? {} : { attributes }),
			items_per_page: '3',
		});
		expect(attributes?.split(',') ?? []).not.toContain('all');
	});
});

describe.each(listed.filter((row) => row.getById).map((row) => [row.resource, row] as const))(
	'%s',
	(_resource, row) => {
		it('Get returns the full record of an id from the list', async () => {
			if (count(row.path) === 0) {
				expect((await env.fetchDirect(`/${row.path}`)).body.$total).toBe(0);
				return;
			}
			const list = await env.fetchDirect(`/${row.path}?items_per_page=1`);
			const summary = (list.body.$items as IDataObject[])[0];
			const parameters = {
				resource: row.resource,
				operation: 'get',
				id: { __rl: true, mode: 'id', value: String(summary.id) },
			};
			const result = await env.runNode({ ...parameters, ...raw });
			expect(result.error).toBeUndefined();
			const [record] = result.json(NODE);
			expect(record.id).toBe(summary.id);
			expect(record).toEqual((await env.fetchDirect(`/${row.path}/${String(summary.id)}`)).body);

			// The default output (Simplified): one row, of the same record.
			const simplified = await env.runNode(parameters);
			expect(simplified.error).toBeUndefined();
			expect(simplified.json(NODE).map((item) => item[keyColumnOf(row)])).toEqual([summary.id]);
		});
	},
);

type Business = { id: string; country: string; lead: boolean };
/** The businesses of the sandbox whose country has the endpoint, as the OpenAPI's availability says. */
const businessesWith = (path: string) => {
	const dataset = env.sandbox.dataset;
	const countries = (dataset.collections as Array<{ name: string; countries: string[] | null }>).find(
		(collection) => collection.name === path,
	)?.countries;
	return (dataset.businesses as Business[]).filter((business) => !countries || countries.includes(business.country));
};

describe.each(COLLECTIONS.filter((row) => row.singleton).map((row) => [row.resource, row] as const))(
	'%s (a single object)',
	(_resource, row) => {
		const getIn = async (business: Business, output: IDataObject = raw) =>
			await env.runNode({
				resource: row.resource,
				operation: 'get',
				business: { __rl: true, mode: 'id', value: business.id },
				...output,
			});

		it('Get returns the one object where the business’s country has it, the service’s refusal as an API error where not', async () => {
			const having = businessesWith(row.path);
			const lacking = (env.sandbox.dataset.businesses as Business[]).filter((business) => !having.includes(business));
			expect(having.length + lacking.length).toBe(3);
			for (const business of having) {
				const result = await getIn(business);
				expect(result.error).toBeUndefined();
				const items = result.json(NODE);
				expect(items).toHaveLength(1);
				expect(items[0]).toEqual((await env.fetchDirect(`/${row.path}`, { 'X-Business': business.id })).body);
				expect(items[0].$items).toBeUndefined();

				// The default output (Simplified): the object as one flat row, plain values only.
				const simplified = await getIn(business, {});
				expect(simplified.error).toBeUndefined();
				const rows = simplified.json(NODE);
				expect(rows).toHaveLength(1);
				expect(Object.keys(rows[0]).length).toBeGreaterThan(0);
				for (const [column, value] of Object.entries(rows[0]))
					expect([column, value !== null && typeof value === 'object']).toEqual([column, false]);
			}
			for (const business of lacking) {
				const result = await getIn(business);
				expect(result.error?.name).toBe('NodeApiError');
				expect(String((result.error as { httpCode?: string } | undefined)?.httpCode)).toBe('404');
			}
		});
	},
);

describe('Return All', () => {
	it('returns every sales invoice exactly once, in ⌈N/200⌉ pages and one request asking what was deleted meanwhile (checked against the service’s own walk)', async () => {
		const expected = await env.allIdsDirect('/sales_invoices');
		const total = (await env.fetchDirect('/sales_invoices')).body.$total as number;
		expect(expected).toHaveLength(total);
		expect(total).toBeGreaterThanOrEqual(2000);

		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', returnAll: true, ...raw });
		expect(result.error).toBeUndefined();
		const ids = result.json(NODE).map((item) => item.id as string);

		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(total);
		expect([...ids].sort()).toEqual([...expected].sort());
		const requests = env.apiRequestsSince(position).map((entry) => entry.path);
		const pages = Math.ceil(total / 200);
		expect(requests.filter((path) => path.includes('items_per_page=200'))).toHaveLength(pages);
		// Then one record of the deletions' feed: in creation order only a deletion moves records.
		expect(requests.slice(pages).map((path) => path.replace(/_since=[^&]*/, '_since=…'))).toEqual([
			'/sales_invoices?deleted_since=…&items_per_page=1',
		]);
		expect(requests).toHaveLength(pages + 1);
	});

	it.each([
		['an exact multiple of 200', 'product', 'products'],
		['a single page', 'service', 'services'],
		['an empty collection', 'purchaseCorrectiveInvoice', 'purchase_corrective_invoices'],
	])('handles %s (%s)', async (_case, resource, path) => {
		const total = count(path);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource, operation: 'getAll', returnAll: true, ...raw });
		expect(result.error).toBeUndefined();
		const ids = result.json(NODE).map((item) => item.id);
		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(total);
		const pages = Math.max(1, Math.ceil(total / 200));
		// Several pages: one more asks whether anything was deleted meanwhile; one page is one answer.
		expect(env.apiRequestsSince(position)).toHaveLength(pages > 1 ? pages + 1 : 1);
	});

	it('a limit above one page takes only the pages it needs and stops at the limit', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 250, ...raw });
		expect(result.json(NODE)).toHaveLength(250);
		// Two pages, then one record of the deletions' feed: nothing was deleted while they were read.
		const requests = env.apiRequestsSince(position).map((entry) => entry.path);
		expect(requests.slice(0, 2)).toEqual([
			'/sales_invoices?items_per_page=200',
			'/sales_invoices?items_per_page=200&page=2',
		]);
		expect(requests.slice(2).map((path) => path.replace(/_since=[^&]*/, '_since=…'))).toEqual([
			'/sales_invoices?deleted_since=…&items_per_page=1',
		]);
		const direct = await env.allIdsDirect('/sales_invoices');
		expect(result.json(NODE).map((item) => item.id)).toEqual(direct.slice(0, 250));
	});
});

describe('Search', () => {
	const searchContacts = async (searchText: string) =>
		await env.runNode({
			resource: 'contact',
			operation: 'search',
			searchText,
			returnAll: true,
			...raw,
			options: { attributes: 'name,reference' },
		});
	const words = (text: unknown) =>
		String(text ?? '')
			.toLowerCase()
			.split(/[^\p{L}\p{N}]+/u);

	it.each(COLLECTIONS.filter(isSearchable).map((row) => [row.resource, row] as const))(
		'%s offers search and sends search=',
		async (_resource, row) => {
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode({ resource: row.resource, operation: 'search', searchText: 'a', limit: 5 });
			expect(result.error).toBeUndefined();
			const [entry] = env.apiRequestsSince(position);
			expect(new URL(entry.path, 'http://x').searchParams.get('search')).toBe('a');
		},
	);

	it('finds contacts by the start of any word of their name, never by a fragment inside a word', async () => {
		const contacts = (await env.fetchDirect('/contacts?items_per_page=200&attributes=name,reference')).body
			.$items as IDataObject[];
		const sample = contacts.find(
			(contact) => words(contact.name).filter(Boolean).length >= 2 && words(contact.name)[1].length >= 4,
		)!;
		const secondWord = words(sample.name)[1];
		const prefix = secondWord.slice(0, 3);

		const found = await searchContacts(prefix);
		expect(found.error).toBeUndefined();
		const names = found.json(NODE);
		expect(names.map((contact) => contact.id)).toContain(sample.id);
		for (const contact of names) {
			const matches = [...words(contact.name), ...words(contact.reference)].some((word) => word.startsWith(prefix));
			expect(matches).toBe(true);
		}

		const fragment = secondWord.slice(1, 4);
		const inside = await searchContacts(fragment);
		for (const contact of inside.json(NODE)) {
			const startsAWord = [...words(contact.name), ...words(contact.reference)].some((word) =>
				word.startsWith(fragment),
			);
			expect(startsAWord).toBe(true);
		}
	});

	it.each(['O’Brien', 'a&b', '50%', 'x/y'])('refuses special characters (%s) before sending anything', async (text) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'contact', operation: 'search', searchText: text, limit: 5 });
		expect(result.error?.message).toMatch(/Search Text.*special characters/);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
	});
});
