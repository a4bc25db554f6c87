'use strict';

const { numbersAsStrings } = require('../openapi/number-fields');
const { renderRow } = require('./stored');

/**
 * How a row becomes what the API sends: a summary `{ id, displayed_as, $path }` (+ `legacy_id`
 * on request) or the full record, with fields set through createRecord/updateRecord on top.
 * With the dataset option `amounts: 'string'`, every field the record's OpenAPI definition types
 * `number` is sent as a decimal string ("120.50").
 */

const RESERVED = new Set(['id', '$path', 'legacy_id']);

/** @param {object} ctx @param {object} def @param {number} index @param {boolean} legacy */
function summary(ctx, def, index, legacy) {
	const out = ctx.ref(def.name, index);
	// `legacyOf`: records that are another collection's (an unallocated artefact) keep its legacy id.
	if (legacy) out.legacy_id = def.legacyOf ? def.legacyOf(ctx, index) : ctx.legacyId(index);
	return out;
}

/**
 * The full record before `present`: numbers still numbers, for callers that add to it (an item
 * GET's payments and nested records) and present the whole once.
 * @param {object} ctx @param {object} def @param {number} index @param {boolean} legacy
 * @param {object} [head] the record's summary when the caller already has it (copied, not changed)
 */
function rawRecord(ctx, def, index, legacy, head = summary(ctx, def, index, legacy)) {
	const row = ctx.rows(def.name)[index];
	return { ...head, ...renderRow(ctx, def, row, index) };
}

/** @param {object} ctx @param {object} def @param {number} index @param {boolean} legacy @param {object} [head] */
const fullRecord = (ctx, def, index, legacy, head) => present(ctx, def, rawRecord(ctx, def, index, legacy, head));

/**
 * A settings object (`GET /financial_settings`) of the business: as seeded, or as last written by
 * `PUT /<settings object>` (kept whole in `biz.settings`).
 */
const singletonRecord = (ctx, def) => present(ctx, def, ctx.biz.settings?.[def.name] ?? def.render(ctx));

/**
 * The record as the API sends it: with `amounts: 'string'`, its definition's number fields (nested
 * ones included) as decimal strings.
 * @param {object} ctx @param {object} def @param {object} record
 */
const present = (ctx, def, record) =>
	ctx.options.amounts === 'string' && def.definition ? numbersAsStrings(def.definition, record) : record;

/**
 * Fields a test hook may set; identity fields stay the sandbox's.
 * @param {object} fields
 */
function extraFields(fields) {
	const out = {};
	for (const [key, value] of Object.entries(fields ?? {})) if (!RESERVED.has(key)) out[key] = value;
	return out;
}

module.exports = { summary, rawRecord, fullRecord, present, singletonRecord, extraFields, renderRow };
