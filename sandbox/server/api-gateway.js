'use strict';

const { setTimeout: delay } = require('node:timers/promises');
const { apiError } = require('../api-error');
const { bearerToken } = require('./bearer');
const { readBody, mediaType } = require('./read-body');
const { sendServiceError, sendApiResult } = require('./respond');

const REALM = 'accounting-sandbox';

/**
 * Everything under {base_url} passes here: bearer check, the rate limit, body rules, then the API
 * module; every answer leaves no sooner than the latency after the request arrived.
 * @param {object} deps
 * @param {{ handle(request: object): Promise<import('./respond').ApiResult> }} deps.api
 * @param {ReturnType<import('../oauth/token-store').createTokenStore>} deps.tokens
 * @param {ReturnType<import('./network').createRateLimiter>|null} [deps.rateLimiter] per business
 * @param {() => number} [deps.latency] ms each answer takes; default none
 * @param {(userId: string) => string} [deps.leadBusiness] the business a request without X-Business is for
 */
function createApiGateway({ api, tokens, rateLimiter = null, latency = () => 0, leadBusiness = () => 'lead' }) {
	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {string} path raw (still percent-encoded) path after /v3.1
	 * @param {string} queryString without the leading "?"
	 * @param {{ dropAnswer?: boolean, signal?: AbortSignal }} [options] dropAnswer (fault
	 *   `reset-after-commit`): serve the request in full, then reset the connection instead of
	 *   answering, as a connection lost after the service committed a write; signal: aborts a
	 *   latency wait when the sandbox stops
	 */
	async function handle(req, res, path, queryString, options = {}) {
		const answerAt = Date.now() + latency();
		// Every answer goes through here: after the latency (the work is done at once, the answer
		// takes its time); with dropAnswer the connection is reset instead (an RST, as with a real
		// dropped connection), after the work is done.
		const answer = async (send) => {
			const wait = answerAt - Date.now();
			if (wait > 0) {
				try {
					await delay(wait, undefined, { signal: options.signal });
				} catch {
					res.destroy();
					return undefined;
				}
			}
			if (!options.dropAnswer) return send();
			req.socket.resetAndDestroy();
			return undefined;
		};
		const token = bearerToken(req.headers.authorization);
		if (token === undefined) {
			return answer(() =>
				sendServiceError(
					res,
					apiError(
						401,
						'AuthorizationFailure',
						'An access token is required: send Authorization: Bearer <ACCESS_TOKEN>.',
					),
					{ 'WWW-Authenticate': `Bearer realm="${REALM}"` },
				),
			);
		}
		const auth = tokens.authenticate(token);
		if ('problem' in auth) {
			const message = auth.problem === 'expired' ? 'The access token has expired.' : 'The access token is invalid.';
			return answer(() =>
				sendServiceError(res, apiError(401, 'AuthorizationFailure', message), {
					'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${message}"`,
				}),
			);
		}

		if (rateLimiter) {
			const business =
				typeof req.headers['x-business'] === 'string' && req.headers['x-business'] !== ''
					? req.headers['x-business']
					: leadBusiness(auth.grant.userId);
			const taken = rateLimiter.take(business);
			if (!taken.admitted) {
				req.resume();
				const { requests, windowSeconds } = rateLimiter.limit;
				return answer(() =>
					sendServiceError(
						res,
						apiError(
							429,
							'TooManyRequests',
							`Too many requests: a business may make ${requests} requests in any ${windowSeconds} seconds. Retry after ${taken.retryAfterSeconds} seconds.`,
						),
						{ 'Retry-After': String(taken.retryAfterSeconds) },
					),
				);
			}
		}

		const raw = await readBody(req);
		let body;
		if (raw.length > 0) {
			if (mediaType(req.headers['content-type']) !== 'application/json') {
				return answer(() =>
					sendServiceError(
						res,
						apiError(415, 'UnsupportedMediaType', 'Request bodies must be JSON: send Content-Type: application/json.'),
					),
				);
			}
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch (error) {
				return answer(() =>
					sendServiceError(res, apiError(400, 'InvalidJSON', `The request body is not valid JSON: ${error.message}`)),
				);
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
