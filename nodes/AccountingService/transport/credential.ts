import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, type JsonObject } from 'n8n-workflow';

import { processState } from '../state';
import { Deadline, renewalTooSlow, requestBounds } from './bounds';
import { DEFAULT_RETRY_POLICY, isRepeatable, retryDelayMs } from './retry';
import { redactSecrets, secretsOf } from './secrets';

export const CREDENTIAL_TYPE = 'accountingServiceOAuth2Api';

export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** Refresh this long before the access token runs out (it lives 300 s), so no request meets a 401. */
export const REFRESH_AHEAD_MS = 60_000;

/**
 * How long before expiry to renew a token that lives `expiresInSeconds`: a quarter of its life at
 * most, so a short-lived token (60 s) is not renewed by every execution that starts.
 */
export function renewAheadMs(expiresInSeconds: unknown): number {
	const lifetimeMs = Number(expiresInSeconds) * 1000;
	return Number.isFinite(lifetimeMs) && lifetimeMs > 0 ? Math.min(REFRESH_AHEAD_MS, lifetimeMs / 4) : REFRESH_AHEAD_MS;
}

export interface CredentialView {
	baseUrl: string;
	/** Only compared, to notice that the tokens were renewed (here or by another execution). */
	refreshToken?: unknown;
	/** When n8n (2.36 and newer) recorded that the access token expires; absent on older n8n. */
	expiresAt?: number;
	/** Renew when less than this is left (renewAheadMs). */
	aheadMs: number;
	/** What the service is sent (the access token): all an answer can quote back. */
	sentSecrets: string[];
}

const credentialViews = new WeakMap<RequestContext, Promise<CredentialView>>();

const storedCredentials = new WeakMap<RequestContext, Promise<ICredentialDataDecryptedObject>>();

/**
 * The credential as n8n hands it to this context (read from n8n's store, decrypted, its
 * expressions resolved): read once per execution context, and again after a renewal, like the
 * view made of it. What the pages of a read are signed with (bounded-request.ts).
 */
export async function storedCredential(context: RequestContext): Promise<ICredentialDataDecryptedObject> {
	let stored = storedCredentials.get(context);
	if (!stored) {
		stored = context.getCredentials(CREDENTIAL_TYPE) as Promise<ICredentialDataDecryptedObject>;
		storedCredentials.set(context, stored);
		// A failed read is not kept: the next request reads the credential again.
		stored.catch(() => storedCredentials.delete(context));
	}
	return await stored;
}

/** The credential is read once per execution context, and again only after a refresh. */
export async function credentialView(context: RequestContext): Promise<CredentialView> {
	let view = credentialViews.get(context);
	if (!view) {
		view = storedCredential(context).then((credentials) => {
			const tokenData = credentials.oauthTokenData as IDataObject | undefined;
			if (typeof tokenData?.access_token !== 'string' || tokenData.access_token === '') {
				throw notConnected(context);
			}
			const expiresAt = Number(tokenData?.n8n_expires_at);
			return {
				baseUrl: String(credentials.baseUrl ?? '').replace(/\/+$/, ''),
				refreshToken: tokenData?.refresh_token,
				expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
				aheadMs: renewAheadMs(tokenData?.expires_in),
				sentSecrets: [tokenData.access_token],
			};
		});
		credentialViews.set(context, view);
		// A failed read is not kept: the next request reads the credential again.
		view.catch(() => credentialViews.delete(context));
	}
	return await view;
}

/**
 * Every secret the transport knows for this context: what the credential holds now (a renewal
 * by n8n may have replaced the tokens the request went out with) and `also` (tokens only the
 * caller holds, such as one a revoke check was renewed to). Never throws: a credential that
 * cannot be read leaves the `Bearer …` pattern as the only guard (secrets.ts).
 */
export async function knownSecrets(context: RequestContext, ...also: unknown[]): Promise<string[]> {
	let stored: string[] = [];
	try {
		stored = secretsOf((await context.getCredentials(CREDENTIAL_TYPE)) as ICredentialDataDecryptedObject);
	} catch {
		// The failure being reported is the one to show.
	}
	return [...stored, ...also.filter((value): value is string => typeof value === 'string')];
}

/**
 * A credential saved before Connect (n8n's editor saves one while its form is open) has no
 * access token; n8n would fail to sign the request with a message that names neither.
 */
function notConnected(context: RequestContext): NodeOperationError {
	const name = context.getNode().credentials?.[CREDENTIAL_TYPE]?.name;
	return new NodeOperationError(
		context.getNode(),
		`The credential${name ? ` "${name}"` : ''} is not connected to the service`,
		{ description: 'Open the credential and click "Connect my account", then allow access on the service’s page.' },
	);
}

/**
 * A poll context lives as long as the trigger is active (n8n polls through the same context every
 * time): each poll reads the credential afresh instead of keeping what the first poll read.
 */
export function forgetCredentialView(context: RequestContext): void {
	credentialViews.delete(context);
	storedCredentials.delete(context);
}

/** Reads the stored credential again (after a renewal, here or elsewhere). */
export async function rereadCredential(context: RequestContext): Promise<CredentialView> {
	forgetCredentialView(context);
	return await credentialView(context);
}

function keepWithoutAhead(context: RequestContext, view: CredentialView): CredentialView {
	const withoutAhead = { ...view, expiresAt: undefined };
	credentialViews.set(context, Promise.resolve(withoutAhead));
	return withoutAhead;
}

type Helpers = Partial<IExecuteFunctions['helpers']>;

/** Whether this n8n lets a node renew the token itself (`helpers.refreshOAuth2Token`; 1.x and 2.x do). */
export function canRenew(context: RequestContext): boolean {
	return typeof (context.helpers as Helpers).refreshOAuth2Token === 'function';
}

/**
 * Renews the access token shortly before it expires, where n8n records the expiry. n8n-core
 * itself only renews after a 401, which costs one failed request every five minutes.
 * A failed renewal is left to that 401 path, which reports it to the user.
 */
export async function refreshIfExpiring(context: RequestContext, view: CredentialView): Promise<CredentialView> {
	if (view.expiresAt === undefined || view.expiresAt - Date.now() > view.aheadMs) return view;
	if (!canRenew(context)) return view;
	try {
		await renewOnce(context, view.refreshToken);
	} catch {
		return keepWithoutAhead(context, view);
	}
	const renewed = await credentialView(context);
	// n8n up to 2.27 (at least) keeps the old n8n_expires_at through its refresh: renewing ahead
	// again would renew before every request, so from here on leave it to the 401.
	if (renewed.expiresAt !== undefined && renewed.expiresAt - Date.now() <= renewed.aheadMs) {
		return keepWithoutAhead(context, renewed);
	}
	return renewed;
}

/** The credential a context uses, as the process-wide state is keyed (state.ts). */
export function credentialKey(context: RequestContext): string {
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return reference?.id ?? `${reference?.name ?? ''}|${context.getNode().id}`;
}

/**
 * Renewals under way are kept per credential for the whole process (state.ts): every request
 * that meets a 401, every read renewing ahead, and every execution of this n8n process using the
 * credential waits for the one renewal under way instead of starting its own. A refresh token is
 * single use, and n8n 1.x (and 2.x up to 2.27) does not serialise renewals, so a second renewal
 * with the same refresh token would be refused (`invalid_grant`).
 *
 * Makes sure the tokens are newer than those whose refresh token was `used`: waits for the
 * renewal under way for this credential, or finds the stored tokens already renewed (by another
 * execution), or renews once with n8n's own helper. Afterwards the context's credential view is
 * the stored one. Throws when the service refuses the renewal (the credential needs reconnecting),
 * or stays busy through the retries. `failedFirst`: the renewal n8n itself just tried, inside a
 * request it signed, failed so; the first call here waits as a retry of it would.
 */
export async function renewOnce(
	context: RequestContext,
	used: unknown,
	withN8n: () => Promise<unknown> = async () => await n8nRefresh(context),
	failedFirst?: unknown,
): Promise<void> {
	const key = credentialKey(context);
	let renewal = processState.renewals.get(key);
	if (!renewal) {
		renewal = renew(context, used, withN8n, failedFirst).finally(() => processState.renewals.delete(key));
		processState.renewals.set(key, renewal);
	}
	try {
		await renewal;
	} finally {
		forgetCredentialView(context);
	}
}

/** n8n's own renewal, which stores the new tokens (1.x and 2.x). */
async function n8nRefresh(context: RequestContext): Promise<void> {
	await (context.helpers as Helpers).refreshOAuth2Token!.call(context as IExecuteFunctions, CREDENTIAL_TYPE);
}

/**
 * Renews, asking the token endpoint again while it answers that it did not process the call —
 * 429 or 503 (with its Retry-After, within Max Wait), or a 502, 504 or dropped connection, whose
 * outcome is unknown — with the transport's retry policy, on the process clock, as any request.
 * The refresh token is single use; a repeat never spends it twice: before each call the stored
 * credential is read again, and when another execution stored newer tokens meanwhile, those are
 * used and this refresh token is not sent again. After an unknown outcome a repeat either is the
 * first call the service processes, or is refused (`invalid_grant`) because the lost answer spent
 * the token; the tokens of that answer reached no one, so the credential needed reconnecting
 * either way (docs/reliability.md). A refusal is never repeated.
 */
async function renew(
	context: RequestContext,
	used: unknown,
	withN8n: () => Promise<unknown>,
	failedFirst?: unknown,
): Promise<void> {
	let failed = failedFirst;
	for (let retries = failed === undefined ? 0 : 1; ; retries++) {
		const stored = await rereadCredential(context);
		if (failed !== undefined) {
			const wait = renewalRetryDelayMs(failed, stored.baseUrl, retries);
			if (wait === undefined) throw renewalRefused(context, failed, await knownSecrets(context));
			await processState.clock.sleep(wait);
		}
		const current = failed === undefined ? stored : await rereadCredential(context);
		// Another execution (or an earlier renewal of this one) already stored newer tokens.
		if (current.refreshToken !== undefined && current.refreshToken !== used) return;
		try {
			await withinAnswerTime(context, withN8n);
			return;
		} catch (error) {
			if (await anotherExecutionRenewed(context, current, error)) return;
			failed = error;
		}
	}
}

/**
 * One renewal, bounded in time as a request is (bounds.ts): n8n's helper takes no signal, and a
 * token endpoint that answers one byte at a time would hold the read, and every request waiting
 * for the renewal, for ever. A renewal that arrives later is still stored by n8n.
 */
async function withinAnswerTime(context: RequestContext, withN8n: () => Promise<unknown>): Promise<void> {
	const ms = requestBounds.answerMs;
	const deadline = new Deadline(ms, () => renewalTooSlow(context.getNode(), ms));
	try {
		await deadline.race(withN8n());
	} finally {
		deadline.clear();
	}
}

/** The wait before retry number `retry` of a renewal that failed so; undefined: not to be repeated. */
function renewalRetryDelayMs(failure: unknown, baseUrl: string, retry: number): number | undefined {
	const asked = tokenEndpointFailure(failure, baseUrl);
	if (asked === undefined) return undefined;
	// An HTTP-date Retry-After is read against the answer's own Date (retry.ts askedWaitMs).
	return retryDelayMs(asked, retry, DEFAULT_RETRY_POLICY, Math.random, 'read', processState.clock.now());
}

/**
 * The token endpoint's part of a failure, as retry.ts reads failures; undefined when the failure
 * is not the token endpoint's (the API's own answer to a request n8n signed, an n8n error).
 * n8n's OAuth client turns a 429 whose body names an OAuth error (`temporarily_unavailable`)
 * into an error without its status and headers: it counts as a 503 without Retry-After.
 */
function tokenEndpointFailure(error: unknown, baseUrl: string): unknown {
	type Link = {
		code?: unknown;
		httpCode?: unknown;
		description?: unknown;
		body?: { error?: unknown };
		config?: { url?: unknown };
		cause?: Link;
	};
	for (let link = error as Link | undefined, depth = 0; link && depth < 5; link = link.cause, depth++) {
		if (link.code === 'EAUTH' && typeof link.body?.error === 'string') {
			return link.body.error === 'temporarily_unavailable' ? { response: { status: 503, headers: {} } } : link;
		}
		// n8n 1.x passes the OAuth client's error on as an n8n error (httpCode EAUTH) whose description is
		// the standard text of `temporarily_unavailable`, without the body.
		if (link.httpCode === 'EAUTH' && /temporary overloading or maintenance/i.test(String(link.description ?? ''))) {
			return { response: { status: 503, headers: {} } };
		}
		const url = link.config?.url;
		if (typeof url === 'string' && !url.startsWith(`${baseUrl}/`)) return link;
	}
	return undefined;
}

/**
 * How long a refused execution waits for the winner's tokens, between its re-reads of the stored
 * credential (1.55 s in all). The winner stores its tokens after the service answered it, in n8n's
 * database: a loser refused a moment later may read the credential before that write lands.
 */
export const WINNER_WRITE_WAITS_MS = [50, 100, 200, 400, 800];

/**
 * After n8n's own renewal failed inside a request it signed (send.ts, renewal `n8n`): whether the
 * request may be repeated with tokens stored since. The token endpoint was busy (429, 503, a lost
 * answer): this module renews, retrying as `renew` does, and then it may; or another execution
 * won the race to renew (anotherExecutionRenewed). A renewal that stays busy throws its error.
 */
export async function lostRefreshRace(context: RequestContext, used: CredentialView, error: unknown): Promise<boolean> {
	const busy = tokenEndpointFailure(error, used.baseUrl);
	if (busy !== undefined && isRepeatable(busy, 'read')) {
		await renewOnce(context, used.refreshToken, undefined, error);
		return true;
	}
	return await anotherExecutionRenewed(context, used, error);
}

/**
 * n8n up to 2.27 (all of 1.x) lets parallel executions renew the same credential at once; with
 * single-use refresh tokens all but one get `invalid_grant`. When the stored refresh token has
 * changed since this execution read it, another execution won that race: repeat once with its tokens.
 * Newer n8n serialises renewals, but renews without that lock when it cannot take it in 10 s, and
 * says the same words as 2.27 on a refusal: the node cannot tell them apart, and waits on all.
 * Only a refused renewal waits: a credential that is really dead fails 1.55 s later.
 */
async function anotherExecutionRenewed(
	context: RequestContext,
	used: CredentialView,
	error: unknown,
): Promise<boolean> {
	const text =
		error instanceof Error ? `${error.message} ${String((error as { description?: unknown }).description ?? '')}` : '';
	// n8n 1.x and 2.x before 2.27: the refusal is @n8n/client-oauth2's AuthError (code EAUTH; as
	// httpCode once n8n wrapped it), its text names neither invalid_grant nor reconnecting.
	const refused = /invalid_grant|reconnect/i.test(text) || isAuthError(error);
	if (!refused) return false;
	return (await newerStoredTokens(context, used.refreshToken)) !== undefined;
}

/**
 * The stored credential once its refresh token is no longer `used`: re-read at once, then after
 * each of WINNER_WRITE_WAITS_MS (on the transport's clock). Undefined when it stayed `used`.
 */
export async function newerStoredTokens(context: RequestContext, used: unknown): Promise<CredentialView | undefined> {
	for (const wait of [0, ...WINNER_WRITE_WAITS_MS]) {
		if (wait > 0) await processState.clock.sleep(wait);
		const current = await rereadCredential(context);
		if (current.refreshToken !== undefined && current.refreshToken !== used) return current;
	}
	return undefined;
}

/** Waits for the renewal of this credential under way in this process (renewOnce), if any; its failure is its own execution's. */
export async function renewalUnderWay(context: RequestContext): Promise<void> {
	await processState.renewals.get(credentialKey(context))?.catch(() => undefined);
}

function isAuthError(error: unknown): boolean {
	const shape = (error ?? {}) as { httpCode?: unknown; code?: unknown };
	return shape.httpCode === 'EAUTH' || shape.code === 'EAUTH';
}

/**
 * A renewal the service refused. n8n 2.27 and newer already say to reconnect the credential; on
 * older n8n the refusal is the OAuth client's error, which names neither the credential nor what to do.
 */
function renewalRefused(context: RequestContext, error: unknown, secrets: string[]): Error {
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	const body = (error as { body?: { error?: unknown; error_description?: unknown } } | undefined)?.body;
	const oauthError = typeof body?.error === 'string' ? body.error : undefined;
	if (isAuthError(error) && (oauthError === undefined || oauthError === 'invalid_grant')) {
		return new NodeApiError(context.getNode(), { status: null } as JsonObject, {
			message: 'The credential needs to be reconnected: the service refused to renew its access token',
			description: error instanceof Error ? redactSecrets(error.message, secrets) : undefined,
		});
	}
	const reason = oauthError ?? (error instanceof Error ? error.message : String(error));
	return new NodeApiError(context.getNode(), { status: null } as JsonObject, {
		message: `The service did not renew the access token (${redactSecrets(reason, secrets)})`,
	});
}
