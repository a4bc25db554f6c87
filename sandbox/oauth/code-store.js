'use strict';

const { randomToken, digest } = require('./secrets');
const { AUTHORIZATION_CODE_SECONDS, CODE_BYTES } = require('./rules');

/**
 * @typedef {object} CodeGrant what the user consented to, bound to the code
 * @property {string} clientId
 * @property {string} redirectUri
 * @property {string} scope
 * @property {string} userId
 * @property {string|undefined} codeChallenge
 * @property {'S256'|'plain'|undefined} codeChallengeMethod
 */

/**
 * Authorization codes: single use, dead AUTHORIZATION_CODE_SECONDS after issue on the sandbox clock.
 * Codes are kept by digest only, so the store never holds a redeemable code.
 * @param {{ now(): number }} clock
 */
function createCodeStore(clock) {
	/** @type {Map<string, CodeGrant & { issuedAt: number, used: boolean }>} */
	const codes = new Map();

	function forgetLongDead() {
		const horizon = clock.now() - 2 * AUTHORIZATION_CODE_SECONDS * 1000;
		for (const [key, entry] of codes) if (entry.issuedAt < horizon) codes.delete(key);
	}

	return {
		/**
		 * @param {CodeGrant} grant
		 * @returns {string} the code to hand to the client
		 */
		issue(grant) {
			forgetLongDead();
			const code = randomToken(CODE_BYTES);
			codes.set(digest(code), { ...grant, issuedAt: clock.now(), used: false });
			return code;
		},
		/**
		 * Uses the code up whatever happens next, so a wrong verifier or redirect URI
		 * cannot be retried against the same code.
		 * @param {string} code
		 * @returns {{ grant: CodeGrant } | { problem: 'unknown'|'used'|'expired' }}
		 */
		redeem(code) {
			const entry = codes.get(digest(code));
			if (!entry) return { problem: 'unknown' };
			if (entry.used) return { problem: 'used' };
			entry.used = true;
			if (clock.now() - entry.issuedAt >= AUTHORIZATION_CODE_SECONDS * 1000) return { problem: 'expired' };
			const { issuedAt, used, ...grant } = entry;
			return { grant };
		},
	};
}

module.exports = { createCodeStore };
