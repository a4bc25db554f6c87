'use strict';

const { pipeline } = require('node:stream/promises');

const JSON_TYPE = 'application/json; charset=utf-8';

// Header names are case-insensitive; lower-casing them lets later sources override earlier ones.
function mergeHeaders(...sources) {
	const merged = {};
	for (const source of sources) {
		for (const [name, value] of Object.entries(source)) merged[name.toLowerCase()] = value;
	}
	return merged;
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body serialised as JSON
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
	sendJsonPayload(res, status, Buffer.from(JSON.stringify(body), 'utf8'), headers);
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {Buffer} payload JSON @param {Record<string, string>} [headers] */
function sendJsonPayload(res, status, payload, headers = {}) {
	res.writeHead(status, mergeHeaders(headers, { 'Content-Type': JSON_TYPE, 'Content-Length': String(payload.length) }));
	res.end(payload);
}

/**
 * Writes the service's error body, as built by api-error.js.
 * @param {import('node:http').ServerResponse} res
 * @param {{ status: number, headers: Record<string, string>, json: unknown }} error
 * @param {Record<string, string>} [extraHeaders]
 */
function sendServiceError(res, error, extraHeaders = {}) {
	sendJson(res, error.status, error.json, { ...error.headers, ...extraHeaders });
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} html
 */
function sendHtml(res, status, html) {
	const payload = Buffer.from(html, 'utf8');
	res.writeHead(status, {
		'Content-Type': 'text/html; charset=utf-8',
		'Content-Length': String(payload.length),
		'Cache-Control': 'no-store',
		'X-Frame-Options': 'DENY',
		'Referrer-Policy': 'no-referrer',
	});
	res.end(payload);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} location
 */
function redirect(res, location) {
	res.writeHead(302, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
	res.end();
}

/**
 * @typedef {object} ApiResult what the API module answers
 * @property {number} status
 * @property {Record<string, string>} [headers]
 * @property {unknown} [json]
 * @property {import('node:stream').Readable} [stream]
 * @property {Buffer} [bytes]
 * @property {Buffer} [payload] JSON already serialised (`json` parses it)
 */

/**
 * Writes an API result. Streams are piped so a several-MiB attachment is never held whole.
 * @param {import('node:http').ServerResponse} res
 * @param {ApiResult} result
 * @returns {Promise<void>}
 */
async function sendApiResult(res, result) {
	const headers = result.headers ?? {};
	// A cached read carries the bytes it was serialised to once.
	if (result.payload !== undefined) return sendJsonPayload(res, result.status, result.payload, headers);
	if (result.json !== undefined) return sendJson(res, result.status, result.json, headers);
	if (result.bytes !== undefined) {
		res.writeHead(
			result.status,
			mergeHeaders({ 'Content-Type': 'application/octet-stream' }, headers, {
				'Content-Length': String(result.bytes.length),
			}),
		);
		res.end(result.bytes);
		return undefined;
	}
	if (result.stream !== undefined) {
		res.writeHead(result.status, mergeHeaders({ 'Content-Type': 'application/octet-stream' }, headers));
		// A failure half-way cannot become an error status any more; pipeline destroys the socket.
		await pipeline(result.stream, res).catch(() => undefined);
		return undefined;
	}
	res.writeHead(result.status, mergeHeaders(headers, { 'Content-Length': '0' }));
	res.end();
	return undefined;
}

module.exports = { sendJson, sendServiceError, sendHtml, redirect, sendApiResult };
