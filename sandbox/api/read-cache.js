'use strict';

const { jsonBytes } = require('./json-bytes');

/** What one business's cached answers may hold; the oldest go first beyond it. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * The GET answers of a business's lists and records, kept as the JSON bytes sent until that
 * business's records change (its generation: every write of a record, a settings object or the
 * books, and every record hook, bumps it; the business's own record and the user are never
 * cached). Clients read the same pages again and again — a report per parameter, a test checking
 * what the node read — and rendering a page of records and serialising it is most of what the
 * sandbox spends on a read. Nothing here depends on the clock, the caller or another business, so
 * the bytes are exactly what a fresh rendering would give.
 */
function createReadCache() {
	/** @type {Map<string, { generation: number, entries: Map<string, Buffer>, bytes: number }>} */
	const byBusiness = new Map();

	function keep(cache, key, payload) {
		// Two reads of the same page at once both render it; the first kept is as good as the second.
		if (cache.entries.has(key)) return;
		for (const [oldest, bytes] of cache.entries) {
			if (cache.bytes + payload.length <= MAX_BYTES) break;
			cache.entries.delete(oldest);
			cache.bytes -= bytes.length;
		}
		cache.entries.set(key, payload);
		cache.bytes += payload.length;
	}

	/**
	 * @param {object} ctx the business's context
	 * @param {string} key what, besides the business, decides the answer (route and query)
	 * @param {() => unknown} read renders the answer's JSON
	 * @returns {{ status: 200, payload: Buffer, json: unknown }} the answer: `payload` for the HTTP
	 *   server, serialised (and kept) when first asked for; `json` for an in-process caller, its own
	 */
	return function cachedRead(ctx, key, read) {
		const generation = ctx.generation();
		let cache = byBusiness.get(ctx.biz.id);
		if (cache?.generation !== generation) {
			cache = { generation, entries: new Map(), bytes: 0 };
			byBusiness.set(ctx.biz.id, cache);
		}
		const kept = cache.entries.get(key);
		if (kept !== undefined) return answer({ payload: kept });
		// Rendered now: the JSON is this caller's; the HTTP server asks for its bytes before anything
		// can change it, in-process callers never do, so only what was sent is kept.
		const json = read();
		return answer({
			json,
			serialise: () => {
				const payload = jsonBytes(json);
				if (cache === byBusiness.get(ctx.biz.id)) keep(cache, key, payload);
				return payload;
			},
		});
	};
}

/**
 * A 200 answer with either its JSON or its bytes, the other made from it when asked for (once).
 * @param {{ json?: unknown, payload?: Buffer, serialise?: () => Buffer }} parts
 */
function answer({ json, payload, serialise }) {
	return {
		status: 200,
		get payload() {
			const value = payload ?? serialise();
			Object.defineProperty(this, 'payload', { value, writable: true, enumerable: true });
			return value;
		},
		get json() {
			const value = json ?? JSON.parse(payload.toString('utf8'));
			Object.defineProperty(this, 'json', { value, writable: true, enumerable: true });
			return value;
		},
	};
}

module.exports = { createReadCache };
