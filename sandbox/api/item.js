'use strict';

const { fail } = require('./errors');
const { boolean, attributes, declaredValue } = require('./params');
const { shape } = require('./list');
const { paymentsAllocations } = require('./payments-allocations');
const { withNestedAttributes } = require('./nested-attributes');
const { balanceDetailsFor } = require('./balance-details');
const { summary, rawRecord, present } = require('../data/records');

/**
 * `GET /<collection>/{key}`: one live record of the selected business, shaped by the query
 * parameters the OpenAPI declares for that item path (`def.itemParameters`):
 *
 * - every declared parameter is validated by its type, as on lists (400 InvalidParameter);
 *   parameters the path does not declare are ignored;
 * - `attributes`: absent → the full record (the item's default); `all` → the full record;
 *   `a,b` → the summary plus those attributes, as on lists;
 * - `show_payments_allocations=true` → `payments_allocations` (./payments-allocations.js);
 * - `nested_attributes` → nested references as records (./nested-attributes.js);
 * - `show_balance_details=true` (ledger accounts) → `balance_details` for `from_date`..`to_date`
 *   (./balance-details.js);
 * - the other flags (`show_analysis_types`, `show_corrections`, `mark_as_sent` on a JSON answer, …)
 *   are accepted without effect.
 */

/**
 * The declared item parameters present in the query, read by their types.
 * @param {object} def @param {URLSearchParams} query
 * @returns {Record<string, string|number|boolean>}
 */
function itemQuery(def, query) {
	const values = {};
	for (const [name, parameter] of Object.entries(def.itemParameters ?? {})) {
		const raw = query.get(name);
		if (raw !== null) values[name] = declaredValue(parameter, raw);
	}
	return values;
}

/**
 * The row of a live record, or 404.
 * @param {object} ctx @param {object} def @param {string} id
 */
function findLive(ctx, def, id) {
	const index = ctx.find(def.name, id);
	if (index < 0) fail(404, 'RecordNotFound', `No ${def.name} record with id "${id}" in this business.`, 'id');
	return index;
}

/** @param {object} ctx @param {object} def @param {string} id @param {URLSearchParams} query */
function getItem(ctx, def, id, query) {
	const index = findLive(ctx, def, id);
	const values = itemQuery(def, query);
	const legacy = boolean(query, 'show_legacy_id') ?? false;
	const wanted = 'attributes' in values ? attributes(query) : null;
	const full = (head) => rawRecord(ctx, def, index, legacy, head);
	let record = wanted === null ? full() : shape(wanted, () => summary(ctx, def, index, legacy), full);
	if (values.show_payments_allocations === true) record.payments_allocations = paymentsAllocations(ctx, def, index);
	const nested = 'nested_attributes' in values ? attributes(query, 'nested_attributes') : null;
	if (nested) record = withNestedAttributes(ctx, def, record, nested);
	const details = 'show_balance_details' in values ? balanceDetailsFor(ctx, query) : null;
	if (details) record.balance_details = details(index);
	return present(ctx, def, record);
}

module.exports = { getItem, itemQuery, findLive };
