/**
 * When and how long to wait before repeating a request that failed for a passing reason:
 * the service asked to slow down (429), a gateway had a hiccup (502/503/504), or the
 * connection dropped. Only requests that are safe to repeat are retried.
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

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
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

/** The HTTP status, Retry-After header and network error code, wherever the helper put them. */
export function describeFailure(error: unknown): { status?: number; retryAfter?: string; networkCode?: string } {
	const chain: FailureShape[] = [];
	for (let current = error as FailureShape | undefined; current && chain.length < 5; current = current.cause) {
		chain.push(current);
	}
	const response = chain.find((link) => link.response)?.response;
	const status = response?.status ?? Number(chain.find((link) => link.httpCode)?.httpCode ?? NaN);
	const header = response?.headers?.['retry-after'] ?? response?.headers?.['Retry-After'];
	// n8n before 2.34 drops the cause (and the response); the network code survives in httpCode.
	const networkCode = chain
		.flatMap((link) => [link.code, link.httpCode ?? undefined])
		.find((code): code is string => typeof code === 'string' && RETRYABLE_NETWORK_CODES.has(code));
	const hungUp = chain.some((link) => /socket hang up|ECONNRESET/i.test(link.message ?? ''));
	return {
		status: Number.isFinite(status) ? status : undefined,
		retryAfter: typeof header === 'string' ? header : Array.isArray(header) ? String(header[0]) : undefined,
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
 * The wait before retry number `retry` (1-based), or undefined when the failure is not worth
 * repeating or the retries are used up. Without Retry-After: exponential backoff with jitter (between half and all of the step, so parallel runs spread out).
 */
export function retryDelayMs(
	error: unknown,
	retry: number,
	policy: RetryPolicy,
	random: () => number = Math.random,
): number | undefined {
	if (retry > policy.maxRetries) return undefined;
	const { status, retryAfter, networkCode } = describeFailure(error);
	const retryable = (status !== undefined && RETRYABLE_STATUS.has(status)) || (status === undefined && networkCode);
	if (!retryable) return undefined;
	const asked = status === 429 ? retryAfterMs(retryAfter) : undefined;
	if (asked !== undefined) return Math.min(asked, policy.maxWaitMs);
	const ceiling = Math.min(policy.maxWaitMs, policy.baseDelayMs * 2 ** (retry - 1));
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
