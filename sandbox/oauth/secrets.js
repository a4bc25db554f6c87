'use strict';

const { createHash, randomBytes, timingSafeEqual } = require('node:crypto');

/**
 * An unguessable opaque string (base64url, so it survives URLs and forms unescaped).
 * @param {number} byteLength random bytes; the string is about 4/3 as long
 * @returns {string}
 */
function randomToken(byteLength) {
	return randomBytes(byteLength).toString('base64url');
}

/**
 * Key under which a secret is stored, so the stores never keep a usable token or code.
 * @param {string} secret
 * @returns {string} full sha256 hex digest
 */
function digest(secret) {
	return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Short, non-reversible label of a token: enough for tests to tell tokens apart in the
 * request log, useless to anyone who wants to replay one.
 * @param {string} token
 * @returns {string} first 12 hex digits of sha256(token)
 */
function fingerprint(token) {
	return digest(token).slice(0, 12);
}

/**
 * Compares secrets in constant time so a wrong client secret or PKCE verifier cannot be
 * guessed byte by byte from response timings.
 * @param {string} actual
 * @param {string} expected
 * @returns {boolean}
 */
function secretsEqual(actual, expected) {
	const a = Buffer.from(digest(String(actual)), 'hex');
	const b = Buffer.from(digest(String(expected)), 'hex');
	return timingSafeEqual(a, b);
}

module.exports = { randomToken, digest, fingerprint, secretsEqual };
