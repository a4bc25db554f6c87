// The API conformance tests talk to a real sandbox over HTTP with undici, authorised the way an
// app is: consent (PKCE S256) → code → token endpoint → bearer token.
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import { createSandbox } from '../../sandbox';

export type Sandbox = ReturnType<typeof createSandbox>;
export type Dataset = Sandbox['dataset'];

export interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	json: any;
}

export interface ApiClient {
	sandbox: Sandbox;
	dataset: Dataset;
	token: string;
	/** GET under {base_url}; `path` may carry a query. */
	get(path: string, headers?: Record<string, string>): Promise<Reply>;
	put(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
	/** GET with another token (e.g. a readonly one). */
	as(token: string): Pick<ApiClient, 'get' | 'put'>;
	/** Every item of a list, following `$next` from `path`; also returns the pages seen. */
	all(path: string, headers?: Record<string, string>): Promise<{ items: any[]; pages: any[] }>;
	/** The raw response, body unread, for streamed files. */
	raw(path: string, headers?: Record<string, string>): ReturnType<typeof request>;
	stop(): Promise<void>;
}

/** Authorises the seeded user for `scope` and returns the access token. */
export async function accessToken(sandbox: Sandbox, urls: { authUrl: string; tokenUrl: string }, scope: 'full_access' | 'readonly'): Promise<string> {
	const verifier = randomBytes(48).toString('base64url');
	const authorize = new URL(urls.authUrl);
	const redirectUri = sandbox.client.redirectUris[0];
	for (const [name, value] of Object.entries({
		client_id: sandbox.client.clientId, response_type: 'code', redirect_uri: redirectUri, scope, filter: 'apiv3.1',
		state: randomBytes(8).toString('hex'), code_challenge: createHash('sha256').update(verifier).digest('base64url'),
		code_challenge_method: 'S256',
	})) authorize.searchParams.set(name, value);
	const code = new URL(await sandbox.consent(authorize.toString(), { decision: 'allow' })).searchParams.get('code');
	if (!code) throw new Error('consent returned no code');
	const response = await request(urls.tokenUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'authorization_code', client_id: sandbox.client.clientId, client_secret: sandbox.client.clientSecret,
			code, redirect_uri: redirectUri, code_verifier: verifier,
		}).toString(),
	});
	const body: any = await response.body.json();
	if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.statusCode} ${JSON.stringify(body)}`);
	return body.access_token;
}

/** Starts a sandbox on a free port and returns a client holding a full_access token. */
export async function startApi(options: { scale?: number } = {}): Promise<ApiClient> {
	const sandbox = createSandbox({ port: 0, scale: options.scale });
	const urls = await sandbox.start();
	const token = await accessToken(sandbox, urls, 'full_access');

	const call = async (auth: string, method: 'GET' | 'PUT', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
		const response = await request(urls.baseUrl + path, {
			method,
			headers: {
				authorization: `Bearer ${auth}`, accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.body.text();
		return { status: response.statusCode, headers: response.headers, json: text ? JSON.parse(text) : undefined };
	};
	const client = (auth: string) => ({
		get: (path: string, headers?: Record<string, string>) => call(auth, 'GET', path, undefined, headers),
		put: (path: string, body: unknown, headers?: Record<string, string>) => call(auth, 'PUT', path, body, headers),
	});
	const api: ApiClient = {
		sandbox,
		dataset: sandbox.dataset,
		token,
		...client(token),
		as: client,
		async all(path, headers) {
			const items: any[] = [];
			const pages: any[] = [];
			for (let next: string | null = path; next !== null;) {
				const reply = await api.get(next, headers);
				if (reply.status !== 200) throw new Error(`${next} → ${reply.status} ${JSON.stringify(reply.json)}`);
				pages.push(reply.json);
				items.push(...reply.json.$items);
				next = reply.json.$next;
				if (pages.length > 10_000) throw new Error('$next never ends');
			}
			return { items, pages };
		},
		raw: (path, headers = {}) => request(urls.baseUrl + path, { headers: { authorization: `Bearer ${token}`, ...headers } }),
		stop: () => sandbox.stop(),
	};
	return api;
}

/** Lower-cased response header as one string. */
export const header = (reply: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined => {
	const value = reply.headers[name.toLowerCase()];
	return Array.isArray(value) ? value.join(', ') : value;
};
