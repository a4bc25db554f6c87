import type { IDataObject } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import type { WorkflowRunResult } from '../../harness';
import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { REFRESH_REFUSED } from '../n8n-differences';
import { clockStoringLate, renewElsewhere, tokenEndpoint } from '../token-renewal';

const env = useConnectedSandbox({}, { fresh: true });

const NODE = 'Accounting Service';
const revokeEndpoint = (entry: LogEntry) => entry.path.endsWith('/revoke');

afterEach(() => useClock(new VirtualClock(() => Date.now())));

/** The access token has run out, and n8n recorded no expiry (it renews after a 401). */
function expireAccessToken(): IDataObject {
	const stale = env.store.oauthTokenData(env.credential.id) as IDataObject;
	delete stale.n8n_expires_at;
	env.store.writeOauthTokenData(env.credential.id, stale);
	env.sandbox.clock.advance(301);
	return stale;
}

async function until(condition: () => boolean, realMs = 5_000): Promise<void> {
	for (let waited = 0; !condition() && waited < realMs; waited += 5) {
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

/** Revoke said it checked that renewing is refused, and a read five minutes later fails as revoked. */
async function expectRevokedForGood(revoked: WorkflowRunResult) {
	expect(revoked.error).toBeUndefined();
	const [answer] = revoked.json(NODE);
	expect(answer).toMatchObject({ revoked: true, renewalRefused: true });
	expect(String(answer.checked)).toMatch(/refused to renew/);

	env.sandbox.clock.advance(301);
	const later = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
	expect(later.error?.message).toMatch(REFRESH_REFUSED);

	const everything = JSON.stringify([revoked.run, later.run, later.error?.message, later.error?.description]);
	const stored = env.store.oauthTokenData(env.credential.id);
	for (const secret of [stored.access_token, stored.refresh_token, env.sandbox.client.clientSecret]) {
		expect(everything).not.toContain(String(secret));
	}
}

describe('Credential → Revoke during another execution’s renewal', () => {
	it('waits for the renewal under way, and revokes the refresh token it stores', async () => {
		expireAccessToken();
		const position = env.sandbox.log.entries().length;
		const since = () => env.sandbox.log.entries().slice(position);

		// The reading execution's renewal is answered by the service, and its database write of the
		// new tokens lands late: once the revoke reached the service, or after 300 ms.
		let land = () => {};
		env.store.delayNextTokenWrite(new Promise<void>((resolve) => (land = resolve)));
		const reading = env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		await until(() => since().some((entry: LogEntry) => tokenEndpoint(entry) && entry.status === 200));
		const revoking = env.runNode({ resource: 'credential', operation: 'revoke' });
		await until(() => since().some(revokeEndpoint), 300);
		land();

		const [read, revoked] = await Promise.all([reading, revoking]);
		expect(read.error).toBeUndefined();
		expect(read.json(NODE)).toHaveLength(5);
		await expectRevokedForGood(revoked);
	});

	it('revokes as well the refresh token a renewal elsewhere (another n8n process) stores 150 ms after the revoke', async () => {
		const stale = expireAccessToken();
		const position = env.sandbox.log.entries().length;
		const revokedOnce = (entry: LogEntry) => revokeEndpoint(entry) && entry.status === 200;
		const elsewhere = clockStoringLate(env, position, revokedOnce, 150);
		elsewhere.tokens = await renewElsewhere(env, stale);

		const revoked = await env.runNode({ resource: 'credential', operation: 'revoke' });
		expect(elsewhere.writtenAfterMs).toBeGreaterThanOrEqual(150);
		expect(env.sandbox.log.entries().slice(position).filter(revokeEndpoint).length).toBeGreaterThanOrEqual(2);
		await expectRevokedForGood(revoked);
	});
});
