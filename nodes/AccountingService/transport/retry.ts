/**
 * When and how long to wait before repeating a request that failed for a passing reason:
 * the service asked to slow down (429), a gateway had a hiccup (502/503/504), or the
 * connection dropped. Whether a failure may be repeated depends on what repeating it can do
 * (`RepeatSafety`): this module is the one place that decides.
 */
export interface RetryPolicy {
	/** Repeats after the first attempt; 0 turns retrying off. */
	maxRetries: number;
	/** Longest single wait, also for a Retry-After the service asks for. */
	maxWaitMs: number;
	/** First backoff step; it doubles on each retry. */
	baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, maxWaitMs: 60_000, baseDelayMs: 500 };

/**
 * What repeating a request can do to the books, a property of every request:
 * - `read`: nothing (GET). Repeated after 429, 502, 503, 504 and a dropped connection.
 * - `idempotent`: a create carrying an `idempotency_id`; the service answers a repeat with the
 *   record the first attempt made. Repeated like a read, even when the first attempt's outcome
 *   is unknown (a connection reset or timeout, a 502 or 504 from a gateway).
 * - `write`: any other change (a create without an idempotency_id, an update, a delete, a
 *   release). Repeated only where the service said it did not process it: 429 (rate limited) and
 *   503 (RFC 9110: the server is unable to handle the request). After a dropped connection, a 502
 *   or a 504 it may have happened, so it is never repeated.
 */
export type RepeatSafety = 'read' | 'idempotent' | 'write';

/** GET reads; a create with an idempotency_id is idempotent; every other method is a write. */
export function repeatSafetyOf(method: string | undefined, idempotencyId?: boolean): RepeatSafety {
	if ((method ?? 'GET').toUpperCase() === 'GET') return 'read';
	return idempotencyId ? 'idempotent' : 'write';
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/** Statuses that say the request was not processed, so even a plain write may be repeated. */
const NOT_PROCESSED_STATUS = new Set([429, 503]);
const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'EPIPE',
	'ETIMEDOUT',
	'ECONNABORTED',
	'UND_ERR_SOCKET',
	'UND_ERR_CLOSED',
]);

interface FailureShape {
	code?: string;
	message?: string;
	httpCode?: string | null;
	response?: { status?: number; headers?: Record<string, unknown> };
	cause?: FailureShape;
}

/**
 * The HTTP status, Retry-After header, the answer's own time (its Date) and network error code,
 * wherever the helper put them.
 */
export function describeFailure(error: unknown): {
	status?: number;
	retryAfter?: string;
	answeredAt?: number;
	networkCode?: string;
} {
	const chain: FailureShape[] = [];
	for (let current = error as FailureShape | undefined; current && chain.length < 5; current = current.cause) {
		chain.push(current);
	}
	const response = chain.find((link) => link.response)?.response;
	const status = response?.status ?? Number(chain.find((link) => link.httpCode)?.httpCode ?? NaN);
	const header = response?.headers?.['retry-after'] ?? response?.headers?.['Retry-After'];
	const date = response?.headers?.date ?? response?.headers?.Date;
	const answeredAt = Date.parse(Array.isArray(date) ? String(date[0]) : String(date ?? ''));
	// n8n before 2.34 drops the cause (and the response); the network code survives in httpCode.
	const networkCode = chain
		.flatMap((link) => [link.code, link.httpCode ?? undefined])
		.find((code): code is string => typeof code === 'string' && RETRYABLE_NETWORK_CODES.has(code));
	const hungUp = chain.some((link) => /socket hang up|ECONNRESET/i.test(link.message ?? ''));
	return {
		status: Number.isFinite(status) ? status : undefined,
		retryAfter: typeof header === 'string' ? header : Array.isArray(header) ? String(header[0]) : undefined,
		answeredAt: Number.isNaN(answeredAt) ? undefined : answeredAt,
		networkCode: networkCode ?? (hungUp && !response ? 'ECONNRESET' : undefined),
	};
}

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
	if (value === undefined) return undefined;
	const trimmed = value.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
	const date = Date.parse(trimmed);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Whether a failure may be repeated for a request of this safety: a passing failure, and for a
 * plain write one that the service says it did not process.
 */
export function isRepeatable(error: unknown, safety: RepeatSafety = 'read'): boolean {
	const { status, networkCode } = describeFailure(error);
	if (safety === 'write') return status !== undefined && NOT_PROCESSED_STATUS.has(status);
	return (status !== undefined && RETRYABLE_STATUS.has(status)) || (status === undefined && !!networkCode);
}

/** Statuses whose Retry-After says when the service will take requests again: too many (429), or down for a while (503). */
const ASKS_TO_WAIT = new Set([429, 503]);

/**
 * The wait the service asked for with a 429's or a 503's Retry-After, within `maxWaitMs`;
 * undefined when it asked for none. Every request of the business waits it (send.ts). An HTTP
 * date is the service's time: the wait is that date less the answer's own Date (RFC 9110),
 * whatever the difference between the service's clock and this process's (`now`, used only
 * when the answer has no Date).
 */
export function askedWaitMs(error: unknown, policy: RetryPolicy, now = Date.now()): number | undefined {
	const { status, retryAfter, answeredAt } = describeFailure(error);
	if (status === undefined || !ASKS_TO_WAIT.has(status)) return undefined;
	const asked = retryAfterMs(retryAfter, answeredAt ?? now);
	return asked === undefined ? undefined : Math.min(asked, policy.maxWaitMs);
}

/**
 * The wait before retry number `retry` (1-based), or undefined when the failure is not worth
 * repeating (for a request of this safety) or the retries are used up: the Retry-After of a 429
 * or 503 within Max Wait; without one, exponential backoff with jitter (between half and all of
 * the step, so parallel runs spread out).
 */
export function retryDelayMs(
	error: unknown,
	retry: number,
	policy: RetryPolicy,
	random: () => number = Math.random,
	safety: RepeatSafety = 'read',
	now = Date.now(),
): number | undefined {
	if (retry > policy.maxRetries) return undefined;
	if (!isRepeatable(error, safety)) return undefined;
	const asked = askedWaitMs(error, policy, now);
	if (asked !== undefined) return asked;
	const ceiling = Math.min(policy.maxWaitMs, policy.baseDelayMs * 2 ** (retry - 1));
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
