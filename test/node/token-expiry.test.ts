import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox, type LogEntry } from './connected-sandbox';

const env = useConnectedSandbox({}, { fresh: true });

const NODE = 'Accounting Service';
const tokenEndpoint = (entry: LogEntry) => entry.path.endsWith('/token');

function setStoredExpiry(expiresAt: number | undefined) {
	const token = { ...env.store.oauthTokenData(env.credential.id) } as IDataObject;
	if (expiresAt === undefined) delete token.n8n_expires_at;
	else token.n8n_expires_at = String(expiresAt);
	env.store.writeOauthTokenData(env.credential.id, token);
}

describe('access token expiry', () => {
	it('where n8n records the expiry, the node renews ahead of it and no request fails', async () => {
		setStoredExpiry(Date.now() + 20_000);
		env.sandbox.clock.advance(290);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const entries = env.sandbox.log.entries().slice(position);
		expect(entries.filter(tokenEndpoint).map((entry: LogEntry) => entry.grantType)).toEqual(['refresh_token']);
		expect(entries.findIndex(tokenEndpoint)).toBe(0);
		expect(entries.filter((entry: LogEntry) => entry.status === 401)).toHaveLength(0);
		expect(env.store.refreshCount(env.credential.id)).toBe(1);
	});

	it('a fresh token is not renewed', async () => {
		setStoredExpiry(Date.now() + 280_000);
		const position = env.sandbox.log.entries().length;
		await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		expect(env.sandbox.log.entries().slice(position).filter(tokenEndpoint)).toHaveLength(0);
	});

	it('without a recorded expiry (n8n before 2.36) one request meets the 401 and n8n renews and repeats it', async () => {
		setStoredExpiry(undefined);
		env.sandbox.clock.advance(301);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		expect(result.json(NODE)).toHaveLength(5);
		const statuses = env.sandbox.log.entries().slice(position).map((entry: LogEntry) => entry.status);
		expect(statuses).toEqual([401, 200, 200]);
	});

	it('a refresh token that died (31 days) fails clearly: reconnect the credential', async () => {
		setStoredExpiry(undefined);
		env.sandbox.clock.advance(2_678_400 + 1);
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		expect(result.error?.message).toMatch(/reconnect/i);
	});
});
