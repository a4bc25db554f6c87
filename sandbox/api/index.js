'use strict';

const { RequestError, fail } = require('./errors');
const { listCollection } = require('./list');
const { getItem } = require('./item');
const { documentPdf } = require('./document-pdf');
const { negotiate, JSON_TYPE, PDF_TYPE } = require('./accept');
const { trialBalance, sampleTrialBalance } = require('./trial-balance');
const { attachmentFile } = require('./attachment-file');
const { createBusinessRoutes } = require('./businesses');
const { BY_NAME, availableIn } = require('../data/collections');
const { singletonRecord } = require('../data/records');
const { createWrites } = require('./writes');
const { createReadCache } = require('./read-cache');

/**
 * @typedef {object} ApiRequest
 * @property {string} method
 * @property {string} path raw path after /v3.1, still percent-encoded
 * @property {URLSearchParams} query
 * @property {Record<string, string>} headers lower-cased names
 * @property {any} [body] parsed JSON
 * @property {{ userId: string, scope: 'full_access'|'readonly' }} auth
 *
 * @typedef {object} ApiResponse
 * @property {number} status
 * @property {Record<string, string>} [headers]
 * @property {any} [json]
 * @property {import('node:stream').Readable} [stream]
 * @property {Buffer} [bytes]
 * @property {Buffer} [payload] the JSON answer already serialised (`json` parses it)
 */

/**
 * The API semantics behind the sandbox's HTTP server (which has already checked the bearer token,
 * the content type and any injected fault).
 * @param {{ dataset: ReturnType<import('../data').buildDataset>, clock: { now: () => number } }} deps
 * @returns {{ handle: (request: ApiRequest) => Promise<ApiResponse> }}
 */
function createApi({ dataset, clock }) {
	const businesses = createBusinessRoutes({ dataset, clock });
	const writes = createWrites({ dataset, clock });
	const cachedRead = createReadCache();

	/**
	 * `X-Business` picks one of the user's businesses; absent or blank means the lead. An id the
	 * user cannot reach is refused with 403, whether it exists or not, so ids do not leak.
	 */
	function selectBusiness(raw) {
		const id = (raw ?? '').trim();
		if (id === '') return dataset.contextOf(dataset.leadBusinessId);
		const ctx = dataset.contextOf(id);
		const access = ctx ? dataset.accessOf(id) : 'withdrawn';
		if (access === 'withdrawn')
			fail(
				403,
				'BusinessNotAccessible',
				`The business "${id}" does not exist or is not accessible to the user.`,
				'X-Business',
			);
		if (access === 'lapsed')
			fail(403, 'SubscriptionLapsed', `The subscription of the business "${id}" has lapsed.`, 'X-Business');
		return ctx;
	}

	/** Path segments, each percent-decoded (an id may hold an encoded `/`). */
	function segmentsOf(path) {
		const parts = path
			.split('?')[0]
			.split('/')
			.filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
		try {
			return parts.map(decodeURIComponent);
		} catch {
			return fail(404, 'RouteNotFound', `No route matches ${path}.`, 'path');
		}
	}

	const ok = (json) => ({ status: 200, json });

	/** A settings object; one the service does not offer in the business's country is not there (404). */
	function settingsObject(ctx, def) {
		if (!availableIn(def, ctx.biz.country)) {
			fail(
				404,
				'RouteNotFound',
				`/${def.name} is not available for businesses in ${ctx.biz.country.toUpperCase()}.`,
				'path',
			);
		}
		return singletonRecord(ctx, def);
	}

	/**
	 * A route: its methods, what each answers in (`produces`, default JSON only; `ownAccept`: the
	 * route reads `Accept` itself) and how to run it in the negotiated type.
	 * @typedef {{ methods: string[], produces?: Record<string, string[]>, ownAccept?: boolean, run: (method: string, type?: string) => ApiResponse | Promise<ApiResponse> }} Route
	 * @returns {Route | null} the route for these segments, or null when no path like it exists
	 */
	function route(segments, request, ctx) {
		const { query, headers, body } = request;
		const [first, second, third] = segments;
		const n = segments.length;
		if (first === 'businesses') {
			if (n === 1) return { methods: ['GET'], run: () => ok(businesses.list(query)) };
			if (n !== 2) return null;
			return {
				methods: second === 'lead' ? ['GET'] : ['GET', 'PUT'],
				run: (m) => ok(m === 'GET' ? businesses.get(second) : businesses.update(second, body)),
			};
		}
		if (first === 'user' && n === 1)
			return { methods: ['GET', 'PUT'], run: (m) => ok(m === 'GET' ? businesses.user() : businesses.updateUser(body)) };
		if (first === 'trial_balance' && n === 1) return { methods: ['GET'], run: () => ok(trialBalance(ctx, query)) };
		if (first === 'test' && second === 'trial_balance' && n === 2)
			return { methods: ['GET'], run: () => ok(sampleTrialBalance(ctx, query)) };
		const def = BY_NAME.get(first);
		if (!def) return null;
		// Reads as before; writes exactly where the OpenAPI has them (./writes).
		const write = writes.routes(segments, request, ctx);
		const withWrites = (read) => {
			if (!write) return read;
			if (!read) return write;
			return {
				methods: [...read.methods, ...write.methods],
				produces: read.produces,
				run: (m, type) => (read.methods.includes(m) ? read.run(m, type) : write.run(m)),
			};
		};
		if (def.singleton)
			return withWrites(n === 1 ? { methods: ['GET'], run: () => ok(settingsObject(ctx, def)) } : null);
		if (n === 1)
			return withWrites({
				methods: ['GET'],
				run: () => cachedRead(ctx, `${first}?${query}`, () => listCollection(ctx, def, query)),
			});
		// `itemPath: false`: a list the service offers without `/{key}` (tax_determinations).
		if (n === 2 && def.itemPath !== false)
			return withWrites({
				methods: ['GET'],
				// Sales invoices, credit notes and corrective invoices also render as PDFs.
				produces: { GET: def.pdf ? [JSON_TYPE, PDF_TYPE] : [JSON_TYPE] },
				run: (m, type) =>
					type === PDF_TYPE
						? documentPdf(ctx, def, second, query, clock.now())
						: cachedRead(ctx, `${first}/${second}?${query}`, () => getItem(ctx, def, second, query)),
			});
		if (n === 3 && first === 'attachments' && third === 'file')
			return { methods: ['GET'], ownAccept: true, run: () => attachmentFile(ctx, second, headers) };
		return withWrites(null);
	}

	/** @param {ApiRequest} request @returns {Promise<ApiResponse>} */
	async function handle(request) {
		let ctx = null;
		try {
			if (request.auth?.userId !== dataset.user.id)
				fail(401, 'Unauthorized', 'The access token does not belong to a known user.', 'Authorization');
			ctx = selectBusiness(request.headers?.['x-business']);
			const method = request.method.toUpperCase();
			const found = route(segmentsOf(request.path), request, ctx);
			if (!found) fail(404, 'RouteNotFound', `No route matches ${method} ${request.path}.`, 'path');
			if (method !== 'GET' && method !== 'HEAD' && request.auth.scope !== 'full_access') {
				fail(
					403,
					'InsufficientScope',
					'The access token was granted the readonly scope; changes need full_access.',
					'scope',
				);
			}
			if (!found.methods.includes(method)) {
				fail(405, 'MethodNotAllowed', `${method} is not supported on ${request.path}.`, 'method', {
					Allow: found.methods.join(', '),
				});
			}
			const type = found.ownAccept
				? undefined
				: negotiate(request.headers?.accept, found.produces?.[method] ?? [JSON_TYPE], `${method} ${request.path}`);
			const response = await found.run(method, type);
			response.headers = { ...response.headers, 'X-Business': ctx.biz.id };
			return response;
		} catch (error) {
			if (!(error instanceof RequestError)) throw error;
			const response = error.response;
			if (ctx) response.headers = { ...response.headers, 'X-Business': ctx.biz.id };
			return response;
		}
	}

	return { handle };
}

module.exports = { createApi };
