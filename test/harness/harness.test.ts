import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import {
	CredentialStore,
	CredentialTypes,
	CredentialsHelper,
	NodeTypes,
	PACKAGE_NAME,
	accountingServiceNodeType,
	chain,
	probeNode,
	runWorkflow,
	isN8n1,
	startAuthorization,
	type NodeSpec,
} from '.';
import { startTinyOAuthService, type TinyOAuthService } from './fixtures/tiny-oauth-service';

/**
 * The harness's own tests, against a tiny stand-in service (fixtures/tiny-oauth-service.ts)
 * rather than the sandbox, so they check the harness and n8n-core's behaviour alone.
 */

const TYPE = 'accountingServiceOAuth2Api';

let service: TinyOAuthService;
beforeEach(async () => {
	service = await startTinyOAuthService();
});
afterEach(async () => {
	await service.close();
});

function connectedStore() {
	const store = new CredentialStore();
	const credential = store.add({
		type: TYPE,
		name: 'Tiny service',
		data: {
			clientId: 'tiny-client',
			clientSecret: 'tiny-secret',
			baseUrl: service.baseUrl,
			accessTokenUrl: service.tokenUrl,
			oauthTokenData: service.issue(),
		},
	});
	return { store, credential };
}

const probe = (credential: { id: string; name: string }, extra: Partial<NodeSpec> = {}): NodeSpec => ({
	...probeNode(credential, { path: '/user' }),
	...extra,
});

describe('credential types', () => {
	const types = new CredentialTypes();

	it('knows the credential extends oAuth2Api, which is what sends n8n-core down its OAuth2 path', () => {
		expect(types.getParentTypes(TYPE)).toEqual(['oAuth2Api']);
	});

	it('merges the parent fields, lets ours win, and drops the parent-only ones', () => {
		const byName = Object.fromEntries(types.getCredentialsProperties(TYPE).map((p) => [p.name, p]));
		expect(byName.clientId).toBeDefined();
		expect(byName.clientSecret).toBeDefined();
		expect(byName.grantType.default).toBe('pkce');
		expect(byName.authentication).toMatchObject({ type: 'hidden', default: 'body' });
		expect(byName.ignoreSSLIssues).toBeUndefined();
	});
});

describe('node types', () => {
	it('serves the real node from its TypeScript source under its community package type name', () => {
		const type = accountingServiceNodeType();
		expect(type).toBe(`${PACKAGE_NAME}.accountingService`);
		const node = new NodeTypes().getByNameAndVersion(type, 1);
		expect(node.description.credentials).toEqual([expect.objectContaining({ name: TYPE })]);
		expect(typeof node.execute).toBe('function');
	});

	it('refuses an unknown node type', () => {
		expect(() => new NodeTypes().getByName(`${PACKAGE_NAME}.nothing`)).toThrow(/Unknown node type/);
	});
});

describe('credentials helper', () => {
	const stored = {
		clientId: 'id',
		clientSecret: 'secret',
		codeVerifier: 'left over from the flow',
		oauthTokenData: { access_token: 'a' },
	};

	it('applies defaults, keeps oauthTokenData and drops undeclared fields, like n8n', async () => {
		const store = new CredentialStore();
		const ref = store.add({ type: TYPE, data: stored });
		const data = await new CredentialsHelper(store).getDecrypted({} as never, ref, TYPE, 'manual');
		expect(data).toMatchObject({
			clientId: 'id',
			grantType: 'pkce',
			scope: 'full_access',
			authentication: 'body',
			accessTokenUrl: 'https://oauth.accounting.sage.com/token',
			oauthTokenData: { access_token: 'a' },
		});
		expect(data.codeVerifier).toBeUndefined();
	});

	it.each([
		['', 'filter=apiv3.1'],
		['gb', 'filter=apiv3.1&country=gb'],
	])('resolves the hidden authQueryParameters expression for country "%s"', async (country, expected) => {
		const store = new CredentialStore();
		const ref = store.add({ type: TYPE, data: { ...stored, country } });
		const data = await new CredentialsHelper(store).getDecrypted({} as never, ref, TYPE, 'manual');
		expect(data.authQueryParameters).toBe(expected);
	});

	it('returns the stored data untouched when n8n-core asks for it raw', async () => {
		const store = new CredentialStore();
		const ref = store.add({ type: TYPE, data: stored });
		const raw = await new CredentialsHelper(store).getDecrypted({} as never, ref, TYPE, 'manual', undefined, true);
		expect(raw).toEqual(stored);
	});

	it('hands out copies, so n8n-core mutating its object does not change the store', async () => {
		const store = new CredentialStore();
		const ref = store.add({ type: TYPE, data: stored });
		const raw = await new CredentialsHelper(store).getDecrypted({} as never, ref, TYPE, 'manual', undefined, true);
		(raw.oauthTokenData as IDataObject).access_token = 'changed';
		expect(store.oauthTokenData(ref.id).access_token).toBe('a');
	});

	it('refuses a node credential reference without an id', async () => {
		const store = new CredentialStore();
		store.add({ type: TYPE, data: stored });
		await expect(
			new CredentialsHelper(store).getDecrypted({} as never, { id: null, name: 'x' }, TYPE, 'manual'),
		).rejects.toThrow(/has no ID/);
	});
});

describe('runWorkflow', () => {
	it('returns every item a node outputs, one request per input item, paired to its input', async () => {
		const { store, credential } = connectedStore();
		const input = Array.from({ length: 25 }, (_, i) => ({ n: i }));
		const result = await runWorkflow({
			store,
			nodes: [probe(credential, { parameters: { path: '=/user?n={{$json.n}}' } })],
			input,
		});

		expect(result.status).toBe('success');
		expect(result.error).toBeUndefined();
		expect(result.json('Probe').map((json) => (json.query as IDataObject).n)).toEqual(input.map(({ n }) => String(n)));
		expect(result.items('Probe').map((item: INodeExecutionData) => item.pairedItem)).toEqual(
			input.map((_, item) => ({ item })),
		);
		expect(service.log.filter((line) => line.startsWith('GET'))).toHaveLength(25);
	});

	it('passes items along connected nodes and reports each node output', async () => {
		const { store, credential } = connectedStore();
		const result = await runWorkflow({
			store,
			nodes: [
				probe(credential, { name: 'First' }),
				probe(credential, { name: 'Second', parameters: { path: '/businesses' } }),
			],
			connections: chain('First', 'Second'),
		});
		expect(result.executionOrder).toEqual(['First', 'Second']);
		expect(result.json('First')).toEqual([expect.objectContaining({ path: '/v3.1/user' })]);
		expect(result.json('Second')).toEqual([expect.objectContaining({ path: '/v3.1/businesses' })]);
	});
});

/**
 * What n8n-core says when the service refuses the refresh token: 2.x asks to reconnect the
 * credential; 1.x passes on @n8n/client-oauth2's description of `invalid_grant`.
 */
const REFRESH_REFUSED = isN8n1 ? /refresh token is invalid, expired, revoked/ : /needs to be reconnected/;

describe("n8n-core's OAuth2 refresh through the harness", () => {
	it('refreshes after a 401, retries, and persists the rotated refresh token', async () => {
		const { store, credential } = connectedStore();
		const before = store.oauthTokenData(credential.id);
		service.expireAccessTokens();

		const result = await runWorkflow({ store, nodes: [probe(credential)] });

		expect(result.status).toBe('success');
		expect(result.json('Probe')).toEqual([expect.objectContaining({ id: 'user-1' })]);
		expect(service.log).toEqual(['GET /v3.1/user 401', 'POST /token refresh_token 200', 'GET /v3.1/user 200']);
		const after = store.oauthTokenData(credential.id);
		expect(after.refresh_token).not.toBe(before.refresh_token);
		expect(after.access_token).not.toBe(before.access_token);
		expect(store.refreshCount(credential.id)).toBe(1);
		expect(store.tokenWrites(credential.id)).toEqual([
			{ credentialId: credential.id, accessTokenChanged: true, refreshTokenChanged: true },
		]);
	});

	it('uses the token persisted by an earlier run instead of refreshing again', async () => {
		const { store, credential } = connectedStore();
		service.expireAccessTokens();
		await runWorkflow({ store, nodes: [probe(credential)] });
		await runWorkflow({ store, nodes: [probe(credential)] });
		expect(service.log.filter((line) => line.startsWith('POST /token'))).toHaveLength(1);
		expect(store.refreshCount(credential.id)).toBe(1);
	});

	if (!isN8n1) {
		it('serialises the refresh of parallel executions that share a credential (n8n-core 2.41)', async () => {
			const { store, credential } = connectedStore();
			service.expireAccessTokens();

			const results = await Promise.all(
				Array.from({ length: 6 }, () => runWorkflow({ store, nodes: [probe(credential)] })),
			);

			expect(results.map((r) => r.status)).toEqual(Array(6).fill('success'));
			expect(service.log.filter((line) => line.startsWith('POST /token'))).toEqual(['POST /token refresh_token 200']);
			expect(store.refreshCount(credential.id)).toBe(1);
		});
	} else {
		it('n8n-core 1.x refreshes in parallel with the same refresh token: one wins, the others are refused', async () => {
			const { store, credential } = connectedStore();
			service.expireAccessTokens();

			const results = await Promise.all(
				Array.from({ length: 6 }, () => runWorkflow({ store, nodes: [probe(credential)] })),
			);

			const refreshes = service.log.filter((line) => line.startsWith('POST /token'));
			expect(refreshes.filter((line) => line.endsWith(' 200'))).toHaveLength(1);
			expect(refreshes.length).toBeGreaterThan(1);
			const failed = results.filter((r) => r.status === 'error');
			expect(failed).toHaveLength(refreshes.length - 1);
			for (const run of failed) expect(run.error?.message).toMatch(REFRESH_REFUSED);
			expect(store.refreshCount(credential.id)).toBe(1);
		});
	}
});

describe('node error settings', () => {
	/** A credential whose access token is dead and whose refresh token the service never issued. */
	function deadCredential() {
		const store = new CredentialStore();
		const credential = store.add({
			type: TYPE,
			data: {
				clientId: 'tiny-client',
				clientSecret: 'tiny-secret',
				baseUrl: service.baseUrl,
				accessTokenUrl: service.tokenUrl,
				oauthTokenData: { ...service.issue(), refresh_token: 'never-issued' },
			},
		});
		service.expireAccessTokens();
		return { store, credential };
	}

	it('stops the workflow with n8n-core\'s error when the refresh is refused ("reconnect" on 2.x)', async () => {
		const { store, credential } = deadCredential();
		const result = await runWorkflow({ store, nodes: [probe(credential)] });
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(REFRESH_REFUSED);
		expect(result.nodeErrors.Probe?.message).toMatch(REFRESH_REFUSED);
	});

	it('turns the error into an item with continueOnFail', async () => {
		const { store, credential } = deadCredential();
		const result = await runWorkflow({ store, nodes: [probe(credential, { continueOnFail: true })] });
		expect(result.status).toBe('success');
		expect(result.json('Probe')).toEqual([{ error: expect.stringMatching(REFRESH_REFUSED) }]);
		expect(result.nodeErrors.Probe).toBeUndefined();
	});

	it("routes the failed item to the error output with onError: 'continueErrorOutput'", async () => {
		const { store, credential } = deadCredential();
		const result = await runWorkflow({ store, nodes: [probe(credential, { onError: 'continueErrorOutput' })] });
		expect(result.status).toBe('success');
		expect(result.items('Probe', 0)).toEqual([]);
		expect(result.json('Probe', 1)).toEqual([{ error: expect.stringMatching(REFRESH_REFUSED) }]);
	});
});

describe('authorization URL', () => {
	const endpoints = {
		baseUrl: 'http://127.0.0.1:1/v3.1',
		authUrl: 'http://127.0.0.1:1/oauth2/auth/central',
		tokenUrl: 'http://127.0.0.1:1/token',
		revokeUrl: 'http://127.0.0.1:1/revoke',
	};
	const client = { clientId: 'the-client', clientSecret: 'the-secret' };

	it('carries what n8n sends for PKCE: client, redirect, scope, state, filter, country and an S256 challenge', async () => {
		const pending = await startAuthorization({ endpoints, client, country: 'ca', scope: 'readonly' });
		const url = new URL(pending.authorizationUrl);
		expect(url.origin + url.pathname).toBe(endpoints.authUrl);
		expect(Object.fromEntries(url.searchParams)).toEqual({
			client_id: 'the-client',
			redirect_uri: 'http://localhost:5678/rest/oauth2-credential/callback',
			response_type: 'code',
			scope: 'readonly',
			state: pending.state,
			filter: 'apiv3.1',
			country: 'ca',
			code_challenge: createHash('sha256').update(pending.codeVerifier!).digest('base64url'),
			code_challenge_method: 'S256',
		});
		expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
		expect(url.searchParams.has('client_secret')).toBe(false);
	});

	it('has no challenge for the plain authorization code grant, and no country when none is chosen', async () => {
		const pending = await startAuthorization({ endpoints, client, grantType: 'authorizationCode' });
		const params = new URL(pending.authorizationUrl).searchParams;
		expect(pending.codeVerifier).toBeUndefined();
		expect(params.has('code_challenge')).toBe(false);
		expect(params.has('country')).toBe(false);
		expect(params.get('filter')).toBe('apiv3.1');
		expect(params.get('scope')).toBe('full_access');
	});
});
