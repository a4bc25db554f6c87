'use strict';

const { secretsEqual } = require('./secrets');

// n8n's OAuth2 callback as the editor shows it on a default local install.
const N8N_CALLBACKS = Object.freeze([
	'http://localhost:5678/rest/oauth2-credential/callback',
	'http://127.0.0.1:5678/rest/oauth2-credential/callback',
]);

/**
 * @typedef {object} RegisteredClient
 * @property {string} clientId
 * @property {string} clientSecret fixed on purpose: this is a local sandbox, not a secret store
 * @property {string[]} redirectUris compared character for character, as the real service does
 */

/**
 * The one app registered with the sandbox.
 * @param {string[]} [extraRedirectUris] callbacks besides n8n's defaults (e.g. n8n on another port)
 */
function createClientRegistry(extraRedirectUris = []) {
	for (const uri of extraRedirectUris) assertRedirectUri(uri);
	/** @type {RegisteredClient} */
	const client = Object.freeze({
		clientId: 'sandbox-demo-client',
		clientSecret: 'sandbox-demo-secret-0123456789abcdef',
		redirectUris: Object.freeze([...new Set([...N8N_CALLBACKS, ...extraRedirectUris])]),
	});

	return {
		client,
		/**
		 * @param {string} clientId
		 * @returns {RegisteredClient|undefined}
		 */
		find(clientId) {
			return clientId === client.clientId ? client : undefined;
		},
		/**
		 * @param {string|undefined} clientId
		 * @param {string|undefined} clientSecret
		 * @returns {RegisteredClient|undefined} the client when both match
		 */
		authenticate(clientId, clientSecret) {
			const found = clientId === undefined ? undefined : this.find(clientId);
			if (!found || clientSecret === undefined) return undefined;
			return secretsEqual(clientSecret, found.clientSecret) ? found : undefined;
		},
	};
}

function assertRedirectUri(uri) {
	let parsed;
	try {
		parsed = new URL(uri);
	} catch {
		throw new TypeError(`redirect URI is not an absolute URL: ${uri}`);
	}
	// RFC 6749 §3.1.2: a redirection endpoint must not include a fragment.
	if (parsed.hash) throw new TypeError(`redirect URI must not have a fragment: ${uri}`);
}

module.exports = { createClientRegistry, N8N_CALLBACKS };
