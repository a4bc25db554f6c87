import type { IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import { useClock } from '../../nodes/AccountingService/state';
import { VirtualClock } from '../harness/virtual-clock';
import type { ConnectedSandbox, LogEntry } from './connected-sandbox';

export const tokenEndpoint = (entry: LogEntry) => entry.path.endsWith('/token');

/**
 * Another execution's renewal, made straight at the token endpoint with `refreshToken`: the
 * tokens the service issued, merged into `stored` as n8n would store them (not stored here).
 */
export async function renewElsewhere(
	env: Pick<ConnectedSandbox, 'urls'> & { sandbox: Pick<ConnectedSandbox['sandbox'], 'client'> },
	stored: IDataObject,
	refreshToken = String(stored.refresh_token),
): Promise<IDataObject> {
	const response = await request(env.urls.tokenUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'refresh_token',
			refresh_token: refreshToken,
			client_id: env.sandbox.client.clientId,
			client_secret: env.sandbox.client.clientSecret,
		}).toString(),
	});
	const renewed = (await response.body.json()) as IDataObject;
	if (response.statusCode !== 200) throw new Error(`the renewal elsewhere was refused: ${JSON.stringify(renewed)}`);
	return { ...stored, ...renewed };
}

/** Waits (real time) until the node has sent `count` requests to the token endpoint since `position`. */
export async function untilTokenRequests(env: ConnectedSandbox, position: number, count = 1): Promise<void> {
	for (let waited = 0; env.sandbox.log.entries().slice(position).filter(tokenEndpoint).length < count; waited += 5) {
		if (waited > 5_000) throw new Error('the node never asked to renew');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

/**
 * Gives the transport a clock that also plays another execution's late database write: it stores
 * `tokens` (once set) when the clock has moved `afterMs` past the moment the sandbox's log first
 * showed a request matching `startsWhen` after `position` (seen at the transport's first wait after
 * it). Undo with `useClock(new VirtualClock(() => Date.now()))`.
 */
export function clockStoringLate(
	env: ConnectedSandbox,
	position: number,
	startsWhen: (entry: LogEntry) => boolean,
	afterMs: number,
) {
	const clock = new VirtualClock(() => Date.now());
	const late: { tokens?: IDataObject; startedAt?: number; writtenAfterMs?: number } = {};
	const started = () => env.sandbox.log.entries().slice(position).some(startsWhen);
	useClock({
		now: () => clock.now(),
		sleep: async (ms) => {
			if (late.startedAt === undefined && started()) late.startedAt = clock.now();
			await clock.sleep(ms);
			if (late.startedAt === undefined || !late.tokens || late.writtenAfterMs !== undefined) return;
			const after = clock.now() - late.startedAt;
			if (after < afterMs) return;
			env.store.writeOauthTokenData(env.credential.id, late.tokens);
			late.writtenAfterMs = after;
		},
	});
	return late;
}
