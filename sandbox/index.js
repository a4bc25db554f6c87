'use strict';

const { createClock } = require('./clock');
const { consent } = require('./consent-client');
const { createClientRegistry } = require('./oauth/client-registry');
const { createCodeStore } = require('./oauth/code-store');
const { createTokenStore } = require('./oauth/token-store');
const { createPendingConsents } = require('./oauth/pending-consents');
const { createAuthorizationPage } = require('./oauth/authorization-page');
const { createTokenEndpoint } = require('./oauth/token-endpoint');
const { createRevokeEndpoint } = require('./oauth/revoke-endpoint');
const { createApiGateway } = require('./server/api-gateway');
const { createHttpServer, API_PREFIX, TOKEN_PATH, REVOKE_PATH } = require('./server/http-server');
const { createFaultQueue } = require('./controls/faults');
const { createRequestLog } = require('./controls/request-log');
const { createHttpControls } = require('./controls/http-controls');
const { validateNetwork, createRateLimiter, createLatency } = require('./server/network');

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] 0 (default) for a free port
 * @property {string} [host] a loopback address; default 127.0.0.1
 * @property {number} [scale] passed to the dataset (benchmarks use large values)
 * @property {number} [bigAttachmentMiB] adds an attachment of this size to the lead business (benchmarks)
 * @property {number} [businesses] how many businesses the user reaches; default 3, the fourth on copies of the lead (benchmarks)
 * @property {boolean} [scaleAllBusinesses] every business holds `scale` sales invoices, not only the lead (benchmarks)
 * @property {boolean} [smallLead] the lead's books as many records as the second business's, its sales invoices still `scale` (tests that read whole books many times)
 * @property {'number'|'string'} [amounts] how records send the OpenAPI's number fields; default 'number'
 * @property {'string'|'number'} [trialBalanceAmounts] how the trial balance sends its amounts; default 'string' (the spec)
 * @property {string[]} [redirectUris] callbacks to register besides n8n's default ones
 * @property {ReturnType<typeof createClock>} [clock] default: a clock starting at real time
 * @property {number} [latencyMs] every API answer takes this long (ms); default 0
 * @property {number} [latencyJitterMs] and up to this much more, at random (ms); default 0
 * @property {number} [accessTokenSeconds] how long access tokens live; default 300 (the spec)
 * @property {{ requests: number, windowSeconds?: number }} [rateLimit] per business: at most
 *   `requests` API requests in any `windowSeconds` (default 60); more are answered 429 with Retry-After
 */

/**
 * @typedef {object} SandboxUrls
 * @property {string} origin
 * @property {string} baseUrl {base_url}
 * @property {string} authUrl the authorization page
 * @property {string} tokenUrl
 * @property {string} revokeUrl
 * @property {string} controlUrl
 */

/**
 * A local Accounting Service v3.1: OAuth 2.0 with PKCE, the API, and test controls.
 * @param {SandboxOptions} [options]
 */
function createSandbox(options = {}) {
	const {
		port = 0,
		host = '127.0.0.1',
		scale,
		bigAttachmentMiB,
		amounts,
		trialBalanceAmounts,
		businesses,
		scaleAllBusinesses,
		smallLead,
		redirectUris = [],
		clock = createClock(),
		accessTokenSeconds,
	} = options;
	if (!isLoopbackHost(host)) throw new TypeError(`the sandbox binds loopback addresses only, not ${host}`);
	const network = validateNetwork(options);

	const dataset = require('./data').buildDataset({
		scale,
		bigAttachmentMiB,
		amounts,
		trialBalanceAmounts,
		businesses,
		scaleAllBusinesses,
		smallLead,
		clock,
	});
	const api = require('./api').createApi({ dataset, clock });

	const clients = createClientRegistry(redirectUris);
	const tokens = createTokenStore(clock, accessTokenSeconds);
	const codes = createCodeStore(clock);
	const log = createRequestLog(clock);
	const faults = createFaultQueue();
	/** @type {Set<(request: { method: string, path: string, query: string }) => void>} */
	const apiHooks = new Set();

	const server = createHttpServer({
		log,
		faults,
		authorizationPage: createAuthorizationPage({
			clients,
			pending: createPendingConsents(clock),
			codes,
			user: dataset.user,
			defaultCountry: () => leadBusinessCountry(dataset),
		}),
		tokenEndpoint: createTokenEndpoint({ clients, codes, tokens }),
		revokeEndpoint: createRevokeEndpoint({ clients, tokens }),
		apiGateway: createApiGateway({
			api,
			tokens,
			rateLimiter: network.rateLimit ? createRateLimiter(network.rateLimit, clock) : null,
			latency: createLatency(network),
			leadBusiness: () => dataset.leadBusinessId,
		}),
		controls: createHttpControls({ clock, faults, log, dataset }),
		clock,
		beforeApi: (request) => {
			for (const hook of apiHooks) hook(request);
		},
	});

	/** @type {Promise<SandboxUrls>|undefined} */
	let started;
	/** @type {Promise<void>|undefined} */
	let stopped;

	return {
		/** @returns {Promise<SandboxUrls>} the same URLs however often it is called */
		start() {
			started ??= server.listen(port, host).then((origin) => ({
				origin,
				baseUrl: origin + API_PREFIX,
				authUrl: `${origin}/oauth2/auth/central`,
				tokenUrl: origin + TOKEN_PATH,
				revokeUrl: origin + REVOKE_PATH,
				controlUrl: `${origin}/__sandbox`,
			}));
			return started;
		},
		/** @returns {Promise<void>} resolves once every connection is closed */
		stop() {
			stopped ??= started
				? started.then(
						() => server.close(),
						() => undefined,
					)
				: Promise.resolve();
			return stopped;
		},
		clock,
		faults,
		log,
		dataset,
		/**
		 * Runs `hook` as each API request arrives, before it is served, until the returned
		 * function is called: a test deletes or creates records between two page reads.
		 * @param {(request: { method: string, path: string, query: string }) => void} hook
		 * @returns {() => void}
		 */
		beforeApiRequest(hook) {
			apiHooks.add(hook);
			return () => apiHooks.delete(hook);
		},
		/** The latency and rate limit it was started with. */
		network,
		client: clients.client,
		/**
		 * Consent without a browser; see consent-client.js.
		 * @param {string} authorizeUrl
		 * @param {{ decision?: 'allow'|'deny' }} [consentOptions]
		 * @returns {Promise<string>} the callback URL
		 */
		consent: (authorizeUrl, consentOptions) => consent(authorizeUrl, consentOptions),
	};
}

function isLoopbackHost(host) {
	return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The callback reports the lead business's country when the app did not ask for one.
 * @param {ReturnType<import('./data').buildDataset>} dataset
 * @returns {string} lower-case country code, as the authorization page takes it
 */
function leadBusinessCountry(dataset) {
	const lead = dataset.businesses.find((business) => business.id === dataset.leadBusinessId);
	if (!lead) throw new Error('the dataset names no lead business');
	return lead.country;
}

module.exports = { createSandbox };
