import type { IDataObject } from 'n8n-workflow';

import { createSandbox } from '../sandbox';
import {
	CredentialStore,
	N8N_REDIRECT_URI,
	completeAuthorization,
	connectCredential,
	isN8n1,
	probeNode,
	recommendedGrantType,
	refreshClientFor,
	runWorkflow,
	startAuthorization,
	type ConnectOptions,
	type NodeSpec,
} from './harness';

/**
 * What n8n does with this package's credential, end to end, against the local sandbox:
 * "Connect my account" (authorization URL with PKCE S256 → consent → callback → code exchange
 * with @n8n/client-oauth2, as n8n 2.14+ sends it), then API calls through n8n-core's own
 * engine, including the refresh n8n-core performs after the access token expires.
 */

type Sandbox = ReturnType<typeof createSandbox>;
type Urls = Awaited<ReturnType<Sandbox['start']>>;

let sandbox: Sandbox;
let urls: Urls;

beforeAll(async () => {
	sandbox = createSandbox({ port: 0 });
	urls = await sandbox.start();
});
afterAll(async () => {
	await sandbox?.stop();
});

const connectOptions = (extra: Partial<ConnectOptions> = {}): ConnectOptions => ({
	endpoints: urls,
	client: sandbox.client,
	...extra,
});

/** A one-node workflow: the probe node makes one authenticated request. */
const probe = (credential: { id: string; name: string }, path: string): NodeSpec =>
	probeNode(credential, { path }, { name: 'Call API' });

/** The sandbox's request log from a position on, as readable lines (it never holds tokens). */
function logSince(position: number) {
	return sandbox.log.entries().slice(position);
}
const line = (entry: { method: string; path: string; status: number | null; grantType?: string | null }) =>
	[entry.method, entry.path, entry.status, entry.grantType]
		.filter((part) => part !== null && part !== undefined)
		.join(' ');

const apiPath = (path: string) => new URL(urls.baseUrl).pathname + path;

describe('OAuth2 with PKCE, the way n8n does it', () => {
	// On n8n 1.x the same flow runs with the grant type the README tells 1.x users to choose.
	it(`connects (${recommendedGrantType}), calls the API through n8n-core, refreshes after expiry and rotates the refresh token`, async () => {
		// 1. Authorization URL, built by @n8n/client-oauth2 as n8n builds it.
		const pending = await startAuthorization(connectOptions({ country: 'gb', grantType: recommendedGrantType }));
		const authorization = new URL(pending.authorizationUrl).searchParams;
		if (recommendedGrantType === 'pkce') {
			expect(authorization.get('code_challenge_method')).toBe('S256');
			expect(authorization.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		} else {
			expect(authorization.has('code_challenge')).toBe(false);
		}
		expect(authorization.get('filter')).toBe('apiv3.1');
		expect(authorization.get('country')).toBe('gb');

		// 2. Consent (no browser) and the callback the service redirects to.
		const callbackUrl = await sandbox.consent(pending.authorizationUrl, { decision: 'allow' });
		const callback = new URL(callbackUrl);
		expect(`${callback.origin}${callback.pathname}`).toBe(N8N_REDIRECT_URI);
		expect(callback.searchParams.get('state')).toBe(pending.state);
		expect(callback.searchParams.get('code')).toBeTruthy();
		expect(callback.searchParams.get('country')).toBe('gb');

		// 3. Code exchange: (verifier,) client id and secret in the body, nothing in a header.
		let position = sandbox.log.entries().length;
		const data = await completeAuthorization(pending, callbackUrl);
		const exchange = logSince(position);
		expect(exchange).toEqual([
			expect.objectContaining({ method: 'POST', status: 200, grantType: 'authorization_code', auth: 'none' }),
		]);

		const tokenData = data.oauthTokenData as IDataObject;
		expect(tokenData).toEqual({
			access_token: expect.any(String),
			scopes: 'full_access',
			token_type: 'bearer',
			expires_in: 300,
			refresh_token: expect.any(String),
			refresh_token_expires_in: 2678400,
			requested_by_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
			callbackQueryString: { country: 'gb' },
		});
		expect((tokenData.access_token as string).length).toBeGreaterThan(1000);
		expect((tokenData.access_token as string).length).toBeLessThanOrEqual(2048);

		// 4. An API call through n8n's engine with the stored credential.
		const store = new CredentialStore();
		const credential = store.add({ type: 'accountingServiceOAuth2Api', name: 'Sandbox', data });
		const first = await runWorkflow({ store, nodes: [probe(credential, '/user')] });
		expect(first.error).toBeUndefined();
		expect(first.json('Call API')).toEqual([expect.objectContaining({ id: tokenData.requested_by_id })]);
		expect(store.refreshCount(credential.id)).toBe(0);

		// 5. The access token outlives its 300 s: the next call is refused, n8n-core refreshes and retries.
		sandbox.clock.advance(301);
		position = sandbox.log.entries().length;
		const second = await runWorkflow({ store, nodes: [probe(credential, '/businesses')] });

		expect(second.error).toBeUndefined();
		const businesses = second.json('Call API');
		expect(businesses).toHaveLength(1);
		expect(businesses[0].$items).toEqual(
			expect.arrayContaining([expect.objectContaining({ id: expect.any(String), displayed_as: expect.any(String) })]),
		);

		const refreshSequence = logSince(position);
		expect(refreshSequence.map(line)).toEqual([
			`GET ${apiPath('/businesses')} 401`,
			`POST ${new URL(urls.tokenUrl).pathname} 200 refresh_token`,
			`GET ${apiPath('/businesses')} 200`,
		]);
		const [refused, refresh, retried] = refreshSequence;
		expect(refused.tokenFingerprint).not.toBe(retried.tokenFingerprint);
		expect(refresh.auth).toBe('none');

		// 6. The rotated refresh token was persisted...
		const stored = store.oauthTokenData(credential.id);
		expect(stored.refresh_token).not.toBe(tokenData.refresh_token);
		expect(stored.access_token).not.toBe(tokenData.access_token);
		expect(store.refreshCount(credential.id)).toBe(1);
		expect(stored.callbackQueryString).toEqual({ country: 'gb' });

		// 7. ...and the old one is dead: the token endpoint refuses it, as n8n-core would see it.
		const client = await refreshClientFor(data);
		await expect(
			client
				.createToken({
					access_token: tokenData.access_token as string,
					refresh_token: tokenData.refresh_token as string,
					token_type: 'bearer',
				})
				.refresh(),
		).rejects.toMatchObject({ body: { error: 'invalid_grant' } });

		// The stored one still works, so the refusal is about the old token, not the client.
		await expect(
			client
				.createToken({
					access_token: stored.access_token as string,
					refresh_token: stored.refresh_token as string,
					token_type: 'bearer',
				})
				.refresh(),
		).resolves.toMatchObject({ tokenType: 'bearer' });
	});

	// The service's verifier check, with the client authenticated as n8n 2.14+ does it (on any engine).
	it('refuses a PKCE code exchanged without its verifier', async () => {
		const pending = await startAuthorization(connectOptions({ legacyPkceClientAuth: false }));
		const callbackUrl = await sandbox.consent(pending.authorizationUrl, { decision: 'allow' });

		await expect(completeAuthorization({ ...pending, codeVerifier: undefined }, callbackUrl)).rejects.toMatchObject({
			body: { error: 'invalid_grant' },
		});
	});

	it('refuses a PKCE code exchanged with a verifier that does not match the challenge', async () => {
		const pending = await startAuthorization(connectOptions({ legacyPkceClientAuth: false }));
		const other = await startAuthorization(connectOptions({ legacyPkceClientAuth: false }));
		const callbackUrl = await sandbox.consent(pending.authorizationUrl, { decision: 'allow' });

		await expect(
			completeAuthorization({ ...pending, codeVerifier: other.codeVerifier }, callbackUrl),
		).rejects.toMatchObject({
			body: { error: 'invalid_grant' },
		});
	});

	it('refuses the client secret as a Basic header, which is what n8n before 2.14 sends with PKCE', async () => {
		// On n8n 1.x this is the harness's default: connecting with PKCE cannot work there.
		const pending = await startAuthorization(connectOptions(isN8n1 ? {} : { legacyPkceClientAuth: true }));
		const callbackUrl = await sandbox.consent(pending.authorizationUrl, { decision: 'allow' });
		const position = sandbox.log.entries().length;

		await expect(completeAuthorization(pending, callbackUrl)).rejects.toMatchObject({
			body: { error: 'invalid_client' },
		});
		expect(logSince(position)).toEqual([expect.objectContaining({ auth: 'basic', grantType: 'authorization_code' })]);
	});
});

describe('several executions sharing one credential', () => {
	async function expireTogether() {
		const { data } = await connectCredential({
			...connectOptions({ grantType: recommendedGrantType }),
			consent: async (url) => await sandbox.consent(url, { decision: 'allow' }),
		});
		const store = new CredentialStore();
		const credential = store.add({ type: 'accountingServiceOAuth2Api', data });
		sandbox.clock.advance(301);
		const position = sandbox.log.entries().length;
		const runs = await Promise.all(
			Array.from({ length: 5 }, () => runWorkflow({ store, nodes: [probe(credential, '/user')], input: [{}, {}] })),
		);
		return { store, credential, position, runs };
	}

	if (!isN8n1) {
		it('refresh once when their token expires together (n8n-core 2.41 serialises the refresh)', async () => {
			const { store, credential, position, runs } = await expireTogether();

			expect(runs.map((run) => run.error)).toEqual(Array(5).fill(undefined));
			expect(runs.map((run) => run.json('Call API').length)).toEqual(Array(5).fill(2));
			const entries = logSince(position);
			expect(entries.filter((entry) => entry.grantType === 'refresh_token').map(line)).toEqual([
				`POST ${new URL(urls.tokenUrl).pathname} 200 refresh_token`,
			]);
			expect(store.refreshCount(credential.id)).toBe(1);
		});
	} else {
		// The probe node has no lost-race fallback: this is n8n-core 1.x's own behaviour.
		it('n8n-core 1.x refreshes each execution in parallel with the same single-use token: one wins, the rest fail with invalid_grant', async () => {
			const { store, credential, position, runs } = await expireTogether();

			const refreshes = logSince(position).filter((entry) => entry.grantType === 'refresh_token');
			expect(refreshes.length).toBeGreaterThan(1);
			expect(refreshes.map((entry) => entry.status).sort()).toEqual([200, ...Array(refreshes.length - 1).fill(400)]);
			const failed = runs.filter((run) => run.error);
			expect(failed).toHaveLength(refreshes.length - 1);
			for (const run of failed) expect(run.error?.message).toMatch(/refresh token is invalid, expired, revoked/);
			for (const run of runs.filter((r) => !r.error)) expect(run.json('Call API')).toHaveLength(2);
			expect(store.refreshCount(credential.id)).toBe(1);
		});
	}
});

describe('OAuth2 with the plain authorization code grant (for n8n before 2.14)', () => {
	it('connects without PKCE and calls the API through n8n-core', async () => {
		const position = sandbox.log.entries().length;
		const { data, authorizationUrl } = await connectCredential({
			...connectOptions({ grantType: 'authorizationCode', scope: 'readonly' }),
			consent: async (url) => await sandbox.consent(url, { decision: 'allow' }),
		});
		expect(new URL(authorizationUrl).searchParams.has('code_challenge')).toBe(false);
		expect(logSince(position)).toEqual([
			expect.objectContaining({ grantType: 'authorization_code', status: 200, auth: 'none' }),
		]);

		const tokenData = data.oauthTokenData as IDataObject;
		expect(tokenData.scopes).toBe('readonly');
		// Without a chosen country the service still reports one on the callback.
		expect(tokenData.callbackQueryString).toEqual({ country: expect.stringMatching(/^(ca|de|es|fr|gb|ie|us)$/) });

		const store = new CredentialStore();
		const credential = store.add({ type: 'accountingServiceOAuth2Api', data });
		const result = await runWorkflow({ store, nodes: [probe(credential, '/user')] });
		expect(result.error).toBeUndefined();
		expect(result.json('Call API')).toEqual([expect.objectContaining({ id: tokenData.requested_by_id })]);
	});

	it('returns the refusal to the callback when the user denies, and n8n never exchanges', async () => {
		const pending = await startAuthorization(connectOptions({ grantType: 'authorizationCode' }));
		const callbackUrl = await sandbox.consent(pending.authorizationUrl, { decision: 'deny' });
		const callback = new URL(callbackUrl).searchParams;
		expect(callback.get('error')).toBe('access_denied');
		expect(callback.get('state')).toBe(pending.state);
		expect(callback.has('code')).toBe(false);

		const position = sandbox.log.entries().length;
		await expect(completeAuthorization(pending, callbackUrl)).rejects.toThrow(/access_denied/);
		expect(logSince(position)).toEqual([]);
	});
});
