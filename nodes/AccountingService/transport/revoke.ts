import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { boundedRequest, unsigned } from './bounded-request';
import { CREDENTIAL_TYPE, knownSecrets, newerStoredTokens, renewalUnderWay } from './credential';
import { toServiceError } from './errors';
import { NO_REDIRECTS } from './redirects';
import { refuseRevokeWithoutFullAccess } from './scope';
import { redactValue } from './secrets';

/** The app's own keys and endpoints: the revoke endpoint authenticates the app by them, in the form body. */
interface App {
	clientId: string;
	clientSecret: string;
	revokeUrl: string;
	tokenUrl: string;
}

interface StoredCredential {
	app: App;
	refreshToken?: string;
}

export interface Revocation {
	/** The revoke endpoint's own words for the first refresh token revoked. */
	service: IDataObject[string];
	/** Whether the service refused, after the revoke, to renew with the refresh token the credential holds. */
	renewalRefused: boolean;
}

/** A token the service would still renew is revoked again at most this many times. */
const MAX_REVOCATIONS = 3;

/**
 * n8n's OAuth2 helpers have no revoke call: the refresh token and the app's keys are read here,
 * from what is stored now.
 */
async function storedCredential(context: IExecuteFunctions, itemIndex: number): Promise<StoredCredential> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const refreshToken = (credentials.oauthTokenData as IDataObject | undefined)?.refresh_token;
	return {
		app: {
			clientId: String(credentials.clientId ?? ''),
			clientSecret: String(credentials.clientSecret ?? ''),
			revokeUrl: String(credentials.revokeUrl ?? ''),
			tokenUrl: String(credentials.accessTokenUrl ?? ''),
		},
		refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : undefined,
	};
}

/**
 * One form post, bounded in time and size as every request to the API is (bounded-request.ts):
 * the endpoints are the service's, and may answer as slowly or as much as it.
 */
async function postForm(
	context: IExecuteFunctions,
	url: string,
	fields: Record<string, string>,
): Promise<{ statusCode: number; body: IDataObject; headers: IDataObject }> {
	const options: IHttpRequestOptions = {
		method: 'POST',
		url,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
		body: new URLSearchParams(fields).toString(),
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		encoding: 'stream',
		// The form carries the client secret and a refresh token: a 307 or 308 would post it again.
		...NO_REDIRECTS,
	};
	const response = await boundedRequest(context, { path: url }, options, unsigned(context, options));
	const body = typeof response.body === 'string' ? jsonOrNothing(response.body) : response.body;
	return {
		statusCode: response.statusCode,
		body: (body ?? {}) as IDataObject,
		headers: (response.headers ?? {}) as IDataObject,
	};
}

/** An answer that is not JSON (a proxy's page) says nothing the node can use: its status speaks. */
function jsonOrNothing(text: string): unknown {
	try {
		return JSON.parse(text || '{}');
	} catch {
		return {};
	}
}

async function revoke(context: IExecuteFunctions, app: App, token: string, itemIndex: number): Promise<IDataObject> {
	try {
		const { statusCode, body, headers } = await postForm(context, app.revokeUrl, {
			client_id: app.clientId,
			client_secret: app.clientSecret,
			token,
		});
		if (statusCode >= 300) throw { response: { status: statusCode, body, headers } };
		return body;
	} catch (error) {
		throw toServiceError(context.getNode(), error, itemIndex, {
			secrets: await knownSecrets(context, app.clientSecret, token),
			url: app.revokeUrl,
		});
	}
}

/** What the token endpoint made of a renewal with a revoked token: refused it, renewed it to another, or unknown. */
type Check = { refused: true } | { renewedTo: string } | undefined;

/**
 * Asks the service to renew with `token`, as the credential would. A refusal is what a revoked
 * token should get; the refresh token the service issues instead is returned, never stored or shown.
 */
async function renewWith(context: IExecuteFunctions, app: App, token: string): Promise<Check> {
	try {
		const { statusCode, body } = await postForm(context, app.tokenUrl, {
			grant_type: 'refresh_token',
			refresh_token: token,
			client_id: app.clientId,
			client_secret: app.clientSecret,
		});
		if (statusCode === 400 && body.error === 'invalid_grant') return { refused: true };
		return statusCode === 200 && typeof body.refresh_token === 'string' ? { renewedTo: body.refresh_token } : undefined;
	} catch {
		// The check could not be made (the token endpoint out of reach): the revoke stands, unconfirmed.
		return undefined;
	}
}

/**
 * Withdraws the credential's refresh token at the service's revoke endpoint, so that it can no
 * longer renew. A renewal under way would store a refresh token the revoke did not see (the one
 * revoked already spent): the revoke waits for the renewal of this n8n process, revokes what is
 * stored then, and revokes as well what a renewal elsewhere stores within the next 1.55 s. Then
 * it asks the service to renew with the stored token, which must be refused; a token the service
 * still renews is revoked with the one it was renewed to. Access tokens cannot be revoked: the
 * current one stays valid for the rest of its 300 seconds.
 */
export async function revokeRefreshToken(this: IExecuteFunctions, itemIndex: number): Promise<Revocation> {
	await refuseRevokeWithoutFullAccess(this, itemIndex);
	await renewalUnderWay(this);
	const { app, refreshToken } = await storedCredential(this, itemIndex);
	if (!refreshToken) {
		throw new NodeOperationError(this.getNode(), 'The credential holds no refresh token to revoke', {
			itemIndex,
			description: 'Connect the credential ("Connect my account") first.',
		});
	}
	const answer = await revoke(this, app, refreshToken, itemIndex);
	const revoked = [refreshToken];
	let last = refreshToken;
	for (let revocations = 1; revocations < MAX_REVOCATIONS; revocations++) {
		const newer = await newerStoredTokens(this, last);
		if (newer === undefined) break;
		last = String(newer.refreshToken);
		revoked.push(last);
		await revoke(this, app, last, itemIndex);
	}
	let check = await renewWith(this, app, last);
	for (let revocations = 0; check && 'renewedTo' in check && revocations < MAX_REVOCATIONS; revocations++) {
		revoked.push(check.renewedTo);
		await revoke(this, app, check.renewedTo, itemIndex);
		check = await renewWith(this, app, check.renewedTo);
	}
	// The revoke endpoint's own words are output as they came, less any secret it quoted back.
	const secrets = await knownSecrets(this, app.clientSecret, ...revoked);
	return { service: redactValue(answer.success ?? answer, secrets), renewalRefused: !!check && 'refused' in check };
}
