'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The one reader of the production service's OpenAPI (Swagger 2.0), the repository's reference
 * copy. The generator of the node's collection table, the sandbox and the tests all read it through
 * this folder, so a rule such as "which query parameters are filters" exists once:
 * - document.js: the document itself, references and the methods of a path;
 * - collections.js: the collections (lists and settings objects) and what their GET declares;
 * - writes.js: the write operations (POST, PUT, DELETE) and their request definitions.
 */
const DOCUMENT_PATH = join(__dirname, '..', 'reference', 'accounting-v3.1-openapi.json');

/**
 * @typedef {object} Schema
 * @property {string} [type]
 * @property {string} [format]
 * @property {string[]} [enum]
 * @property {string} [description]
 * @property {number} [maxLength]
 * @property {string[]} [required]
 * @property {Record<string, Schema>} [properties]
 * @property {Schema} [items]
 * @property {string} [$ref]
 */

/**
 * @typedef {object} Parameter
 * @property {string} in `query`, `path`, `body`, `header`
 * @property {string} name
 * @property {string} [type]
 * @property {string} [format]
 * @property {string[]} [enum]
 * @property {string} [description]
 * @property {boolean} [required]
 * @property {Schema} [schema] the body's schema
 */

/**
 * @typedef {object} Operation
 * @property {string} [description]
 * @property {string[]} [tags]
 * @property {Parameter[]} [parameters]
 * @property {Record<string, { schema?: Schema }>} [responses]
 */

/**
 * @typedef {object} PathItem
 * @property {Operation} [get]
 * @property {Operation} [post]
 * @property {Operation} [put]
 * @property {Operation} [delete]
 * @property {string} [x-sage-pathtitle] the path's title ("Sales Invoices collection")
 */

/** @typedef {{ paths: Record<string, PathItem>, definitions: Record<string, Schema> }} OpenApiDocument */

/** @type {OpenApiDocument | null} */
let cached = null;

/** @returns {OpenApiDocument} */
function openApi() {
	if (!cached) cached = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8'));
	return /** @type {OpenApiDocument} */ (cached);
}

/**
 * The definition a schema refers to, by name (`#/definitions/SalesInvoice` → `SalesInvoice`).
 * @param {Schema | undefined} schema
 * @returns {string | undefined}
 */
const refName = (schema) => schema?.$ref?.replace('#/definitions/', '');

/**
 * A schema with its `$ref` followed; an absent schema is an empty one.
 * @param {Schema | undefined} schema
 * @returns {Schema}
 */
function resolveSchema(schema) {
	const name = refName(schema);
	return name ? openApi().definitions[name] : (schema ?? {});
}

const METHODS = /** @type {const} */ (['get', 'post', 'put', 'delete']);

/**
 * The methods the OpenAPI has on a path template, upper case (`GET`, `POST`, `PUT`, `DELETE`).
 * @param {string} path e.g. `/sales_invoices/{key}`
 * @returns {string[]}
 */
function methodsOf(path) {
	const item = openApi().paths[path];
	return item ? METHODS.filter((method) => item[method]).map((method) => method.toUpperCase()) : [];
}

module.exports = { openApi, refName, resolveSchema, methodsOf, DOCUMENT_PATH };
