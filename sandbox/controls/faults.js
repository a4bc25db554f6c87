'use strict';

const KINDS = Object.freeze(['429', '503', 'reset', 'slow', 'reset-after-commit']);
const METHODS = Object.freeze(['GET', 'POST', 'PUT', 'DELETE']);
const TARGETS = Object.freeze(['api', 'token']);
const FIELDS = new Set(['kind', 'count', 'retryAfter', 'delayMs', 'pathPrefix', 'method', 'target', 'skip']);
const DEFAULT_DELAY_MS = 1000;
const MAX_DELAY_MS = 10 * 60 * 1000;

/**
 * @typedef {object} FaultSpec
 * @property {'429'|'503'|'reset'|'slow'|'reset-after-commit'|429|503} kind `reset-after-commit`: the API request
 *   is served in full (a write is committed) and then the connection is reset instead of answered
 * @property {number} [count] how many of the next matching requests it hits; default 1
 * @property {number|string} [retryAfter] Retry-After for 429/503: seconds, or an HTTP-date string; no header when absent
 * @property {number} [delayMs] for slow: added delay before the request is served; default 1000
 * @property {string} [pathPrefix] only API paths (after /v3.1) starting with this
 * @property {'GET'|'POST'|'PUT'|'DELETE'} [method] only requests with this method (a write, not the polls around it)
 * @property {number} [skip] let this many matching requests through first, so a fault can land mid-run
 * @property {'api'|'token'} [target] 'api' (default) or the token endpoint
 */

/**
 * @typedef {object} PendingFault
 * @property {'429'|'503'|'reset'|'slow'|'reset-after-commit'} kind
 * @property {number} remaining
 * @property {'api'|'token'} target
 * @property {string|null} pathPrefix
 * @property {string|null} method
 * @property {number} skip
 * @property {number|string|null} retryAfter
 * @property {number|null} delayMs
 */

/**
 * Faults waiting for the requests they will hit, first injected first served.
 */
function createFaultQueue() {
	/** @type {PendingFault[]} */
	let queue = [];

	return {
		/**
		 * @param {FaultSpec} spec
		 * @returns {PendingFault} the fault as queued; throws TypeError on an invalid spec
		 */
		inject(spec) {
			const fault = validate(spec);
			queue.push(fault);
			return { ...fault };
		},
		/**
		 * Takes one hit of the first fault matching the request, if any.
		 * @param {'api'|'token'} target
		 * @param {string} path for the API, the raw path after /v3.1
		 * @param {string} [method] the request's method
		 * @returns {PendingFault|undefined}
		 */
		take(target, path, method) {
			const fault = queue.find(
				(f) =>
					f.target === target &&
					(f.pathPrefix === null || path.startsWith(f.pathPrefix)) &&
					(f.method === null || f.method === method),
			);
			if (!fault) return undefined;
			if (fault.skip > 0) {
				fault.skip -= 1;
				return undefined;
			}
			fault.remaining -= 1;
			if (fault.remaining === 0) queue = queue.filter((f) => f !== fault);
			return { ...fault };
		},
		/** @returns {PendingFault[]} */
		pending() {
			return queue.map((f) => ({ ...f }));
		},
		clear() {
			queue = [];
		},
	};
}

/**
 * @param {FaultSpec} spec
 * @returns {PendingFault}
 */
function validate(spec) {
	if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
		throw new TypeError('a fault must be an object');
	for (const name of Object.keys(spec)) {
		if (!FIELDS.has(name)) throw new TypeError(`unknown fault field "${name}"; known: ${[...FIELDS].join(', ')}`);
	}
	const kind = String(spec.kind);
	if (!KINDS.includes(kind)) throw new TypeError(`fault kind must be one of ${KINDS.join(', ')}`);
	const count = spec.count ?? 1;
	if (!Number.isInteger(count) || count < 1) throw new TypeError('count must be a positive integer');
	const target = spec.target ?? 'api';
	if (!TARGETS.includes(target)) throw new TypeError(`target must be one of ${TARGETS.join(', ')}`);
	const skip = spec.skip ?? 0;
	if (!Number.isInteger(skip) || skip < 0) throw new TypeError('skip must be a whole number (>= 0)');
	const pathPrefix = spec.pathPrefix ?? null;
	if (pathPrefix !== null) {
		if (typeof pathPrefix !== 'string' || !pathPrefix.startsWith('/'))
			throw new TypeError('pathPrefix must be a path starting with /');
		if (target !== 'api') throw new TypeError('pathPrefix applies to the api target only');
	}
	const method = spec.method ?? null;
	if (method !== null && !METHODS.includes(method)) throw new TypeError(`method must be one of ${METHODS.join(', ')}`);
	if (kind === 'reset-after-commit' && target !== 'api')
		throw new TypeError('reset-after-commit applies to the api target only');
	const retryAfter = spec.retryAfter ?? null;
	if (retryAfter !== null) {
		if (kind !== '429' && kind !== '503') throw new TypeError('retryAfter applies to 429 and 503 only');
		const isSeconds = Number.isInteger(retryAfter) && retryAfter >= 0;
		const isText = typeof retryAfter === 'string' && /^[\x20-\x7e]+$/.test(retryAfter);
		if (!isSeconds && !isText) throw new TypeError('retryAfter must be whole seconds (>= 0) or an HTTP-date string');
	}
	let delayMs = null;
	if (kind === 'slow') {
		delayMs = spec.delayMs ?? DEFAULT_DELAY_MS;
		if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) {
			throw new TypeError(`delayMs must be between 0 and ${MAX_DELAY_MS}`);
		}
	} else if (spec.delayMs !== undefined) {
		throw new TypeError('delayMs applies to slow only');
	}
	return {
		kind: /** @type {PendingFault['kind']} */ (kind),
		remaining: count,
		skip,
		target,
		pathPrefix,
		method,
		retryAfter,
		delayMs,
	};
}

module.exports = { createFaultQueue, KINDS };
