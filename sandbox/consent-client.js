'use strict';

const http = require('node:http');

/**
 * Consent without a browser: opens the authorization page, presses Allow or Deny, and
 * returns where the service sends the user back to (the Location header, not followed).
 * When the page itself refuses the request by redirecting with `error=`, that callback
 * address is returned as is. Errors the page shows instead of redirecting are thrown.
 * @param {string} authorizeUrl the full authorization URL, as an app would open it
 * @param {{ decision?: 'allow'|'deny' }} [options] default allow
 * @returns {Promise<string>} the callback URL, with code/country/state or error/state
 */
async function consent(authorizeUrl, { decision = 'allow' } = {}) {
	if (decision !== 'allow' && decision !== 'deny') throw new TypeError('decision must be allow or deny');
	const page = await send('GET', authorizeUrl);
	if (page.status === 302) return new URL(page.location, authorizeUrl).toString();
	if (page.status !== 200) throw new Error(`authorization page answered ${page.status}: ${pageError(page.body)}`);

	const action = /<form[^>]*\saction="([^"]*)"/.exec(page.body);
	if (!action) throw new Error('authorization page has no consent form');
	const fields = new URLSearchParams();
	for (const [, name, value] of page.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
		fields.append(unescapeHtml(name), unescapeHtml(value));
	}
	// Pressing a submit button sends its own name and value, as a browser would.
	const button = [...page.body.matchAll(/<button[^>]*\sname="([^"]*)"[^>]*\svalue="([^"]*)"/g)].find(
		([, , value]) => unescapeHtml(value) === decision,
	);
	if (!button) throw new Error(`authorization page has no ${decision} button`);
	fields.append(unescapeHtml(button[1]), decision);

	const formUrl = new URL(unescapeHtml(action[1]), authorizeUrl).toString();
	const answer = await send('POST', formUrl, fields.toString());
	if (answer.status !== 302) throw new Error(`consent form answered ${answer.status}: ${pageError(answer.body)}`);
	return new URL(answer.location, formUrl).toString();
}

/**
 * @param {string} method
 * @param {string} url
 * @param {string} [form] url-encoded body
 * @returns {Promise<{ status: number, location: string, body: string }>}
 */
function send(method, url, form) {
	return new Promise((resolve, reject) => {
		const headers =
			form === undefined
				? {}
				: {
						'Content-Type': 'application/x-www-form-urlencoded',
						'Content-Length': Buffer.byteLength(form),
					};
		const request = http.request(url, { method, headers }, (response) => {
			const chunks = [];
			response.on('data', (chunk) => chunks.push(chunk));
			response.on('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					location: String(response.headers.location ?? ''),
					body: Buffer.concat(chunks).toString('utf8'),
				}),
			);
			response.on('error', reject);
		});
		request.on('error', reject);
		request.end(form);
	});
}

function pageError(html) {
	const code = /<code id="error">([^<]*)<\/code>/.exec(html);
	const description = /<span id="error_description">([^<]*)<\/span>/.exec(html);
	return code ? `${unescapeHtml(code[1])}: ${unescapeHtml(description?.[1] ?? '')}` : html.slice(0, 200);
}

function unescapeHtml(text) {
	return text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

module.exports = { consent };
