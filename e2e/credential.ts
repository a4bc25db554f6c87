import { writeFileSync } from 'node:fs';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { connectCredential } from '../test/harness/connect-credential';
import { EXAMPLE_CREDENTIAL } from './config';

/** The parts of a started sandbox this needs (sandbox/index.js is plain JS). */
export interface RunningSandbox {
	urls: { baseUrl: string; authUrl: string; tokenUrl: string; revokeUrl: string };
	client: { clientId: string; clientSecret: string };
	consent(url: string, options: { decision: 'allow' | 'deny' }): Promise<string>;
}

/**
 * "Connect my account" exactly as n8n does it (PKCE, the service's consent page, the code
 * exchange), against the sandbox: the credential's data with tokens, pointing at the sandbox.
 */
export async function connectToSandbox(sandbox: RunningSandbox): Promise<ICredentialDataDecryptedObject> {
	const connected = await connectCredential({
		endpoints: sandbox.urls,
		client: sandbox.client,
		grantType: 'pkce',
		consent: async (authorizationUrl) => await sandbox.consent(authorizationUrl, { decision: 'allow' }),
	});
	return connected.data;
}

/** A credential as `n8n import:credentials` reads it. */
export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

/**
 * The file `n8n import:credentials` reads: n8n encrypts `data` when it is an object. It holds
 * tokens, so only its owner may read it, and nothing prints it. `others` go in beside it (the
 * SMTP credential of the e-mail examples).
 */
export function writeCredentialImport(
	file: string,
	data: ICredentialDataDecryptedObject,
	others: CredentialImport[] = [],
): void {
	const credential = { ...EXAMPLE_CREDENTIAL, data };
	writeFileSync(file, JSON.stringify([credential, ...others]), { mode: 0o600 });
}
