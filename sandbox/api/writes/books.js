'use strict';

const { BY_NAME } = require('../../data/collections');
const { renderRow } = require('../../data/records');
const { post } = require('../../data/kinds/ledger');
const { lookup } = require('../../data/kinds/books');
const { CUSTOMER, VENDOR } = require('../../data/kinds/contacts');
const { PAYABLE } = require('../../data/stored');
const { stripSummary } = require('./build');
const onAccount = require('./payments-on-account');

/**
 * What writes do to the books and to the records they touch, shared by the kinds: booking and
 * unbooking ledger transactions, settling documents (paid amount, status, the open items), and
 * turning a seeded row into a written one.
 */

/** Decimal amount → integer cents (amounts are cents inside the sandbox). */
const cents = (value) => Math.round(Number(value ?? 0) * 100);

const controlAccount = (ctx, side) => ctx.chart.byRole(side === 'sales' ? 'debtors' : 'creditors');
const sideBit = (side) => (side === 'sales' ? CUSTOMER : VENDOR);

/**
 * Books a balanced transaction and returns its number (ledger.post, which also lists it in
 * /transactions). Writes book with the clock's time as creation time.
 */
const book = (ctx, transaction) => post(ctx, transaction);

/**
 * Marks the postings of a transaction deleted: they stop counting in balances and the trial
 * balance; the transaction itself is deleted with them (gone from /transactions, listed under
 * `deleted_since`), as the books no longer hold it.
 */
function unbook(ctx, tx, now) {
	if (tx === undefined || tx < 0) return;
	for (const p of ctx.biz.postings) {
		if (p.tx === tx && p.deleted === null) {
			p.deleted = now;
			p.updated = now;
		}
	}
	ctx.touch('ledger_entries');
	const transactions = ctx.rows('transactions');
	const row = transactions[lookup(transactions, (candidate) => candidate.tx).get(tx) ?? -1];
	if (row && row.deleted === null) {
		row.deleted = now;
		row.updated = now;
		ctx.touch('transactions');
	}
}

/** Whether a payable row still has money open, as /unallocated_artefacts lists it. */
function isOpen(space, row) {
	if (row.deleted !== null || row.tx < 0) return false;
	if (space === 'contact_opening_balances') return row.paidDay < 0;
	return row.status !== 'VOID' && row.status !== 'DRAFT' && row.net + row.tax - row.paid > 0;
}

/** Keeps /unallocated_artefacts in step with a document (or contact opening balance). */
function syncOpen(ctx, space, index, now) {
	const rows = ctx.rows('unallocated_artefacts');
	const at = lookup(rows, (row) => `${row.space}:${row.index}`).get(`${space}:${index}`);
	const doc = ctx.rows(space)[index];
	const open = isOpen(space, doc);
	if (at === undefined) {
		if (open)
			ctx.append('unallocated_artefacts', {
				space,
				index,
				contact: doc.contact,
				created: now,
				updated: now,
				deleted: null,
			});
		return;
	}
	const item = rows[at];
	// An open item follows its document's contact: an invoice moved to another customer is owed by it.
	const moved = open && item.contact !== doc.contact;
	if (open === (item.deleted === null) && !moved) return;
	item.deleted = open ? null : now;
	item.contact = doc.contact;
	item.updated = now;
	ctx.touch('unallocated_artefacts');
}

/** The status a payable document has with this much paid. */
function settledStatus(row) {
	if (row.status === 'VOID' || row.status === 'DRAFT') return row.status;
	if (row.paid <= 0) return row.status === 'DISPUTED' ? 'DISPUTED' : 'UNPAID';
	return row.paid >= row.net + row.tax ? 'PAID' : 'PART_PAID';
}

/**
 * Settles (or, with negative cents, unsettles) part of a document: its paid amount, status and
 * last payment day move, its `updated_at` too, and the open items follow.
 * @param {object} ctx @param {string} space @param {number} index @param {number} delta cents
 * @param {number} day the payment's day @param {number} now
 */
function settle(ctx, space, index, delta, day, now) {
	if (space === onAccount.SPACE) return onAccount.settleOnAccount(ctx, index, delta, now);
	const doc = ctx.rows(space)[index];
	if (space === 'contact_opening_balances') {
		doc.paidDay = delta > 0 ? day : -1;
	} else {
		doc.paid += delta;
		doc.status = settledStatus(doc);
		if (delta > 0) doc.paidDay = Math.max(doc.paidDay ?? -1, day);
		if (doc.paid <= 0) doc.paidDay = -1;
	}
	doc.updated = Math.max(doc.updated, now);
	ctx.touch(space);
	syncOpen(ctx, space, index, now);
}

/**
 * A payable document (or contact opening balance, or a payment's money on account) a payment or allocation may settle, with what
 * is still open on it; or a reason why not.
 * @returns {{ side: 'sales'|'purchase', credit: boolean, open: number, contact: number } | { reason: string }}
 */
function settleable(ctx, space, index) {
	if (space === onAccount.SPACE) return onAccount.onAccountSettleable(ctx, index);
	const doc = ctx.rows(space)[index];
	if (!PAYABLE.has(space)) return { reason: 'is not an invoice or credit note' };
	if (doc.status === 'DRAFT') return { reason: 'is a draft: release it first' };
	if (doc.status === 'VOID') return { reason: 'is void' };
	const side = space.startsWith('sales') ? 'sales' : 'purchase';
	const credit = space.endsWith('credit_notes') || (space.endsWith('quick_entries') && doc.qeType === 'CREDIT_NOTE');
	return { side, credit, open: doc.net + doc.tax - doc.paid, contact: doc.contact };
}

/**
 * Turns a seeded row into a written one: its current record is kept (`stored`) and its label, so
 * what it shows stays the same until something is written to it.
 */
function materialize(ctx, def, row, index) {
	if (row.stored) return;
	const label = ctx.displayedAs(def.name, index);
	row.stored = stripSummary(def.render(row, ctx, index));
	row.label = label;
}

/** A contact's record as /contacts shows it. */
const contactRecord = (ctx, index) => renderRow(ctx, BY_NAME.get('contacts'), ctx.rows('contacts')[index], index);

module.exports = {
	cents,
	controlAccount,
	sideBit,
	book,
	unbook,
	syncOpen,
	settle,
	settleable,
	materialize,
	contactRecord,
	isOpen,
};
