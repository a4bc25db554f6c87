'use strict';

const { openApi } = require('./document');

/**
 * What the OpenAPI says about the writes: which paths take POST, PUT and DELETE, with which
 * request definition (the wrapper object, `{ "sales_invoice": { … } }`), which query parameters
 * (`void_reason`) and which success status. The sandbox routes writes from here, so a method
 * exists exactly where the OpenAPI has it.
 *
 * Path shapes (`<c>` a collection): `/<c>` (POST create, PUT a settings object), `/<c>/{key}`
 * (PUT update, DELETE), `/<c>/{key}/<action>` (POST release, reissue).
 */

const WRITE_METHODS = ['post', 'put', 'delete'];
const refName = (schema) => schema?.$ref?.replace('#/definitions/', '');

/**
 * @typedef {object} WriteOperation
 * @property {'POST'|'PUT'|'DELETE'} method
 * @property {string} path the OpenAPI path template, e.g. `/sales_invoices/{key}`
 * @property {string} collection first path segment
 * @property {string|null} action `release`, `reissue`, or null
 * @property {string|null} definition the request body definition (`postSalesInvoices`), or null
 * @property {string|null} wrapper the single property of that definition (`sales_invoice`)
 * @property {string|null} response the response definition, or null (204)
 * @property {number} status the success status the OpenAPI declares (201, 200, 204)
 * @property {Array<{ name: string, type?: string, required?: boolean }>} query declared query parameters
 */

let cached = null;

/** @returns {Map<string, WriteOperation[]>} path template → its write operations */
function writeOperations() {
	if (cached) return cached;
	cached = new Map();
	for (const [path, item] of Object.entries(openApi().paths)) {
		for (const method of WRITE_METHODS) {
			const op = item[method];
			if (!op) continue;
			const segments = path.split('/').filter(Boolean);
			const body = (op.parameters ?? []).find((p) => p.in === 'body');
			const definition = refName(body?.schema) ?? null;
			const wrapper = definition ? (Object.keys(openApi().definitions[definition].properties ?? {})[0] ?? null) : null;
			const [status, answer] = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? ['200', {}];
			const operation = {
				method: method.toUpperCase(),
				path,
				collection: segments[0],
				action: segments.length === 3 ? segments[2] : null,
				definition,
				wrapper,
				response: refName(answer.schema) ?? null,
				status: Number(status),
				query: (op.parameters ?? [])
					.filter((p) => p.in === 'query')
					.map(({ name, type, required }) => ({ name, type, required })),
			};
			if (!cached.has(path)) cached.set(path, []);
			cached.get(path).push(Object.freeze(operation));
		}
	}
	return cached;
}

/**
 * The write operation of a path template and method, or undefined.
 * @param {string} path e.g. `/sales_invoices/{key}` @param {string} method upper case
 * @returns {WriteOperation|undefined}
 */
function writeOperation(path, method) {
	return writeOperations()
		.get(path)
		?.find((op) => op.method === method);
}

/** Methods the OpenAPI has on a path template, GET included when it has one. */
function methodsOf(path) {
	const item = openApi().paths[path];
	if (!item) return [];
	return ['get', ...WRITE_METHODS].filter((m) => item[m]).map((m) => m.toUpperCase());
}

/**
 * The object inside a request definition's wrapper.
 * @param {string} definition @returns {{ properties?: Record<string, any>, required?: string[], [key: string]: any }} its schema (properties, required)
 */
function wrapped(definition) {
	const def = openApi().definitions[definition];
	const wrapper = Object.keys(def.properties)[0];
	return def.properties[wrapper];
}

/** Collections that can be created with POST (not the release/reissue actions). */
function creatableCollections() {
	const out = [];
	for (const [path, ops] of writeOperations()) {
		if (/^\/[a-z_]+$/.test(path) && ops.some((op) => op.method === 'POST')) out.push(path.slice(1));
	}
	return out;
}

module.exports = { writeOperations, writeOperation, methodsOf, wrapped, creatableCollections, refName };
