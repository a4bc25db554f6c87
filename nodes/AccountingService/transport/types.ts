import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { RetryPolicy } from './retry';

/** The service's maximum page size; Return All always asks for it to make the fewest requests. */
export const MAX_PAGE_SIZE = 200;

/** How a request goes at the service: pages read at once, and the business's budget. */
export interface ReadPace {
	/** Pages a read of a list reads at once after the first; 1 follows `$next` one page at a time. */
	concurrency: number;
	/**
	 * The most requests this process makes for the business in any 60 s, counted over every
	 * request of the package for that business (state.ts: one budget per business).
	 */
	perMinute: number;
}

/**
 * 200 requests in any 60 s is what the service documents for version 3, per business.
 * 3 pages at once: at 300 ms a request that reads 20,000 records about 3× faster than one at a
 * time, and spends the 200 of a minute in about 20 s (bench/RESULTS.md); more at once only
 * reaches the budget sooner.
 */
export const DEFAULT_READ_PACE: ReadPace = { concurrency: 3, perMinute: 200 };

export interface ApiRequest {
	method?: IHttpRequestMethods;
	/** Path below the base URL, ids already encoded; may carry a query (the service's `$next`). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** Business id for `X-Business`; absent means the user's lead business. */
	business?: string;
	itemIndex?: number;
	/** Defaults to JSON; files need `application/octet-stream`. */
	accept?: string;
	/** Set for file downloads: the body is returned unparsed, as a stream or a buffer. */
	encoding?: 'stream' | 'arraybuffer';
	/**
	 * How passing failures are retried. Which failures may be repeated follows from the request
	 * itself (`repeatSafetyOfRequest`): reads, creates carrying an idempotency_id, other writes.
	 */
	retry?: RetryPolicy;
	/** The business's budget for every request; pages at once for reads of lists. */
	pace?: ReadPace;
}

export interface ApiResponse<T> {
	body: T;
	headers: Record<string, string | string[] | undefined>;
	/** The business the service says it used (its `X-Business` response header). */
	business?: string;
}

export interface ListEnvelope<T = IDataObject> {
	$total: number;
	$page: number;
	$next: string | null;
	$back: string | null;
	$itemsPerPage: number;
	$items: T[];
}

export interface ListResponse extends ApiResponse<IDataObject[]> {
	/** The `$total` of the first page. */
	total: number;
	/**
	 * True when the list changed while it was paged through (`$total` differed between pages, or
	 * a page was not what was asked for). The read then re-read what may have shifted, so a record
	 * present for the whole read is in `body` once; the trigger still reads its window again.
	 */
	moved: boolean;
}

export function headerValue(
	headers: Record<string, string | string[] | undefined> | undefined,
	name: string,
): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}
