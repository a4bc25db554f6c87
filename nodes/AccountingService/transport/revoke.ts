import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './index';
import { toServiceError } from './errors';

/**
 * Withdraws the credential's refresh token at the service's revoke endpoint. Access tokens
 * cannot be revoked: the current one stays valid for the rest of its 300 seconds.
 */
export async function revokeRefreshToken(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const refreshToken = (credentials.oauthTokenData as IDataObject | undefined)?.refresh_token;
	if (typeof refreshToken !== 'string' || !refreshToken) {
		throw new NodeOperationError(this.getNode(), 'The credential holds no refresh token to revoke', {
			itemIndex,
			description: 'Connect the credential ("Connect my account") first.',
		});
	}
	const form = new URLSearchParams({
		client_id: String(credentials.clientId ?? ''),
		client_secret: String(credentials.clientSecret ?? ''),
		token: refreshToken,
	});
	try {
		const body = (await this.helpers.httpRequest({
			method: 'POST',
			url: String(credentials.revokeUrl ?? ''),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
			body: form.toString(),
		})) as unknown;
		return (typeof body === 'string' ? (JSON.parse(body) as IDataObject) : (body as IDataObject)) ?? {};
	} catch (error) {
		throw toServiceError(this.getNode(), error, itemIndex);
	}
}
