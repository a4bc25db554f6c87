import type { IDataObject } from 'n8n-workflow';

import { isN8n1 } from '../../harness';
import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { REFRESH_REFUSED } from '../n8n-differences';
import { renewElsewhere, tokenEndpoint, untilTokenRequests } from '../token-renewal';

const env = useConnectedSandbox({}, { fresh: true });

const NODE = 'Accounting Service';

function setStoredExpiry(expiresAt: number | undefined, expiresInSeconds = 300) {
	const token = { ...env.store.oauthTokenData(env.credential.id), expires_in: expiresInSeconds } as IDataObject;
	if (expiresAt === undefined) delete token.n8n_expires_at;
	else token.n8n_expires_at = String(expiresAt);
	env.store.writeOauthTokenData(env.credential.id, token);
}

describe('access token expiry', () => {
	// n8n 1.x never records an expiry; a token still carrying one from n8n 2.36+ (a downgrade)
	// keeps it through 1.x's renewal, and the node renews ahead only once.
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

	it('a token that lives 60 s is renewed ahead only in its last quarter, not by every execution', async () => {
		const renewalsWith = async (secondsLeft: number) => {
			setStoredExpiry(Date.now() + secondsLeft * 1000, 60);
			const position = env.sandbox.log.entries().length;
			await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
			return env.sandbox.log.entries().slice(position).filter(tokenEndpoint).length;
		};
		expect(await renewalsWith(40)).toBe(0);
		expect(await renewalsWith(20)).toBe(0);
		expect(await renewalsWith(10)).toBe(1);
	});

	it('without a recorded expiry (n8n before 2.36) one request meets the 401 and n8n renews and repeats it', async () => {
		setStoredExpiry(undefined);
		env.sandbox.clock.advance(301);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		expect(result.json(NODE)).toHaveLength(5);
		const statuses = env.sandbox.log
			.entries()
			.slice(position)
			.map((entry: LogEntry) => entry.status);
		expect(statuses).toEqual([401, 200, 200]);
	});

	it('a refresh token that died (31 days) fails clearly: reconnect the credential', async () => {
		setStoredExpiry(undefined);
		env.sandbox.clock.advance(2_678_400 + 1);
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		expect(result.error?.message).toMatch(REFRESH_REFUSED);
	});
});

describe('a credential saved before Connect (no access token)', () => {
	it('fails with a message naming the credential and what to do, before any request', async () => {
		const connected = env.store.data(env.credential.id);
		// n8n's editor saves the credential while its form is open, with empty token data.
		env.store.replaceData(env.credential.id, { ...connected, oauthTokenData: {} });
		try {
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
			expect(result.error?.message).toBe(`The credential "${env.credential.name}" is not connected to the service`);
			expect(result.error?.description).toMatch(/Connect my account/);
			expect(env.sandbox.log.entries().slice(position)).toEqual([]);
		} finally {
			env.store.replaceData(env.credential.id, connected);
		}
	});
});

describe('parallel executions sharing one credential', () => {
	async function eightExpiredReturnAlls() {
		setStoredExpiry(undefined);
		const expected = await env.allIdsDirect('/sales_invoices');
		env.sandbox.clock.advance(301);
		const position = env.sandbox.log.entries().length;
		const runs = await Promise.all(
			Array.from({ length: 8 }, () =>
				env.runNode({ resource: 'salesInvoice', operation: 'getAll', returnAll: true, output: 'raw' }),
			),
		);
		const grants = env.sandbox.log.entries().slice(position).filter(tokenEndpoint);
		return { expected, runs, grants };
	}

	// n8n from about 2.30 serialises renewals itself; n8n 1.x (and 2.x up to 2.27) renews in
	// parallel, and would spend the single-use refresh token once per execution. The node's reads
	// renew through one renewal per credential in the process (transport/credential.ts).
	it(`8 Return All runs that all meet the expired token complete, with one renewal and every record each${isN8n1 ? ' (n8n 1.x)' : ''}`, async () => {
		const { expected, runs, grants } = await eightExpiredReturnAlls();
		for (const run of runs) {
			expect(run.error).toBeUndefined();
			expect(run.json(NODE).map((item) => item.id)).toEqual(expected);
		}
		expect(grants.map((entry: LogEntry) => [entry.grantType, entry.status])).toEqual([['refresh_token', 200]]);
		expect(env.store.refreshCount(env.credential.id)).toBe(1);
	});

	it('8 Get runs (one request each, n8n’s own renewal) that all meet the expired token complete', async () => {
		setStoredExpiry(undefined);
		const invoice = ((await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$items as IDataObject[])[0]
			.id as string;
		env.sandbox.clock.advance(301);
		const position = env.sandbox.log.entries().length;
		const runs = await Promise.all(
			Array.from({ length: 8 }, () =>
				env.runNode({
					resource: 'salesInvoice',
					operation: 'get',
					id: { __rl: true, mode: 'id', value: invoice },
					output: 'raw',
				}),
			),
		);
		for (const run of runs) expect(run.json(NODE).map((item) => item.id)).toEqual([invoice]);
		const grants = env.sandbox.log.entries().slice(position).filter(tokenEndpoint);
		// n8n 1.x renews in parallel: one renewal wins, the losers repeat once with its tokens.
		if (isN8n1)
			expect(grants.map((entry: LogEntry) => entry.status).sort()).toEqual([
				200,
				...Array(grants.length - 1).fill(400),
			]);
		else expect(grants.map((entry: LogEntry) => entry.status)).toEqual([200]);
		expect(env.store.refreshCount(env.credential.id)).toBe(1);
	});
});

describe('items of one execution at once', () => {
	it(`6 Gets, 3 at once, that meet the expired token together complete in input order, with one renewal${isN8n1 ? ' (n8n 1.x)' : ''}`, async () => {
		setStoredExpiry(undefined);
		const ids = ((await env.fetchDirect('/sales_invoices?items_per_page=6')).body.$items as IDataObject[]).map(
			(invoice) => String(invoice.id),
		);
		env.sandbox.clock.advance(301);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			{
				resource: 'salesInvoice',
				operation: 'get',
				id: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				output: 'raw',
				requestOptions: { concurrentRequests: 3 },
			},
			{},
			{ input: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.json(NODE).map((invoice) => invoice.id)).toEqual(ids);
		const entries = env.sandbox.log.entries().slice(position);
		expect(entries.filter((entry: LogEntry) => entry.status === 401).length).toBeGreaterThanOrEqual(2);
		const grants = entries.filter(tokenEndpoint).map((entry: LogEntry) => entry.status);
		// n8n 1.x renews in parallel: one renewal wins, the losers repeat once with its tokens.
		expect(grants.filter((status) => status === 200)).toEqual([200]);
		if (!isN8n1) expect(grants).toEqual([200]);
		expect(env.store.refreshCount(env.credential.id)).toBe(1);
	});
});

describe('a lost refresh race (n8n up to 2.27 renews in parallel)', () => {
	it('after invalid_grant, the node re-reads the credential another execution renewed and repeats once', async () => {
		setStoredExpiry(undefined);
		env.sandbox.clock.advance(301);
		const stale = env.store.oauthTokenData(env.credential.id) as IDataObject;
		env.sandbox.faults.inject({ kind: 'slow', target: 'token', delayMs: 400 });

		const position = env.sandbox.log.entries().length;
		const running = env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });

		// Another execution renews with the same refresh token while this one's renewal is in flight.
		await untilTokenRequests(env, position);
		env.store.writeOauthTokenData(env.credential.id, await renewElsewhere(env, stale));

		const result = await running;
		const tokenCalls = env.sandbox.log.entries().slice(position).filter(tokenEndpoint);
		expect(tokenCalls.map((entry: LogEntry) => entry.status).sort()).toEqual([200, 400]);
		expect(result.error).toBeUndefined();
		expect(result.json(NODE)).toHaveLength(5);
	});
});
