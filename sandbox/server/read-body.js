'use strict';

// The spec does not state a maximum body size; 10 MiB is far above any JSON record.
const MAX_BODY_BYTES = 10 * 1024 * 1024;

class BodyTooLargeError extends Error {}

/**
 * Reads the whole request body.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [limit] bytes
 * @returns {Promise<Buffer>} rejects with BodyTooLargeError past the limit
 */
async function readBody(req, limit = MAX_BODY_BYTES) {
	const chunks = [];
	let size = 0;
	for await (const chunk of req) {
		size += chunk.length;
		if (size > limit) throw new BodyTooLargeError(`request body exceeds ${limit} bytes`);
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

/**
 * The media type of a Content-Type header, without parameters, lower-cased.
 * @param {string|undefined} contentType
 * @returns {string} '' when absent
 */
function mediaType(contentType) {
	return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * @typedef {{ fields: Map<string, string> } | { problem: string }} ParsedForm
 */

/**
 * Parses an application/x-www-form-urlencoded body, refusing repeated fields as OAuth requires.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<ParsedForm>}
 */
async function readForm(req) {
	if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded') {
		return { problem: 'Content-Type must be application/x-www-form-urlencoded.' };
	}
	const params = new URLSearchParams((await readBody(req)).toString('utf8'));
	const fields = new Map();
	for (const [name, value] of params) {
		if (fields.has(name)) return { problem: `${name} is repeated.` };
		fields.set(name, value);
	}
	return { fields };
}

module.exports = { readBody, readForm, mediaType, BodyTooLargeError, MAX_BODY_BYTES };
