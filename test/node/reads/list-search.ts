import type { INodeParameters } from 'n8n-workflow';

import { COLLECTIONS } from '../../../nodes/AccountingService/collections/table';
import { accountingServiceNode, runListSearch } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { processState } from '../../../nodes/AccountingService/state';

const env = useConnectedSandbox();

const search = async (parameters: INodeParameters, method: string, filter?: string, paginationToken?: string) =>
	await runListSearch({
		store: env.store,
		node: accountingServiceNode(env.credential, parameters),
		method,
		filter,
		paginationToken,
	});

describe('From List of the business selector', () => {
	it('offers All Businesses on a list read, then the lead business, then every business of the account', async () => {
		const { results } = await search({ resource: 'salesInvoice', operation: 'getAll' }, 'searchBusinesses');
		expect(results.slice(0, 2)).toEqual([
			{ name: 'All Businesses', value: 'all' },
			{ name: 'Lead Business (Default)', value: 'lead' },
		]);
		const ids = (env.sandbox.dataset.businesses as Array<{ id: string }>).map((business) => business.id);
		expect(
			results
				.slice(2)
				.map((result) => result.value)
				.sort(),
		).toEqual([...ids].sort());
	});

	it.each([
		['salesInvoice', 'get'],
		['salesInvoice', 'create'],
		['attachment', 'downloadFile'],
	])('%s %s works on one business: the list starts with the lead business', async (resource, operation) => {
		const { results } = await search({ resource, operation }, 'searchBusinesses');
		expect(results[0].value).toBe('lead');
		expect(results.map((result) => result.value)).not.toContain('all');
	});

	it.each([
		['report', 'agedDebtors'],
		['trialBalance', 'get'],
		['contact', 'search'],
	])('%s %s offers All Businesses first', async (resource, operation) => {
		const { results } = await search({ resource, operation }, 'searchBusinesses');
		expect(results[0].value).toBe('all');
	});

	it('narrows the list by a piece of the name', async () => {
		const { results } = await search({ resource: 'salesInvoice', operation: 'getAll' }, 'searchBusinesses', 'panader');
		expect(results.map((result) => result.name)).toEqual([expect.stringMatching(/Panadería/)]);
	});
});

describe('From List of record IDs', () => {
	it('lists records of the chosen resource and business, page by page', async () => {
		const first = await search({ resource: 'salesInvoice', operation: 'get' }, 'searchRecords');
		expect(first.results).toHaveLength(200);
		expect(first.paginationToken).toBeTruthy();
		const second = await search(
			{ resource: 'salesInvoice', operation: 'get' },
			'searchRecords',
			undefined,
			first.paginationToken as string,
		);
		const overlap = second.results.filter((result) => first.results.some((seen) => seen.value === result.value));
		expect(overlap).toHaveLength(0);
	});

	it('searches searchable collections by the start of a word, in the chosen business', async () => {
		const other = (env.sandbox.dataset.businesses as Array<{ id: string; lead: boolean }>).find(
			(business) => !business.lead,
		)!;
		const position = env.sandbox.log.entries().length;
		const { results } = await search(
			{ resource: 'contact', operation: 'get', business: { __rl: true, mode: 'id', value: other.id } },
			'searchRecords',
			'a',
		);
		expect(results.length).toBeGreaterThan(0);
		const [request] = env.apiRequestsSince(position);
		expect(request.business).toBe(other.id);
		expect(request.path).toMatch(/search=a/);
	});
});

describe.each(COLLECTIONS.filter((row) => row.getById).map((row) => [row.resource, row] as const))(
	'From List of %s',
	(_resource, row) => {
		it('offers the records of the list by their labels, as the service lists them', async () => {
			const { results } = await search({ resource: row.resource, operation: 'get' }, 'searchRecords');
			const direct = await env.fetchDirect(`/${row.path}?items_per_page=200`);
			const items = direct.body.$items as Array<{ id: string; displayed_as?: string }>;
			expect(results.map((result) => result.value)).toEqual(items.map((item) => item.id));
			expect(results.map((result) => result.name)).toEqual(items.map((item) => item.displayed_as || item.id));
		});
	},
);

describe('From List reads through the same transport as Get Many', () => {
	afterEach(() => env.sandbox.faults.clear());

	it('a 429 waits its Retry-After (also on n8n 1.x), an expired token is renewed once; the page comes back whole', async () => {
		const direct = await env.fetchDirect('/sales_invoices?items_per_page=200');
		env.sandbox.clock.advance(301);
		env.sandbox.faults.inject({ kind: '429', retryAfter: 1, pathPrefix: '/sales_invoices' });
		const position = env.sandbox.log.entries().length;
		const started = processState.clock.now();
		const { results } = await search({ resource: 'salesInvoice', operation: 'get' }, 'searchRecords');
		// The transport waited the second the service asked for (on its virtual clock).
		expect(processState.clock.now() - started).toBeGreaterThanOrEqual(1000);
		expect(results.map((result) => result.value)).toEqual(
			(direct.body.$items as Array<{ id: string }>).map((item) => item.id),
		);
		const entries = env.sandbox.log.entries().slice(position);
		expect(entries.map((entry) => (entry.path.endsWith('/token') ? `token ${entry.status}` : entry.status))).toEqual([
			429,
			401,
			'token 200',
			200,
		]);
	});
});
