// The review brief: every read is bounded in time. A 429 or 503 names its own wait (Retry-After:
// seconds or an HTTP date, read against the answer's own Date): whatever a hostile service puts in
// those two headers — huge, negative, fractional, NaN, a date centuries ahead or behind, garbage —
// a wait is at most the policy's Max Wait, never negative, and a request retries at most Max Retries.
import * as fc from 'fast-check';

import {
	DEFAULT_RETRY_POLICY,
	askedWaitMs,
	retryDelayMs,
	type RetryPolicy,
} from '../../../nodes/AccountingService/transport/retry';

const httpDate = fc.integer({ min: -8.64e15, max: 8.64e15 }).map((at) => new Date(at).toUTCString());

const retryAfter = fc.oneof(
	fc.nat().map(String),
	fc.constantFrom('1e400', '-5', '-0', 'NaN', 'Infinity', '0.0001', '999999999999999999999999', ' 60 ', '', 'soon'),
	fc.double().map(String),
	fc.string({ maxLength: 12 }),
	httpDate,
);

const failure = (status: number, headers: Record<string, string | undefined>) => ({
	response: { status, headers },
});

const policy = fc.record<RetryPolicy>({
	maxRetries: fc.integer({ min: 0, max: 8 }),
	maxWaitMs: fc.integer({ min: 0, max: 600_000 }),
	baseDelayMs: fc.integer({ min: 0, max: 10_000 }),
});

describe('a Retry-After and Date a hostile service chose', () => {
	it('give a wait within Max Wait, never negative, and no retry past Max Retries', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(429, 503, 502, 504),
				fc.option(retryAfter, { nil: undefined }),
				fc.option(httpDate, { nil: undefined }),
				fc.oneof(policy, fc.constant(DEFAULT_RETRY_POLICY)),
				fc.integer({ min: 1, max: 10 }),
				fc.constantFrom('read', 'idempotent', 'write') as fc.Arbitrary<'read' | 'idempotent' | 'write'>,
				(status, after, date, chosen, retry, safety) => {
					const error = failure(status, { 'retry-after': after, date });
					const now = Date.now();
					const wait = retryDelayMs(error, retry, chosen, Math.random, safety, now);
					if (retry > chosen.maxRetries) expect(wait).toBeUndefined();
					if (wait !== undefined) {
						expect(Number.isFinite(wait)).toBe(true);
						expect(wait).toBeGreaterThanOrEqual(0);
						expect(wait).toBeLessThanOrEqual(chosen.maxWaitMs);
					}
					const asked = askedWaitMs(error, chosen, now);
					if (asked !== undefined) {
						expect(Number.isFinite(asked)).toBe(true);
						expect(asked).toBeGreaterThanOrEqual(0);
						expect(asked).toBeLessThanOrEqual(chosen.maxWaitMs);
					}
				},
			),
			{ numRuns: 500 },
		);
	});
});
