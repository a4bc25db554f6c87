// The sandbox as a service far away and shared: latency (fixed and with jitter) on every API
// answer, and a per-business rate limit answered with 429, Retry-After and the service's error body.

import { createSandbox } from '../../../sandbox';
import { createLatency, createRateLimiter } from '../../../sandbox/server/network';
import { apiGet, obtainTokens, startSandbox, type Sandbox, type TokenResponse, type Urls } from '../oauth-flow';

async function timedGet(urls: Urls, path: string, token: string, headers: Record<string, string> = {}) {
	const started = performance.now();
	const answer = await apiGet(urls, path, token, headers);
	return { answer, ms: performance.now() - started };
}

describe('latency', () => {
	let sandbox: Sandbox;
	afterEach(() => sandbox?.stop());

	// Real time only bounds from below: a busy machine makes any answer slower. Upper bounds are kept
	// where the other behaviour would cost a whole latency more, so that only a stall of that size fails.
	test('latencyMs: every API answer takes at least that long, once, also a 401; the OAuth endpoints do not', async () => {
		const LATENCY = 600;
		let urls: Urls;
		({ sandbox, urls } = await startSandbox({ latencyMs: LATENCY }));
		const tokenStarted = performance.now();
		const tokens = await obtainTokens(sandbox, urls);
		// Authorize, consent and the code exchange: three requests, which would take 3 × LATENCY.
		expect(performance.now() - tokenStarted).toBeLessThan(LATENCY * 3);
		for (const token of [tokens.access_token, 'not-a-token']) {
			const { answer, ms } = await timedGet(urls, '/user', token);
			expect(answer.status).toBe(token === 'not-a-token' ? 401 : 200);
			expect(ms).toBeGreaterThanOrEqual(LATENCY - 1);
			expect(ms).toBeLessThan(LATENCY * 2);
		}
	});

	test('latencyJitterMs: each answer takes latencyMs plus 0..jitter, not all the same', async () => {
		let urls: Urls;
		({ sandbox, urls } = await startSandbox({ latencyMs: 40, latencyJitterMs: 120 }));
		const tokens = await obtainTokens(sandbox, urls);
		const times = await Promise.all(
			Array.from({ length: 12 }, async () => (await timedGet(urls, '/user', tokens.access_token)).ms),
		);
		for (const ms of times) expect(ms).toBeGreaterThanOrEqual(39);
		expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(10);
	});

	test('the latency of one answer is latencyMs plus random × jitter', () => {
		expect(createLatency({ latencyMs: 300, latencyJitterMs: 0 })()).toBe(300);
		expect(createLatency({ latencyMs: 300, latencyJitterMs: 100 }, () => 0.25)()).toBe(325);
	});

	test('parallel requests each take the latency, not one after the other', async () => {
		let urls: Urls;
		({ sandbox, urls } = await startSandbox({ latencyMs: 200 }));
		const tokens = await obtainTokens(sandbox, urls);
		const started = performance.now();
		await Promise.all(Array.from({ length: 5 }, () => apiGet(urls, '/user', tokens.access_token)));
		// One after the other they would take 5 × 200 ms.
		expect(performance.now() - started).toBeLessThan(200 * 5);
	});
});

describe('rate limit per business', () => {
	let sandbox: Sandbox;
	let urls: Urls;
	let tokens: TokenResponse;
	beforeEach(async () => {
		({ sandbox, urls } = await startSandbox({ rateLimit: { requests: 3, windowSeconds: 10 } }));
		tokens = await obtainTokens(sandbox, urls);
	});
	afterEach(() => sandbox.stop());

	test('the request past the limit gets 429, Retry-After until the oldest leaves the window, and the service’s error body', async () => {
		for (let i = 0; i < 3; i++) expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
		sandbox.clock.advance(4);
		const refused = await apiGet(urls, '/user', tokens.access_token);
		expect(refused.status).toBe(429);
		expect(refused.headers['retry-after']).toBe('6');
		expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(refused.json).toEqual([
			{
				$severity: 'error',
				$dataCode: 'TooManyRequests',
				$message: expect.stringMatching(/3 requests in any 10 seconds/),
				$source: '',
			},
		]);
		const logged = sandbox.log.entries().filter((entry) => entry.path.startsWith('/v3.1/'));
		expect(logged.map((entry) => [entry.status, entry.fault])).toEqual([
			[200, null],
			[200, null],
			[200, null],
			[429, null],
		]);
	});

	test('it is a sliding window on the sandbox clock; refused requests do not count', async () => {
		for (let i = 0; i < 3; i++) await apiGet(urls, '/user', tokens.access_token);
		for (let i = 0; i < 3; i++) expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(429);
		sandbox.clock.advance(10);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
	});

	test('each business has its own budget; without X-Business the lead business’s is used', async () => {
		const other = (sandbox.dataset.businesses as Array<{ id: string; lead: boolean }>).find(
			(business) => !business.lead,
		)!;
		for (let i = 0; i < 2; i++) await apiGet(urls, '/user', tokens.access_token);
		expect(
			(await apiGet(urls, '/user', tokens.access_token, { 'x-business': sandbox.dataset.leadBusinessId })).status,
		).toBe(200);
		expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(429);
		for (let i = 0; i < 3; i++)
			expect((await apiGet(urls, '/user', tokens.access_token, { 'x-business': other.id })).status).toBe(200);
		expect((await apiGet(urls, '/user', tokens.access_token, { 'x-business': other.id })).status).toBe(429);
	});

	test('requests refused for their token are not counted; the OAuth endpoints are not limited', async () => {
		for (let i = 0; i < 5; i++) expect((await apiGet(urls, '/user', 'not-a-token')).status).toBe(401);
		await obtainTokens(sandbox, urls);
		await obtainTokens(sandbox, urls);
		for (let i = 0; i < 3; i++) expect((await apiGet(urls, '/user', tokens.access_token)).status).toBe(200);
	});

	test('the limiter: Retry-After is at least one second, rounded up', () => {
		let now = 0;
		const limiter = createRateLimiter({ requests: 2, windowSeconds: 60 }, { now: () => now });
		expect(limiter.take('a')).toEqual({ admitted: true });
		now = 30_500;
		expect(limiter.take('a')).toEqual({ admitted: true });
		expect(limiter.take('a')).toEqual({ admitted: false, retryAfterSeconds: 30 });
		now = 59_999;
		expect(limiter.take('a')).toEqual({ admitted: false, retryAfterSeconds: 1 });
		now = 60_000;
		expect(limiter.take('a')).toEqual({ admitted: true });
		expect(limiter.take('b')).toEqual({ admitted: true });
	});
});

describe('options', () => {
	test.each([
		[{ latencyMs: -1 }, /latencyMs/],
		[{ latencyMs: Number.NaN }, /latencyMs/],
		[{ latencyJitterMs: 'x' }, /latencyJitterMs/],
		[{ rateLimit: { requests: 0 } }, /rateLimit.requests/],
		[{ rateLimit: { requests: 1.5 } }, /rateLimit.requests/],
		[{ rateLimit: { requests: 5, windowSeconds: 0 } }, /rateLimit.windowSeconds/],
	])('%j is refused', (options, message) => {
		expect(() => createSandbox(options as never)).toThrow(message);
	});

	test('the sandbox says what it was started with; both off by default', () => {
		expect(createSandbox().network).toEqual({ latencyMs: 0, latencyJitterMs: 0, rateLimit: null });
		expect(createSandbox({ latencyMs: 300, rateLimit: { requests: 200 } }).network).toEqual({
			latencyMs: 300,
			latencyJitterMs: 0,
			rateLimit: { requests: 200, windowSeconds: 60 },
		});
	});
});
