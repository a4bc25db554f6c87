'use strict';

/**
 * How the sandbox behaves like a service far away and shared: every API answer takes some time
 * (latency, optionally with jitter), and each business may make only so many requests in any
 * window of time (the service's documentation for version 3: 200 in any 60 seconds per business;
 * the 3.1 spec states no figure). Both are off unless asked for.
 */

const MAX_LATENCY_MS = 10 * 60 * 1000;

/**
 * @typedef {object} RateLimitOptions
 * @property {number} requests requests a business may make in any window
 * @property {number} [windowSeconds] the window; default 60
 */

/**
 * @typedef {object} NetworkOptions
 * @property {number} [latencyMs] added to every API answer; default 0
 * @property {number} [latencyJitterMs] a further 0..this many ms, uniformly at random, per answer; default 0
 * @property {RateLimitOptions|null} [rateLimit] per business; default none
 */

/**
 * @param {NetworkOptions} options
 * @returns {{ latencyMs: number, latencyJitterMs: number, rateLimit: { requests: number, windowSeconds: number } | null }}
 */
function validateNetwork(options) {
	const latencyMs = options.latencyMs ?? 0;
	const latencyJitterMs = options.latencyJitterMs ?? 0;
	for (const [name, value] of [
		['latencyMs', latencyMs],
		['latencyJitterMs', latencyJitterMs],
	]) {
		if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_LATENCY_MS) {
			throw new TypeError(`${name} must be a number of milliseconds from 0 to ${MAX_LATENCY_MS}`);
		}
	}
	let rateLimit = null;
	if (options.rateLimit !== undefined && options.rateLimit !== null) {
		const { requests, windowSeconds = 60 } = options.rateLimit;
		if (!Number.isInteger(requests) || requests < 1)
			throw new TypeError('rateLimit.requests must be a whole number of at least 1');
		if (typeof windowSeconds !== 'number' || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
			throw new TypeError('rateLimit.windowSeconds must be a positive number of seconds');
		}
		rateLimit = { requests, windowSeconds };
	}
	return { latencyMs, latencyJitterMs, rateLimit };
}

/**
 * A sliding window per business: a request is admitted when fewer than `requests` admitted
 * requests of that business arrived in the last `windowSeconds` (sandbox clock); refused ones do
 * not count. A refusal says when the oldest request in the window leaves it.
 * @param {{ requests: number, windowSeconds: number }} limit
 * @param {{ now(): number }} clock
 */
function createRateLimiter(limit, clock) {
	const windowMs = limit.windowSeconds * 1000;
	/** @type {Map<string, number[]>} arrival times, oldest first */
	const arrivals = new Map();

	return {
		limit,
		/**
		 * @param {string} business
		 * @returns {{ admitted: true } | { admitted: false, retryAfterSeconds: number }}
		 */
		take(business) {
			const now = clock.now();
			const times = arrivals.get(business) ?? [];
			while (times.length > 0 && times[0] <= now - windowMs) times.shift();
			if (times.length >= limit.requests) {
				arrivals.set(business, times);
				return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000)) };
			}
			times.push(now);
			arrivals.set(business, times);
			return { admitted: true };
		},
	};
}

/**
 * The time one answer takes: `latencyMs` plus up to `latencyJitterMs` more.
 * @param {{ latencyMs: number, latencyJitterMs: number }} options
 * @param {() => number} [random]
 * @returns {() => number} ms
 */
function createLatency({ latencyMs, latencyJitterMs }, random = Math.random) {
	return () => latencyMs + (latencyJitterMs > 0 ? random() * latencyJitterMs : 0);
}

module.exports = { validateNetwork, createRateLimiter, createLatency, MAX_LATENCY_MS };
