'use strict';

const { apiError } = require('../api-error');

/**
 * A rejection carrying the service's error body. Thrown from deep inside parsing so handlers stay
 * straight-line; `handle` turns it back into a response.
 */
class RequestError extends Error {
	/** @param {ReturnType<typeof apiError>} response */
	constructor(response) {
		super(response.json[0].$message);
		this.response = response;
	}
}

/**
 * @param {number} status @param {string} dataCode @param {string} message @param {string} [source]
 * @param {Record<string, string>} [headers]
 * @returns {never}
 */
function fail(status, dataCode, message, source = '', headers = {}) {
	const response = apiError(status, dataCode, message, source);
	response.headers = { ...response.headers, ...headers };
	throw new RequestError(response);
}

/** @param {string} name @param {string} why */
const badParameter = (name, why) => fail(400, 'InvalidParameter', `${name} ${why}`, name);

/**
 * 422 with the service's body: one entry per problem, each naming its attribute.
 * @param {Array<{ source: string, message: string, code?: string }>} problems
 * @returns {never}
 */
function invalid(problems) {
	throw new RequestError({
		status: 422,
		headers: {},
		json: problems.map(({ source, message, code = 'RecordInvalid' }) => ({
			$severity: 'error',
			$dataCode: code,
			$message: message,
			$source: source,
		})),
	});
}

module.exports = { RequestError, fail, badParameter, invalid };
