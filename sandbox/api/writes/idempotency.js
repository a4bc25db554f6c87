'use strict';

const { invalid } = require('../errors');

/**
 * Idempotent writes, as the service's developer guide describes them for POST and PUT: a write to
 * one of these resources may carry an `idempotency_id` inside its wrapper (a random GUID written
 * as 32 hexadecimal digits without hyphens). For 7 days a repeat with the same idempotency_id in
 * the same business, to the same resource (`POST /contacts`, `PUT /contacts/<id>`), gets the first
 * answer again (same status, same body) and writes nothing. The same id sent to another resource
 * (another collection, another record, POST after PUT) is refused: 422 `IdempotencyResourceMismatch`.
 * Elsewhere `idempotency_id` is not an attribute, and is refused like any other undeclared one.
 *
 * The OpenAPI declares `idempotency_id` on no request definition (POST or PUT); the guide does, so
 * it is read and taken out of the wrapper before the body is validated (validate.js `unwrap`).
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

const MISMATCH = 'IdempotencyResourceMismatch';

/**
 * The answers of idempotent writes, kept 7 days on the sandbox clock. Only successful writes are
 * kept: a refused request wrote nothing, so a corrected retry with the same idempotency_id goes
 * through.
 * @param {{ now(): number }} clock
 */
function createIdempotencyStore(clock) {
	/** @type {Map<string, { at: number, resource: string, response: { status: number, json: any } }>} */
	const answers = new Map();
	const keyOf = (businessId, id) => `${businessId}|${id.toLowerCase()}`;
	/** The live entry of an id, forgetting it once its 7 days are over. */
	function live(key) {
		const kept = answers.get(key);
		if (kept && clock.now() - kept.at >= LIFETIME_MS) {
			answers.delete(key);
			return undefined;
		}
		return kept;
	}
	return {
		/**
		 * A copy of the first answer to this resource, while it lives; answers 422 when the id was
		 * used on another resource.
		 * @param {string} businessId @param {string} resource `POST /contacts`, `PUT /contacts/<id>`
		 * @param {string} id the idempotency_id
		 * @returns {{ status: number, json: any } | undefined}
		 */
		replay(businessId, resource, id) {
			const kept = live(keyOf(businessId, id));
			if (!kept) return undefined;
			if (kept.resource !== resource) {
				invalid([
					{
						source: ATTRIBUTE,
						message: `${ATTRIBUTE} ${id} was already used for ${kept.resource}; use a new one for ${resource}`,
						code: MISMATCH,
					},
				]);
			}
			return structuredClone(kept.response);
		},
		remember(businessId, resource, id, response) {
			answers.set(keyOf(businessId, id), {
				at: clock.now(),
				resource,
				response: structuredClone({ status: response.status, json: response.json }),
			});
		},
	};
}

module.exports = { IDEMPOTENT, ATTRIBUTE, FORMAT, LIFETIME_MS, MISMATCH, createIdempotencyStore };
