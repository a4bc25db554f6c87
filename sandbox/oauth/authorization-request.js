'use strict';

const { isPkceString, METHODS } = require('./pkce');
const { SCOPES, DEFAULT_SCOPE, COUNTRIES, FILTER } = require('./rules');

/**
 * @typedef {object} AuthorizationRequest a request the user may consent to
 * @property {string} clientId
 * @property {string} redirectUri
 * @property {string} scope
 * @property {string|undefined} country
 * @property {string|undefined} state
 * @property {string|undefined} codeChallenge
 * @property {'S256'|'plain'|undefined} codeChallengeMethod
 */

/**
 * @typedef {{ outcome: 'consent', request: AuthorizationRequest }
 *   | { outcome: 'error-page', error: string, description: string }
 *   | { outcome: 'redirect-error', redirectUri: string, error: string, description: string, state: string|undefined }
 * } Verdict
 */

/**
 * Checks an authorization page query against the spec's parameter table.
 * Until client and redirect URI are trusted, errors stay on the page (an error page, never a
 * redirect), so the page cannot be used to send users to an arbitrary address.
 * @param {URLSearchParams} query
 * @param {{ find(clientId: string): { redirectUris: readonly string[] } | undefined }} clients
 * @returns {Verdict}
 */
function checkAuthorizationRequest(query, clients) {
	const single = (name) => {
		const values = query.getAll(name);
		return { repeated: values.length > 1, value: values[0] };
	};

	const clientId = single('client_id');
	if (clientId.repeated) return errorPage('invalid_request', 'client_id is repeated.');
	if (!clientId.value) return errorPage('invalid_request', 'client_id is missing.');
	const client = clients.find(clientId.value);
	if (!client) return errorPage('unauthorized_client', 'client_id is not a registered app.');

	const redirectUri = single('redirect_uri');
	if (redirectUri.repeated) return errorPage('invalid_request', 'redirect_uri is repeated.');
	if (!redirectUri.value) return errorPage('invalid_request', 'redirect_uri is missing.');
	if (!client.redirectUris.includes(redirectUri.value)) {
		return errorPage('invalid_request', 'redirect_uri is not registered for this app.');
	}

	const state = single('state');
	const fail = (error, description) => ({
		outcome: /** @type {const} */ ('redirect-error'),
		redirectUri: redirectUri.value,
		error,
		description,
		// A repeated state cannot be echoed faithfully, so none is echoed.
		state: state.repeated ? undefined : state.value,
	});

	for (const name of [
		'response_type',
		'scope',
		'scopes',
		'country',
		'filter',
		'state',
		'code_challenge',
		'code_challenge_method',
	]) {
		if (single(name).repeated) return fail('invalid_request', `${name} is repeated.`);
	}

	const responseType = single('response_type').value;
	if (!responseType) return fail('invalid_request', 'response_type is missing.');
	if (responseType !== 'code') return fail('unsupported_response_type', 'response_type must be code.');

	// The spec's parameter table calls it "scopes", its example request "scope": accept either.
	const scopeParam = single('scope').value;
	const scopesParam = single('scopes').value;
	if (scopeParam !== undefined && scopesParam !== undefined && scopeParam !== scopesParam) {
		return fail('invalid_request', 'scope and scopes disagree.');
	}
	const scope = scopeParam ?? scopesParam ?? DEFAULT_SCOPE;
	if (!SCOPES.includes(scope)) return fail('invalid_scope', `scope must be one of: ${SCOPES.join(', ')}.`);

	const country = single('country').value;
	if (country !== undefined && !COUNTRIES.includes(country)) {
		return fail('invalid_request', `country must be one of: ${COUNTRIES.join(', ')}.`);
	}
	const filter = single('filter').value;
	if (country === undefined && filter !== undefined && filter !== FILTER) {
		return fail('invalid_request', `filter must be ${FILTER}.`);
	}

	const codeChallenge = single('code_challenge').value;
	const method = single('code_challenge_method').value;
	if (codeChallenge === undefined && method !== undefined) {
		return fail('invalid_request', 'code_challenge_method was sent without code_challenge.');
	}
	if (codeChallenge !== undefined && !isPkceString(codeChallenge)) {
		return fail('invalid_request', 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.');
	}
	if (method !== undefined && !METHODS.includes(method)) {
		return fail('invalid_request', 'code_challenge_method must be S256 or plain.');
	}

	return {
		outcome: 'consent',
		request: {
			clientId: clientId.value,
			redirectUri: redirectUri.value,
			scope,
			country,
			state: state.value,
			codeChallenge,
			// RFC 7636 §4.3: a challenge without a method is a plain challenge.
			codeChallengeMethod: codeChallenge === undefined ? undefined : /** @type {'S256'|'plain'} */ (method ?? 'plain'),
		},
	};
}

function errorPage(error, description) {
	return { outcome: /** @type {const} */ ('error-page'), error, description };
}

/**
 * The callback address with the result appended; the registered URI's own query is kept.
 * @param {string} redirectUri
 * @param {Record<string, string|undefined>} params undefined values are left out
 * @returns {string}
 */
function callbackUrl(redirectUri, params) {
	const url = new URL(redirectUri);
	for (const [name, value] of Object.entries(params)) {
		if (value !== undefined) url.searchParams.append(name, value);
	}
	return url.toString();
}

module.exports = { checkAuthorizationRequest, callbackUrl };
