import type { IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import type { ConnectedSandbox } from './connected-sandbox';

/**
 * Writes made straight at the sandbox with the stored token, not through the node: another user
 * of the business moving a key or deleting a record between two runs.
 */
export async function writeDirect(
	env: Pick<ConnectedSandbox, 'store' | 'credential' | 'urls'>,
	method: 'PUT' | 'DELETE' | 'POST',
	path: string,
	body?: IDataObject,
	headers: Record<string, string> = {},
): Promise<{ status: number; body: IDataObject | undefined }> {
	const token = String((env.store.oauthTokenData(env.credential.id) as IDataObject).access_token);
	const response = await request(`${env.urls.baseUrl}${path}`, {
		method,
		headers: {
			authorization: `Bearer ${token}`,
			'content-type': 'application/json',
			accept: 'application/json',
			...headers,
		},
		...(body ? { body: JSON.stringify(body) } : {}),
	});
	const text = await response.body.text();
	return { status: response.statusCode, body: text ? (JSON.parse(text) as IDataObject) : undefined };
}

/** The record as the service holds it now, or undefined when it is gone. */
export async function heldNow(
	env: Pick<ConnectedSandbox, 'fetchDirect'>,
	path: string,
): Promise<IDataObject | undefined> {
	const read = await env.fetchDirect(path);
	return read.status === 404 ? undefined : read.body;
}
