'use strict';

const { openApi, refName } = require('./document');

/**
 * The collections of the OpenAPI and what the GET of each declares. A collection is a top-level
 * path with a GET: a list when the GET answers an array, else a settings object (`singleton`).
 * A list's records are read one by one at its item path, `/<name>/{key}`, where the OpenAPI has it.
 */

/** @typedef {import('./document').Parameter} Parameter */
/** @typedef {import('./document').Operation} Operation */

/**
 * @typedef {object} Collection
 * @property {string} name the path without its slash, e.g. `sales_invoices`
 * @property {boolean} singleton a settings object rather than a list
 * @property {string} [title] the path's `x-sage-pathtitle` ("Sales Invoices collection")
 * @property {string} [tag] the first tag of its GET ("Sales Invoices")
 */

/**
 * The "Endpoint Availability" section of a GET's description. Countries are lower-case ISO codes
 * (`gb`), as the credential and the sandbox's businesses spell them.
 * @typedef {object} Availability
 * @property {Record<string, string[]>} editions each edition named there ("Accounting Plus") → its countries
 * @property {string[]} countries every country of any edition, sorted
 */

/** @param {string} name @returns {string} */
const collectionPath = (name) => `/${name}`;
/** @param {string} name @returns {string} */
const itemPath = (name) => `/${name}/{key}`;

/** @param {string} path */
const isCollectionPath = (path) => path.split('/').length === 2;

/** @param {Operation} get */
const answersList = (get) => get.responses?.['200']?.schema?.type === 'array';

/** @returns {Collection[]} the 78 lists and 7 settings objects, in the OpenAPI's order */
function collections() {
	/** @type {Collection[]} */
	const found = [];
	for (const [path, item] of Object.entries(openApi().paths)) {
		if (!isCollectionPath(path) || !item.get) continue;
		found.push({
			name: path.slice(1),
			singleton: !answersList(item.get),
			title: item['x-sage-pathtitle'],
			tag: item.get.tags?.[0],
		});
	}
	return found;
}

/** @param {string} name @returns {Operation | undefined} */
const readOperation = (name) => openApi().paths[collectionPath(name)]?.get;

/**
 * The definition a GET of the collection answers with: the item of the list, or the settings object.
 * @param {string} name
 * @returns {string | undefined}
 */
function recordDefinition(name) {
	const schema = readOperation(name)?.responses?.['200']?.schema;
	return refName(schema) ?? refName(schema?.items);
}

/**
 * The query parameters of the collection's GET, in the OpenAPI's order.
 * @param {string} name
 * @returns {Parameter[]}
 */
const listParameters = (name) =>
	(readOperation(name)?.parameters ?? []).filter((parameter) => parameter.in === 'query');

/**
 * One query parameter of the collection's GET (`search`, `attributes`, `sort`), or undefined.
 * @param {string} name @param {string} parameterName
 * @returns {Parameter | undefined}
 */
const listParameter = (name, parameterName) =>
	listParameters(name).find((parameter) => parameter.name === parameterName);

/**
 * The query parameters of the GET that reads one record: `/<name>/{key}` of a list, the settings
 * object's own path. In the OpenAPI's order; empty where the OpenAPI has no such GET.
 * @param {string} name @param {boolean} singleton
 * @returns {Parameter[]}
 */
const recordParameters = (name, singleton) =>
	(openApi().paths[singleton ? collectionPath(name) : itemPath(name)]?.get?.parameters ?? []).filter(
		(parameter) => parameter.in === 'query',
	);

/** Parameters that page the list, choose its fields, order it or search it: everything else filters. */
const NOT_FILTERS = new Set(['page', 'items_per_page', 'attributes', 'sort', 'search']);

/**
 * The query parameters that filter (or flag) the list, in the OpenAPI's order.
 * @param {string} name
 * @returns {Parameter[]}
 */
const filterParameters = (name) => listParameters(name).filter((parameter) => !NOT_FILTERS.has(parameter.name));

/**
 * The attributes the `sort` parameter's description lists after "Available attributes are:" (on
 * the next line in the OpenAPI: "created_at, updated_at, date").
 * @param {string} name
 * @returns {string[]} empty when the list has no `sort`
 */
function sortFields(name) {
	const listed = /Available attributes are:\s*([^\n]+)/.exec(listParameter(name, 'sort')?.description ?? '')?.[1] ?? '';
	return listed
		.split(',')
		.map((field) => field.trim())
		.filter(Boolean);
}

/** The section runs from its heading to the next heading; each edition is a bullet `* <edition>: <flags>`. */
const AVAILABILITY_SECTION = /### Endpoint Availability\s*\n([\s\S]*?)(?=\n###|$)/;
const EDITION_LINE = /^\*\s*([^:]+):(.*)$/;
/** A flag is two regional-indicator symbols, one for each letter of the country's code (🇬🇧 → gb). */
const FLAG = /([\u{1F1E6}-\u{1F1FF}])([\u{1F1E6}-\u{1F1FF}])/gu;
/** @param {string} symbol */
const letterOf = (symbol) => String.fromCharCode((symbol.codePointAt(0) ?? 0) - 0x1f1e6 + 97);

/**
 * Where the collection's GET exists, as its "Endpoint Availability" section says.
 * @param {string} name
 * @returns {Availability | null} null when the OpenAPI names no country for it
 */
function availability(name) {
	const section = AVAILABILITY_SECTION.exec(readOperation(name)?.description ?? '')?.[1];
	if (!section) return null;
	/** @type {Record<string, string[]>} */
	const editions = {};
	for (const line of section.split('\n')) {
		const edition = EDITION_LINE.exec(line.trim());
		if (edition)
			editions[edition[1].trim()] = [...edition[2].matchAll(FLAG)].map(([, a, b]) => letterOf(a) + letterOf(b));
	}
	const countries = [...new Set(Object.values(editions).flat())].sort();
	return countries.length ? { editions, countries } : null;
}

module.exports = {
	collections,
	collectionPath,
	itemPath,
	isCollectionPath,
	recordDefinition,
	listParameters,
	listParameter,
	filterParameters,
	recordParameters,
	sortFields,
	availability,
};
