'use strict';

const { randomToken, digest } = require('./secrets');
const rules = require('./rules');

const FORGET_AFTER_MS = 24 * 3600 * 1000;

/**
 * @typedef {object} TokenGrant
 * @property {string} clientId
 * @property {string} userId
 * @property {string} scope
 */

/**
 * @typedef {object} TokenPair
 * @property {string} accessToken
 * @property {string} refreshToken
 * @property {TokenGrant} grant
 */

/**
 * Access and refresh tokens, kept by digest. Refresh tokens rotate: each use issues a new
 * one and kills the used one at once. Access tokens cannot be revoked, only expire.
 * @param {{ now(): number }} clock
 * @param {number} [accessTokenSeconds] how long an access token lives; the spec's 300 by default
 */
function createTokenStore(clock, accessTokenSeconds = rules.ACCESS_TOKEN_SECONDS) {
	/** @type {Map<string, TokenGrant & { expiresAt: number }>} */
	const accessTokens = new Map();
	/** @type {Map<string, TokenGrant & { expiresAt: number, state: 'active'|'used'|'revoked' }>} */
	const refreshTokens = new Map();

	// Dead tokens are kept a day longer so a late caller is told "expired" rather than "unknown".
	function forgetLongExpired() {
		const horizon = clock.now() - FORGET_AFTER_MS;
		for (const [key, entry] of accessTokens) if (entry.expiresAt <= horizon) accessTokens.delete(key);
		for (const [key, entry] of refreshTokens) if (entry.expiresAt <= horizon) refreshTokens.delete(key);
	}

	/**
	 * @param {TokenGrant} grant
	 * @returns {TokenPair}
	 */
	function issuePair(grant) {
		forgetLongExpired();
		const now = clock.now();
		const { clientId, userId, scope } = grant;
		const accessToken = randomToken(rules.ACCESS_TOKEN_BYTES);
		const refreshToken = randomToken(rules.REFRESH_TOKEN_BYTES);
		accessTokens.set(digest(accessToken), {
			clientId,
			userId,
			scope,
			expiresAt: now + accessTokenSeconds * 1000,
		});
		refreshTokens.set(digest(refreshToken), {
			clientId,
			userId,
			scope,
			expiresAt: now + rules.REFRESH_TOKEN_SECONDS * 1000,
			state: 'active',
		});
		return { accessToken, refreshToken, grant: { clientId, userId, scope } };
	}

	/**
	 * @param {string} refreshToken
	 * @param {string} clientId
	 */
	function findLiveRefresh(refreshToken, clientId) {
		const entry = refreshTokens.get(digest(refreshToken));
		if (!entry || entry.clientId !== clientId) return { problem: 'unknown' };
		if (entry.state !== 'active') return { problem: entry.state };
		if (entry.expiresAt <= clock.now()) return { problem: 'expired' };
		return { entry };
	}

	return {
		accessTokenSeconds,
		issuePair,
		/**
		 * @param {string} accessToken
		 * @returns {{ grant: TokenGrant } | { problem: 'unknown'|'expired' }}
		 */
		authenticate(accessToken) {
			const entry = accessTokens.get(digest(accessToken));
			if (!entry) return { problem: 'unknown' };
			if (entry.expiresAt <= clock.now()) return { problem: 'expired' };
			return { grant: { clientId: entry.clientId, userId: entry.userId, scope: entry.scope } };
		},
		/**
		 * @param {string} refreshToken
		 * @param {string} clientId the authenticated client; another client's token counts as unknown
		 * @returns {TokenPair | { problem: 'unknown'|'used'|'revoked'|'expired' }}
		 */
		rotate(refreshToken, clientId) {
			const found = findLiveRefresh(refreshToken, clientId);
			if (!found.entry) return { problem: found.problem };
			found.entry.state = 'used';
			return issuePair(found.entry);
		},
		/**
		 * @param {string} refreshToken
		 * @param {string} clientId
		 * @returns {boolean} whether a live refresh token was revoked
		 */
		revoke(refreshToken, clientId) {
			const found = findLiveRefresh(refreshToken, clientId);
			if (!found.entry) return false;
			found.entry.state = 'revoked';
			return true;
		},
	};
}

module.exports = { createTokenStore };
