'use strict';

// The consent form's field names; the consent client reads the same names.
const FORM_FIELDS = Object.freeze({ requestId: 'consent_request', decision: 'decision' });

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCOPE_WORDING = {
	full_access: 'read and change all accounting data of your businesses',
	readonly: 'read the accounting data of your businesses',
};

function layout(title, body) {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1b1b1b; }
.note { color: #555; font-size: .9rem; }
button { font-size: 1rem; padding: .5rem 1.5rem; margin-right: .5rem; cursor: pointer; }
code { background: #f2f2f2; padding: 0 .2rem; }
</style>
</head>
<body>
${body}
<p class="note">Accounting Service sandbox: a local imitation for development and tests.</p>
</body>
</html>
`;
}

/**
 * @param {object} page
 * @param {{ first_name?: string, last_name?: string, email?: string }} page.user the signed-in user
 * @param {string} page.clientId
 * @param {string} page.scope
 * @param {string} page.redirectUri
 * @param {string} page.requestId the pending-consent id the form posts back
 * @param {string} page.formAction
 * @returns {string} HTML
 */
function renderConsentPage({ user, clientId, scope, redirectUri, requestId, formAction }) {
	const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
	return layout(
		'Allow access?',
		`<h1>Allow access to your accounting data?</h1>
<p>Signed in as <strong>${escapeHtml(name)}</strong> (${escapeHtml(user.email ?? '')}).</p>
<p>The app <code>${escapeHtml(clientId)}</code> asks to ${escapeHtml(SCOPE_WORDING[scope] ?? scope)}
(scope <code>${escapeHtml(scope)}</code>).</p>
<p class="note">You will be sent back to <code>${escapeHtml(new URL(redirectUri).origin)}</code>.</p>
<form method="post" action="${escapeHtml(formAction)}">
<input type="hidden" name="${FORM_FIELDS.requestId}" value="${escapeHtml(requestId)}">
<button type="submit" name="${FORM_FIELDS.decision}" value="allow">Allow</button>
<button type="submit" name="${FORM_FIELDS.decision}" value="deny">Deny</button>
</form>`,
	);
}

/**
 * Shown instead of redirecting when the callback address cannot be trusted.
 * @param {string} error OAuth error code
 * @param {string} description
 * @returns {string} HTML
 */
function renderErrorPage(error, description) {
	return layout(
		'Authorization error',
		`<h1>This app cannot be authorized</h1>
<p>Error <code id="error">${escapeHtml(error)}</code>: <span id="error_description">${escapeHtml(description)}</span></p>`,
	);
}

module.exports = { renderConsentPage, renderErrorPage, FORM_FIELDS };
