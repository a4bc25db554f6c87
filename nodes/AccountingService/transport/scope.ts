import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE, type RequestContext } from './credential';
import type { ApiRequest } from './types';

/**
 * The credential's Scope and the service's scope strings are the same two words (the spec's
 * authorization request and token response): `full_access` may change data, `readonly` may not.
 */
const FULL_ACCESS = 'full_access';

const SCOPE_NAMES: Record<string, string> = { full_access: 'Full Access', readonly: 'Read Only' };

/** Only these leave the books as they were; every other method writes, deletes or acts on a record. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Refuses, before it is sent, any request but a read under a credential that may only read.
 * The Scope is only asked of the service when the credential connects: one changed to Read Only
 * afterwards keeps a token that may change data, so the service would not refuse. The token's own
 * grant (the token response's `scopes`, which n8n keeps) is checked too: a Scope changed to Full
 * Access after connecting Read Only has a token the service refuses writes to.
 */
export async function refuseWriteWithoutFullAccess(
	context: RequestContext,
	request: Pick<ApiRequest, 'method' | 'path' | 'itemIndex'>,
): Promise<void> {
	const method = (request.method ?? 'GET').toUpperCase();
	if (READ_METHODS.has(method)) return;
	await refuseWithoutFullAccess(context, `${method} ${request.path.split('?')[0]} was not sent`, request.itemIndex);
}

/**
 * Revoking is not a change to the books, but it is one to the account's access, which a
 * credential chosen to only read should not make either: refused like a write.
 */
export async function refuseRevokeWithoutFullAccess(context: RequestContext, itemIndex: number): Promise<void> {
	await refuseWithoutFullAccess(context, 'its refresh token was not revoked', itemIndex);
}

async function refuseWithoutFullAccess(context: RequestContext, refused: string, itemIndex?: number): Promise<void> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const name = context.getNode().credentials?.[CREDENTIAL_TYPE]?.name;
	const credential = `The credential${name ? ` "${name}"` : ''}`;
	// n8n fills in the field's default (Full Access) for a credential saved before it existed.
	const scope = typeof credentials.scope === 'string' ? credentials.scope : FULL_ACCESS;
	if (scope !== FULL_ACCESS) {
		throw new NodeOperationError(context.getNode(), `${credential} has Scope ${scopeName(scope)}: ${refused}`, {
			itemIndex,
			description:
				'This package never writes, deletes or revokes with a credential whose Scope is not Full Access. ' +
				'To change data, open the credential, set Scope to Full Access and click "Connect my account" ' +
				'again, so that the service grants a token that may change data.',
		});
	}
	const granted = grantedScopes(credentials.oauthTokenData);
	if (granted !== undefined && !granted.includes(FULL_ACCESS)) {
		throw new NodeOperationError(
			context.getNode(),
			`${credential} was connected with the ${granted.join(' ') || 'empty'} scope: ${refused}`,
			{
				itemIndex,
				description:
					'Its Scope says Full Access, but the service granted its token read-only access when it was ' +
					'connected, and refuses changes with it. Open the credential and click "Connect my account" ' +
					'again to connect with Full Access.',
			},
		);
	}
}

/** The scopes the service granted the token (`scopes`; the spec's samples also name it `scope`), when it said. */
function grantedScopes(tokenData: unknown): string[] | undefined {
	const data = (tokenData ?? {}) as IDataObject;
	const scopes = data.scopes ?? data.scope;
	if (typeof scopes !== 'string') return undefined;
	return scopes.split(/[\s,]+/).filter((scope) => scope !== '');
}

const scopeName = (scope: string) => (SCOPE_NAMES[scope] ? `${SCOPE_NAMES[scope]} (${scope})` : `"${scope}"`);
