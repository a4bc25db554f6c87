'use strict';

const { setTimeout: delay } = require('node:timers/promises');
const { apiError } = require('../api-error');
const { sendJson, sendServiceError } = require('./respond');

const MESSAGES = {
	429: 'Too many requests. Slow down and retry later.',
	503: 'The service is temporarily unavailable. Please retry later.',
};
const DATA_CODES = { 429: 'TooManyRequests', 503: 'ServiceUnavailable' };

/**
 * Acts out an injected fault.
 * @param {import('../controls/faults').PendingFault} fault
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {AbortSignal} signal aborts a slow delay when the sandbox stops
 * @returns {Promise<boolean>} true when the fault answered (or killed) the request; false to go on serving it
 */
async function applyFault(fault, req, res, signal) {
	if (fault.kind === 'slow') {
		await delay(fault.delayMs ?? 0, undefined, { signal });
		return false;
	}
	if (fault.kind === 'reset') {
		// An RST rather than a FIN, so the client sees ECONNRESET as with a real dropped connection.
		req.socket.resetAndDestroy();
		return true;
	}
	// Answered before the request is served: a write's body is read and dropped, nothing is written.
	req.resume();
	const status = Number(fault.kind);
	const headers = fault.retryAfter === null ? {} : { 'Retry-After': String(fault.retryAfter) };
	if (fault.target === 'token') {
		sendJson(res, status, { error: 'temporarily_unavailable', error_description: MESSAGES[status] }, headers);
	} else {
		sendServiceError(res, apiError(status, DATA_CODES[status], MESSAGES[status]), headers);
	}
	return true;
}

module.exports = { applyFault };
