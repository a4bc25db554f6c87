'use strict';

/**
 * The service's error body: an array of messages, each naming what went wrong and where.
 * Every API-side rejection in the sandbox goes through here so the shape never drifts.
 */
function apiError(status, dataCode, message, source = '') {
	return {
		status,
		headers: {},
		json: [{ $severity: 'error', $dataCode: dataCode, $message: message, $source: source }],
	};
}

module.exports = { apiError };
