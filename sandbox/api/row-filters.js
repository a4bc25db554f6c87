'use strict';

const { parseBoolean, declaredValue } = require('./params');

/**
 * Building blocks for the `predicates` a table row may bring (see filters.js). They need nothing
 * from the collection table, so the kinds can use them without a require cycle.
 */

/**
 * A filter whose value is a code of a code-keyed collection (`ledger_account_type_id=SALES`, any
 * case): a known code keeps `keep(row, code)`, a code that names nothing matches nothing.
 * @param {string} collection @param {(row: object, code: string) => boolean} keep
 */
const byCode = (collection, keep) => ({
	parse(raw, ctx) {
		const code = [raw, raw.toUpperCase()].find((c) => ctx.codeIndex(collection, c) >= 0);
		return code === undefined ? () => false : (row) => keep(row, code);
	},
});

/**
 * A flag that narrows only when true (`valid_for_business=true`); false keeps everything.
 * @param {string} name @param {(row: object, ctx: object) => boolean} keep
 */
const whenTrue = (name, keep) => ({
	parse(raw, ctx) {
		return parseBoolean(raw, name) ? (row) => keep(row, ctx) : () => true;
	},
});

/**
 * A parameter that qualifies what is shown rather than which records (ledger accounts' `from_date`
 * and `to_date` bound their balance details; an account has no date): validated by its
 * declaration, it keeps every record.
 * @param {string} name
 */
const narrowingNothing = (name) => ({
	parse(raw, ctx, def) {
		declaredValue(def.parameters[name], raw);
		return () => true;
	},
});

module.exports = { byCode, whenTrue, narrowingNothing };
