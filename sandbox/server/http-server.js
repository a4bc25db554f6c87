'use strict';

const http = require('node:http');
const { apiError } = require('../api-error');
const { applyFault } = require('./apply-fault');
const { BodyTooLargeError } = require('./read-body');
const { sendJson, sendServiceError, sendHtml } = require('./respond');
const { renderErrorPage } = require('../oauth/pages');

const API_PREFIX = '/v3.1';
const TOKEN_PATH = '/token';
const REVOKE_PATH = '/revoke';

/**
 * The sandbox's one HTTP server: routes each request to the authorization page, the token
 * and revoke endpoints, the API gateway or the test controls, and records and faults the
 * requests the spec's clients make (API, token, revoke).
 * @param {object} parts
 * @param {ReturnType<import('../controls/request-log').createRequestLog>} parts.log
 * @param {ReturnType<import('../controls/faults').createFaultQueue>} parts.faults
 * @param {ReturnType<import('../oauth/authorization-page').createAuthorizationPage>} parts.authorizationPage
 * @param {{ handle(req: any, res: any, logEntry: import('../controls/request-log').LogEntry): Promise<void> }} parts.tokenEndpoint
 * @param {{ handle(req: any, res: any): Promise<void> }} parts.revokeEndpoint
 * @param {ReturnType<import('./api-gateway').createApiGateway>} parts.apiGateway
 * @param {ReturnType<import('../controls/http-controls').createHttpControls>} parts.controls
 * @param {(request: { method: string, path: string, query: string }) => void} [parts.beforeApi] runs as
 *   each API request arrives, before it is served (tests change records between two page reads)
 * @param {{ now(): number }} [parts.clock] stamps every answer's `Date` header (default: real time)
 * @param {(error: Error) => void} [parts.onError] unexpected failures (default: stderr)
 */
function createHttpServer(parts) {
	const { log, faults, authorizationPage, tokenEndpoint, revokeEndpoint, apiGateway, controls } = parts;
	const clock = parts.clock ?? { now: () => Date.now() };
	const onError = parts.onError ?? ((error) => console.error('[sandbox]', error));
	// Aborted on stop so a pending "slow" fault does not hold the process open.
	const stopping = new AbortController();

	const server = http.createServer((req, res) => {
		stampDateOnWrite(res, clock);
		route(req, res).catch((error) => answerFailure(req, res, error));
	});

	async function route(req, res) {
		const rawUrl = req.url ?? '/';
		const queryStart = rawUrl.indexOf('?');
		const pathname = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
		const queryString = queryStart === -1 ? '' : rawUrl.slice(queryStart + 1);

		if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
			const path = pathname.slice(API_PREFIX.length);
			parts.beforeApi?.({ method: req.method ?? 'GET', path, query: queryString });
			return serveTracked(req, res, 'api', path, (entry, options) =>
				apiGateway.handle(req, res, path, queryString, { ...options, signal: stopping.signal }),
			);
		}
		if (pathname === TOKEN_PATH) {
			return serveTracked(req, res, 'token', pathname, (entry) =>
				onlyPost(req, res, () => tokenEndpoint.handle(req, res, entry)),
			);
		}
		if (pathname === REVOKE_PATH) {
			return serveTracked(req, res, null, pathname, () => onlyPost(req, res, () => revokeEndpoint.handle(req, res)));
		}
		if (pathname === authorizationPage.path) {
			if (req.method === 'GET') return authorizationPage.show(req, res, new URL(rawUrl, 'http://sandbox.invalid'));
			if (req.method === 'POST') return authorizationPage.decide(req, res);
			return sendHtml(res, 405, renderErrorPage('invalid_request', 'Use GET for the authorization page.'));
		}
		if (pathname === controls.prefix || pathname.startsWith(`${controls.prefix}/`))
			return controls.handle(req, res, pathname);
		return sendServiceError(
			res,
			apiError(404, 'NotFound', `Nothing at ${pathname}. The API lives under ${API_PREFIX}.`),
		);
	}

	/** Requests arrived and not yet answered: what a client has on its way at once. */
	let inFlight = 0;

	/**
	 * @param {'api'|'token'|null} faultTarget which injected faults may hit this request
	 * @param {string} faultPath the path pathPrefix is matched against
	 * @param {(entry: import('../controls/request-log').LogEntry, options?: { dropAnswer: boolean }) => Promise<void>|void} serve
	 */
	async function serveTracked(req, res, faultTarget, faultPath, serve) {
		const entry = log.begin(req);
		entry.concurrent = ++inFlight;
		res.on('close', () => {
			inFlight -= 1;
			entry.status = res.headersSent ? res.statusCode : null;
		});
		const fault = faultTarget === null ? undefined : faults.take(faultTarget, faultPath, req.method);
		if (fault) {
			entry.fault = fault.kind;
			// Served in full, then the connection is reset instead of answered (the gateway acts it out).
			if (fault.kind === 'reset-after-commit') return serve(entry, { dropAnswer: true });
			if (await applyFault(fault, req, res, stopping.signal)) return;
		}
		await serve(entry);
	}

	async function onlyPost(req, res, serve) {
		if (req.method === 'POST') return serve();
		return sendJson(res, 405, { error: 'invalid_request', error_description: 'Use POST.' }, { Allow: 'POST' });
	}

	function answerFailure(req, res, error) {
		if (res.headersSent || stopping.signal.aborted) {
			res.destroy();
			return;
		}
		const pathname = (req.url ?? '/').split('?')[0];
		const isOAuth = pathname === TOKEN_PATH || pathname === REVOKE_PATH;
		if (error instanceof BodyTooLargeError) {
			res.setHeader('Connection', 'close');
			if (isOAuth) return sendJson(res, 413, { error: 'invalid_request', error_description: error.message });
			return sendServiceError(res, apiError(413, 'RequestEntityTooLarge', error.message));
		}
		onError(error);
		if (isOAuth)
			return sendJson(res, 500, { error: 'server_error', error_description: 'Unexpected condition in the sandbox.' });
		return sendServiceError(res, apiError(500, 'UnexpectedError', 'Unexpected condition in the sandbox.'));
	}

	return {
		/**
		 * @param {number} port 0 for a free port
		 * @param {string} host
		 * @returns {Promise<string>} the origin, e.g. http://127.0.0.1:4010
		 */
		listen(port, host) {
			return new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, () => {
					server.off('error', reject);
					const address = /** @type {import('node:net').AddressInfo} */ (server.address());
					const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
					resolve(`http://${shownHost}:${address.port}`);
				});
			});
		},
		/** @returns {Promise<void>} once every connection is closed */
		close() {
			stopping.abort();
			return new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}

/**
 * The `Date` header shows the sandbox clock, taken when the answer is written (as a real server
 * does, after its work), so clients that read the service's time from it (the trigger) follow
 * `clock.advance`. Every answer passes writeHead, also an implicit one from `res.end()`.
 * @param {import('node:http').ServerResponse} res
 * @param {{ now(): number }} clock
 */
function stampDateOnWrite(res, clock) {
	const writeHead = res.writeHead;
	res.writeHead = function writeHeadWithDate(...args) {
		if (!res.headersSent && !res.hasHeader('Date')) res.setHeader('Date', new Date(clock.now()).toUTCString());
		return writeHead.apply(res, args);
	};
}

module.exports = { createHttpServer, API_PREFIX, TOKEN_PATH, REVOKE_PATH };
