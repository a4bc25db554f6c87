import { useConnectedSandbox, type LogEntry } from './connected-sandbox';

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
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', returnAll: true, ...fastRetries });
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
		const expired = failed.filter((entry: LogEntry) => entry.status === 401);
		expect(expired).toHaveLength(1);
		expect(env.store.refreshCount(env.credential.id)).toBe(1);
		const served = requests.filter((entry: LogEntry) => entry.status === 200).map((entry: LogEntry) => entry.path);
		expect(served).toHaveLength(pages);
		expect(new Set(served).size).toBe(pages);
	});

	it('a Return All spanning 20 minutes of tokens that last 5: at most one failed request per expiry', async () => {
		const expected = await env.allIdsDirect('/sales_invoices');
		const position = env.sandbox.log.entries().length;
		const stop = slowClock(110, position);
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', returnAll: true });
		stop();
		expect(result.json(NODE).map((item) => item.id)).toEqual(expected);
		const requests = env.apiRequestsSince(position);
		const spanSeconds = requests.length * 110;
		const expired = requests.filter((entry: LogEntry) => entry.status === 401).length;
		expect(spanSeconds).toBeGreaterThan(1200);
		expect(expired).toBeGreaterThan(0);
		expect(expired).toBeLessThanOrEqual(Math.ceil(spanSeconds / 300));
		expect(env.store.refreshCount(env.credential.id)).toBe(expired + 1);
	});

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
		const repeated = await env.runNode({ resource: 'user', operation: 'update', updateFields: { last_name: 'Twice' }, ...fastRetries });
		expect(repeated.error).toBeUndefined();
		expect(env.apiRequestsSince(position).filter((entry: LogEntry) => entry.method === 'PUT').map((entry: LogEntry) => entry.status)).toEqual([503, 200]);

		env.sandbox.faults.inject({ kind: 'reset', count: 1, pathPrefix: '/user' });
		position = env.sandbox.log.entries().length;
		const dropped = await env.runNode({ resource: 'user', operation: 'update', updateFields: { last_name: 'Once' }, ...fastRetries });
		expect(dropped.error?.name).toBe('NodeApiError');
		expect(env.apiRequestsSince(position).filter((entry: LogEntry) => entry.method === 'PUT')).toHaveLength(1);
	});
});
