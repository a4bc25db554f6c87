'use strict';

const { amount } = require('../../data/money');

/**
 * A payment's part on account (`payment_on_account`) as an artefact later payments and allocations
 * name by its own id, as Sage's do: a receipt's (a supplier payment's) money on account is refunded
 * by a refund naming it or set against an invoice by an allocation naming it (a credit of the
 * contact's, like a credit note); a refund's money on account is paid by a receipt naming it or set
 * against a credit (owed, like an invoice). What is used of it lowers its `outstanding_amount` and
 * moves its status (UNPAID, PART_PAID, PAID); a payment whose money on account has been used cannot
 * be changed or deleted until what used it is removed.
 *
 * It is no collection: a reference to one resolves to this pseudo space, the payment's row index.
 */

const SPACE = 'payments_on_account';
/** The sub id a payment's money on account carries (the payment's own id space, its row). */
const ON_ACCOUNT_SUB = 99;
const PRIMARY = new Set(['CUSTOMER_RECEIPT', 'VENDOR_PAYMENT']);

const paymentRow = (ctx, index) => ctx.rows('contact_payments')[index];

/** The row of the payment whose live money on account this id names, or -1. */
function findOnAccount(ctx, id) {
	const d = ctx.decode(id);
	if (!d || d.space !== 'contact_payments' || d.sub !== ON_ACCOUNT_SUB) return -1;
	const row = paymentRow(ctx, d.index);
	return row && row.deleted === null && row.onAccount > 0 ? d.index : -1;
}

/** @returns {{ side: 'sales'|'purchase', credit: boolean, open: number, contact: number }} */
function onAccountSettleable(ctx, index) {
	const row = paymentRow(ctx, index);
	return {
		side: row.type.startsWith('CUSTOMER') ? 'sales' : 'purchase',
		credit: PRIMARY.has(row.type),
		open: row.onAccount - (row.onAccountUsed ?? 0),
		contact: row.contact,
	};
}

/** Uses (or, with negative cents, gives back) part of a payment's money on account. */
function settleOnAccount(ctx, index, delta, now) {
	const row = paymentRow(ctx, index);
	row.onAccountUsed = (row.onAccountUsed ?? 0) + delta;
	const open = row.onAccount - row.onAccountUsed;
	const shown = row.stored?.payment_on_account;
	if (shown) {
		shown.outstanding_amount = amount(open);
		shown.base_currency_outstanding_amount = amount(open);
		shown.status = ctx.refCode('artefact_statuses', open <= 0 ? 'PAID' : open < row.onAccount ? 'PART_PAID' : 'UNPAID');
	}
	row.updated = Math.max(row.updated, now);
	ctx.touch('contact_payments');
}

const onAccountRef = (ctx, index) => ({
	id: ctx.subId('contact_payments', index, ON_ACCOUNT_SUB),
	displayed_as: paymentRow(ctx, index).stored?.payment_on_account?.displayed_as ?? 'Payment on account',
	$path: `/contact_payments/${encodeURIComponent(ctx.id('contact_payments', index))}`,
});

/** An artefact's reference and label, a payment's money on account included. */
const artefactRef = (ctx, space, index) => (space === SPACE ? onAccountRef(ctx, index) : ctx.ref(space, index));
const artefactLabel = (ctx, space, index) => artefactRef(ctx, space, index).displayed_as;

/** Why a payment cannot be changed or deleted: its money on account has been used. */
const onAccountUsed = (row) => ((row.onAccountUsed ?? 0) > 0 ? 'its payment on account has been allocated' : null);

module.exports = {
	SPACE,
	ON_ACCOUNT_SUB,
	findOnAccount,
	onAccountSettleable,
	settleOnAccount,
	artefactRef,
	artefactLabel,
	onAccountUsed,
};
