'use strict';

const { badParameter } = require('./errors');
const { parseDay, parseInstant } = require('../data/time');

const MAX_ITEMS_PER_PAGE = 200;
const DEFAULT_ITEMS_PER_PAGE = 20;

/**
 * @param {URLSearchParams} query @param {string} name
 * @returns {number|null} a whole number ≥ 1, null when absent
 */
function wholeNumber(query, name) {
	const raw = query.get(name);
	if (raw === null) return null;
	if (!/^\d+$/.test(raw) || Number(raw) < 1) badParameter(name, `must be a whole number of at least 1 (got "${raw}")`);
	return Number(raw);
}

/** `items_per_page` 1..200 (default 20) and `page` ≥ 1 (default 1; past the end means the last page). */
function pagination(query) {
	const perPage = wholeNumber(query, 'items_per_page') ?? DEFAULT_ITEMS_PER_PAGE;
	if (perPage > MAX_ITEMS_PER_PAGE)
		badParameter('items_per_page', `must not exceed ${MAX_ITEMS_PER_PAGE} (got ${perPage})`);
	return { perPage, page: wholeNumber(query, 'page') ?? 1 };
}

/** @param {string} raw @param {string} name @returns {boolean} */
function parseBoolean(raw, name) {
	const lower = raw.toLowerCase();
	if (lower !== 'true' && lower !== 'false') badParameter(name, `must be true or false (got "${raw}")`);
	return lower === 'true';
}

/** @param {URLSearchParams} query @param {string} name @returns {boolean|null} */
function boolean(query, name) {
	const raw = query.get(name);
	return raw === null ? null : parseBoolean(raw, name);
}

/** @param {string} raw @param {string} name @returns {number} day number */
function day(raw, name) {
	const value = parseDay(raw);
	if (value === null) badParameter(name, `must be a date YYYY-MM-DD (got "${raw}")`);
	return value;
}

/** @param {string} raw @param {string} name @returns {number} epoch ms */
function instant(raw, name) {
	const value = parseInstant(raw);
	if (value === null)
		badParameter(name, `must be a date YYYY-MM-DD or a date-time YYYY-MM-DDThh:mm:ss±hh:mm (got "${raw}")`);
	return value;
}

/**
 * @param {string} name @param {readonly string[]} allowed @param {string} raw
 * @returns {string} the allowed spelling (matching ignores case)
 */
function oneOf(name, allowed, raw) {
	const found = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
	if (found === undefined) badParameter(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
	return found;
}

/**
 * A query parameter's value read by its OpenAPI declaration: boolean (true/false), integer,
 * number, enum (any case), format date, format date-time; anything else is taken as it is.
 * A value that does not fit is refused with 400 InvalidParameter naming the parameter.
 * @param {{ name: string, type?: string, format?: string, enum?: string[] }} parameter @param {string} raw
 * @returns {string|number|boolean}
 */
function declaredValue(parameter, raw) {
	const { name, type, format } = parameter;
	if (type === 'boolean') return parseBoolean(raw, name);
	if (type === 'integer') {
		if (!/^[-+]?\d+$/.test(raw)) badParameter(name, `must be a whole number (got "${raw}")`);
		return Number(raw);
	}
	if (type === 'number') {
		if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(raw)) badParameter(name, `must be a number (got "${raw}")`);
		return Number(raw);
	}
	if (parameter.enum) return oneOf(name, parameter.enum, raw);
	if (format === 'date') day(raw, name);
	else if (format === 'date-time') instant(raw, name);
	return raw;
}

/**
 * `attributes=all` → every field; `attributes=a,b` → those fields on top of the summary. Read the
 * same way for `nested_attributes` (the fields of nested records).
 * @param {URLSearchParams} query @param {string} [name]
 * @returns {'all'|string[]|null}
 */
function attributes(query, name = 'attributes') {
	const raw = query.get(name);
	if (raw === null) return null;
	const names = raw
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return names.includes('all') ? 'all' : names;
}

module.exports = {
	pagination,
	boolean,
	parseBoolean,
	oneOf,
	declaredValue,
	day,
	instant,
	attributes,
	MAX_ITEMS_PER_PAGE,
	DEFAULT_ITEMS_PER_PAGE,
};
