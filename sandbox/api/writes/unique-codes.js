'use strict';

/**
 * Codes a business keeps unique among its live records: a contact's `reference`, an item's
 * `item_code`. The documentation does not say whether case counts; the sandbox takes "abc001" and
 * "ABC001" for the same code, as the service's web app shows and searches codes without regard
 * to case, so two codes differing only in case could not be told apart by the people using them.
 */

/** @param {unknown} code */
const codeKey = (code) => String(code ?? '').toUpperCase();

/**
 * Whether another live row already has the code.
 * @param {object[]} rows the collection's rows
 * @param {number | undefined} self the row being updated (not a clash with itself)
 * @param {(row: object) => unknown} codeOf the row's current code
 * @param {string} code
 */
function codeTaken(rows, self, codeOf, code) {
	const key = codeKey(code);
	return rows.some((row, i) => row.deleted === null && i !== self && codeKey(codeOf(row)) === key);
}

module.exports = { codeKey, codeTaken };
