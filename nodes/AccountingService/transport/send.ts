import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { budgetFor, noteLeadBusiness, processState } from '../state';
import {
	canRenew,
	credentialKey,
	credentialView,
	knownSecrets,
	lostRefreshRace,
	refreshIfExpiring,
	renewOnce,
	storedCredential,
	type CredentialView,
	type RequestContext,
} from './credential';
import { boundedRequest, signed } from './bounded-request';
import { toServiceError, withBodyRead } from './errors';
import { refuseWriteWithoutFullAccess } from './scope';
import { NO_REDIRECTS, staysOnService } from './redirects';
import {
	DEFAULT_RETRY_POLICY,
	askedWaitMs,
	describeFailure,
	repeatSafetyOf,
	retryDelayMs,
	type RepeatSafety,
} from './retry';
import { DEFAULT_READ_PACE, headerValue, type ApiRequest } from './types';

export interface RawResponse {
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
	statusCode: number;
	/** The answer's size as read (a JSON answer's bytes): what a read of many pages counts against its bound. */
	bytes?: number;
}

/**
 * Who renews the token when the service answers 401:
 * - `n8n`: n8n-core's own path (it renews and repeats the request once); for single requests,
 *   whose bodies and streams n8n knows how to repeat or not.
 * - `transport`: this module, through the one renewal per credential (credential.ts); for the
 *   pages of a read, so that n8n never renews inside one of several parallel requests.
 */
export type Renewal = 'n8n' | 'transport';

/**
 * What repeating this request can do (retry.ts): a GET reads; a POST or PUT whose record carries
 * an `idempotency_id` (`{ "<wrapper>": { "idempotency_id": … } }`) is recognised by the service
 * when repeated; anything else is a write that is repeated only when the service did not process it.
 */
export function repeatSafetyOfRequest(request: Pick<ApiRequest, 'method' | 'body'>): RepeatSafety {
	const records = Object.values(request.body ?? {});
	const carriesId =
		['POST', 'PUT'].includes((request.method ?? 'GET').toUpperCase()) &&
		records.length === 1 &&
		typeof (records[0] as IDataObject | null)?.idempotency_id === 'string';
	return repeatSafetyOf(request.method, carriesId);
}

/**
 * Every request to the service goes out here, once per attempt: its turn in the business's
 * budget (state.ts), a token renewed ahead of its expiry, n8n's signed request, then the answer
 * or the retries its failure allows (retry.ts). A 429 holds every waiting request of the
 * business until its Retry-After has passed. All waiting is on the process clock, which tests
 * replace. Failures become the service's error (errors.ts), never n8n's, which carries the token.
 */
export async function send(context: RequestContext, request: ApiRequest, renewal: Renewal): Promise<RawResponse> {
	await refuseWriteWithoutFullAccess(context, request);
	const safety = repeatSafetyOfRequest(request);
	const policy = request.retry ?? DEFAULT_RETRY_POLICY;
	const perMinute = request.pace?.perMinute ?? DEFAULT_READ_PACE.perMinute;
	const credential = credentialKey(context);
	let unauthorized = 0;
	let racedRefresh = false;
	for (let retry = 1; ;) {
		stopIfCancelled(context, request);
		const view = await refreshIfExpiring(context, await credentialView(context));
		if (!staysOnService(view.baseUrl, request.path)) {
			throw new NodeOperationError(
				context.getNode(),
				`A request to ${request.path} was not sent: it would leave the service’s host`,
				{
					itemIndex: request.itemIndex,
					description: 'Requests carry the credential, so they go to the base URL’s host only.',
				},
			);
		}
		const budget = budgetFor(view.baseUrl, credential, request.business);
		await budget.take(perMinute);
		let failure: unknown;
		try {
			const options = requestOptions(view, request, renewal);
			const response = await boundedRequest(
				context,
				request,
				options,
				// n8n never renews inside the transport's own requests: they are signed with the credential already read.
				renewal === 'transport' ? signed(context, options, async () => await storedCredential(context)) : undefined,
				async () => await secretsSent(context, view, renewal),
			);
			if (!request.business) noteLeadBusiness(view.baseUrl, credential, headerValue(response.headers, 'x-business'));
			if (renewal === 'n8n' || (response.statusCode >= 200 && response.statusCode < 300)) return response;
			if (response.statusCode === 401 && unauthorized++ < 2) {
				await renewAfterUnauthorized(context, request, view);
				continue;
			}
			failure = { response: { status: response.statusCode, headers: response.headers, body: response.body } };
		} catch (error) {
			if (renewal === 'n8n' && !racedRefresh && (await lostRefreshRace(context, view, error))) {
				racedRefresh = true;
				continue;
			}
			failure = error;
		}
		const now = processState.clock.now();
		const wait = retryDelayMs(failure, retry, policy, Math.random, safety, now);
		if (wait === undefined) throw await serviceError(context, request, view, failure);
		retry++;
		// The service asked the caller to slow down (429), or to come back later (a 503's
		// Retry-After): every waiting request of the business waits.
		if (describeFailure(failure).status === 429 || askedWaitMs(failure, policy, now) !== undefined) {
			budget.holdFor(wait);
		} else await processState.clock.sleep(wait);
	}
}

/**
 * What the request may have carried: the token it was signed with, and where n8n renews inside
 * the request (after a 401, when no expiry was recorded) the one it renewed to, which is stored by
 * the time the answer is read.
 */
async function secretsSent(context: RequestContext, view: CredentialView, renewal: Renewal): Promise<string[]> {
	return renewal === 'n8n' ? [...view.sentSecrets, ...(await knownSecrets(context))] : view.sentSecrets;
}

/**
 * After a 401 to a page of a read: one renewal of the credential, shared by every request that
 * met the 401 with the same token (renewOnce). On an n8n without `refreshOAuth2Token`, one
 * request through n8n's own 401 path renews while the others wait for it.
 */
async function renewAfterUnauthorized(context: RequestContext, request: ApiRequest, view: CredentialView) {
	if (canRenew(context)) await renewOnce(context, view.refreshToken);
	else await renewOnce(context, view.refreshToken, async () => await send(context, request, 'n8n'));
}

/** The failure as the service's error, with no secret of the credential in it. */
async function serviceError(context: RequestContext, request: ApiRequest, view: CredentialView, failure: unknown) {
	return toServiceError(context.getNode(), await withBodyRead(failure), request.itemIndex, {
		secrets: await knownSecrets(context),
		url: `${view.baseUrl}${request.path}`,
	});
}

function requestOptions(view: CredentialView, request: ApiRequest, renewal: Renewal): IHttpRequestOptions {
	const headers: IDataObject = { Accept: request.accept ?? 'application/json' };
	if (request.business) headers['X-Business'] = request.business;
	return {
		method: request.method ?? 'GET',
		url: `${view.baseUrl}${request.path}`,
		headers,
		qs: request.qs,
		body: request.body,
		json: request.encoding === undefined,
		returnFullResponse: true,
		// Every answer as it arrives, so that its time and size are bounded (bounded-request.ts).
		encoding: 'stream',
		...NO_REDIRECTS,
		// The transport decides about every status itself: above all, n8n must not renew the token
		// inside one of several parallel requests.
		...(renewal === 'transport' ? { ignoreHttpStatusErrors: true } : {}),
	};
}

function stopIfCancelled(context: RequestContext, request: ApiRequest): void {
	const signal = (context as Partial<IExecuteFunctions>).getExecutionCancelSignal?.();
	if (signal?.aborted) {
		throw new NodeOperationError(context.getNode(), 'The execution was cancelled', { itemIndex: request.itemIndex });
	}
}
