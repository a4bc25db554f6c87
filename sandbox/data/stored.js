'use strict';

const { amount } = require('./money');
const { formatDay, formatInstant } = require('./time');
const { transactionRef } = require('./kinds/ledger');

/**
 * Rows written through the API (sandbox/api/writes) keep their record as it was built from the
 * request (`row.stored`: every field but the summary and the time stamps), instead of the compact
 * fields seeded rows are rendered from. A seeded row that is written to (PUT, void, release) is
 * first materialised the same way: its current record becomes `row.stored`.
 *
 * What changes after the write without the record being written to (a document's status and
 * outstanding amount when a payment is allocated, a contact's balance, a bank account's balance,
 * a stock item's quantity) is rendered live from the row's compact fields, which the writes keep
 * up to date as the seeded kinds do. A live field is only set where the stored record has it, so
 * the record keeps its shape.
 *
 * Rows the API created also carry `minted: true`: their id is minted in their own collection's
 * id space (sandbox/data/context.js), even where seeded records borrow another's (addresses).
 */

const PAYABLE = new Set([
	'sales_invoices',
	'sales_credit_notes',
	'sales_corrective_invoices',
	'sales_quick_entries',
	'purchase_invoices',
	'purchase_credit_notes',
	'purchase_corrective_invoices',
	'purchase_quick_entries',
]);
const QUOTES = new Set(['sales_quotes', 'sales_estimates']);

/** Live fields of a document: status, what is paid and still open, whether it can still be edited. */
function documentLive(ctx, row) {
	// A voided document owes nothing any more.
	const open = row.status === 'VOID' ? 0 : row.net + row.tax - row.paid;
	return {
		status: ctx.refCode('artefact_statuses', row.status),
		outstanding_amount: amount(open),
		base_currency_outstanding_amount: amount(open),
		total_paid: amount(row.paid),
		payments_allocations_total_amount: amount(row.paid),
		last_paid: row.paid && row.paidDay >= 0 ? formatDay(row.paidDay) : null,
		editable: row.status !== 'VOID' && row.paid === 0,
		void_reason: row.status === 'VOID' ? (row.voidReason ?? 'Raised in error') : null,
		transaction: row.tx >= 0 ? transactionRef(ctx, row.tx) : null,
		sent: row.sent ?? row.status !== 'DRAFT',
	};
}

/** @type {Record<string, (ctx: object, row: object, index: number) => object>} */
const LIVE = {
	contacts: (ctx, row, index) => ({
		balance: amount(ctx.contactBalance(index)),
		deletable: row.minted === true && !ctx.contactInUse(index),
		is_active: row.active,
	}),
	bank_accounts: (ctx, row) => ({ balance: amount(ctx.accountBalance(row.account)) }),
	stock_items: (ctx, row) => ({
		quantity_in_stock: row.quantity,
		last_cost_price_stock_value: amount(row.cost * row.quantity),
		average_cost_price_stock_value: amount(row.cost * row.quantity),
	}),
	quotes: (ctx, row) => ({
		status: ctx.refCode('artefact_statuses', row.status),
		sent: row.sent ?? row.status !== 'DRAFT',
	}),
};

function liveOf(ctx, def, row, index) {
	if (PAYABLE.has(def.name)) return documentLive(ctx, row);
	if (QUOTES.has(def.name)) return LIVE.quotes(ctx, row, index);
	return LIVE[def.name]?.(ctx, row, index) ?? {};
}

/**
 * The record fields of a row (without the summary), test-hook fields on top: seeded rows from
 * their kind, written rows from what was stored with the live fields laid over.
 * @param {object} ctx @param {object} def @param {object} row @param {number} index
 */
function renderRow(ctx, def, row, index) {
	if (!row.stored) return { ...def.render(row, ctx, index), ...row.extra };
	const out = { ...row.stored };
	const over = {
		created_at: formatInstant(row.created),
		updated_at: formatInstant(row.updated),
		deleted_at: formatInstant(row.deleted),
		...liveOf(ctx, def, row, index),
	};
	for (const [key, value] of Object.entries(over)) if (key in out) out[key] = value;
	return { ...out, ...row.extra };
}

module.exports = { renderRow, PAYABLE, QUOTES };
