// Conformance of the sandbox's test controls: clock, injected faults and the request log,
// both on the sandbox object and over HTTP under /__sandbox.

import { createHash } from 'node:crypto';
import { request } from 'undici';
import {
	Sandbox,
	Urls,
	startSandbox,
	obtainCode,
	exchangeCode,
	refresh,
	apiGet,
	send,
	TokenResponse,
	postForm,
} from '../oauth-flow';

let sandbox: Sandbox;
let urls: Urls;
let tokens: TokenResponse;

beforeAll(async () => {
	({ sandbox, urls } = await startSandbox());
	const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
	tokens = (await exchangeCode(sandbox, urls, grant)).json;
});
afterAll(() => sandbox.stop());
beforeEach(() => {
	sandbox.faults.clear();
	sandbox.log.clear();
});

function control(method: string, path: string, body?: unknown) {
	return send(urls.controlUrl + path, {
		method: method as any,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
}

describe('clock', () => {
	test('GET /__sandbox/clock tells the sandbox time', async () => {
		const answer = await control('GET', '/clock');
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.json).sort()).toEqual(['epochSeconds', 'now']);
		expect(Math.abs(Date.parse(answer.json.now) - sandbox.clock.now())).toBeLessThan(1000);
		expect(answer.json.epochSeconds).toBe(Math.floor(Date.parse(answer.json.now) / 1000));
	});

	test('POST /__sandbox/clock/advance moves the clock; sandbox.clock.advance does the same in-process', async () => {
		const before = (await control('GET', '/clock')).json.epochSeconds;
		const advanced = await control('POST', '/clock/advance', { seconds: 3600 });
		expect(advanced.status).toBe(200);
		expect(advanced.json.epochSeconds - before).toBeGreaterThanOrEqual(3600);
		expect(advanced.json.epochSeconds - before).toBeLessThanOrEqual(3601);
		sandbox.clock.advance(60);
		expect((await control('GET', '/clock')).json.epochSeconds - advanced.json.epochSeconds).toBeGreaterThanOrEqual(60);
	});

	test('the clock cannot go back or move by a non-number', async () => {
		expect((await control('POST', '/clock/advance', { seconds: -5 })).status).toBe(400);
		expect((await control('POST', '/clock/advance', { seconds: 'soon' })).status).toBe(400);
		expect(() => sandbox.clock.advance(-1)).toThrow(RangeError);
	});

	test('moving the clock over HTTP expires access tokens', async () => {
		const fresh = (await exchangeCode(sandbox, urls, await obtainCode(sandbox, urls, { pkce: 'S256' })))
			.json as TokenResponse;
		await control('POST', '/clock/advance', { seconds: 301 });
		expect((await apiGet(urls, '/user', fresh.access_token)).status).toBe(401);
		tokens = (await refresh(sandbox, urls, fresh.refresh_token)).json;
	});
});

describe('faults', () => {
	test('429 with Retry-After in seconds, the service error body, then normal service', async () => {
		sandbox.faults.inject({ kind: '429', retryAfter: 7 });
		const limited = await apiGet(urls, '/user', tokens.access_token);
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('7');
		expect(limited.json).toEqual([
			{ $severity: 'error', $dataCode: expect.any(String), $message: expect.any(String), $source: expect.any(String) },
		]);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
	});

	test('429 with Retry-After as an HTTP-date', async () => {
		const date = new Date(Date.now() + 120_000).toUTCString();
		sandbox.faults.inject({ kind: '429', retryAfter: date });
		const limited = await apiGet(urls, '/user', tokens.access_token);
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe(date);
	});

	test('429 without retryAfter sends no Retry-After', async () => {
		sandbox.faults.inject({ kind: '429' });
		const limited = await apiGet(urls, '/user', tokens.access_token);
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBeUndefined();
	});

	test('503 with the service error body', async () => {
		sandbox.faults.inject({ kind: '503' });
		const answer = await apiGet(urls, '/user', tokens.access_token);
		expect(answer.status).toBe(503);
		expect(answer.json[0].$severity).toBe('error');
	});

	test('reset: the connection dies without a response', async () => {
		sandbox.faults.inject({ kind: 'reset' });
		await expect(
			request(`${urls.baseUrl}/user`, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
		).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|UND_ERR_SOCKET/) });
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
	});

	test('slow: the answer comes no sooner than delayMs, and is otherwise normal', async () => {
		// A long delay, so that "the next answer is not delayed" holds on a busy machine too.
		const DELAY = 1_500;
		sandbox.faults.inject({ kind: 'slow', delayMs: DELAY });
		const started = performance.now();
		const answer = await apiGet(urls, '/user', tokens.access_token);
		expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY - 5);
		expect(answer.status).toBe(200);
		const quick = performance.now();
		await apiGet(urls, '/user', tokens.access_token);
		expect(performance.now() - quick).toBeLessThan(DELAY);
	});

	test('count hits exactly that many requests', async () => {
		sandbox.faults.inject({ kind: '503', count: 2 });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await apiGet(urls, '/user', tokens.access_token)).status);
		expect(statuses).toEqual([503, 503, 200]);
	});

	test('pathPrefix hits only API paths starting with it', async () => {
		sandbox.faults.inject({ kind: '503', pathPrefix: '/businesses' });
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
		expect((await apiGet(urls, '/businesses', tokens.access_token)).status).toBe(503);
	});

	test('faults hit API requests before the token check', async () => {
		sandbox.faults.inject({ kind: '429' });
		expect((await apiGet(urls, '/user')).status).toBe(429);
	});

	test('target token hits the token endpoint, not the API', async () => {
		sandbox.faults.inject({ kind: '503', target: 'token', retryAfter: 5 });
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
		const answer = await refresh(sandbox, urls, tokens.refresh_token);
		expect(answer.status).toBe(503);
		expect(answer.headers['retry-after']).toBe('5');
		expect(answer.json.error).toBe('temporarily_unavailable');
		const renewed = await refresh(sandbox, urls, tokens.refresh_token);
		expect(renewed.status).toBe(200);
		tokens = renewed.json;
	});

	test('over HTTP: POST queues, GET lists pending, DELETE clears', async () => {
		const injected = await control('POST', '/faults', { kind: '429', count: 3, retryAfter: 1 });
		expect(injected.status).toBe(201);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(429);
		const pending = await control('GET', '/faults');
		expect(pending.json.pending).toEqual([expect.objectContaining({ kind: '429', remaining: 2 })]);
		expect((await control('DELETE', '/faults')).status).toBe(200);
		expect((await control('GET', '/faults')).json.pending).toEqual([]);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
	});

	test.each([
		[{ kind: '500' }],
		[{ kind: '429', count: 0 }],
		[{ kind: 'slow', delayMs: -1 }],
		[{ kind: '503', pathPrefix: 'user' }],
		[{ kind: '429', retry_after: 5 }],
		[{ kind: 'reset', target: 'revoke' }],
	])('an invalid fault %j is refused (400 over HTTP, TypeError in-process)', async (spec) => {
		expect((await control('POST', '/faults', spec)).status).toBe(400);
		expect(() => sandbox.faults.inject(spec as any)).toThrow(TypeError);
		expect(sandbox.faults.pending()).toEqual([]);
	});
});

describe('request log', () => {
	test('an API request is recorded with what was sent, the token only as a fingerprint', async () => {
		await apiGet(urls, '/businesses?items_per_page=5&page=2', tokens.access_token, {
			'x-business': sandbox.dataset.businesses[1].id,
		});
		const [entry] = sandbox.log.entries();
		expect(entry).toEqual({
			seq: expect.any(Number),
			at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			method: 'GET',
			path: '/v3.1/businesses?items_per_page=5&page=2',
			status: 200,
			business: sandbox.dataset.businesses[1].id,
			accept: 'application/json',
			contentType: null,
			auth: 'bearer',
			tokenFingerprint: createHash('sha256').update(tokens.access_token).digest('hex').slice(0, 12),
			grantType: null,
			refreshTokenFingerprint: null,
			issuedRefreshFingerprint: null,
			issuedAccessFingerprint: null,
			fault: null,
			concurrent: 1,
		});
	});

	test('the log time is sandbox time', async () => {
		sandbox.clock.advance(86400);
		await apiGet(urls, '/user');
		expect(Math.abs(Date.parse(sandbox.log.entries()[0].at) - sandbox.clock.now())).toBeLessThan(1000);
	});

	test('seq increases; unauthenticated requests show auth none; faults are named', async () => {
		sandbox.faults.inject({ kind: 'reset' });
		await request(`${urls.baseUrl}/user`).catch(() => undefined);
		await apiGet(urls, '/user');
		const entries = sandbox.log.entries();
		expect(entries.map((e) => [e.fault, e.status, e.auth])).toEqual([
			['reset', null, 'none'],
			[null, 401, 'none'],
		]);
		expect(entries[1].seq).toBe(entries[0].seq + 1);
	});

	test('the token and revoke endpoints are recorded with the grant type, never the secrets', async () => {
		const grant = await obtainCode(sandbox, urls, { pkce: 'S256' });
		const exchanged = await exchangeCode(sandbox, urls, grant);
		const pair: TokenResponse = exchanged.json;
		const renewed: TokenResponse = (await refresh(sandbox, urls, pair.refresh_token)).json;
		await postForm(urls.revokeUrl, {
			client_id: sandbox.client.clientId,
			client_secret: sandbox.client.clientSecret,
			token: renewed.refresh_token,
		});
		await apiGet(urls, `/user?access_token=${renewed.access_token}`, renewed.access_token);

		const entries = sandbox.log.entries();
		expect(entries.map((e) => [e.method, e.path.split('?')[0], e.status, e.grantType])).toEqual([
			['POST', '/token', 200, 'authorization_code'],
			['POST', '/token', 200, 'refresh_token'],
			['POST', '/revoke', 200, null],
			['GET', '/v3.1/user', 200, null],
		]);
		expect(entries[0].contentType).toBe('application/x-www-form-urlencoded');
		expect(entries[3].path).toBe('/v3.1/user?access_token=redacted');

		const everything = JSON.stringify(entries) + (await control('GET', '/log')).text;
		for (const secret of [
			pair.access_token,
			pair.refresh_token,
			renewed.access_token,
			renewed.refresh_token,
			grant.code,
			grant.verifier!,
			sandbox.client.clientSecret,
		]) {
			expect(everything).not.toContain(secret);
		}
	});

	test('over HTTP: GET lists, DELETE clears; sandbox.log.clear() does the same', async () => {
		await apiGet(urls, '/user', tokens.access_token);
		const listed = await control('GET', '/log');
		expect(listed.status).toBe(200);
		expect(listed.json.entries).toHaveLength(1);
		expect((await control('DELETE', '/log')).status).toBe(200);
		expect(sandbox.log.entries()).toEqual([]);
		await apiGet(urls, '/user', tokens.access_token);
		sandbox.log.clear();
		expect((await control('GET', '/log')).json.entries).toEqual([]);
	});

	test('the authorization page and the controls themselves are not recorded', async () => {
		await control('GET', '/clock');
		await send(urls.authUrl);
		expect(sandbox.log.entries()).toEqual([]);
	});
});

describe('control routes', () => {
	test('GET /__sandbox lists the controls; unknown control → 404; wrong method → 405', async () => {
		expect((await control('GET', '')).json.controls.length).toBeGreaterThan(0);
		expect((await control('GET', '/nothing')).status).toBe(404);
		const wrong = await control('PUT', '/clock');
		expect(wrong.status).toBe(405);
		expect(wrong.headers.allow).toBe('GET');
	});
});
