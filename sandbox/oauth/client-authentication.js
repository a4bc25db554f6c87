'use strict';

/**
 * Authenticates the app from client_id and client_secret in the form body, the only way the
 * service accepts. Basic authentication alone is refused, which is what catches clients
 * (such as n8n before 2.14 with PKCE) that put the secret in the Authorization header.
 * @param {import('node:http').IncomingMessage} req
 * @param {Map<string, string>} fields the parsed form
 * @param {{ authenticate(id: string|undefined, secret: string|undefined): import('./client-registry').RegisteredClient|undefined }} clients
 * @returns {{ client: import('./client-registry').RegisteredClient } | { description: string, headers: Record<string, string> }}
 */
function authenticateClient(req, fields, clients) {
	const clientId = fields.get('client_id');
	const clientSecret = fields.get('client_secret');
	if (clientId === undefined || clientSecret === undefined) {
		const triedBasic = /^basic\s/i.test(req.headers.authorization ?? '');
		return {
			description: triedBasic
				? 'client_id and client_secret must be sent in the request body; HTTP Basic authentication is not accepted.'
				: 'client_id and client_secret are required in the request body.',
			// RFC 6749 §5.2: a client that tried the Authorization header is answered with a challenge.
			headers: triedBasic ? { 'WWW-Authenticate': 'Basic realm="accounting-sandbox"' } : {},
		};
	}
	const client = clients.authenticate(clientId, clientSecret);
	if (!client)
		return { description: 'Client authentication failed: unknown client_id or wrong client_secret.', headers: {} };
	return { client };
}

module.exports = { authenticateClient };
