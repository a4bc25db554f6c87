import { requestOptions } from '../../../nodes/AccountingService/descriptions/requestOptions';
import { DEFAULT_READ_PACE, repeatSafetyOfRequest } from '../../../nodes/AccountingService/transport';
import {
	MAX_CONCURRENT_REQUESTS,
	MAX_REQUESTS_PER_MINUTE,
} from '../../../nodes/AccountingService/helpers/parameterValues';
import {
	DEFAULT_RETRY_POLICY,
	describeFailure,
	isRepeatable,
	repeatSafetyOf,
	retryAfterMs,
	retryDelayMs,
} from '../../../nodes/AccountingService/transport/retry';

const httpFailure = (status: number, headers: Record<string, string> = {}) => ({
	httpCode: String(status),
	cause: { response: { status, headers } },
});
const networkFailure = (code: string) => ({ message: 'request failed', cause: { code, message: `connect ${code}` } });
const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxWaitMs: 5_000 };

describe('Retry-After', () => {
	it('reads seconds and HTTP dates', () => {
		expect(retryAfterMs('7')).toBe(7000);
		expect(retryAfterMs('0')).toBe(0);
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(retryAfterMs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
		expect(retryAfterMs('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
		expect(retryAfterMs('soon')).toBeUndefined();
		expect(retryAfterMs(undefined)).toBeUndefined();
	});

	it('a 429 waits what the service asks, capped by the policy', () => {
		expect(retryDelayMs(httpFailure(429, { 'retry-after': '2' }), 1, policy)).toBe(2000);
		expect(retryDelayMs(httpFailure(429, { 'retry-after': '3600' }), 1, policy)).toBe(5000);
	});

	it.each([-99_000, 0, 99_000])(
		'an HTTP date is read against the answer’s own Date, whatever n8n’s clock says (n8n %i ms off)',
		(offset) => {
			const answered = Date.parse('2026-11-22T10:00:00Z');
			const failure = httpFailure(503, {
				date: new Date(answered).toUTCString(),
				'retry-after': new Date(answered + 2000).toUTCString(),
			});
			expect(retryDelayMs(failure, 1, policy, Math.random, 'read', answered + offset)).toBe(2000);
		},
	);
});

describe('what is retried', () => {
	it.each([429, 502, 503, 504])('HTTP %i', (status) => {
		expect(retryDelayMs(httpFailure(status), 1, policy)).toBeGreaterThan(0);
	});

	it.each([400, 401, 403, 404, 406, 415, 422, 500])('not HTTP %i', (status) => {
		expect(retryDelayMs(httpFailure(status), 1, policy)).toBeUndefined();
	});

	it.each(['ECONNRESET', 'EPIPE', 'ETIMEDOUT'])('a dropped connection (%s)', (code) => {
		expect(describeFailure(networkFailure(code)).networkCode).toBe(code);
		expect(retryDelayMs(networkFailure(code), 1, policy)).toBeGreaterThan(0);
	});

	it('a connection dropped with only "socket hang up" to say so', () => {
		expect(describeFailure({ cause: { message: 'socket hang up' } }).networkCode).toBe('ECONNRESET');
	});

	it('not an unknown host (retrying cannot help)', () => {
		expect(retryDelayMs(networkFailure('ENOTFOUND'), 1, { ...policy })).toBeUndefined();
	});

	it('stops after the policy’s retries, and never with retries off', () => {
		expect(retryDelayMs(httpFailure(503), policy.maxRetries, policy)).toBeGreaterThan(0);
		expect(retryDelayMs(httpFailure(503), policy.maxRetries + 1, policy)).toBeUndefined();
		expect(retryDelayMs(httpFailure(503), 1, { ...policy, maxRetries: 0 })).toBeUndefined();
	});
});

describe('backoff', () => {
	it('doubles each step, with jitter between half and all of it, and never beyond the cap', () => {
		const at = (retry: number, random: number) => retryDelayMs(httpFailure(503), retry, policy, () => random);
		expect([at(1, 0), at(1, 1)]).toEqual([50, 100]);
		expect([at(2, 0), at(2, 1)]).toEqual([100, 200]);
		expect([at(3, 0), at(3, 1)]).toEqual([200, 400]);
		expect(at(10, 1)).toBeUndefined();
		expect(retryDelayMs(httpFailure(503), 4, { ...policy, maxRetries: 10, maxWaitMs: 300 }, () => 1)).toBe(300);
	});
});

it('the node’s Request Options defaults are the transport’s retry policy and read pace, and their bounds the checks’', () => {
	const options = requestOptions.options as Array<{ name: string; default: number; typeOptions: { maxValue: number } }>;
	const defaults = Object.fromEntries(options.map((option) => [option.name, option.default]));
	expect(defaults).toEqual({
		concurrentRequests: DEFAULT_READ_PACE.concurrency,
		maxRequestsPerMinute: DEFAULT_READ_PACE.perMinute,
		maxRetries: DEFAULT_RETRY_POLICY.maxRetries,
		maxWaitSeconds: DEFAULT_RETRY_POLICY.maxWaitMs / 1000,
	});
	const maxima = Object.fromEntries(options.map((option) => [option.name, option.typeOptions.maxValue]));
	expect(maxima.concurrentRequests).toBe(MAX_CONCURRENT_REQUESTS);
	expect(maxima.maxRequestsPerMinute).toBe(MAX_REQUESTS_PER_MINUTE);
});

describe('what is repeated, per kind of request (the transport derives it from the request)', () => {
	const unknownOutcome: Array<[string, unknown]> = [
		['a connection reset', networkFailure('ECONNRESET')],
		['a timeout', networkFailure('ETIMEDOUT')],
		['a socket hang up', { cause: { message: 'socket hang up' } }],
		['HTTP 502', httpFailure(502)],
		['HTTP 504', httpFailure(504)],
	];
	const notProcessed: Array<[string, unknown]> = [
		['HTTP 429', httpFailure(429)],
		['HTTP 503', httpFailure(503)],
	];
	const never: Array<[string, unknown]> = [
		['HTTP 400', httpFailure(400)],
		['HTTP 403', httpFailure(403)],
		['HTTP 404', httpFailure(404)],
		['HTTP 409', httpFailure(409)],
		['HTTP 422', httpFailure(422)],
		['HTTP 500', httpFailure(500)],
	];

	it.each([...unknownOutcome, ...notProcessed])('a read after %s', (_case, failure) => {
		expect(isRepeatable(failure, 'read')).toBe(true);
	});

	it.each([...unknownOutcome, ...notProcessed])('a create with an idempotency_id after %s', (_case, failure) => {
		expect(isRepeatable(failure, 'idempotent')).toBe(true);
		expect(retryDelayMs(failure, 1, policy, () => 1, 'idempotent')).toBeGreaterThan(0);
	});

	it.each(notProcessed)('any write after %s (the service did not process it)', (_case, failure) => {
		expect(isRepeatable(failure, 'write')).toBe(true);
		expect(retryDelayMs(failure, 1, policy, () => 1, 'write')).toBeGreaterThan(0);
	});

	it.each(unknownOutcome)('never a plain write after %s (it may have happened)', (_case, failure) => {
		expect(isRepeatable(failure, 'write')).toBe(false);
		expect(retryDelayMs(failure, 1, policy, () => 1, 'write')).toBeUndefined();
	});

	it.each(never)('nothing after %s', (_case, failure) => {
		for (const safety of ['read', 'idempotent', 'write'] as const) expect(isRepeatable(failure, safety)).toBe(false);
	});

	it('a write waits the Retry-After of a 429 like a read, within the policy', () => {
		expect(retryDelayMs(httpFailure(429, { 'retry-after': '2' }), 1, policy, Math.random, 'write')).toBe(2000);
		expect(retryDelayMs(httpFailure(503), policy.maxRetries + 1, policy, Math.random, 'write')).toBeUndefined();
	});

	it.each([
		['GET', undefined, 'read'],
		[
			'POST',
			{ sales_invoice: { idempotency_id: '0123456789abcdef0123456789abcdef', date: '2024-01-01' } },
			'idempotent',
		],
		['POST', { sales_invoice: { date: '2024-01-01' } }, 'write'],
		['POST', undefined, 'write'],
		// The service's idempotency guide: POST and PUT.
		['PUT', { sales_invoice: { idempotency_id: '0123456789abcdef0123456789abcdef' } }, 'idempotent'],
		['PUT', { sales_invoice: { notes: 'no id' } }, 'write'],
		['DELETE', undefined, 'write'],
	] as const)('%s %j is a %s', (method, body, safety) => {
		expect(repeatSafetyOfRequest({ method, body })).toBe(safety);
		expect(repeatSafetyOf(method, safety === 'idempotent')).toBe(safety);
	});
});
