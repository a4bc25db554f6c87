// Business → All Businesses through n8n's engine: a read over every business equals the union of
// each business's read, grouped in the service's order, every item with business_id and
// business_name; Limit per business; each business within its own budget with several at once;
// a business whose access lapsed with and without Continue On Fail; the operations on one
// business refuse it before any request; reports give a summary per business.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { shareClockWith } from '../../harness/shared-clock';
import { startConnectedSandbox, useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { busiestMinute } from '../request-windows';

const NODE = 'Accounting Service';
const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const env = useConnectedSandbox({ scale: 120 });

type Business = { id: string; key: string; name: string };
const businesses = () => env.sandbox.dataset.businesses as Business[];
const byId = (business: Business) => ({ __rl: true, mode: 'id', value: business.id });

const getMany = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'salesInvoice',
	operation: 'getAll',
	returnAll: true,
	...extra,
});

describe('All Businesses on reads', () => {
	it.each<[string, INodeParameters]>([
		['simplified', { output: 'simplified' }],
		['raw', { output: 'raw' }],
		['lines', { output: 'lines' }],
		['simplified, Include Business', { output: 'simplified', options: { includeBusiness: true } }],
	])('Get Many (%s): the union of each business’s read, grouped in the service’s order', async (_, output) => {
		const listed = ((await env.fetchDirect('/businesses')).body.$items as IDataObject[]).map((business) => business.id);
		const each: Array<{ business: Business; rows: IDataObject[] }> = [];
		for (const business of businesses()) {
			const result = await env.runNode(getMany({ business: byId(business), ...output }));
			each.push({ business, rows: result.json(NODE) });
		}

		const result = await env.runNode(getMany({ business: ALL, ...output }));

		expect(result.error).toBeUndefined();
		const rows = result.json(NODE);
		const ordered = listed.map((id) => each.find((entry) => entry.business.id === id)!);
		expect(rows).toEqual(
			ordered.flatMap(({ business, rows: theirs }) =>
				theirs.map((row) => ({ business_id: business.id, business_name: business.name, ...row })),
			),
		);
		for (const row of rows) expect(Object.keys(row).slice(0, 2)).toEqual(['business_id', 'business_name']);
		expect(new Set(rows.map((row) => row.business_id)).size).toBe(3);
	});

	it('Select Included Fields keeps the business columns first; Limit counts per business', async () => {
		const result = await env.runNode({
			resource: 'contact',
			operation: 'getAll',
			limit: 4,
			business: ALL,
			output: 'fields',
			fields: ['name'],
		});
		const rows = result.json(NODE);
		expect(rows).toHaveLength(12);
		for (const row of rows) expect(Object.keys(row)).toEqual(['business_id', 'business_name', 'contact_id', 'name']);
	});

	it('a business whose subscription lapsed: the node fails naming it and what the service said', async () => {
		const second = businesses().find((business) => business.key === 'second')!;
		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		try {
			const result = await env.runNode(getMany({ business: ALL }));
			expect(result.error?.message).toMatch(
				new RegExp(`^Business "${second.name.replace(/[.()]/g, '\\$&')}" \\(${second.id}\\): `),
			);
			expect(String((result.error as unknown as IDataObject)?.description ?? result.error?.message)).toMatch(/lapsed/);
		} finally {
			env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		}
	});

	it('with Continue On Fail: one error item names that business, the others’ items come as usual', async () => {
		const second = businesses().find((business) => business.key === 'second')!;
		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		try {
			const result = await env.runNode(getMany({ business: ALL, output: 'fields', fields: ['invoice_number'] }), {
				continueOnFail: true,
			});
			const rows = result.json(NODE);
			const errors = rows.filter((row) => 'error' in row);
			expect(errors).toEqual([
				{ business_id: second.id, business_name: second.name, error: expect.stringMatching(/lapsed/) },
			]);
			const others = rows.filter((row) => !('error' in row));
			expect(new Set(others.map((row) => row.business_id))).toEqual(
				new Set(
					businesses()
						.filter((business) => business.key !== 'second')
						.map((business) => business.id),
				),
			);
			expect(others.length).toBeGreaterThan(120);
		} finally {
			env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		}
	});

	it.each<[string, INodeParameters]>([
		['Get', { resource: 'salesInvoice', operation: 'get', id: { __rl: true, mode: 'id', value: 'abc' } }],
		[
			'Create',
			{
				resource: 'contact',
				operation: 'create',
				fields: { mappingMode: 'defineBelow', value: { name: 'A' }, matchingColumns: [], schema: [] },
			},
		],
		['Delete', { resource: 'contact', operation: 'delete', id: { __rl: true, mode: 'id', value: 'abc' } }],
		[
			'Download PDF',
			{ resource: 'salesInvoice', operation: 'downloadPdf', id: { __rl: true, mode: 'id', value: 'abc' } },
		],
	])('%s refuses All Businesses before any request, naming Business', async (_name, parameters) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ ...parameters, business: ALL });
		expect(result.error?.message).toMatch(
			/^Invalid "Business": All Businesses is for reading lists and reports; this operation works on one business/,
		);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});

	it('reports: Summary gives one item per business, each with its own currency', async () => {
		const result = await env.runNode({
			resource: 'report',
			operation: 'agedDebtors',
			reportDate: 'custom',
			asAt: '2025-06-30',
			output: 'summary',
			business: ALL,
		});
		const rows = result.json(NODE);
		expect(rows.map((row) => row.business_id)).toEqual(businesses().map((business) => business.id));
		expect(rows.map((row) => row.currency)).toEqual(['GBP', 'EUR', 'EUR']);
		for (const [index, business] of businesses().entries()) {
			const [alone] = (
				await env.runNode({
					resource: 'report',
					operation: 'agedDebtors',
					reportDate: 'custom',
					asAt: '2025-06-30',
					output: 'summary',
					business: byId(business),
				})
			).json(NODE);
			expect(rows[index]).toEqual({ business_id: business.id, business_name: business.name, ...alone });
		}
	});
});

describe('All Businesses within each business’s budget (virtual time shared with the sandbox)', () => {
	it('Return All over every business, several at once: 0 × 429, no business over its 10 a minute', async () => {
		const limited = await startConnectedSandbox({ rateLimit: { requests: 10, windowSeconds: 60 }, scale: 1_450 });
		const restore = shareClockWith(limited.sandbox);
		try {
			const position = limited.sandbox.log.entries().length;
			const result = await limited.runNode(getMany({ business: ALL, requestOptions: { maxRequestsPerMinute: 10 } }));
			expect(result.error).toBeUndefined();
			const requests = limited
				.apiRequestsSince(position)
				.filter((entry: LogEntry) => entry.path.startsWith('/sales_invoices'));
			expect(requests.filter((entry: LogEntry) => entry.status === 429)).toEqual([]);
			const perBusiness = new Map<string, LogEntry[]>();
			for (const entry of requests)
				perBusiness.set(String(entry.business), [...(perBusiness.get(String(entry.business)) ?? []), entry]);
			expect(perBusiness.size).toBe(3);
			for (const entries of perBusiness.values()) expect(busiestMinute(entries)).toBeLessThanOrEqual(10);
			const total = (limited.sandbox.dataset.businesses as Business[]).reduce(
				(sum, business) => sum + (limited.sandbox.dataset.count(business.id, 'sales_invoices') as number),
				0,
			);
			expect(result.json(NODE)).toHaveLength(total);
		} finally {
			restore();
			await limited.sandbox.stop();
		}
	});
});
