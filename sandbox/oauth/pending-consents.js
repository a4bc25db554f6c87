'use strict';

const { randomToken } = require('./secrets');
const { CONSENT_PAGE_SECONDS } = require('./rules');

/**
 * Authorization requests waiting for Allow or Deny. The consent form carries only the
 * random id, so nothing the user can edit in the form changes what is granted.
 * @param {{ now(): number }} clock
 */
function createPendingConsents(clock) {
	/** @type {Map<string, { request: import('./authorization-request').AuthorizationRequest, expiresAt: number }>} */
	const pending = new Map();

	return {
		/**
		 * @param {import('./authorization-request').AuthorizationRequest} request
		 * @returns {string} the id to put in the form
		 */
		open(request) {
			const now = clock.now();
			for (const [id, entry] of pending) if (entry.expiresAt <= now) pending.delete(id);
			const id = randomToken(24);
			pending.set(id, { request, expiresAt: now + CONSENT_PAGE_SECONDS * 1000 });
			return id;
		},
		/**
		 * Removes and returns the request, so one page yields at most one decision.
		 * @param {string} id
		 * @returns {import('./authorization-request').AuthorizationRequest|undefined}
		 */
		close(id) {
			const entry = pending.get(id);
			if (!entry) return undefined;
			pending.delete(id);
			return entry.expiresAt > clock.now() ? entry.request : undefined;
		},
	};
}

module.exports = { createPendingConsents };
