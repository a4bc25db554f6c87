'use strict';

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 6750 §2.1).
 * @param {string|undefined} authorization
 * @returns {string|undefined}
 */
function bearerToken(authorization) {
	const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
	return match ? match[1] : undefined;
}

module.exports = { bearerToken };
