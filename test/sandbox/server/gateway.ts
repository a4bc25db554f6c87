// Conformance of the sandbox's API gateway: what every request under {base_url} must satisfy
// before the API itself looks at it (bearer token, JSON bodies), and how answers are written.

import { createHash } from 'node:crypto';
import { request } from 'undici';
import { Sandbox, Urls, startSandbox, obtainTokens, apiGet, send, TokenResponse } from '../oauth-flow';

let sandbox: Sandbox;
let urls: Urls;
let tokens: TokenResponse;

beforeAll(async () => {
	({ sandbox, urls } = await startSandbox());
	tokens = await obtainTokens(sandbox, urls);
});
afterAll(() => sandbox.stop());

function expectServiceError(answer: { status: number; headers: Record<string, unknown>; json: any }, status: number) {
	expect(answer.status).toBe(status);
	expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
	expect(answer.json).toEqual([
		{ $severity: 'error', $dataCode: expect.any(String), $message: expect.any(String), $source: expect.any(String) },
	]);
}

function putUser(body: string, headers: Record<string, string>, accessToken = tokens.access_token) {
	return send(`${urls.baseUrl}/user`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...headers },
		body,
	});
}

describe('bearer token', () => {
	test('a valid access token reaches the API; JSON comes back as application/json; charset=utf-8', async () => {
		const answer = await apiGet(urls, '/user', tokens.access_token);
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(answer.headers['x-business']).toBeTruthy();
	});

	test('no Authorization header → 401 with the service error body', async () => {
		const answer = await apiGet(urls, '/user');
		expectServiceError(answer, 401);
		expect(answer.json[0].$dataCode).toBe('AuthorizationFailure');
		expect(answer.headers['www-authenticate']).toMatch(/^Bearer /);
	});

	test('a garbage token → 401', async () => {
		expectServiceError(await apiGet(urls, '/user', 'not-a-token'), 401);
	});

	test('another scheme (Basic) → 401', async () => {
		const answer = await apiGet(urls, '/user', undefined, {
			authorization: `Basic ${Buffer.from('a:b').toString('base64')}`,
		});
		expectServiceError(answer, 401);
	});

	test('a refresh token is no access token → 401', async () => {
		expectServiceError(await apiGet(urls, '/user', tokens.refresh_token), 401);
	});

	test('an access token expires after 300 seconds → 401', async () => {
		const fresh = await obtainTokens(sandbox, urls);
		sandbox.clock.advance(299);
		expect((await apiGet(urls, '/user', fresh.access_token)).status).toBe(200);
		sandbox.clock.advance(2);
		const answer = await apiGet(urls, '/user', fresh.access_token);
		expectServiceError(answer, 401);
		expect(answer.json[0].$message).toMatch(/expired/);
		expect(answer.headers['www-authenticate']).toContain('error="invalid_token"');
		tokens = await obtainTokens(sandbox, urls);
	});
});

describe('request bodies', () => {
	test('a text/plain body → 415 with the service error body', async () => {
		expectServiceError(await putUser('last_name=Smith', { 'content-type': 'text/plain' }), 415);
	});

	test('a form-urlencoded body → 415', async () => {
		expectServiceError(
			await putUser('user[last_name]=Smith', { 'content-type': 'application/x-www-form-urlencoded' }),
			415,
		);
	});

	test('a body without Content-Type → 415', async () => {
		const answer = await send(`${urls.baseUrl}/user`, {
			method: 'PUT',
			headers: { authorization: `Bearer ${tokens.access_token}` },
			body: Buffer.from(JSON.stringify({ user: { last_name: 'Smith' } })),
		});
		expectServiceError(answer, 415);
	});

	test('the token is checked before the body: no token and a text body → 401', async () => {
		expectServiceError(await putUser('x', { 'content-type': 'text/plain' }, ''), 401);
	});

	test('invalid JSON → 400 with the service error body', async () => {
		expectServiceError(await putUser('{"user": ', { 'content-type': 'application/json' }), 400);
	});

	test('a body over 10 MiB → 413 with the service error body', async () => {
		const huge = JSON.stringify({ user: { last_name: 'x'.repeat(10 * 1024 * 1024) } });
		expectServiceError(await putUser(huge, { 'content-type': 'application/json' }), 413);
	});

	test('JSON with a charset parameter is accepted and reaches the API', async () => {
		const answer = await putUser(JSON.stringify({ user: { last_name: 'Smith' } }), {
			'content-type': 'application/json; charset=utf-8',
		});
		expect(answer.status).toBe(200);
	});

	test('a GET without a body is not refused for its Content-Type header', async () => {
		expect((await apiGet(urls, '/user', tokens.access_token, { 'content-type': 'text/plain' })).status).toBe(200);
	});
});

describe('answers', () => {
	test("a several-MiB attachment file arrives whole, with the API's headers", async () => {
		const { dataset } = sandbox;
		const list = await apiGet(urls, '/attachments?items_per_page=200', tokens.access_token);
		const [largest] = list.json.$items
			.map((item: { id: string }) => ({ id: item.id, file: dataset.attachmentFile(dataset.leadBusinessId, item.id)! }))
			.sort((a: any, b: any) => b.file.size - a.file.size);
		expect(largest.file.size).toBeGreaterThan(2 * 1024 * 1024);

		const response = await request(`${urls.baseUrl}/attachments/${largest.id}/file`, {
			headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/octet-stream' },
		});
		expect(response.statusCode).toBe(200);
		expect(response.headers['content-type']).toBe('application/octet-stream');
		expect(response.headers['content-length']).toBe(String(largest.file.size));
		const received = createHash('sha256');
		let size = 0;
		for await (const chunk of response.body) {
			received.update(chunk);
			size += chunk.length;
		}
		const expected = createHash('sha256');
		for await (const chunk of largest.file.open()) expected.update(chunk);
		expect(size).toBe(largest.file.size);
		expect(received.digest('hex')).toBe(expected.digest('hex'));
	});
});

describe('routing', () => {
	test.each(['/v3/user', '/v3.10/user', '/user', '/oauth2/other'])(
		'%s → 404 with the service error body',
		async (path) => {
			const answer = await send(urls.origin + path, { headers: { authorization: `Bearer ${tokens.access_token}` } });
			expectServiceError(answer, 404);
		},
	);
});
