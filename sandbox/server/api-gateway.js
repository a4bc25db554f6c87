'use strict';

const { apiError } = require('../api-error');
const { bearerToken } = require('./bearer');
const { readBody, mediaType } = require('./read-body');
const { sendServiceError, sendApiResult } = require('./respond');

const REALM = 'accounting-sandbox';

/**
 * Everything under {base_url} passes here: bearer check, body rules, then the API module.
 * @param {object} deps
 * @param {{ handle(request: object): Promise<import('./respond').ApiResult> }} deps.api
 * @param {ReturnType<import('../oauth/token-store').createTokenStore>} deps.tokens
 */
function createApiGateway({ api, tokens }) {
	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {string} path raw (still percent-encoded) path after /v3.1
	 * @param {string} queryString without the leading "?"
	 * @param {{ dropAnswer?: boolean }} [options] dropAnswer (fault `reset-after-commit`): serve the
	 *   request in full, then reset the connection instead of answering, as a connection lost after
	 *   the service committed a write
	 */
	async function handle(req, res, path, queryString, options = {}) {
		// Every answer goes through here; with dropAnswer the connection is reset instead (an RST,
		// as with a real dropped connection), after the work is done.
		const answer = (send) => {
			if (!options.dropAnswer) return send();
			req.socket.resetAndDestroy();
			return undefined;
		};
		const token = bearerToken(req.headers.authorization);
		if (token === undefined) {
			return answer(() => sendServiceError(res, apiError(401, 'AuthorizationFailure', 'An access token is required: send Authorization: Bearer <ACCESS_TOKEN>.'),
				{ 'WWW-Authenticate': `Bearer realm="${REALM}"` }));
		}
		const auth = tokens.authenticate(token);
		if ('problem' in auth) {
			const message = auth.problem === 'expired' ? 'The access token has expired.' : 'The access token is invalid.';
			return answer(() => sendServiceError(res, apiError(401, 'AuthorizationFailure', message),
				{ 'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${message}"` }));
		}

		const raw = await readBody(req);
		let body;
		if (raw.length > 0) {
			if (mediaType(req.headers['content-type']) !== 'application/json') {
				return answer(() => sendServiceError(res, apiError(415, 'UnsupportedMediaType', 'Request bodies must be JSON: send Content-Type: application/json.')));
			}
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch (error) {
				return answer(() => sendServiceError(res, apiError(400, 'InvalidJSON', `The request body is not valid JSON: ${error.message}`)));
			}
		}

		// The API sees who is calling through `auth`, never the token itself.
		const { authorization, ...headers } = req.headers;
		const result = await api.handle({
			method: req.method,
			path,
			query: new URLSearchParams(queryString),
			headers,
			body,
			auth: { userId: auth.grant.userId, scope: auth.grant.scope },
		});
		return answer(() => sendApiResult(res, result));
	}

	return { handle };
}

module.exports = { createApiGateway };
