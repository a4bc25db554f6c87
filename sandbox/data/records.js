'use strict';

/**
 * How a row becomes what the API sends: a summary `{ id, displayed_as, $path }` (+ `legacy_id`
 * on request) or the full record, with fields set through createRecord/updateRecord on top.
 */

const RESERVED = new Set(['id', '$path', 'legacy_id']);

/** @param {object} ctx @param {object} def @param {number} index @param {boolean} legacy */
function summary(ctx, def, index, legacy) {
	const out = ctx.ref(def.name, index);
	if (legacy) out.legacy_id = ctx.legacyId(index);
	return out;
}

/** @param {object} ctx @param {object} def @param {number} index @param {boolean} legacy */
function fullRecord(ctx, def, index, legacy) {
	const row = ctx.rows(def.name)[index];
	return { ...summary(ctx, def, index, legacy), ...def.render(row, ctx, index), ...row.extra };
}

/**
 * Fields a test hook may set; identity fields stay the sandbox's.
 * @param {object} fields
 */
function extraFields(fields) {
	const out = {};
	for (const [key, value] of Object.entries(fields ?? {})) if (!RESERVED.has(key)) out[key] = value;
	return out;
}

module.exports = { summary, fullRecord, extraFields };
