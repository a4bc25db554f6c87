import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();
afterEach(() => {
	env.sandbox.faults.clear();
});

/** Moves the sandbox clock once the run has made `afterRequests` API requests, as if the run took that long. */
function expireTokenAfter(afterRequests: number, position: number) {
	const timer = setInterval(() => {
		if (env.apiRequestsSince(position).length >= afterRequests) {
			env.sandbox.clock.advance(301);
			clearInterval(timer);
		}
	}, 1);
	return () => clearInterval(timer);
}

/** Each API request of the run takes `seconds` of sandbox time, as on a slow connection. */
function slowClock(seconds: number, position: number) {
	let seen = 0;
	const timer = setInterval(() => {
		const now = env.apiRequestsSince(position).length;
		if (now > seen) env.sandbox.clock.advance((now - seen) * seconds);
		seen = now;
	}, 1);
	return () => clearInterval(timer);
}

const fastRetries = { requestOptions: { maxRetries: 5, maxWaitSeconds: 1 } };

describe('Return All through faults', () => {
	it('429s, a 503 burst, a connection reset and a token expiry mid-run: every record once, failed pages resumed', async () => {
		const expected = await env.allIdsDirect('/sales_invoices');
		const pages = Math.ceil(expected.length / 200);
		env.sandbox.faults.inject({ kind: '429', count: 2, retryAfter: 0, skip: 2, pathPrefix: '/sales_invoices' });
		env.sandbox.faults.inject({ kind: '503', count: 3, skip: 1, pathPrefix: '/sales_invoices' });
		env.sandbox.faults.inject({ kind: 'reset', count: 1, skip: 1, pathPrefix: '/sales_invoices' });

		const position = env.sandbox.log.entries().length;
		const stopWatching = expireTokenAfter(8, position);
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			output: 'raw',
			...fastRetries,
		});
		stopWatching();

		expect(result.error).toBeUndefined();
		const ids = result.json(NODE).map((item) => item.id as string);
		expect(ids).toHaveLength(expected.length);
		expect(new Set(ids).size).toBe(expected.length);
		expect(ids).toEqual(expected);

		const requests = env.apiRequestsSince(position);
		const failed = requests.filter((entry: LogEntry) => entry.status !== 200);
		const faulted = requests.filter((entry: LogEntry) => entry.fault);
		expect(faulted.map((entry: LogEntry) => entry.fault)).toEqual(['429', '429', '503', '503', '503', 'reset']);
		// The requests on their way when the token ran out (at most the 3 concurrent ones) met the
		// 401 and waited for one renewal.
		const expired = failed.filter((entry: LogEntry) => entry.status === 401);
		expect(expired.length).toBeGreaterThanOrEqual(1);
		expect(expired.length).toBeLessThanOrEqual(3);
		expect(env.store.refreshCount(env.credential.id)).toBe(1);
		// Pages, not the one-record reads of their ends that follow them (transport/read.ts).
		const served = requests
			.filter((entry: LogEntry) => entry.status === 200 && !/[?&]items_per_page=1(&|$)/.test(entry.path))
			.map((entry: LogEntry) => entry.path);
		expect(served).toHaveLength(pages);
		expect(new Set(served).size).toBe(pages);
	});

	it.each([1, 3])(
		'a Return All spanning 20 minutes of tokens that last 5 (Concurrent Requests %i): one renewal per expiry, at most one failed request per concurrent request',
		async (concurrency) => {
			// The case before may have left the stored token past its life (sandbox time ran on): a
			// read through the node renews it before the direct read below uses it.
			await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 1 });
			const expected = await env.allIdsDirect('/sales_invoices');
			const refreshes = env.store.refreshCount(env.credential.id);
			const position = env.sandbox.log.entries().length;
			const stop = slowClock(110, position);
			const result = await env.runNode({
				resource: 'salesInvoice',
				operation: 'getAll',
				returnAll: true,
				output: 'raw',
				requestOptions: { concurrentRequests: concurrency },
			});
			stop();
			expect(result.json(NODE).map((item) => item.id)).toEqual(expected);
			const requests = env.apiRequestsSince(position);
			const spanSeconds = requests.length * 110;
			const expired = requests.filter((entry: LogEntry) => entry.status === 401).length;
			const renewals = env.sandbox.log
				.entries()
				.slice(position)
				.filter((entry) => entry.path.endsWith('/token'));
			expect(spanSeconds).toBeGreaterThan(1200);
			expect(renewals.length).toBeGreaterThan(0);
			expect(renewals.length).toBeLessThanOrEqual(Math.ceil(spanSeconds / 300));
			expect(renewals.every((entry) => entry.status === 200)).toBe(true);
			expect(expired).toBeLessThanOrEqual(renewals.length * concurrency);
			if (concurrency === 1) expect(expired).toBe(renewals.length);
			expect(env.store.refreshCount(env.credential.id)).toBe(refreshes + renewals.length);
		},
	);

	it('with retries off, the first 503 fails the run loudly instead of returning a short list', async () => {
		env.sandbox.faults.inject({ kind: '503', count: 1, skip: 3, pathPrefix: '/sales_invoices' });
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			requestOptions: { maxRetries: 0 },
		});
		expect(result.error?.name).toBe('NodeApiError');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('503');
		expect(result.json(NODE)).toHaveLength(0);
	});

	it('a change (PUT) is repeated after a 503, which says it was not processed, never after a dropped connection', async () => {
		env.sandbox.faults.inject({ kind: '503', count: 1, pathPrefix: '/user' });
		let position = env.sandbox.log.entries().length;
		const repeated = await env.runNode({
			resource: 'user',
			operation: 'update',
			updateFields: { last_name: 'Twice' },
			...fastRetries,
		});
		expect(repeated.error).toBeUndefined();
		expect(
			env
				.apiRequestsSince(position)
				.filter((entry: LogEntry) => entry.method === 'PUT')
				.map((entry: LogEntry) => entry.status),
		).toEqual([503, 200]);

		env.sandbox.faults.inject({ kind: 'reset', count: 1, pathPrefix: '/user' });
		position = env.sandbox.log.entries().length;
		const dropped = await env.runNode({
			resource: 'user',
			operation: 'update',
			updateFields: { last_name: 'Once' },
			...fastRetries,
		});
		expect(dropped.error?.name).toBe('NodeApiError');
		expect(env.apiRequestsSince(position).filter((entry: LogEntry) => entry.method === 'PUT')).toHaveLength(1);
	});
});
