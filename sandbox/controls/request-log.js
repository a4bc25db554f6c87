'use strict';

const { bearerToken } = require('../server/bearer');
const { fingerprint } = require('../oauth/secrets');

// Enough for any test run; a long benchmark keeps only the most recent requests.
const DEFAULT_LIMIT = 10000;
// Query parameters that could carry a secret if a client misplaced one.
const SECRET_PARAMS = /^(access_token|refresh_token|token|code|code_verifier|client_secret|password)$/i;

/**
 * @typedef {object} LogEntry
 * @property {number} seq
 * @property {string} at sandbox time the request arrived, ISO 8601
 * @property {string} method
 * @property {string} path path with query; secret-looking query values replaced by "redacted"
 * @property {number|null} status null while in flight or when the connection was reset
 * @property {string|null} business the X-Business header sent
 * @property {string|null} accept
 * @property {string|null} contentType
 * @property {'bearer'|'basic'|'other'|'none'} auth scheme of the Authorization header
 * @property {string|null} tokenFingerprint first 12 hex of sha256(bearer token)
 * @property {string|null} grantType token endpoint only
 * @property {string|null} refreshTokenFingerprint token endpoint only: first 12 hex of sha256 of the refresh token sent
 * @property {string|null} issuedRefreshFingerprint token endpoint only: the same of the refresh token issued
 * @property {string|null} issuedAccessFingerprint token endpoint only: the same of the access token issued
 * @property {string|null} fault kind of the injected fault that hit the request
 * @property {number} concurrent requests being served when it arrived, itself included
 */

/**
 * What reached the API, token and revoke endpoints. Never holds a token, code, verifier or
 * secret: a bearer token is reduced to its fingerprint, and form bodies are not recorded.
 * @param {{ now(): number }} clock
 * @param {number} [limit]
 */
function createRequestLog(clock, limit = DEFAULT_LIMIT) {
	/** @type {LogEntry[]} */
	let entries = [];
	let seq = 0;

	return {
		/**
		 * Records a request on arrival; the caller fills in status, grantType and fault later.
		 * @param {import('node:http').IncomingMessage} req
		 * @returns {LogEntry}
		 */
		begin(req) {
			const header = (name) => {
				const value = req.headers[name];
				return value === undefined ? null : String(value);
			};
			const token = bearerToken(req.headers.authorization);
			/** @type {LogEntry} */
			const entry = {
				seq: ++seq,
				at: new Date(clock.now()).toISOString(),
				method: req.method ?? 'GET',
				path: redactQuery(req.url ?? '/'),
				status: null,
				business: header('x-business'),
				accept: header('accept'),
				contentType: header('content-type'),
				auth: authScheme(req.headers.authorization, token),
				tokenFingerprint: token === undefined ? null : fingerprint(token),
				grantType: null,
				refreshTokenFingerprint: null,
				issuedRefreshFingerprint: null,
				issuedAccessFingerprint: null,
				fault: null,
				concurrent: 1,
			};
			entries.push(entry);
			if (entries.length > limit) entries.shift();
			return entry;
		},
		/** @returns {LogEntry[]} copies, oldest first */
		entries() {
			return entries.map((entry) => ({ ...entry }));
		},
		clear() {
			entries = [];
		},
	};
}

function authScheme(authorization, token) {
	if (token !== undefined) return 'bearer';
	if (authorization === undefined || authorization === '') return 'none';
	return /^basic\s/i.test(authorization) ? 'basic' : 'other';
}

function redactQuery(rawUrl) {
	const queryStart = rawUrl.indexOf('?');
	if (queryStart === -1) return rawUrl;
	const query = rawUrl
		.slice(queryStart + 1)
		.split('&')
		.map((pair) => {
			const name = decodeURIComponentSafe(pair.split('=')[0]);
			return SECRET_PARAMS.test(name) ? `${pair.split('=')[0]}=redacted` : pair;
		});
	return `${rawUrl.slice(0, queryStart)}?${query.join('&')}`;
}

function decodeURIComponentSafe(text) {
	try {
		return decodeURIComponent(text.replace(/\+/g, ' '));
	} catch {
		return text;
	}
}

module.exports = { createRequestLog };
