import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { NodeOperationError, sleep } from 'n8n-workflow';

import { toServiceError } from './errors';
import { DEFAULT_RETRY_POLICY, repeatSafetyOf, retryDelayMs, type RepeatSafety, type RetryPolicy } from './retry';

export const CREDENTIAL_TYPE = 'accountingServiceOAuth2Api';

/** The service's maximum page size; Return All always asks for it to make the fewest requests. */
export const MAX_PAGE_SIZE = 200;

export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

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

/** Refresh this long before the access token runs out (it lives 300 s), so no request meets a 401. */
export const REFRESH_AHEAD_MS = 60_000;

interface CredentialView {
	baseUrl: string;
	/** Only compared, to notice that another execution renewed the tokens meanwhile. */
	refreshToken?: unknown;
	/** When n8n (2.36 and newer) recorded that the access token expires; absent on older n8n. */
	expiresAt?: number;
}

const credentialViews = new WeakMap<RequestContext, Promise<CredentialView>>();

/** The credential is read once per execution context, and again only after a refresh. */
async function credentialView(context: RequestContext): Promise<CredentialView> {
	let view = credentialViews.get(context);
	if (!view) {
		view = context.getCredentials(CREDENTIAL_TYPE).then((credentials) => {
			const tokenData = credentials.oauthTokenData as IDataObject | undefined;
			const expiresAt = Number(tokenData?.n8n_expires_at);
			return {
				baseUrl: String(credentials.baseUrl ?? '').replace(/\/+$/, ''),
				refreshToken: tokenData?.refresh_token,
				expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
			};
		});
		credentialViews.set(context, view);
	}
	return await view;
}

/**
 * Renews the access token shortly before it expires, where n8n records the expiry. n8n-core
 * itself only renews after a 401, which costs one failed request every five minutes.
 * A failed renewal is left to that 401 path, which reports it to the user.
 */
async function refreshIfExpiring(context: RequestContext, view: CredentialView): Promise<CredentialView> {
	if (view.expiresAt === undefined || view.expiresAt - Date.now() > REFRESH_AHEAD_MS) return view;
	const helpers = context.helpers as Partial<IExecuteFunctions['helpers']>;
	if (typeof helpers.refreshOAuth2Token !== 'function') return view;
	try {
		await helpers.refreshOAuth2Token.call(context as IExecuteFunctions, CREDENTIAL_TYPE);
	} catch {
		const withoutAhead = { ...view, expiresAt: undefined };
		credentialViews.set(context, Promise.resolve(withoutAhead));
		return withoutAhead;
	}
	credentialViews.delete(context);
	const renewed = await credentialView(context);
	// n8n up to 2.27 (at least) keeps the old n8n_expires_at through its refresh: renewing ahead
	// again would renew before every request, so from here on leave it to the 401.
	if (renewed.expiresAt !== undefined && renewed.expiresAt - Date.now() <= REFRESH_AHEAD_MS) {
		const withoutAhead = { ...renewed, expiresAt: undefined };
		credentialViews.set(context, Promise.resolve(withoutAhead));
		return withoutAhead;
	}
	return renewed;
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
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as { body: IDataObject; headers: Record<string, string | string[] | undefined> };
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

/**
 * n8n up to 2.27 (all of 1.x) lets parallel executions renew the same credential at once; with
 * single-use refresh tokens all but one get `invalid_grant`. When the stored refresh token has
 * changed since this execution read it, another execution won that race: repeat once with its tokens.
 */
async function lostRefreshRace(context: RequestContext, used: CredentialView, error: unknown): Promise<boolean> {
	const text = error instanceof Error ? `${error.message} ${String((error as { description?: unknown }).description ?? '')}` : '';
	// n8n 1.x and 2.x before 2.27: the refusal is @n8n/client-oauth2's AuthError (httpCode EAUTH),
	// its text names neither invalid_grant nor reconnecting.
	const refused = /invalid_grant|reconnect/i.test(text) || (error as { httpCode?: unknown }).httpCode === 'EAUTH';
	if (!refused) return false;
	credentialViews.delete(context);
	const current = await credentialView(context);
	return current.refreshToken !== undefined && current.refreshToken !== used.refreshToken;
}

export interface ListResponse extends ApiResponse<IDataObject[]> {
	/** The `$total` of the first page. */
	total: number;
	/**
	 * True when the list changed while it was paged through (`$total` differed between pages, or a
	 * full read did not add up to it): a record may have slid from an unread page onto a read one.
	 */
	moved: boolean;
}

/** One page as a list envelope; anything else is the service answering out of contract. */
export async function apiRequestListPage(context: RequestContext, request: ApiRequest): Promise<{ page: ApiResponse<IDataObject>; envelope: ListEnvelope }> {
	const page = await apiRequest.call(context, request);
	const envelope = page.body as unknown as ListEnvelope;
	if (!Array.isArray(envelope?.$items) || typeof envelope.$total !== 'number') {
		throw new NodeOperationError(context.getNode(), `The service did not answer ${request.path.split('?')[0]} with a list`, {
			itemIndex: request.itemIndex,
		});
	}
	return { page, envelope };
}

/**
 * Reads a list by following the service's `$next` paths, which already carry the query
 * (page size, filters, search), so only the first request is built here.
 * With a limit, pages are only as large and as many as that limit needs.
 * `headers` and `business` are those of the first page.
 */
export async function apiRequestAllItems(
	this: RequestContext,
	request: ApiRequest,
	limit?: number,
): Promise<ListResponse> {
	const pageSize = limit === undefined ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
	const first = await apiRequestListPage(this, { ...request, qs: { ...request.qs, items_per_page: pageSize } });
	const total = first.envelope.$total;
	const items: IDataObject[] = [...first.envelope.$items];
	let moved = false;
	let next = first.envelope.$next;

	while (next && (limit === undefined || items.length < limit)) {
		const { envelope } = await apiRequestListPage(this, { ...request, path: next, qs: undefined });
		if (envelope.$total !== total) moved = true;
		for (const item of envelope.$items) items.push(item);
		next = envelope.$next;
	}
	if (limit === undefined && items.length !== total) moved = true;

	return {
		body: limit === undefined ? items : items.slice(0, limit),
		headers: first.page.headers,
		business: first.page.business,
		total,
		moved,
	};
}

export function headerValue(
	headers: Record<string, string | string[] | undefined> | undefined,
	name: string,
): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}
