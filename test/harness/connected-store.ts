import { connectCredential, type ServiceEndpoints } from './connect-credential';
import { CredentialStore } from './credential-store';
import { recommendedGrantType } from './n8n-version';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { consent } = require('../../sandbox/consent-client') as {
	consent: (url: string, options: { decision: 'allow' | 'deny' }) => Promise<string>;
};

/**
 * A credential store holding one credential connected to a running sandbox the way n8n connects
 * one (the grant type the README recommends for the n8n under test), consenting over HTTP, so the
 * sandbox may run in this process or another.
 */
export async function connectedStore(
	sandbox: { urls: ServiceEndpoints; client: { clientId: string; clientSecret: string } },
	name = 'Sandbox',
) {
	const connected = await connectCredential({
		endpoints: sandbox.urls,
		client: sandbox.client,
		grantType: recommendedGrantType,
		consent: async (authorizationUrl) => await consent(authorizationUrl, { decision: 'allow' }),
	});
	const store = new CredentialStore();
	const credential = store.add({ type: 'accountingServiceOAuth2Api', name, data: connected.data });
	return { store, credential };
}
