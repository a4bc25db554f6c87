'use strict';

const { badParameter } = require('./errors');

/**
 * The service's search rules: a term matches only at the start of a word of the searched fields;
 * special characters cannot be searched. Here a word is a run of letters and digits, so `&`, `'`,
 * `-`, `@` and `.` separate words, and matching ignores case and accents ("cafe" finds "Café").
 * Several terms must all match, each at the start of some word, in any order.
 */

const SEARCHABLE_TEXT = /^[\p{L}\p{M}\p{N}\s]*$/u;

/** @param {string} text */
const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * @param {string} raw the `search` parameter
 * @returns {string[]} folded terms; empty means no search
 */
function parseTerms(raw) {
	if (!SEARCHABLE_TEXT.test(raw)) {
		badParameter('search', 'may contain only letters, digits and spaces: special characters cannot be searched');
	}
	return fold(raw).split(/\s+/).filter(Boolean);
}

/**
 * One string per row: its searchable words, each preceded by a space, so a word-start test is a
 * plain substring test for " term". Rebuilt only when the business changes.
 * @param {object} ctx @param {object} def
 * @returns {string[]}
 */
function haystacks(ctx, def) {
	const cache = ctx.biz.searchCache ?? (ctx.biz.searchCache = new Map());
	const version = ctx.generation();
	const hit = cache.get(def.name);
	if (hit && hit.version === version) return hit.value;
	const fields = Object.entries(def.search);
	const value = ctx.rows(def.name).map((row) => {
		let words = '';
		for (const [field, get] of fields) {
			// A written row is searched in the record it keeps.
			const text = row.extra?.[field] ?? (row.stored ? row.stored[field] : get(row, ctx));
			if (text)
				words += ` ${fold(String(text))
					.split(/[^\p{L}\p{N}]+/u)
					.filter(Boolean)
					.join(' ')}`;
		}
		return words;
	});
	cache.set(def.name, { version, value });
	return value;
}

/**
 * @param {object} ctx @param {object} def @param {string[]} terms
 * @returns {(row: object, index: number) => boolean}
 */
function searchTest(ctx, def, terms) {
	const hay = haystacks(ctx, def);
	const needles = terms.map((t) => ` ${t}`);
	return (row, index) => needles.every((n) => hay[index].includes(n));
}

module.exports = { parseTerms, searchTest, fold };
