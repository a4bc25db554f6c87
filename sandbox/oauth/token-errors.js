'use strict';

const { sendJson } = require('../server/respond');

// RFC 6749 §5.1: token responses must not be cached by anything in between.
const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });

/**
 * An error of the token or revoke endpoint: `{error, error_description}`, 401 for
 * invalid_client (the spec leaves the status open; RFC 6749 §5.2 asks for 401 there), else 400.
 * @param {import('node:http').ServerResponse} res
 * @param {string} error
 * @param {string} description
 * @param {Record<string, string>} [headers]
 */
function sendOAuthError(res, error, description, headers = {}) {
	const status = error === 'invalid_client' ? 401 : 400;
	sendJson(res, status, { error, error_description: description }, { ...NO_STORE, ...headers });
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} body
 */
function sendOAuthSuccess(res, body) {
	sendJson(res, 200, body, NO_STORE);
}

module.exports = { sendOAuthError, sendOAuthSuccess };
