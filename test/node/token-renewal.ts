import type { IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import type { ConnectedSandbox, LogEntry } from './connected-sandbox';

export const tokenEndpoint = (entry: LogEntry) => entry.path.endsWith('/token');

/**
 * Another execution's renewal, made straight at the token endpoint with `refreshToken`: the
 * tokens the service issued, merged into `stored` as n8n would store them (not stored here).
 */
export async function renewElsewhere(
	env: ConnectedSandbox,
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
