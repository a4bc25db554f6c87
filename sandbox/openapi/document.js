'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The production service's OpenAPI (Swagger 2.0), read once from the repository's reference copy.
 * The sandbox takes from it what the service declares (list query parameters, schemas) instead of
 * restating it.
 */
const DOCUMENT_PATH = join(__dirname, '..', '..', 'reference', 'accounting-v3.1-openapi.json');

let cached = null;
function openApi() {
	if (!cached) cached = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8'));
	return cached;
}

const definitionName = (schema) =>
	schema?.$ref?.replace('#/definitions/', '') ?? schema?.items?.$ref?.replace('#/definitions/', '');

/**
 * The definition a GET of this collection's records answers with: the item of the list, or the
 * settings object itself.
 * @param {string} collection path without slashes
 * @returns {string|undefined}
 */
function recordDefinition(collection) {
	const get = openApi().paths[`/${collection}`]?.get;
	return definitionName(get?.responses?.['200']?.schema);
}

/**
 * The query parameters the list operation of a collection declares.
 * @param {string} collection
 * @returns {Array<{ name: string, type?: string, format?: string, enum?: string[] }>}
 */
function listParameters(collection) {
	return (openApi().paths[`/${collection}`]?.get?.parameters ?? []).filter((parameter) => parameter.in === 'query');
}

module.exports = { openApi, recordDefinition, listParameters, DOCUMENT_PATH };
