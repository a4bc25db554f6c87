import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './credential';
import { toServiceError } from './errors';

interface RevokeRequest {
	url: string;
	form: string;
}

/**
 * The revoke endpoint authenticates the app by its id and secret in the form body, next to the
 * refresh token to withdraw; n8n's OAuth2 helpers have no revoke call, so these are read here.
 */
async function revokeRequestFor(context: IExecuteFunctions, itemIndex: number): Promise<RevokeRequest> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const refreshToken = (credentials.oauthTokenData as IDataObject | undefined)?.refresh_token;
	if (typeof refreshToken !== 'string' || !refreshToken) {
		throw new NodeOperationError(context.getNode(), 'The credential holds no refresh token to revoke', {
			itemIndex,
			description: 'Connect the credential ("Connect my account") first.',
		});
	}
	const form = new URLSearchParams({
		client_id: String(credentials.clientId ?? ''),
		client_secret: String(credentials.clientSecret ?? ''),
		token: refreshToken,
	});
	return { url: String(credentials.revokeUrl ?? ''), form: form.toString() };
}

/**
 * Withdraws the credential's refresh token at the service's revoke endpoint. Access tokens
 * cannot be revoked: the current one stays valid for the rest of its 300 seconds.
 */
export async function revokeRefreshToken(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { url, form } = await revokeRequestFor(this, itemIndex);
	try {
		const body = (await this.helpers.httpRequest({
			method: 'POST',
			url,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
			body: form,
		})) as unknown;
		return (typeof body === 'string' ? (JSON.parse(body) as IDataObject) : (body as IDataObject)) ?? {};
	} catch (error) {
		throw toServiceError(this.getNode(), error, itemIndex);
	}
}
