// The API conformance tests talk to a real sandbox over HTTP with undici, authorised the way an
// app is: consent (PKCE S256) → code → token endpoint → bearer token.
import { request } from 'undici';
import { createSandbox } from '../../sandbox';
import { obtainTokens, type Sandbox, type Urls } from './oauth-flow';

export type { Sandbox };
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

/** Authorises the seeded user for `scope` (consent with PKCE S256, code exchange) and returns the access token. */
export async function accessToken(sandbox: Sandbox, urls: Urls, scope: 'full_access' | 'readonly'): Promise<string> {
	return (await obtainTokens(sandbox, urls, { scope })).access_token;
}

/** Starts a sandbox on a free port and returns a client holding a full_access token. */
export async function startApi(options: { scale?: number } = {}): Promise<ApiClient> {
	const sandbox = createSandbox({ port: 0, scale: options.scale });
	const urls = await sandbox.start();
	const token = await accessToken(sandbox, urls, 'full_access');

	const call = async (
		auth: string,
		method: 'GET' | 'PUT',
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	): Promise<Reply> => {
		const response = await request(urls.baseUrl + path, {
			method,
			headers: {
				authorization: `Bearer ${auth}`,
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...headers,
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
		raw: (path, headers = {}) =>
			request(urls.baseUrl + path, { headers: { authorization: `Bearer ${token}`, ...headers } }),
		stop: () => sandbox.stop(),
	};
	return api;
}

/** Lower-cased response header as one string. */
export const header = (
	reply: { headers: Record<string, string | string[] | undefined> },
	name: string,
): string | undefined => {
	const value = reply.headers[name.toLowerCase()];
	return Array.isArray(value) ? value.join(', ') : value;
};
