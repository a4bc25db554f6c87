'use strict';

/**
 * Idempotent creation, as the service's developer guide describes it: a POST to one of these
 * resources may carry an `idempotency_id` inside its wrapper (a random GUID written as 32
 * hexadecimal digits without hyphens). For 7 days a repeated POST with the same idempotency_id,
 * in the same business and collection, gets the first answer again (same status, same body) and
 * creates nothing. Elsewhere `idempotency_id` is not an attribute, and is refused like any other
 * undeclared attribute.
 *
 * THE list of the resources that take it (wrapper names):
 */
const IDEMPOTENT = Object.freeze(
	new Set([
		'address',
		'bank_account',
		'bank_deposit',
		'bank_opening_balance',
		'bank_reconciliation',
		'bank_transfer',
		'business_exchange_rate',
		'contact',
		'contact_allocation',
		'contact_opening_balance',
		'contact_payment',
		'contact_person',
		'hosted_artefact_payment_setting',
		'journal',
		'journal_code',
		'ledger_account',
		'ledger_account_opening_balance',
		'migration_tax_return',
		'opening_balance_journal',
		'other_payment',
		'product',
		'product_sales_price_type',
		'purchase_corrective_invoice',
		'purchase_credit_note',
		'purchase_invoice',
		'purchase_quick_entry',
		'sales_corrective_invoice',
		'sales_credit_note',
		'sales_estimate',
		'sales_invoice',
		'sales_quick_entry',
		'sales_quote',
		'service',
		'service_rate_type',
		'stock_item',
		'stock_movement',
	]),
);

const ATTRIBUTE = 'idempotency_id';
const FORMAT = /^[0-9a-f]{32}$/i;
const LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * The answers of idempotent creations, kept 7 days on the sandbox clock. Only successful
 * creations are kept: a refused request created nothing, so a corrected retry with the same
 * idempotency_id goes through.
 * @param {{ now(): number }} clock
 */
function createIdempotencyStore(clock) {
	/** @type {Map<string, { at: number, response: { status: number, json: any } }>} */
	const answers = new Map();
	const keyOf = (businessId, collection, id) => `${businessId}|${collection}|${id.toLowerCase()}`;
	return {
		/** @returns {{ status: number, json: any } | undefined} a copy of the first answer, while it lives */
		replay(businessId, collection, id) {
			const key = keyOf(businessId, collection, id);
			const kept = answers.get(key);
			if (!kept) return undefined;
			if (clock.now() - kept.at >= LIFETIME_MS) {
				answers.delete(key);
				return undefined;
			}
			return structuredClone(kept.response);
		},
		remember(businessId, collection, id, response) {
			answers.set(keyOf(businessId, collection, id), {
				at: clock.now(),
				response: structuredClone({ status: response.status, json: response.json }),
			});
		},
	};
}

module.exports = { IDEMPOTENT, ATTRIBUTE, FORMAT, LIFETIME_MS, createIdempotencyStore };
