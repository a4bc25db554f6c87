import { CredentialStore, connectCredential } from '../test/harness';
import type { SandboxProcess } from './sandbox-process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { consent } = require('../sandbox/consent-client') as {
	consent: (url: string, options: { decision: 'allow' | 'deny' }) => Promise<string>;
};

/** A credential connected to the sandbox through its consent page, as n8n connects one. */
export async function connectToSandbox(sandbox: SandboxProcess) {
	const connected = await connectCredential({
		endpoints: sandbox.urls,
		client: sandbox.client,
		consent: async (url) => await consent(url, { decision: 'allow' }),
	});
	const store = new CredentialStore();
	const credential = store.add({ type: 'accountingServiceOAuth2Api', name: 'Bench', data: connected.data });
	return { store, credential };
}
