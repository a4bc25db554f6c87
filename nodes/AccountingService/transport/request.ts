import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import { sleep } from 'n8n-workflow';

import { CREDENTIAL_TYPE, credentialView, lostRefreshRace, refreshIfExpiring, type RequestContext } from './credential';
import { toServiceError } from './errors';
import type { ReadPace } from './read';
import { DEFAULT_RETRY_POLICY, repeatSafetyOf, retryDelayMs, type RepeatSafety, type RetryPolicy } from './retry';

/** The service's maximum page size; Return All always asks for it to make the fewest requests. */
export const MAX_PAGE_SIZE = 200;

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
	/**
	 * Reads of a list only (read.ts): how many pages at once, and how many requests a minute the
	 * read may make. Other requests are one per item and ignore it.
	 */
	pace?: ReadPace;
}

/**
 * What repeating this request can do (retry.ts): a GET reads; a POST whose record carries an
 * `idempotency_id` (`{ "<wrapper>": { "idempotency_id": … } }`) is recognised by the service when
 * repeated; anything else is a write that is repeated only when the service did not process it.
 */
export function repeatSafetyOfRequest(request: Pick<ApiRequest, 'method' | 'body'>): RepeatSafety {
	const records = Object.values(request.body ?? {});
	const carriesId =
		(request.method ?? 'GET').toUpperCase() === 'POST' &&
		records.length === 1 &&
		typeof (records[0] as IDataObject | null)?.idempotency_id === 'string';
	return repeatSafetyOf(request.method, carriesId);
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

export async function apiRequest(this: RequestContext, request: ApiRequest): Promise<ApiResponse<IDataObject>> {
	const view = await refreshIfExpiring(this, await credentialView(this));
	const { baseUrl } = view;
	const headers: IDataObject = { Accept: request.accept ?? 'application/json' };
	if (request.business) headers['X-Business'] = request.business;

	const options: IHttpRequestOptions = {
		method: request.method ?? 'GET',
		url: `${baseUrl}${request.path}`,
		headers,
		qs: request.qs,
		body: request.body,
		json: request.encoding === undefined,
		returnFullResponse: true,
		...(request.encoding ? { encoding: request.encoding } : {}),
	};

	const safety = repeatSafetyOfRequest(request);
	const policy = request.retry ?? DEFAULT_RETRY_POLICY;
	let racedRefresh = false;
	for (let retry = 1; ; retry++) {
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as {
				body: IDataObject;
				headers: Record<string, string | string[] | undefined>;
			};
			return {
				body: response.body,
				headers: response.headers,
				business: headerValue(response.headers, 'x-business'),
			};
		} catch (error) {
			if (!racedRefresh && (await lostRefreshRace(this, view, error))) {
				racedRefresh = true;
				continue;
			}
			const wait = retryDelayMs(error, retry, policy, Math.random, safety);
			if (wait === undefined) throw toServiceError(this.getNode(), error, request.itemIndex);
			await sleep(wait);
		}
	}
}

export function headerValue(
	headers: Record<string, string | string[] | undefined> | undefined,
	name: string,
): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}
