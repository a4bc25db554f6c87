// Conformance of the sandbox's OAuth 2.0 endpoints with the spec's Authentication section.

import { fingerprint } from '../../../sandbox/oauth/secrets';
import {
	Sandbox,
	Urls,
	startSandbox,
	authorizationUrl,
	send,
	postForm,
	obtainCode,
	exchangeCode,
	refresh,
	obtainTokens,
	apiGet,
	pkcePair,
	TokenResponse,
} from '../oauth-flow';

let sandbox: Sandbox;
let urls: Urls;

beforeAll(async () => {
	({ sandbox, urls } = await startSandbox());
});
afterAll(() => sandbox.stop());

function expectNoRedirect(answer: { status: number; headers: Record<string, unknown>; text: string }, error: string) {
	expect(answer.status).toBe(400);
	expect(answer.headers.location).toBeUndefined();
	expect(answer.headers['content-type']).toMatch(/^text\/html/);
	expect(answer.text).toContain(`<code id="error">${error}</code>`);
}

function redirectParams(answer: { status: number; headers: Record<string, unknown> }): URLSearchParams {
	expect(answer.status).toBe(302);
	const location = new URL(String(answer.headers.location));
	expect(location.origin + location.pathname).toBe(sandbox.client.redirectUris[0]);
	return location.searchParams;
}

describe('authorization page: errors that must not redirect', () => {
	test.each([
		['client_id missing', 'invalid_request', { client_id: undefined }],
		['client_id unknown', 'unauthorized_client', { client_id: 'someone-else' }],
		['redirect_uri missing', 'invalid_request', { redirect_uri: undefined }],
		['redirect_uri not registered', 'invalid_request', { redirect_uri: 'https://attacker.example/callback' }],
		[
			'redirect_uri with an added parameter',
			'invalid_request',
			{ redirect_uri: 'http://localhost:5678/rest/oauth2-credential/callback?x=1' },
		],
	])('%s → %s on an HTML error page (400), no Location', async (_name, error, params) => {
		expectNoRedirect(await send(authorizationUrl(sandbox, urls, params)), error);
	});

	test('repeated redirect_uri → HTML error page, even when both are registered', async () => {
		const url = `${authorizationUrl(sandbox, urls)}&redirect_uri=${encodeURIComponent(sandbox.client.redirectUris[1])}`;
		expectNoRedirect(await send(url), 'invalid_request');
	});

	test('an unregistered redirect_uri is never used, even for an error that would otherwise redirect', async () => {
		const answer = await send(
			authorizationUrl(sandbox, urls, { redirect_uri: 'https://attacker.example/cb', response_type: 'token' }),
		);
		expectNoRedirect(answer, 'invalid_request');
	});
});

describe('authorization page: errors returned to the callback', () => {
	const challenge43 = 'a'.repeat(43);
	test.each([
		['response_type missing', 'invalid_request', { response_type: undefined }],
		['response_type token', 'unsupported_response_type', { response_type: 'token' }],
		['scope unknown', 'invalid_scope', { scope: 'admin' }],
		['scope with two values', 'invalid_scope', { scope: 'readonly full_access' }],
		["scopes (the table's name) unknown", 'invalid_scope', { scope: undefined, scopes: 'write' }],
		['scope and scopes disagree', 'invalid_request', { scope: 'readonly', scopes: 'full_access' }],
		['country unknown', 'invalid_request', { country: 'xx' }],
		['country upper case', 'invalid_request', { country: 'GB' }],
		['filter other than apiv3.1 without country', 'invalid_request', { filter: 'apiv3' }],
		[
			'code_challenge of 42 characters',
			'invalid_request',
			{ code_challenge: 'a'.repeat(42), code_challenge_method: 'plain' },
		],
		[
			'code_challenge of 129 characters',
			'invalid_request',
			{ code_challenge: 'a'.repeat(129), code_challenge_method: 'plain' },
		],
		[
			'code_challenge with a character outside [A-Za-z0-9-._~]',
			'invalid_request',
			{ code_challenge: `${challenge43}+`, code_challenge_method: 'plain' },
		],
		['code_challenge_method S512', 'invalid_request', { code_challenge: challenge43, code_challenge_method: 'S512' }],
		['code_challenge_method without code_challenge', 'invalid_request', { code_challenge_method: 'S256' }],
	])('%s → %s', async (_name, error, params) => {
		const url = authorizationUrl(sandbox, urls, { state: 'xyz', ...params });
		const returned = redirectParams(await send(url));
		expect(returned.get('error')).toBe(error);
		expect(returned.get('error_description')).toBeTruthy();
		expect(returned.get('state')).toBe('xyz');
		expect(returned.get('code')).toBeNull();
	});

	test.each(['response_type', 'scope', 'country', 'code_challenge'])('repeated %s → invalid_request', async (name) => {
		const values: Record<string, string> = {
			response_type: 'code',
			scope: 'readonly',
			country: 'gb',
			code_challenge: 'b'.repeat(43),
		};
		const url = `${authorizationUrl(sandbox, urls, { state: 'xyz', [name]: values[name] })}&${name}=${values[name]}`;
		const returned = redirectParams(await send(url));
		expect(returned.get('error')).toBe('invalid_request');
		expect(returned.get('state')).toBe('xyz');
	});

	test('repeated state → invalid_request, and no state is echoed', async () => {
		const returned = redirectParams(await send(`${authorizationUrl(sandbox, urls, { state: 'one' })}&state=two`));
		expect(returned.get('error')).toBe('invalid_request');
		expect(returned.get('state')).toBeNull();
	});

	test('no state sent → none returned', async () => {
		const returned = redirectParams(
			await send(authorizationUrl(sandbox, urls, { state: undefined, response_type: 'token' })),
		);
		expect(returned.get('error')).toBe('unsupported_response_type');
		expect(returned.has('state')).toBe(false);
	});
});

describe('authorization page: consent', () => {
	test('a valid request shows a consent form for the seeded user that carries only an opaque id', async () => {
		const { challenge } = pkcePair('S256');
		const answer = await send(
			authorizationUrl(sandbox, urls, {
				state: 'state-on-page',
				code_challenge: challenge,
				code_challenge_method: 'S256',
			}),
		);
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toMatch(/^text\/html/);
		expect(answer.text).toContain(sandbox.dataset.user.email);
		expect(answer.text).toMatch(/<form method="post" action="\/oauth2\/auth\/central">/);
		expect(answer.text).toMatch(/<button[^>]*value="allow"/);
		expect(answer.text).toMatch(/<button[^>]*value="deny"/);
		const hidden = [...answer.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)];
		expect(hidden.map((match) => match[1])).toEqual(['consent_request']);
		expect(hidden[0][2].length).toBeGreaterThanOrEqual(32);
		expect(answer.text).not.toContain('state-on-page');
		expect(answer.text).not.toContain(challenge);
	});

	test('Allow → callback with code, the requested country and state', async () => {
		const callback = new URL(
			await sandbox.consent(authorizationUrl(sandbox, urls, { country: 'de', state: 's-1' }), { decision: 'allow' }),
		);
		expect(callback.origin + callback.pathname).toBe(sandbox.client.redirectUris[0]);
		expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
		expect(callback.searchParams.get('country')).toBe('de');
		expect(callback.searchParams.get('state')).toBe('s-1');
		expect(callback.searchParams.get('error')).toBeNull();
	});

	test("Allow without country → the lead business's country", async () => {
		const callback = new URL(
			await sandbox.consent(authorizationUrl(sandbox, urls, { filter: 'apiv3.1' }), { decision: 'allow' }),
		);
		const lead = await apiGet(urls, '/businesses/lead', (await obtainTokens(sandbox, urls)).access_token);
		expect(callback.searchParams.get('country')).toBe(lead.json.country.id.toLowerCase());
	});

	test('Deny → access_denied with state, no code', async () => {
		const callback = new URL(
			await sandbox.consent(authorizationUrl(sandbox, urls, { state: 's-2' }), { decision: 'deny' }),
		);
		expect(callback.searchParams.get('error')).toBe('access_denied');
		expect(callback.searchParams.get('state')).toBe('s-2');
		expect(callback.searchParams.get('code')).toBeNull();
	});

	test('a consent form answers once; a replayed or invented id gets an error page', async () => {
		const page = await send(authorizationUrl(sandbox, urls));
		const id = /name="consent_request" value="([^"]+)"/.exec(page.text)![1];
		const first = await postForm(urls.authUrl, { consent_request: id, decision: 'allow' });
		expect(first.status).toBe(302);
		expectNoRedirect(await postForm(urls.authUrl, { consent_request: id, decision: 'allow' }), 'invalid_request');
		expectNoRedirect(
			await postForm(urls.authUrl, { consent_request: 'invented', decision: 'allow' }),
			'invalid_request',
		);
	});

	test('scope defaults to full_access; readonly and the "scopes" spelling are granted as asked', async () => {
		expect((await obtainTokens(sandbox, urls, { scope: undefined })).scopes).toBe('full_access');
		expect((await obtainTokens(sandbox, urls, { scope: 'readonly' })).scopes).toBe('readonly');
		expect((await obtainTokens(sandbox, urls, { scope: undefined, scopes: 'readonly' })).scopes).toBe('readonly');
	});
});

function expectOAuthError(answer: { status: number; json: any }, status: number, error: string) {
	expect(answer.status).toBe(status);
	expect(answer.json).toEqual({ error, error_description: expect.any(String) });
}

describe('token endpoint: code exchange', () => {
	test("the token response has exactly the spec's seven fields", async () => {
		const answer = await exchangeCode(sandbox, urls, await obtainCode(sandbox, urls, { pkce: 'S256' }));
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toMatch(/^application\/json/);
		expect(answer.headers['cache-control']).toBe('no-store');
		const body: TokenResponse = answer.json;
		expect(Object.keys(body).sort()).toEqual([
			'access_token',
			'expires_in',
			'refresh_token',
			'refresh_token_expires_in',
			'requested_by_id',
			'scopes',
			'token_type',
		]);
		expect(body.access_token.length).toBeGreaterThanOrEqual(1250);
		expect(body.access_token.length).toBeLessThanOrEqual(1350);
		expect(Buffer.byteLength(body.refresh_token)).toBeLessThanOrEqual(2048);
		expect(body.refresh_token.length).toBeGreaterThanOrEqual(100);
		expect(body).toMatchObject({
			scopes: 'full_access',
			token_type: 'bearer',
			expires_in: 300,
			refresh_token_expires_in: 2678400,
			requested_by_id: sandbox.dataset.user.id,
		});
	});

	test('a code is single-use', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		expect((await exchangeCode(sandbox, urls, grant)).status).toBe(200);
		expectOAuthError(await exchangeCode(sandbox, urls, grant), 400, 'invalid_grant');
	});

	test('a code is dead 60 seconds after issue', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		sandbox.clock.advance(61);
		expectOAuthError(await exchangeCode(sandbox, urls, grant), 400, 'invalid_grant');
	});

	test('a code is still good at 59 seconds', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		sandbox.clock.advance(59);
		expect((await exchangeCode(sandbox, urls, grant)).status).toBe(200);
	});

	test('an unknown code → invalid_grant', async () => {
		expectOAuthError(
			await exchangeCode(sandbox, urls, { code: 'never-issued', redirectUri: sandbox.client.redirectUris[0] }),
			400,
			'invalid_grant',
		);
	});

	test('PKCE S256 with the right verifier → tokens', async () => {
		const answer = await exchangeCode(sandbox, urls, await obtainCode(sandbox, urls, { pkce: 'S256' }));
		expect(answer.status).toBe(200);
	});

	test('PKCE S256 with a wrong verifier → invalid_grant', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		expectOAuthError(
			await exchangeCode(sandbox, urls, { ...grant, verifier: pkcePair('S256').verifier }),
			400,
			'invalid_grant',
		);
	});

	test('PKCE S256 sending the challenge itself as verifier → invalid_grant', async () => {
		const { challenge } = pkcePair('S256');
		const callback = new URL(
			await sandbox.consent(
				authorizationUrl(sandbox, urls, { code_challenge: challenge, code_challenge_method: 'S256' }),
			),
		);
		const grant = {
			code: callback.searchParams.get('code')!,
			verifier: challenge,
			redirectUri: sandbox.client.redirectUris[0],
		};
		expectOAuthError(await exchangeCode(sandbox, urls, grant), 400, 'invalid_grant');
	});

	test('PKCE: code requested with a challenge, verifier missing → invalid_grant', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		expectOAuthError(await exchangeCode(sandbox, urls, { ...grant, verifier: undefined }), 400, 'invalid_grant');
	});

	test('PKCE plain: right verifier → tokens, wrong → invalid_grant', async () => {
		expect((await exchangeCode(sandbox, urls, await obtainCode(sandbox, urls, { pkce: 'plain' }))).status).toBe(200);
		const grant = await obtainCode(sandbox, urls, { pkce: 'plain' });
		expectOAuthError(
			await exchangeCode(sandbox, urls, { ...grant, verifier: pkcePair('plain').verifier }),
			400,
			'invalid_grant',
		);
	});

	test('a challenge without a method is a plain challenge (RFC 7636 §4.3)', async () => {
		const { verifier, challenge } = pkcePair('plain');
		const callback = new URL(await sandbox.consent(authorizationUrl(sandbox, urls, { code_challenge: challenge })));
		const grant = { code: callback.searchParams.get('code')!, verifier, redirectUri: sandbox.client.redirectUris[0] };
		expect((await exchangeCode(sandbox, urls, grant)).status).toBe(200);
	});

	test('without PKCE no verifier is needed, and one sent anyway → invalid_grant', async () => {
		expect((await exchangeCode(sandbox, urls, await obtainCode(sandbox, urls))).status).toBe(200);
		const grant = await obtainCode(sandbox, urls);
		expectOAuthError(
			await exchangeCode(sandbox, urls, { ...grant, verifier: pkcePair('S256').verifier }),
			400,
			'invalid_grant',
		);
	});

	test('redirect_uri must match the authorization request exactly', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		expectOAuthError(
			await exchangeCode(sandbox, urls, { ...grant, redirectUri: sandbox.client.redirectUris[1] }),
			400,
			'invalid_grant',
		);
		const withSlash = await obtainCode(sandbox, urls, { pkce: 'S256' });
		expectOAuthError(
			await exchangeCode(sandbox, urls, { ...withSlash, redirectUri: `${withSlash.redirectUri}/` }),
			400,
			'invalid_grant',
		);
	});

	test('redirect_uri missing → invalid_request', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		const answer = await postForm(urls.tokenUrl, {
			grant_type: 'authorization_code',
			client_id: sandbox.client.clientId,
			client_secret: sandbox.client.clientSecret,
			code: grant.code,
			code_verifier: grant.verifier!,
		});
		expectOAuthError(answer, 400, 'invalid_request');
	});
});

describe('token endpoint: request rules', () => {
	test('client credentials in a Basic header instead of the body → invalid_client, 401', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		const basic = Buffer.from(`${sandbox.client.clientId}:${sandbox.client.clientSecret}`).toString('base64');
		const answer = await postForm(
			urls.tokenUrl,
			{
				grant_type: 'authorization_code',
				code: grant.code,
				redirect_uri: grant.redirectUri,
				code_verifier: grant.verifier!,
			},
			{ authorization: `Basic ${basic}` },
		);
		expectOAuthError(answer, 401, 'invalid_client');
		expect(answer.headers['www-authenticate']).toMatch(/^Basic /);
	});

	test('a wrong client_secret → invalid_client, 401', async () => {
		const answer = await postForm(urls.tokenUrl, {
			grant_type: 'refresh_token',
			client_id: sandbox.client.clientId,
			client_secret: 'wrong',
			refresh_token: 'x',
		});
		expectOAuthError(answer, 401, 'invalid_client');
	});

	test('a JSON body → invalid_request', async () => {
		const answer = await send(urls.tokenUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				grant_type: 'refresh_token',
				client_id: sandbox.client.clientId,
				client_secret: sandbox.client.clientSecret,
				refresh_token: 'x',
			}),
		});
		expectOAuthError(answer, 400, 'invalid_request');
	});

	test('a repeated parameter → invalid_request', async () => {
		const body = new URLSearchParams({
			grant_type: 'refresh_token',
			client_id: sandbox.client.clientId,
			client_secret: sandbox.client.clientSecret,
			refresh_token: 'x',
		});
		body.append('refresh_token', 'y');
		const answer = await send(urls.tokenUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: body.toString(),
		});
		expectOAuthError(answer, 400, 'invalid_request');
	});

	test.each(['client_credentials', 'password', 'implicit'])(
		'grant_type %s → unsupported_grant_type',
		async (grantType) => {
			const answer = await postForm(urls.tokenUrl, {
				grant_type: grantType,
				client_id: sandbox.client.clientId,
				client_secret: sandbox.client.clientSecret,
			});
			expectOAuthError(answer, 400, 'unsupported_grant_type');
		},
	);

	test('grant_type missing → invalid_request', async () => {
		const answer = await postForm(urls.tokenUrl, {
			client_id: sandbox.client.clientId,
			client_secret: sandbox.client.clientSecret,
		});
		expectOAuthError(answer, 400, 'invalid_request');
	});

	test('GET → 405', async () => {
		const answer = await send(urls.tokenUrl);
		expect(answer.status).toBe(405);
		expect(answer.headers.allow).toBe('POST');
	});
});

describe('token endpoint: renewal', () => {
	test('refresh rotates: a new pair, and the used refresh token is refused at once', async () => {
		const first = await obtainTokens(sandbox, urls);
		const renewed = await refresh(sandbox, urls, first.refresh_token);
		expect(renewed.status).toBe(200);
		expect(renewed.json.refresh_token).not.toBe(first.refresh_token);
		expect(renewed.json.access_token).not.toBe(first.access_token);
		expect(renewed.json).toMatchObject({
			scopes: 'full_access',
			expires_in: 300,
			requested_by_id: sandbox.dataset.user.id,
		});
		expectOAuthError(await refresh(sandbox, urls, first.refresh_token), 400, 'invalid_grant');
		expect((await refresh(sandbox, urls, renewed.json.refresh_token)).status).toBe(200);
	});

	test('a refresh keeps the granted scope', async () => {
		const first = await obtainTokens(sandbox, urls, { scope: 'readonly' });
		expect((await refresh(sandbox, urls, first.refresh_token)).json.scopes).toBe('readonly');
	});

	test('a refresh token is dead 31 days after issue', async () => {
		const tokens = await obtainTokens(sandbox, urls);
		sandbox.clock.advance(2678400);
		expectOAuthError(await refresh(sandbox, urls, tokens.refresh_token), 400, 'invalid_grant');
	});

	test('renewing within 31 days starts a new 31 days', async () => {
		const tokens = await obtainTokens(sandbox, urls);
		sandbox.clock.advance(30 * 86400);
		const renewed = await refresh(sandbox, urls, tokens.refresh_token);
		expect(renewed.status).toBe(200);
		sandbox.clock.advance(30 * 86400);
		expect((await refresh(sandbox, urls, renewed.json.refresh_token)).status).toBe(200);
	});

	test('an access token is not a refresh token', async () => {
		const tokens = await obtainTokens(sandbox, urls);
		expectOAuthError(await refresh(sandbox, urls, tokens.access_token), 400, 'invalid_grant');
	});

	test('the log links each renewal to the refresh token it spent and the one it issued, never the tokens', async () => {
		sandbox.log.clear();
		const first = await obtainTokens(sandbox, urls);
		const renewed = await refresh(sandbox, urls, first.refresh_token);
		await refresh(sandbox, urls, first.refresh_token);
		const grants = sandbox.log.entries().filter((entry) => entry.grantType !== null);
		expect(grants.map((entry) => [entry.grantType, entry.status])).toEqual([
			['authorization_code', 200],
			['refresh_token', 200],
			['refresh_token', 400],
		]);
		const [exchange, renewal, replay] = grants;
		expect(exchange.refreshTokenFingerprint).toBeNull();
		expect(renewal.refreshTokenFingerprint).toBe(exchange.issuedRefreshFingerprint);
		expect(renewal.issuedRefreshFingerprint).toMatch(/^[0-9a-f]{12}$/);
		expect(renewal.issuedRefreshFingerprint).not.toBe(exchange.issuedRefreshFingerprint);
		expect(exchange.issuedAccessFingerprint).toBe(fingerprint(first.access_token));
		expect(renewal.issuedAccessFingerprint).toBe(fingerprint(renewed.json.access_token));
		expect(replay.issuedAccessFingerprint).toBeNull();
		expect(replay.refreshTokenFingerprint).toBe(exchange.issuedRefreshFingerprint);
		expect(replay.issuedRefreshFingerprint).toBeNull();
		const logged = JSON.stringify(sandbox.log.entries());
		for (const secret of [first.refresh_token, renewed.json.refresh_token, renewed.json.access_token])
			expect(logged).not.toContain(secret);
	});
});

describe('token endpoint: a shorter access-token lifetime (accessTokenSeconds)', () => {
	test('tokens say and keep the lifetime the sandbox was started with', async () => {
		const short = await startSandbox({ accessTokenSeconds: 60 });
		try {
			const tokens = await obtainTokens(short.sandbox, short.urls);
			expect(tokens.expires_in).toBe(60);
			short.sandbox.clock.advance(59);
			expect((await apiGet(short.urls, '/user', tokens.access_token)).status).toBe(200);
			short.sandbox.clock.advance(1);
			expect((await apiGet(short.urls, '/user', tokens.access_token)).status).toBe(401);
			expect((await refresh(short.sandbox, short.urls, tokens.refresh_token)).json.expires_in).toBe(60);
		} finally {
			await short.sandbox.stop();
		}
	});
});

describe('revoke endpoint', () => {
	function revoke(token: string, secret = sandbox.client.clientSecret) {
		return postForm(urls.revokeUrl, { client_id: sandbox.client.clientId, client_secret: secret, token });
	}

	test('revoking a refresh token → 200 {success}, then it yields invalid_grant', async () => {
		const tokens = await obtainTokens(sandbox, urls);
		const answer = await revoke(tokens.refresh_token);
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.json)).toEqual(['success']);
		expect(typeof answer.json.success).toBe('string');
		expectOAuthError(await refresh(sandbox, urls, tokens.refresh_token), 400, 'invalid_grant');
	});

	test('the access token stays valid after its refresh token is revoked', async () => {
		const tokens = await obtainTokens(sandbox, urls);
		expect((await revoke(tokens.refresh_token)).status).toBe(200);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
	});

	test('revoke needs the client credentials in the body', async () => {
		const tokens = await obtainTokens(sandbox, urls);
		expectOAuthError(await revoke(tokens.refresh_token, 'wrong'), 401, 'invalid_client');
		expect((await refresh(sandbox, urls, tokens.refresh_token)).status).toBe(200);
	});

	test('token missing → invalid_request', async () => {
		const answer = await postForm(urls.revokeUrl, {
			client_id: sandbox.client.clientId,
			client_secret: sandbox.client.clientSecret,
		});
		expectOAuthError(answer, 400, 'invalid_request');
	});
});
