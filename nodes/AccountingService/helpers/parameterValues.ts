import type { IDataObject } from 'n8n-workflow';

import { LEAD_BUSINESS } from '../descriptions/business';
import { DEFAULT_READ_PACE, type ReadPace } from '../transport/types';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../transport/retry';
import { describeValue, toWholeNumberBetween } from './values';

// The trigger reads the service's date-time format from here.
export { serviceDateTime } from './values';

/**
 * Checks of parameter values that the action node and the trigger node share. Each node reports
 * a problem its own way (the action node names the item), so the caller passes `fail`.
 */
export type Fail = (field: string, problem: string) => never;

const BUSINESS_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** `undefined` means the lead business: no X-Business header is sent. */
export function businessIdFrom(value: unknown, fail: Fail): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string') fail('Business', `expected a business ID, got ${describeValue(value)}`);
	const business = value.trim();
	if (business === LEAD_BUSINESS) return undefined;
	if (!BUSINESS_ID.test(business)) fail('Business', 'a business ID has letters, digits, "-" or "_" only');
	return business;
}

/** The retry policy the "Request Options" collection asks for, defaults filled in. */
export function retryPolicyFrom(chosen: IDataObject, fail: Fail): RetryPolicy {
	const whole = wholeNumberSetting(chosen, fail);
	return {
		...DEFAULT_RETRY_POLICY,
		maxRetries: whole('maxRetries', 'Max Retries', DEFAULT_RETRY_POLICY.maxRetries, 0, 10),
		maxWaitMs: whole('maxWaitSeconds', 'Max Wait (Seconds)', DEFAULT_RETRY_POLICY.maxWaitMs / 1000, 0, 600) * 1000,
	};
}

/** How a read of several pages goes at the service (the "Request Options" collection), defaults filled in. */
export function readPaceFrom(chosen: IDataObject, fail: Fail): ReadPace {
	const whole = wholeNumberSetting(chosen, fail);
	return {
		concurrency: whole(
			'concurrentRequests',
			'Concurrent Requests',
			DEFAULT_READ_PACE.concurrency,
			1,
			MAX_CONCURRENT_REQUESTS,
		),
		perMinute: whole(
			'maxRequestsPerMinute',
			'Max Requests per Minute',
			DEFAULT_READ_PACE.perMinute,
			1,
			MAX_REQUESTS_PER_MINUTE,
		),
	};
}

export const MAX_CONCURRENT_REQUESTS = 10;
export const MAX_REQUESTS_PER_MINUTE = 60_000;

/** Reads a whole-number setting of a "Request Options" collection, its default when it is not set. */
function wholeNumberSetting(chosen: IDataObject, fail: Fail) {
	return (name: string, label: string, fallback: number, min: number, max: number) =>
		toWholeNumberBetween(chosen[name] ?? fallback, min, max, (problem) => fail(label, problem));
}
