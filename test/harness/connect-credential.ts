import { createHash, randomBytes } from 'node:crypto';
import * as qs from 'node:querystring';

import { ClientOAuth2, type ClientOAuth2Options } from '@n8n/client-oauth2';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { CredentialsHelper } from './credentials-helper';
import { CredentialStore } from './credential-store';
import { isN8n1 } from './n8n-version';

export const CREDENTIAL_TYPE = 'accountingServiceOAuth2Api';

/** The callback URL n8n shows for OAuth2 credentials on a default local install. */
export const N8N_REDIRECT_URI = 'http://localhost:5678/rest/oauth2-credential/callback';

export interface ServiceEndpoints {
	baseUrl: string;
	authUrl: string;
	tokenUrl: string;
	revokeUrl: string;
}

export interface ConnectOptions {
	endpoints: ServiceEndpoints;
	client: { clientId: string; clientSecret: string };
	grantType?: 'pkce' | 'authorizationCode';
	scope?: 'full_access' | 'readonly';
	/** One of the service's country codes; empty lets the user choose. */
	country?: string;
	redirectUri?: string;
	/**
	 * Emulates n8n before 2.14, where PKCE ignored `authentication: 'body'` and sent the client
	 * secret as a Basic auth header, with only the verifier in the body. Defaults to the n8n the
	 * tests run on (on for n8n 1.x).
	 */
	legacyPkceClientAuth?: boolean;
}

/** What exists between "Connect my account" and the callback: n8n keeps it in the credential. */
export interface PendingAuthorization {
	authorizationUrl: string;
	/** The `state` sent; the callback must return exactly this. */
	state: string;
	/** PKCE only: the verifier n8n stores as `codeVerifier` until the callback. */
	codeVerifier?: string;
	/** The credential as saved before connecting (no tokens yet). */
	credentialData: ICredentialDataDecryptedObject;
	redirectUri: string;
	legacyPkceClientAuth: boolean;
}

/** The credential fields a user fills in (or n8n fills from defaults) before connecting. */
export function credentialDataFor(options: ConnectOptions): ICredentialDataDecryptedObject {
	const { endpoints, client } = options;
	return {
		clientId: client.clientId,
		clientSecret: client.clientSecret,
		baseUrl: endpoints.baseUrl,
		authUrl: endpoints.authUrl,
		accessTokenUrl: endpoints.tokenUrl,
		revokeUrl: endpoints.revokeUrl,
		grantType: options.grantType ?? 'pkce',
		scope: options.scope ?? 'full_access',
		country: options.country ?? '',
		authentication: 'body',
	};
}

/**
 * The credential with its type's defaults applied and its expressions (the hidden
 * `authQueryParameters`) resolved — what n8n's OAuth controller works with.
 */
async function resolvedCredential(data: ICredentialDataDecryptedObject) {
	const helper = new CredentialsHelper(new CredentialStore());
	return await helper.applyDefaults(undefined, data, CREDENTIAL_TYPE);
}

/** n8n's `convertCredentialToOptions` (cli oauth service): the ClientOAuth2 options it builds. */
function clientOptionsFor(credential: ICredentialDataDecryptedObject, redirectUri: string): ClientOAuth2Options {
	const scope = credential.scope as string | undefined;
	return {
		clientId: credential.clientId as string,
		clientSecret: (credential.clientSecret as string | undefined) ?? '',
		accessTokenUri: (credential.accessTokenUrl as string | undefined) ?? '',
		authorizationUri: (credential.authUrl as string | undefined) ?? '',
		authentication: (credential.authentication as 'body' | 'header' | undefined) ?? 'header',
		redirectUri,
		scopes: (scope ?? 'openid').split(','),
		scopesSeparator: scope?.includes(',') ? ',' : ' ',
		ignoreSSLIssues: (credential.ignoreSSLIssues as boolean | undefined) ?? false,
	};
}

/**
 * PKCE as the `pkce-challenge` package n8n uses makes it: a 43-character verifier from the
 * RFC 7636 unreserved alphabet and its S256 challenge.
 */
function pkcePair() {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
	const verifier = Array.from(randomBytes(43), (byte) => alphabet[byte % alphabet.length]).join('');
	const challenge = createHash('sha256').update(verifier).digest('base64url');
	return { verifier, challenge };
}

/**
 * Step 1, as n8n's `generateAOauth2AuthUri`: the authorization URL with `state`, the
 * credential's `authQueryParameters` (filter, country) and, for PKCE, an S256 challenge.
 */
export async function startAuthorization(options: ConnectOptions): Promise<PendingAuthorization> {
	const redirectUri = options.redirectUri ?? N8N_REDIRECT_URI;
	const credentialData = credentialDataFor(options);
	const credential = await resolvedCredential(credentialData);

	// n8n's state is an encrypted CSRF token in standard base64 ('+', '/', '='): realistic
	// characters for a service to round-trip.
	const state = randomBytes(66).toString('base64');
	const clientOptions: ClientOAuth2Options = { ...clientOptionsFor(credential, redirectUri), state };
	if (credential.authQueryParameters) {
		clientOptions.query = qs.parse(credential.authQueryParameters as string);
	}
	let codeVerifier: string | undefined;
	if (credential.grantType === 'pkce') {
		const { verifier, challenge } = pkcePair();
		codeVerifier = verifier;
		clientOptions.query = { ...clientOptions.query, code_challenge: challenge, code_challenge_method: 'S256' };
	}
	const authorizationUrl = new ClientOAuth2(clientOptions).code.getUri();
	return {
		authorizationUrl,
		state,
		codeVerifier,
		credentialData,
		redirectUri,
		legacyPkceClientAuth: options.legacyPkceClientAuth ?? isN8n1,
	};
}

/**
 * Step 3, as n8n's OAuth2 callback handler (2.14+; before 2.14 with `legacyPkceClientAuth`):
 * check `state`, exchange the code with `@n8n/client-oauth2`, and return the credential data
 * n8n saves — the whole token response, plus `callbackQueryString` with the callback's extra
 * parameters (here `country`).
 *
 * Client authentication as n8n ≥ 2.14 does it (n8n PR #27366): with `authentication: 'body'`
 * the client id and secret go in the body — together with `code_verifier` for PKCE — and the
 * secret is removed from the client options so no Basic header is sent as well.
 *
 * Throws `AuthError` (with `.body.error`) when the token endpoint refuses.
 */
export async function completeAuthorization(
	pending: PendingAuthorization,
	callbackUrl: string,
): Promise<ICredentialDataDecryptedObject> {
	const callback = new URL(callbackUrl);
	const query = Object.fromEntries(callback.searchParams);
	if (query.state !== pending.state) {
		// n8n refuses the callback ("The OAuth callback state is invalid!") and never exchanges.
		throw new Error('The OAuth callback state is invalid');
	}
	if (query.error) {
		throw Object.assign(new Error(`Authorization refused: ${query.error}`), { body: query });
	}

	const credential = await resolvedCredential(pending.credentialData);
	const clientOptions = clientOptionsFor(credential, pending.redirectUri);
	const body: IDataObject = {};
	if (credential.grantType === 'pkce' && pending.codeVerifier !== undefined) {
		body.code_verifier = pending.codeVerifier;
	}
	const sendSecretInBody =
		credential.authentication === 'body' && !(credential.grantType === 'pkce' && pending.legacyPkceClientAuth);
	if (sendSecretInBody) {
		body.client_id = clientOptions.clientId;
		body.client_secret = clientOptions.clientSecret;
		delete clientOptions.clientSecret;
	}

	const callbackQuery = callback.search.slice(1);
	const token = await new ClientOAuth2(clientOptions).code.getToken(`${pending.redirectUri}?${callbackQuery}`, {
		body,
	});

	const oauthTokenData: IDataObject = { ...(token.data as IDataObject) };
	if (Object.keys(query).length > 2) {
		const { state: _state, code: _code, ...extra } = query;
		oauthTokenData.callbackQueryString = extra;
	}
	return { ...pending.credentialData, oauthTokenData };
}

export interface ConnectedCredential {
	data: ICredentialDataDecryptedObject;
	authorizationUrl: string;
	callbackUrl: string;
}

/**
 * The whole "Connect my account" of n8n against a running service, without a browser:
 * authorization URL → `consent` (which returns the callback URL the service redirected to) →
 * code exchange. Returns the credential data to put in a {@link CredentialStore}.
 */
export async function connectCredential(
	options: ConnectOptions & { consent: (authorizationUrl: string) => Promise<string> },
): Promise<ConnectedCredential> {
	const pending = await startAuthorization(options);
	const callbackUrl = await options.consent(pending.authorizationUrl);
	const data = await completeAuthorization(pending, callbackUrl);
	return { data, authorizationUrl: pending.authorizationUrl, callbackUrl };
}

/**
 * The OAuth2 client n8n-core builds for a stored credential when it refreshes
 * (`createOAuth2Client`), for tests that talk to the token endpoint the way n8n-core does —
 * e.g. to show that an old, rotated refresh token is refused.
 */
export async function refreshClientFor(data: ICredentialDataDecryptedObject): Promise<ClientOAuth2> {
	const credential = await resolvedCredential(data);
	const scopes = (credential.scope as string | undefined)
		?.split(' ')
		.map((s) => s.trim())
		.filter(Boolean);
	return new ClientOAuth2({
		clientId: credential.clientId as string,
		clientSecret: credential.clientSecret as string,
		accessTokenUri: credential.accessTokenUrl as string,
		scopes: scopes?.length ? scopes : undefined,
		authentication: (credential.authentication as 'body' | 'header' | undefined) ?? 'header',
	});
}
