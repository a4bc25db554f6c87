'use strict';

const { openApi, refName, resolveSchema } = require('./document');
const { collectionPath, itemPath, isCollectionPath } = require('./collections');

/**
 * The writes the OpenAPI declares: which paths take POST, PUT and DELETE, with which request
 * definition (the wrapper object, `{ "sales_invoice": { … } }`), which query parameters
 * (`void_reason`) and which success status.
 *
 * Path shapes (`<c>` a collection): `/<c>` (POST create, PUT a settings object), `/<c>/{key}`
 * (PUT update, DELETE), `/<c>/{key}/<action>` (POST release, reissue).
 */

const WRITE_METHODS = /** @type {const} */ (['post', 'put', 'delete']);

/**
 * The wrapper of a request definition: its single property (`sales_invoice`).
 * @param {string} definition
 * @returns {string | undefined}
 */
const wrapperOf = (definition) => Object.keys(openApi().definitions[definition].properties ?? {})[0];

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

/** @type {Map<string, WriteOperation[]> | null} */
let cached = null;

/** @returns {Map<string, WriteOperation[]>} path template → its write operations */
function writeOperations() {
	if (cached) return cached;
	/** @type {Map<string, WriteOperation[]>} */
	const operations = new Map();
	for (const [path, item] of Object.entries(openApi().paths)) {
		for (const method of WRITE_METHODS) {
			const op = item[method];
			if (!op) continue;
			const segments = path.split('/').filter(Boolean);
			const body = (op.parameters ?? []).find((p) => p.in === 'body');
			const definition = refName(body?.schema) ?? null;
			const wrapper = definition ? (wrapperOf(definition) ?? null) : null;
			const [status, answer] = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? ['200', {}];
			/** @type {WriteOperation} */
			const operation = {
				method: /** @type {WriteOperation['method']} */ (method.toUpperCase()),
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
			if (!operations.has(path)) operations.set(path, []);
			operations.get(path)?.push(Object.freeze(operation));
		}
	}
	cached = operations;
	return operations;
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

/**
 * The collection's create, update and delete: the update of a settings object is a PUT of the
 * collection's own path, a list's records are updated and deleted at the item path.
 * @param {string} name @param {boolean} singleton
 * @returns {{ create?: WriteOperation, update?: WriteOperation, delete?: WriteOperation }}
 */
function recordWrites(name, singleton) {
	return {
		create: writeOperation(collectionPath(name), 'POST'),
		update: writeOperation(singleton ? collectionPath(name) : itemPath(name), 'PUT'),
		delete: writeOperation(itemPath(name), 'DELETE'),
	};
}

/**
 * The actions of a collection's records (`release`, `reissue`), sorted.
 * @param {string} name
 * @returns {string[]}
 */
function recordActions(name) {
	return [...writeOperations().values()]
		.flat()
		.filter((op) => op.collection === name && op.action !== null && op.method === 'POST')
		.map((op) => /** @type {string} */ (op.action))
		.sort();
}

/**
 * The object inside a request definition's wrapper, its `$ref` followed.
 * @param {string} definition
 * @returns {import('./document').Schema}
 */
function wrapped(definition) {
	return resolveSchema(openApi().definitions[definition].properties?.[wrapperOf(definition) ?? '']);
}

/** @returns {string[]} the collections that can be created with POST (the release and reissue actions aside) */
function creatableCollections() {
	/** @type {string[]} */
	const found = [];
	for (const [path, ops] of writeOperations()) {
		if (isCollectionPath(path) && ops.some((op) => op.method === 'POST')) found.push(path.slice(1));
	}
	return found;
}

module.exports = {
	writeOperations,
	writeOperation,
	recordWrites,
	recordActions,
	wrapperOf,
	wrapped,
	creatableCollections,
};
