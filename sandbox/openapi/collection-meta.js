'use strict';

const { openApi, listParameters, recordDefinition } = require('./document');

/**
 * What the OpenAPI says about one collection's GET, so the collection table restates nothing:
 * the filters its list accepts, the attributes it sorts by, whether it takes `attributes`, and
 * the countries it exists in ("Endpoint Availability").
 */

/** List parameters that are not filters: paging, field selection, order and search are handled apart. */
const NOT_FILTERS = new Set(['page', 'items_per_page', 'attributes', 'sort', 'search']);

/** The declared list query parameters that filter (or flag) the list, in the OpenAPI's order. */
const filterParameters = (collection) =>
	listParameters(collection)
		.filter((p) => !NOT_FILTERS.has(p.name))
		.map(({ name, type, format, enum: values }) => Object.freeze({ name, type, format, enum: values }));

/**
 * The attributes the `sort` parameter's description offers ("Available attributes are:\n created_at, updated_at, date").
 * @returns {string[]} empty when the list has no `sort`
 */
function sortFields(collection) {
	const sort = listParameters(collection).find((p) => p.name === 'sort');
	const match = /Available attributes are:\s*([^\n]+)/.exec(sort?.description ?? '');
	return match
		? match[1]
				.split(',')
				.map((s) => s.trim())
				.filter(Boolean)
		: [];
}

/** Two regional-indicator symbols → a lower-case ISO country code (🇬🇧 → gb). */
const FLAG = /([\u{1F1E6}-\u{1F1FF}])([\u{1F1E6}-\u{1F1FF}])/gu;
const letter = (symbol) => String.fromCharCode(symbol.codePointAt(0) - 0x1f1e6 + 97);

/**
 * The countries of the "Endpoint Availability" section of the path's GET, any edition.
 * @returns {string[]|null} lower-case codes, null when the OpenAPI does not restrict it
 */
function availability(collection) {
	const description = openApi().paths[`/${collection}`]?.get?.description ?? '';
	const section = /Endpoint Availability([\s\S]*?)(?:###|$)/.exec(description);
	if (!section) return null;
	const countries = new Set();
	for (const [, a, b] of section[1].matchAll(FLAG)) countries.add(letter(a) + letter(b));
	return countries.size ? [...countries].sort() : null;
}

/**
 * @param {string} collection path without slashes
 * @returns {{ definition: string|undefined, filters: ReturnType<typeof filterParameters>, sorts: string[], attributes: boolean, countries: string[]|null }}
 */
function collectionMeta(collection) {
	return {
		definition: recordDefinition(collection),
		filters: filterParameters(collection),
		sorts: sortFields(collection),
		attributes: listParameters(collection).some((p) => p.name === 'attributes'),
		countries: availability(collection),
	};
}

/** Every top-level collection path of the OpenAPI with a GET: lists and settings objects. */
function openApiCollections() {
	return Object.entries(openApi().paths)
		.filter(([path, item]) => /^\/[a-z_]+$/.test(path) && item.get)
		.map(([path, item]) => ({ name: path.slice(1), singleton: item.get.responses?.['200']?.schema?.type !== 'array' }));
}

module.exports = { collectionMeta, filterParameters, sortFields, availability, openApiCollections };
