'use strict';

const { checkAuthorizationRequest, callbackUrl } = require('./authorization-request');
const { renderConsentPage, renderErrorPage, FORM_FIELDS } = require('./pages');
const { readForm } = require('../server/read-body');
const { sendHtml, redirect } = require('../server/respond');

const PAGE_PATH = '/oauth2/auth/central';

/**
 * The authorization page: GET shows consent for the seeded user, POST takes Allow or Deny.
 * @param {object} deps
 * @param {ReturnType<import('./client-registry').createClientRegistry>} deps.clients
 * @param {ReturnType<import('./pending-consents').createPendingConsents>} deps.pending
 * @param {ReturnType<import('./code-store').createCodeStore>} deps.codes
 * @param {{ id: string, first_name?: string, last_name?: string, email?: string }} deps.user who "is logged in"
 * @param {() => string} deps.defaultCountry country reported when the app did not ask for one
 */
function createAuthorizationPage({ clients, pending, codes, user, defaultCountry }) {
	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {URL} url
	 */
	function show(req, res, url) {
		const verdict = checkAuthorizationRequest(url.searchParams, clients);
		if (verdict.outcome === 'error-page')
			return sendHtml(res, 400, renderErrorPage(verdict.error, verdict.description));
		if (verdict.outcome === 'redirect-error') {
			const { redirectUri, error, description, state } = verdict;
			return redirect(res, callbackUrl(redirectUri, { error, error_description: description, state }));
		}
		const { request } = verdict;
		return sendHtml(
			res,
			200,
			renderConsentPage({
				user,
				clientId: request.clientId,
				scope: request.scope,
				redirectUri: request.redirectUri,
				requestId: pending.open(request),
				formAction: PAGE_PATH,
			}),
		);
	}

	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 */
	async function decide(req, res) {
		const form = await readForm(req);
		if ('problem' in form) return sendHtml(res, 400, renderErrorPage('invalid_request', form.problem));
		const decision = form.fields.get(FORM_FIELDS.decision);
		if (decision !== 'allow' && decision !== 'deny') {
			return sendHtml(res, 400, renderErrorPage('invalid_request', 'Choose Allow or Deny.'));
		}
		const request = pending.close(form.fields.get(FORM_FIELDS.requestId) ?? '');
		if (!request) {
			return sendHtml(
				res,
				400,
				renderErrorPage(
					'invalid_request',
					'This consent page is unknown, expired or already answered. Start the authorization again.',
				),
			);
		}
		if (decision === 'deny') {
			return redirect(
				res,
				callbackUrl(request.redirectUri, {
					error: 'access_denied',
					error_description: 'The user declined access.',
					state: request.state,
				}),
			);
		}
		const code = codes.issue({
			clientId: request.clientId,
			redirectUri: request.redirectUri,
			scope: request.scope,
			userId: user.id,
			codeChallenge: request.codeChallenge,
			codeChallengeMethod: request.codeChallengeMethod,
		});
		return redirect(
			res,
			callbackUrl(request.redirectUri, {
				code,
				country: request.country ?? defaultCountry(),
				state: request.state,
			}),
		);
	}

	return { path: PAGE_PATH, show, decide };
}

module.exports = { createAuthorizationPage, PAGE_PATH };
