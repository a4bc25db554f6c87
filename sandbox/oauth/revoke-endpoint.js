'use strict';

const { readForm } = require('../server/read-body');
const { authenticateClient } = require('./client-authentication');
const { sendOAuthError, sendOAuthSuccess } = require('./token-errors');

/**
 * POST {revoke_url}: kills a refresh token. Access tokens cannot be revoked.
 * @param {object} deps
 * @param {ReturnType<import('./client-registry').createClientRegistry>} deps.clients
 * @param {ReturnType<import('./token-store').createTokenStore>} deps.tokens
 */
function createRevokeEndpoint({ clients, tokens }) {
	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 */
	async function handle(req, res) {
		const form = await readForm(req);
		if ('problem' in form) return sendOAuthError(res, 'invalid_request', form.problem);
		const auth = authenticateClient(req, form.fields, clients);
		if (!('client' in auth)) return sendOAuthError(res, 'invalid_client', auth.description, auth.headers);
		const token = form.fields.get('token');
		if (!token) return sendOAuthError(res, 'invalid_request', 'token is missing.');
		// RFC 7009 §2.2: an unknown or already dead token is answered like a revoked one,
		// so the endpoint does not reveal which tokens exist.
		tokens.revoke(token, auth.client.clientId);
		return sendOAuthSuccess(res, { success: 'The refresh token has been revoked.' });
	}

	return { handle };
}

module.exports = { createRevokeEndpoint };
