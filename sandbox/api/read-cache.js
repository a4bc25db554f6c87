'use strict';

/** What one business's cached answers may hold; the oldest go first beyond it. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * The GET answers of a business's lists and records, kept as the JSON bytes sent until anything in
 * that business changes (its generation: every write and test hook bumps it). Clients read the
 * same pages again and again — a report per parameter, a test checking what the node read — and
 * rendering a page of records and serialising it is most of what the sandbox spends on a read.
 * Nothing here depends on the clock, the caller or another business, so the bytes are exactly
 * what a fresh rendering would give.
 */
function createReadCache() {
	/** @type {Map<string, { generation: number, entries: Map<string, Buffer>, bytes: number }>} */
	const byBusiness = new Map();

	/**
	 * @param {object} ctx the business's context
	 * @param {string} key what, besides the business, decides the answer (route and query)
	 * @param {() => unknown} read renders the answer's JSON
	 * @returns {{ status: 200, payload: Buffer, json: unknown }} `json`: parsed from the bytes on first access, for this answer alone
	 */
	return function cachedRead(ctx, key, read) {
		const generation = ctx.generation();
		let cache = byBusiness.get(ctx.biz.id);
		if (cache?.generation !== generation) {
			cache = { generation, entries: new Map(), bytes: 0 };
			byBusiness.set(ctx.biz.id, cache);
		}
		let payload = cache.entries.get(key);
		if (payload === undefined) {
			payload = Buffer.from(JSON.stringify(read()), 'utf8');
			for (const [oldest, bytes] of cache.entries) {
				if (cache.bytes + payload.length <= MAX_BYTES) break;
				cache.entries.delete(oldest);
				cache.bytes -= bytes.length;
			}
			cache.entries.set(key, payload);
			cache.bytes += payload.length;
		}
		return jsonAnswer(payload);
	};
}

/** An answer the server sends as these bytes; an in-process caller gets a parsed copy of its own. */
function jsonAnswer(payload) {
	return {
		status: 200,
		payload,
		get json() {
			const json = JSON.parse(payload.toString('utf8'));
			Object.defineProperty(this, 'json', { value: json, writable: true, enumerable: true });
			return json;
		},
	};
}

module.exports = { createReadCache };
