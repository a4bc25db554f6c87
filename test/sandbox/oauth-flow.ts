// Helpers for the sandbox's conformance tests: the steps an OAuth client takes, spelled out once.
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import { createSandbox } from '../../sandbox';

export type Sandbox = ReturnType<typeof createSandbox>;
export type Urls = Awaited<ReturnType<Sandbox['start']>>;

export interface TokenResponse {
	access_token: string;
	scopes: string;
	token_type: string;
	expires_in: number;
	refresh_token: string;
	refresh_token_expires_in: number;
	requested_by_id: string;
}

export interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	json: any;
}

export async function startSandbox(
	options: NonNullable<Parameters<typeof createSandbox>[0]> = {},
): Promise<{ sandbox: Sandbox; urls: Urls }> {
	const sandbox = createSandbox({ port: 0, ...options });
	const urls = await sandbox.start();
	return { sandbox, urls };
}

export function pkcePair(method: 'S256' | 'plain'): { verifier: string; challenge: string } {
	const verifier = randomBytes(48).toString('base64url');
	const challenge = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
	return { verifier, challenge };
}

/** The authorization page URL with valid defaults; a value of undefined removes that parameter. */
export function authorizationUrl(
	sandbox: Sandbox,
	urls: Urls,
	params: Record<string, string | undefined> = {},
): string {
	const url = new URL(urls.authUrl);
	const all: Record<string, string | undefined> = {
		client_id: sandbox.client.clientId,
		response_type: 'code',
		redirect_uri: sandbox.client.redirectUris[0],
		scope: 'full_access',
		filter: 'apiv3.1',
		state: 'state-' + randomBytes(8).toString('hex'),
		...params,
	};
	for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.append(name, value);
	return url.toString();
}

export async function send(url: string, options: Parameters<typeof request>[1] = {}): Promise<Answer> {
	const response = await request(url, options);
	const text = await response.body.text();
	let json: any;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: response.statusCode, headers: response.headers, text, json };
}

export function postForm(
	url: string,
	fields: Record<string, string>,
	headers: Record<string, string> = {},
): Promise<Answer> {
	return send(url, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
		body: new URLSearchParams(fields).toString(),
	});
}

/** Consents (Allow) and returns the code with what is needed to redeem it. */
export async function obtainCode(
	sandbox: Sandbox,
	urls: Urls,
	options: { pkce?: 'S256' | 'plain'; params?: Record<string, string | undefined> } = {},
): Promise<{ code: string; verifier?: string; redirectUri: string }> {
	const pair = options.pkce ? pkcePair(options.pkce) : undefined;
	const params: Record<string, string | undefined> = {
		...(pair ? { code_challenge: pair.challenge, code_challenge_method: options.pkce } : {}),
		...options.params,
	};
	const callback = new URL(await sandbox.consent(authorizationUrl(sandbox, urls, params), { decision: 'allow' }));
	const code = callback.searchParams.get('code');
	if (!code) throw new Error(`consent gave no code: ${callback}`);
	return { code, verifier: pair?.verifier, redirectUri: params.redirect_uri ?? sandbox.client.redirectUris[0] };
}

export function exchangeCode(
	sandbox: Sandbox,
	urls: Urls,
	grant: { code: string; verifier?: string; redirectUri: string },
): Promise<Answer> {
	return postForm(urls.tokenUrl, {
		grant_type: 'authorization_code',
		client_id: sandbox.client.clientId,
		client_secret: sandbox.client.clientSecret,
		code: grant.code,
		redirect_uri: grant.redirectUri,
		...(grant.verifier === undefined ? {} : { code_verifier: grant.verifier }),
	});
}

export function refresh(sandbox: Sandbox, urls: Urls, refreshToken: string): Promise<Answer> {
	return postForm(urls.tokenUrl, {
		grant_type: 'refresh_token',
		client_id: sandbox.client.clientId,
		client_secret: sandbox.client.clientSecret,
		refresh_token: refreshToken,
	});
}

/** The whole authorization code flow with PKCE S256, as n8n does it. */
export async function obtainTokens(
	sandbox: Sandbox,
	urls: Urls,
	params: Record<string, string | undefined> = {},
): Promise<TokenResponse> {
	const answer = await exchangeCode(sandbox, urls, await obtainCode(sandbox, urls, { pkce: 'S256', params }));
	if (answer.status !== 200) throw new Error(`token exchange failed: ${answer.status} ${answer.text}`);
	return answer.json;
}

export function apiGet(
	urls: Urls,
	path: string,
	accessToken?: string,
	headers: Record<string, string> = {},
): Promise<Answer> {
	return send(urls.baseUrl + path, {
		headers: {
			accept: 'application/json',
			...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
			...headers,
		},
	});
}
