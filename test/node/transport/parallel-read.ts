import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { processState } from '../../../nodes/AccountingService/state';
import { shareClockWith } from '../../harness/shared-clock';
import { startConnectedSandbox, useConnectedSandbox, type ConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { arrivedAt, busiestMinute, heldBy } from '../request-windows';

/**
 * Return All reads the pages after the first several at a time (Concurrent Requests), paced to
 * Max Requests per Minute, through n8n's engine against the sandbox: complete and in the
 * service's order, through a list that changes while it is read, 429s, dropped connections and
 * an access token that expires mid-read (one renewal, on n8n 1.x as well).
 */

const NODE = 'Accounting Service';
const env = useConnectedSandbox();
afterEach(() => {
	env.sandbox.faults.clear();
});

const ids = (json: IDataObject[]) => json.map((item) => item.id as string);
const pageOf = (path: string) => Number(/[?&]page=(\d+)/.exec(path)?.[1] ?? 1);
const invoiceRequests = (sandbox: ConnectedSandbox, position: number) =>
	sandbox.apiRequestsSince(position).filter((entry: LogEntry) => entry.path.startsWith('/sales_invoices'));
/** The request after the pages that asks what was deleted during the read (transport/changeCheck.ts). */
const isEndCheck = (entry: LogEntry) => /[?&]items_per_page=1(&|$)/.test(entry.path);
/** Nothing changed in the sandbox within the stamps' resolution before the next read: earlier tests' changes are older. */
const quietSeconds = (sandbox: ConnectedSandbox) => sandbox.sandbox.clock.advance(2);
const pageRequests = (sandbox: ConnectedSandbox, position: number) =>
	invoiceRequests(sandbox, position).filter((entry) => !isEndCheck(entry));
const transportClock = () => processState.clock;

/** Calls `act` once the run has made `afterRequests` API requests (checked every millisecond). */
function whenRequests(sandbox: ConnectedSandbox, position: number, afterRequests: number, act: () => void) {
	const timer = setInterval(() => {
		if (sandbox.apiRequestsSince(position).length >= afterRequests) {
			clearInterval(timer);
			act();
		}
	}, 1);
	return () => clearInterval(timer);
}

/** Return All with Output "Raw": the records as the service sent them, and the query as it always was. */
function getAll(requestOptions: IDataObject, extra: IDataObject = {}): INodeParameters {
	return {
		resource: 'salesInvoice',
		operation: 'getAll',
		returnAll: true,
		output: 'raw',
		requestOptions,
		...extra,
	} as INodeParameters;
}

describe('complete and in the service’s order', () => {
	it.each([1, 3, 5])(
		'at Concurrent Requests %i: every record once, in order, in ⌈N/200⌉ pages and one request asking what was deleted meanwhile',
		async (concurrency) => {
			const expected = await env.allIdsDirect('/sales_invoices');
			const pages = Math.ceil(expected.length / 200);
			quietSeconds(env);
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode(getAll({ concurrentRequests: concurrency }));
			expect(result.error).toBeUndefined();
			expect(ids(result.json(NODE))).toEqual(expected);

			const paths = pageRequests(env, position).map((entry) => entry.path);
			expect(paths).toHaveLength(pages);
			// Then one record of the deletions' feed since the first page's Date less a second, without the read's query.
			const firstDate = Date.parse(String(invoiceRequests(env, position)[0].at));
			const checks = invoiceRequests(env, position)
				.slice(pages)
				.map((entry) => new URL(entry.path, 'http://x').searchParams);
			expect(checks.map((query) => [...query.keys()].sort())).toEqual([['deleted_since', 'items_per_page']]);
			const since = Date.parse(checks[0].get('deleted_since')!);
			expect(firstDate - since).toBeGreaterThanOrEqual(1000);
			expect(firstDate - since).toBeLessThan(2000);
			expect(invoiceRequests(env, position)).toHaveLength(pages + 1);
			expect(paths[0]).toBe('/sales_invoices?items_per_page=200');
			if (concurrency === 1) {
				// One page after the other, following the service's own `$next` links, as before.
				expect(paths.slice(1)).toEqual(
					Array.from({ length: pages - 1 }, (_, index) => `/sales_invoices?items_per_page=200&page=${index + 2}`),
				);
			} else {
				expect(
					paths
						.slice(1)
						.map(pageOf)
						.sort((a, b) => a - b),
				).toEqual(Array.from({ length: pages - 1 }, (_, index) => index + 2));
				for (const path of paths.slice(1))
					expect(path).toMatch(/^\/sales_invoices\?(?=.*items_per_page=200)(?=.*page=\d+)/);
			}
		},
	);

	it('every page keeps the filters, the sort and the attributes of the request', async () => {
		const query = 'from_date=2024-06-25&sort=date%3Adesc&attributes=date';
		const expected = await env.allIdsDirect(`/sales_invoices?${query}`);
		expect(expected.length).toBeGreaterThan(600);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			getAll(
				{ concurrentRequests: 3 },
				{ filters: { fromDate: '2024-06-25' }, options: { sort: 'date:desc', attributes: 'date' } },
			),
		);
		expect(ids(result.json(NODE))).toEqual(expected);
		const paths = pageRequests(env, position).map((entry) => entry.path);
		expect(paths).toHaveLength(Math.ceil(expected.length / 200));
		for (const path of paths) {
			const params = new URL(path, 'http://x').searchParams;
			expect([
				params.get('from_date'),
				params.get('sort'),
				params.get('attributes'),
				params.get('items_per_page'),
			]).toEqual(['2024-06-25', 'date:desc', 'date', '200']);
		}
	});

	it('a Limit above one page reads only the pages it needs, several at a time', async () => {
		const expected = (await env.allIdsDirect('/sales_invoices')).slice(0, 450);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 450, output: 'raw' });
		expect(ids(result.json(NODE))).toEqual(expected);
		expect(
			pageRequests(env, position)
				.map((entry) => pageOf(entry.path))
				.sort(),
		).toEqual([1, 2, 3]);
	});

	it('never more requests at once than Concurrent Requests', async () => {
		// Each answer takes 50 ms here: requests on their way at once overlap at the sandbox.
		const far = await startConnectedSandbox({ latencyMs: 50 });
		try {
			for (const concurrency of [1, 3, 5]) {
				const position = far.sandbox.log.entries().length;
				const result = await far.runNode(getAll({ concurrentRequests: concurrency }));
				expect(result.error).toBeUndefined();
				const requests = invoiceRequests(far, position);
				expect(busiestMoment(requests)).toBe(concurrency);
			}
		} finally {
			await far.sandbox.stop();
		}
	});
});

/** The most requests that were on their way at the sandbox at one moment. */
const busiestMoment = (requests: LogEntry[]) => Math.max(...requests.map((entry) => entry.concurrent));

describe('one request budget per business for the whole process (virtual time shared with the sandbox)', () => {
	// 10 requests in any 60 s per business at the sandbox, and the same budget in the node.
	const LIMIT = 10;
	let limited: ConnectedSandbox;
	let restoreClock: () => void;
	beforeEach(async () => {
		// 8 pages of invoices: a Return All after a read of 3 pages needs more than one window.
		limited = await startConnectedSandbox({ rateLimit: { requests: LIMIT, windowSeconds: 60 }, scale: 1_450 });
		restoreClock = shareClockWith(limited.sandbox);
	});
	afterEach(async () => {
		restoreClock();
		await limited.sandbox.stop();
	});

	it('a read that fits the budget starts every page at once; a larger one fills the window, then waits', async () => {
		const waited = () => limited.sandbox.clock.now() - Date.now();
		const before = waited();
		const small = await limited.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			limit: 3 * 200,
			requestOptions: { maxRequestsPerMinute: LIMIT },
		});
		expect(small.error).toBeUndefined();
		const first = invoiceRequests(limited, 0);
		expect(first.filter((entry) => !isEndCheck(entry))).toHaveLength(3);
		// Nothing waited: the shared clock moved no further than real time.
		expect(waited() - before).toBeLessThan(1000);

		const position = limited.sandbox.log.entries().length;
		const all = await limited.runNode(getAll({ maxRequestsPerMinute: LIMIT }));
		expect(all.error).toBeUndefined();
		const requests = invoiceRequests(limited, position);
		expect(requests.filter((entry) => entry.status === 429)).toEqual([]);
		expect(busiestMinute([...first, ...requests])).toBe(LIMIT);
		// It waited for the window: its last page reached the sandbox a minute or more (on the shared
		// clock, real time included) after the first read's first page.
		const span = arrivedAt(requests[requests.length - 1]) - arrivedAt(first[0]);
		expect(span).toBeGreaterThanOrEqual(60_000);
	});

	it('three Return Alls of one business at once in one process: all complete and exact, 0 × 429', async () => {
		const count = limited.sandbox.dataset.count(limited.sandbox.dataset.leadBusinessId, 'sales_invoices') as number;
		const position = limited.sandbox.log.entries().length;
		const runs = await Promise.all(
			Array.from({ length: 3 }, async () => await limited.runNode(getAll({ maxRequestsPerMinute: LIMIT }))),
		);
		const expected = ids(runs[0].json(NODE));
		expect(new Set(expected).size).toBe(count);
		for (const run of runs) {
			expect(run.error).toBeUndefined();
			expect(ids(run.json(NODE))).toEqual(expected);
		}
		const requests = invoiceRequests(limited, position);
		expect(requests.filter((entry) => entry.status === 429)).toEqual([]);
		expect(requests.filter((entry) => entry.status === 200 && !isEndCheck(entry))).toHaveLength(
			3 * Math.ceil(count / 200),
		);
		expect(busiestMinute(requests)).toBeLessThanOrEqual(LIMIT);
	});

	it('single requests (Get) of that business count against the same budget', async () => {
		const invoice = limited.sandbox.dataset.createRecord(limited.sandbox.dataset.leadBusinessId, 'sales_invoices');
		const position = limited.sandbox.log.entries().length;
		const gets = await Promise.all(
			Array.from({ length: 2 * LIMIT + 1 }, async () =>
				limited.runNode({
					resource: 'salesInvoice',
					operation: 'get',
					id: { __rl: true, mode: 'id', value: String(invoice.id) },
					requestOptions: { maxRequestsPerMinute: LIMIT },
				}),
			),
		);
		for (const run of gets) expect(run.error).toBeUndefined();
		const requests = limited.apiRequestsSince(position).filter((entry) => entry.path.startsWith('/sales_invoices/'));
		expect(requests.filter((entry) => entry.status === 429)).toEqual([]);
		expect(requests.filter((entry) => entry.status === 200)).toHaveLength(2 * LIMIT + 1);
		expect(busiestMinute(requests)).toBeLessThanOrEqual(LIMIT);
	});

	it('a 429 holds every waiting request of the business, in every execution, until its Retry-After has passed', async () => {
		limited.sandbox.faults.inject({ kind: '429', retryAfter: 30, skip: 4, pathPrefix: '/sales_invoices' });
		const position = limited.sandbox.log.entries().length;
		const runs = await Promise.all(
			Array.from({ length: 2 }, async () => await limited.runNode(getAll({ maxRequestsPerMinute: 1000 }))),
		);
		for (const run of runs) expect(run.error).toBeUndefined();
		const requests = invoiceRequests(limited, position);
		// Requests already on their way may arrive; none started after the 429 arrived before Retry-After.
		const held = heldBy(requests, 429, 30, 2 * 3);
		expect(held.refused).toBeGreaterThan(0);
		expect(held.tooEarly).toEqual([]);
	});
});

describe('records created and deleted while the list is read', () => {
	it.each([
		['Concurrent Requests 1', { concurrentRequests: 1 }, {}],
		['Concurrent Requests 3', { concurrentRequests: 3 }, {}],
		['Concurrent Requests 5', { concurrentRequests: 5 }, {}],
		[
			'newest first (new records come first: every page moves on)',
			{ concurrentRequests: 3 },
			{ options: { sort: 'date:desc' } },
		],
	])('%s: every record present throughout is output exactly once', async (_case, requestOptions, extra) => {
		const path = 'options' in extra ? '/sales_invoices?sort=date:desc' : '/sales_invoices';
		const before = await env.allIdsDirect(path);
		const deleted = new Set<string>();
		const created = new Set<string>();
		const lead = env.sandbox.dataset.leadBusinessId;
		const remove = (id: string) => {
			env.sandbox.dataset.deleteRecord(lead, 'sales_invoices', id);
			deleted.add(id);
		};
		const create = () => created.add(env.sandbox.dataset.createRecord(lead, 'sales_invoices').id as string);

		const position = env.sandbox.log.entries().length;
		// After the first pages: records go from pages already read (everything after them moves
		// back) and from pages not read yet, and new ones arrive.
		const stopFirst = whenRequests(env, position, 3, () => {
			for (const id of before.slice(10, 15)) remove(id);
			remove(before[450]);
			create();
			create();
		});
		const stopSecond = whenRequests(env, position, 7, () => {
			for (const id of before.slice(205, 208)) remove(id);
			create();
		});
		const result = await env.runNode(getAll(requestOptions, extra));
		stopFirst();
		stopSecond();
		expect(result.error).toBeUndefined();
		expect(deleted.size).toBe(9);

		const output = ids(result.json(NODE));
		expect(new Set(output).size).toBe(output.length);
		const present = before.filter((id) => !deleted.has(id));
		const seen = new Set(output);
		expect(present.filter((id) => !seen.has(id))).toEqual([]);
		const known = new Set(before);
		expect(output.filter((id) => !known.has(id) && !created.has(id))).toEqual([]);
		// The records present throughout keep the service's order.
		expect(output.filter((id) => present.includes(id))).toEqual(present);
		// The read noticed and re-read what may have moved.
		expect(invoiceRequests(env, position).length).toBeGreaterThan(Math.ceil(before.length / 200));
	});
});

describe('faults mid-read', () => {
	it('a 429: that page is read again once its Retry-After has passed, every record once, in order', async () => {
		const expected = await env.allIdsDirect('/sales_invoices');
		env.sandbox.faults.inject({ kind: '429', retryAfter: 1, skip: 4, pathPrefix: '/sales_invoices' });
		quietSeconds(env);
		const position = env.sandbox.log.entries().length;
		const started = transportClock().now();
		const result = await env.runNode(getAll({ concurrentRequests: 3 }));
		expect(ids(result.json(NODE))).toEqual(expected);
		expect(transportClock().now() - started).toBeGreaterThanOrEqual(1000);

		const requests = invoiceRequests(env, position);
		const limited = requests.findIndex((entry) => entry.status === 429);
		expect(limited).toBeGreaterThan(0);
		const after = requests.slice(limited + 1);
		expect(after.filter((entry) => entry.path === requests[limited].path).map((entry) => entry.status)).toEqual([200]);
		const served = requests.filter((entry) => entry.status === 200 && !isEndCheck(entry)).map((entry) => entry.path);
		expect(new Set(served).size).toBe(Math.ceil(expected.length / 200));
		expect(served).toHaveLength(Math.ceil(expected.length / 200));
	});

	it('a dropped connection: that page is read again, every record once, in order', async () => {
		const expected = await env.allIdsDirect('/sales_invoices');
		env.sandbox.faults.inject({ kind: 'reset', skip: 5, pathPrefix: '/sales_invoices' });
		quietSeconds(env);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(getAll({ concurrentRequests: 3, maxRetries: 2, maxWaitSeconds: 1 }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json(NODE))).toEqual(expected);
		const requests = invoiceRequests(env, position);
		const reset = requests.find((entry) => entry.fault === 'reset')!;
		expect(reset.status).toBeNull();
		expect(requests.filter((entry) => entry.path === reset.path).map((entry) => entry.status)).toEqual([null, 200]);
		expect(requests.filter((entry) => entry.status === 200 && !isEndCheck(entry))).toHaveLength(
			Math.ceil(expected.length / 200),
		);
	});

	it('a page that keeps failing fails the whole read loudly, with no items', async () => {
		env.sandbox.faults.inject({ kind: '503', count: 10, skip: 3, pathPrefix: '/sales_invoices' });
		const result = await env.runNode(getAll({ concurrentRequests: 3, maxRetries: 1, maxWaitSeconds: 1 }));
		expect(result.error?.name).toBe('NodeApiError');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('503');
		expect(result.json(NODE)).toHaveLength(0);
	});
});

describe('an access token that expires mid-read', () => {
	it.each([3, 5])(
		'Concurrent Requests %i: the requests that meet the 401 wait for one renewal, then every record',
		async (concurrency) => {
			const expected = await env.allIdsDirect('/sales_invoices');
			// Each request waits 300 ms before the service checks its token, so that several requests
			// are on their way when the token runs out.
			env.sandbox.faults.inject({ kind: 'slow', delayMs: 300, count: 1000, pathPrefix: '/sales_invoices' });
			const refreshes = env.store.refreshCount(env.credential.id);
			const position = env.sandbox.log.entries().length;
			const stop = whenRequests(env, position, concurrency + 1, () => env.sandbox.clock.advance(301));
			const result = await env.runNode(getAll({ concurrentRequests: concurrency }));
			stop();
			expect(result.error).toBeUndefined();
			expect(ids(result.json(NODE))).toEqual(expected);

			const entries = env.sandbox.log.entries().slice(position);
			const renewals = entries.filter((entry: LogEntry) => entry.path.endsWith('/token'));
			expect(renewals.map((entry: LogEntry) => [entry.grantType, entry.status])).toEqual([['refresh_token', 200]]);
			expect(env.store.refreshCount(env.credential.id)).toBe(refreshes + 1);
			const expired = invoiceRequests(env, position).filter((entry) => entry.status === 401);
			// Several requests met the expired token at once; all of them waited for the one renewal.
			expect(expired.length).toBeGreaterThanOrEqual(2);
			expect(expired.length).toBeLessThanOrEqual(concurrency);
			const served = pageRequests(env, position).filter((entry) => entry.status === 200);
			expect(served).toHaveLength(Math.ceil(expected.length / 200));
		},
	);
});
