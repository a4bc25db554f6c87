'use strict';

const { createHash } = require('node:crypto');
const { secretsEqual } = require('./secrets');

// RFC 7636 §4.1/§4.2: challenge and verifier share the same alphabet and length bounds.
const PKCE_STRING = /^[A-Za-z0-9\-._~]{43,128}$/;
const METHODS = Object.freeze(['S256', 'plain']);

/**
 * @param {string} value
 * @returns {boolean} whether value is a well-formed code_challenge or code_verifier
 */
function isPkceString(value) {
	return PKCE_STRING.test(value);
}

/**
 * @param {string} verifier the code_verifier sent to the token endpoint
 * @param {string} challenge the code_challenge sent to the authorization page
 * @param {'S256'|'plain'} method
 * @returns {boolean}
 */
function verifierMatches(verifier, challenge, method) {
	if (!isPkceString(verifier)) return false;
	const derived = method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
	return secretsEqual(derived, challenge);
}

module.exports = { isPkceString, verifierMatches, METHODS };
