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
 * `attributes=all` → every field; `attributes=a,b` → those fields on top of the summary.
 * @returns {'all'|string[]|null}
 */
function attributes(query) {
	const raw = query.get('attributes');
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
	day,
	instant,
	attributes,
	MAX_ITEMS_PER_PAGE,
	DEFAULT_ITEMS_PER_PAGE,
};
