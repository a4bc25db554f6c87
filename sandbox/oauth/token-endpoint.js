'use strict';

const { readForm } = require('../server/read-body');
const { authenticateClient } = require('./client-authentication');
const { sendOAuthError, sendOAuthSuccess } = require('./token-errors');
const { verifierMatches } = require('./pkce');
const { REFRESH_TOKEN_SECONDS } = require('./rules');
const { fingerprint } = require('./secrets');

const CODE_PROBLEMS = {
	unknown: 'The authorization code is unknown.',
	used: 'The authorization code was already used.',
	expired: 'The authorization code expired (codes live 60 seconds).',
};
const REFRESH_PROBLEMS = {
	unknown: 'The refresh token is unknown.',
	used: 'The refresh token was already used; refresh tokens rotate on every renewal.',
	revoked: 'The refresh token was revoked.',
	expired: 'The refresh token expired (refresh tokens live 31 days).',
};

/**
 * POST {token_url}: code exchange and renewal.
 * @param {object} deps
 * @param {ReturnType<import('./client-registry').createClientRegistry>} deps.clients
 * @param {ReturnType<import('./code-store').createCodeStore>} deps.codes
 * @param {ReturnType<import('./token-store').createTokenStore>} deps.tokens
 */
function createTokenEndpoint({ clients, codes, tokens }) {
	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {{ grantType: string|null, refreshTokenFingerprint: string|null, issuedRefreshFingerprint: string|null }} logEntry
	 *   receives the grant type, and for a renewal the fingerprints of the refresh token sent and of the one issued
	 */
	async function handle(req, res, logEntry) {
		const form = await readForm(req);
		if ('problem' in form) return sendOAuthError(res, 'invalid_request', form.problem);
		const { fields } = form;
		const grantType = fields.get('grant_type');
		logEntry.grantType = grantType === undefined ? null : grantType.slice(0, 40);

		const auth = authenticateClient(req, fields, clients);
		if (!('client' in auth)) return sendOAuthError(res, 'invalid_client', auth.description, auth.headers);

		if (grantType === undefined) return sendOAuthError(res, 'invalid_request', 'grant_type is missing.');
		if (grantType === 'authorization_code') return exchangeCode(res, fields, auth.client.clientId, logEntry);
		if (grantType === 'refresh_token') return renew(res, fields, auth.client.clientId, logEntry);
		return sendOAuthError(res, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
	}

	function exchangeCode(res, fields, clientId, logEntry) {
		const code = fields.get('code');
		const redirectUri = fields.get('redirect_uri');
		const verifier = fields.get('code_verifier');
		if (!code) return sendOAuthError(res, 'invalid_request', 'code is missing.');
		if (!redirectUri) return sendOAuthError(res, 'invalid_request', 'redirect_uri is missing.');

		const redeemed = codes.redeem(code);
		if (!('grant' in redeemed)) return sendOAuthError(res, 'invalid_grant', CODE_PROBLEMS[redeemed.problem]);
		const { grant } = redeemed;
		if (grant.clientId !== clientId)
			return sendOAuthError(res, 'invalid_grant', 'The code was issued to another client.');
		if (grant.redirectUri !== redirectUri) {
			return sendOAuthError(res, 'invalid_grant', 'redirect_uri differs from the one used on the authorization page.');
		}
		if (grant.codeChallenge === undefined) {
			// A verifier for a code requested without a challenge means the client mixed up its flows.
			if (verifier !== undefined)
				return sendOAuthError(
					res,
					'invalid_grant',
					'code_verifier sent, but the code was requested without code_challenge.',
				);
		} else if (verifier === undefined) {
			return sendOAuthError(
				res,
				'invalid_grant',
				'code_verifier is required: the code was requested with code_challenge.',
			);
		} else if (!verifierMatches(verifier, grant.codeChallenge, grant.codeChallengeMethod ?? 'plain')) {
			return sendOAuthError(res, 'invalid_grant', 'code_verifier does not match the code_challenge.');
		}
		return sendTokens(res, tokens.issuePair({ clientId, userId: grant.userId, scope: grant.scope }), logEntry);
	}

	function renew(res, fields, clientId, logEntry) {
		const refreshToken = fields.get('refresh_token');
		if (!refreshToken) return sendOAuthError(res, 'invalid_request', 'refresh_token is missing.');
		logEntry.refreshTokenFingerprint = fingerprint(refreshToken);
		const rotated = tokens.rotate(refreshToken, clientId);
		if ('problem' in rotated) return sendOAuthError(res, 'invalid_grant', REFRESH_PROBLEMS[rotated.problem]);
		return sendTokens(res, rotated, logEntry);
	}

	/**
	 * @param {import('node:http').ServerResponse} res
	 * @param {import('./token-store').TokenPair} pair
	 * @param {{ issuedRefreshFingerprint: string|null, issuedAccessFingerprint: string|null }} logEntry
	 */
	function sendTokens(res, pair, logEntry) {
		// Lets a run check that the chain of refresh tokens stayed unbroken: each issued one used once.
		logEntry.issuedRefreshFingerprint = fingerprint(pair.refreshToken);
		// And which access token a later request carried: one issued to the credential, and when.
		logEntry.issuedAccessFingerprint = fingerprint(pair.accessToken);
		sendOAuthSuccess(res, {
			access_token: pair.accessToken,
			scopes: pair.grant.scope,
			token_type: 'bearer',
			expires_in: tokens.accessTokenSeconds,
			refresh_token: pair.refreshToken,
			refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
			requested_by_id: pair.grant.userId,
		});
	}

	return { handle };
}

module.exports = { createTokenEndpoint };
