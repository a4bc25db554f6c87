'use strict';

/**
 * Small helpers the business-data kinds share (sandbox/data/business-collections.js).
 */

/**
 * A reference to an entry of a code-keyed list (`/payment_methods/BANK_TRANSFER`). Uses the
 * business's list when the table has it and it holds the code, else the plain reference.
 * @param {object} ctx @param {string} list collection name @param {string} code @param {string} label
 */
function codeRef(ctx, list, code, label) {
	// Required late: collections.js requires the kinds.
	const { BY_NAME } = require('../collections');
	if (BY_NAME.has(list) && ctx.codeIndex(list, code) >= 0) return ctx.refCode(list, code);
	return { id: code, displayed_as: label, $path: `/${list}/${code}` };
}

/** Whether the business's chart has an account of its own for this role (byRole falls back). */
const hasRole = (ctx, role) => ctx.chart.rows.some((row) => row.role === role);

/** Live bank accounts by chart role (`bank`, `savings`, `card`, `cash`): row index or -1. */
function bankByRole(ctx, role) {
	const rows = ctx.rows('bank_accounts');
	return rows.findIndex((row) => row.deleted === null && row.role === role);
}

/** Row indexes in creation order (ties: the order given), so the default list order is creation order. */
function inCreationOrder(rows) {
	return rows
		.map((row, i) => [row, i])
		.sort((a, b) => a[0].created - b[0].created || a[1] - b[1])
		.map(([row]) => row);
}

const lookups = new WeakMap();
/**
 * A lookup from a (unique) key to a row index, rebuilt when rows were added.
 * @param {object[]} rows @param {(row: object) => any} keyOf
 * @returns {Map<any, number>}
 */
function lookup(rows, keyOf) {
	let map = lookups.get(rows);
	if (!map || map.size !== rows.length) {
		map = new Map();
		rows.forEach((row, i) => map.set(keyOf(row), i));
		lookups.set(rows, map);
	}
	return map;
}

module.exports = { codeRef, hasRole, bankByRole, inCreationOrder, lookup };
