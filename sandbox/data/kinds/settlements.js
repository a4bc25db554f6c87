'use strict';

const { amount } = require('../money');
const { DAY_MS, SEED_START, SEED_END, dayOf, wholeSecond } = require('../time');
const { stamps, currency, formatDay, formatInstant } = require('./common');
const { post, transactionRef, transactionTypeRef } = require('./ledger');
const { CUSTOMER, VENDOR } = require('./contacts');
const { codeRef, bankByRole, inCreationOrder, lookup } = require('./books');

/**
 * How the documents' money was settled, derived from the documents themselves: artefacts.js
 * decides each document's status, paid amount and payment day, and books one payment transaction
 * (`payTx`: bank against the contact's control account) for whatever was paid. Nothing here changes
 * a document's status, outstanding amount or the ledger's totals:
 *
 * - contact_allocations: some paid credit notes were not refunded but set against a paid invoice of
 *   the same contact. Their refund transaction is re-booked as the allocation (control account on
 *   both sides) and the invoice's receipt shrinks by the same amount, so every account's and every
 *   contact's balance is what it was.
 * - contact_payments: one per remaining payment transaction, allocated to its document with the
 *   amount the ledger moved; plus the receipts/payments settling contact opening balances.
 * - unallocated_artefacts: every booked document (and opening balance) with money still open.
 *
 * So for every document: Σ allocated amounts (payments + allocations) = total − outstanding, where
 * a credit note counts with the opposite sign inside an allocation.
 */

/** The documents that can be paid. */
const PAYABLE = [
	'sales_invoices',
	'sales_credit_notes',
	'sales_corrective_invoices',
	'sales_quick_entries',
	'purchase_invoices',
	'purchase_credit_notes',
	'purchase_corrective_invoices',
	'purchase_quick_entries',
];

const ALLOCATION_TYPE = { sales: 'CUSTOMER_ALLOCATION', purchase: 'VENDOR_ALLOCATION' };
const control = (ctx, side) => ctx.chart.byRole(side === 'sales' ? 'debtors' : 'creditors');

/** The postings of some transactions, by transaction number. */
function postingsOf(ctx, txs) {
	const want = new Set(txs);
	const out = new Map();
	for (const p of ctx.biz.postings) {
		if (!want.has(p.tx)) continue;
		if (!out.has(p.tx)) out.set(p.tx, []);
		out.get(p.tx).push(p);
	}
	return out;
}

const contactAllocations = {
	books: true,
	seed(ctx) {
		const rng = ctx.rng('contact_allocations');
		const rows = [];
		for (const side of ['sales', 'purchase']) {
			const notes = ctx.rows(`${side}_credit_notes`);
			const invoices = ctx.rows(`${side}_invoices`);
			const byContact = new Map();
			invoices.forEach((row, i) => {
				if (row.deleted !== null || row.payTx < 0) return;
				if (!byContact.has(row.contact)) byContact.set(row.contact, []);
				byContact.get(row.contact).push(i);
			});
			const used = new Set();
			notes.forEach((note, n) => {
				if (note.deleted !== null || note.payTx < 0 || note.paid !== note.net + note.tax) return;
				if (!rng.chance(0.6)) return;
				// An invoice of the same customer or supplier, raised by the time the credit is used, whose
				// receipt the credit can shrink (an allocation is no payment: the invoice's last_paid stays).
				const invoice = (byContact.get(note.contact) ?? []).find(
					(i) => !used.has(i) && invoices[i].paid > note.paid && invoices[i].date <= note.paidDay,
				);
				if (invoice === undefined) return;
				used.add(invoice);
				const tx = ctx.biz.transactions[note.payTx];
				rows.push({
					side,
					type: ALLOCATION_TYPE[side],
					contact: note.contact,
					date: tx.day,
					amount: note.paid,
					note: n,
					invoice,
					tx: note.payTx,
					receiptTx: invoices[invoice].payTx,
					created: tx.created,
					updated: tx.created,
					deleted: null,
				});
			});
		}
		rebook(ctx, rows);
		return inCreationOrder(rows);
	},
	displayedAs: (row, ctx) =>
		`${ctx.displayedAs(`${row.side}_credit_notes`, row.note)} → ${ctx.displayedAs(`${row.side}_invoices`, row.invoice)}`,
	render(row, ctx, index) {
		return {
			...stamps(row),
			transaction: transactionRef(ctx, row.tx),
			transaction_type: transactionTypeRef(row.type),
			deleted_at: formatInstant(row.deleted),
			date: formatDay(row.date),
			contact: ctx.ref('contacts', row.contact),
			allocated_artefacts: [
				{
					id: ctx.subId('contact_allocations', index, 1),
					artefact: ctx.ref(`${row.side}_invoices`, row.invoice),
					amount: amount(row.amount),
				},
				{
					id: ctx.subId('contact_allocations', index, 2),
					artefact: ctx.ref(`${row.side}_credit_notes`, row.note),
					amount: amount(-row.amount),
				},
			],
		};
	},
};

/**
 * The credit note's refund becomes the allocation: its bank leg moves to the control account (the
 * contact's balance is unchanged by an allocation); the invoice's receipt moves that much less.
 */
function rebook(ctx, allocations) {
	if (!allocations.length) return;
	const legs = postingsOf(
		ctx,
		allocations.flatMap((a) => [a.tx, a.receiptTx]),
	);
	for (const a of allocations) {
		const account = control(ctx, a.side);
		ctx.biz.transactions[a.tx].type = a.type;
		for (const p of legs.get(a.tx)) {
			p.type = a.type;
			if (p.account !== account) p.account = account;
		}
		for (const p of legs.get(a.receiptTx)) {
			if (p.debit) p.debit -= a.amount;
			else p.credit -= a.amount;
		}
	}
	ctx.touch('ledger_entries');
}

const RECEIPT_METHODS = ['BANK_TRANSFER', 'BANK_TRANSFER', 'BANK_TRANSFER', 'CREDIT_DEBIT', 'CHEQUE'];
const PAYMENT_METHODS = ['BANK_TRANSFER', 'BANK_TRANSFER', 'DIRECT_DEBIT', 'CREDIT_DEBIT'];
const METHOD_LABELS = {
	BANK_TRANSFER: 'Bank Transfer',
	CREDIT_DEBIT: 'Credit/Debit Card',
	CHEQUE: 'Cheque',
	DIRECT_DEBIT: 'Direct Debit',
};

const contactPayments = {
	books: true,
	seed(ctx) {
		const cut = new Map();
		const allocated = new Set();
		for (const a of ctx.rows('contact_allocations')) {
			cut.set(`${a.side}_invoices:${a.invoice}`, a.amount);
			allocated.add(a.tx);
		}
		const bank = bankByRole(ctx, 'bank');
		const rows = [];
		for (const space of PAYABLE) {
			ctx.rows(space).forEach((doc, i) => {
				if (doc.deleted !== null || doc.payTx < 0 || allocated.has(doc.payTx)) return;
				const tx = ctx.biz.transactions[doc.payTx];
				rows.push({
					space,
					index: i,
					contact: doc.contact,
					bank,
					type: tx.type,
					date: tx.day,
					tx: doc.payTx,
					amount: doc.paid - (cut.get(`${space}:${i}`) ?? 0),
					created: tx.created,
					updated: tx.created,
					deleted: null,
				});
			});
		}
		// Opening balances brought forward are settled like invoices, in the first weeks.
		ctx.rows('contact_opening_balances').forEach((ob, i) => {
			if (ob.paidDay < 0) return;
			const created = wholeSecond(ob.paidDay * DAY_MS + 11 * 3_600_000);
			rows.push({
				space: 'contact_opening_balances',
				index: i,
				contact: ob.contact,
				bank,
				date: ob.paidDay,
				tx: -1,
				type: ob.side === 'sales' ? 'CUSTOMER_RECEIPT' : 'VENDOR_PAYMENT',
				amount: ob.total,
				created,
				updated: created,
				deleted: null,
			});
		});
		const ordered = inCreationOrder(rows);
		const rng = ctx.rng('contact_payments');
		ordered.forEach((row, i) => {
			const receipt = row.type.startsWith('CUSTOMER');
			row.method = rng.pick(receipt ? RECEIPT_METHODS : PAYMENT_METHODS);
			row.ref = receipt
				? rng.chance(0.5)
					? `Remittance ${rng.int(1000, 99999)}`
					: null
				: `PMT-${String(i + 1).padStart(5, '0')}`;
			if (row.tx >= 0) return;
			const bankAccount = ctx.rows('bank_accounts')[row.bank].account;
			const controlAccount = control(ctx, row.type === 'CUSTOMER_RECEIPT' ? 'sales' : 'purchase');
			const legs =
				row.type === 'CUSTOMER_RECEIPT'
					? [
							[bankAccount, row.amount, 0],
							[controlAccount, 0, row.amount],
						]
					: [
							[controlAccount, row.amount, 0],
							[bankAccount, 0, row.amount],
						];
			row.tx = post(ctx, {
				type: row.type,
				day: row.date,
				created: row.created,
				contact: row.contact,
				source: ['contact_payments', i],
				legs,
			});
		});
		return ordered;
	},
	displayedAs: (row, ctx) => row.ref ?? ctx.displayedAs(row.space, row.index),
	render(row, ctx, index) {
		const money = amount(row.amount);
		return {
			...stamps(row),
			transaction: transactionRef(ctx, row.tx),
			transaction_type: transactionTypeRef(row.type),
			deleted_at: formatInstant(row.deleted),
			payment_method: codeRef(ctx, 'payment_methods', row.method, METHOD_LABELS[row.method]),
			contact: ctx.ref('contacts', row.contact),
			bank_account: ctx.ref('bank_accounts', row.bank),
			date: formatDay(row.date),
			net_amount: money,
			tax_amount: 0,
			total_amount: money,
			currency: currency(ctx),
			exchange_rate: 1,
			base_currency_net_amount: money,
			base_currency_tax_amount: 0,
			base_currency_total_amount: money,
			base_currency_currency_charge: 0,
			reference: row.ref,
			allocated_artefacts: [
				{
					id: ctx.subId('contact_payments', index, 1),
					artefact: ctx.ref(row.space, row.index),
					amount: money,
					discount: 0,
				},
			],
			tax_rate: null,
			payment_on_account: null,
			// Payments on a reconciled bank statement can no longer be edited.
			editable: row.date > reconciledUntil(ctx, row.bank),
		};
	},
};

/** The last day of the bank account's last reconciled statement, or -1. */
function reconciledUntil(ctx, bank) {
	let last = -1;
	for (const r of ctx.rows('bank_reconciliations'))
		if (r.bank === bank && r.status === 'RECONCILED' && r.day > last) last = r.day;
	return last;
}

/** Documents (and opening balances) with money still to pay or to receive. */
const unallocatedArtefacts = {
	seed(ctx) {
		const rows = [];
		for (const space of PAYABLE) {
			ctx.rows(space).forEach((doc, i) => {
				// Drafts and voids are not booked (`tx` < 0); deleted documents are gone.
				if (doc.deleted !== null || doc.tx < 0 || doc.net + doc.tax - doc.paid <= 0) return;
				rows.push({ space, index: i, contact: doc.contact, created: doc.created, updated: doc.updated, deleted: null });
			});
		}
		ctx.rows('contact_opening_balances').forEach((ob, i) => {
			if (ob.paidDay >= 0) return;
			rows.push({
				space: 'contact_opening_balances',
				index: i,
				contact: ob.contact,
				created: ob.created,
				updated: ob.updated,
				deleted: null,
			});
		});
		return inCreationOrder(rows);
	},
	// The records are the artefacts themselves: their ids (and legacy ids), and a link to the artefact.
	idOf: (ctx, index) => {
		const row = ctx.rows('unallocated_artefacts')[index];
		return ctx.id(row.space, row.index);
	},
	legacyOf: (ctx, index) => ctx.legacyId(ctx.rows('unallocated_artefacts')[index].index),
	findId(ctx, id) {
		const d = ctx.decode(id);
		if (!d || d.sub !== 0) return -1;
		return (
			lookup(ctx.rows('unallocated_artefacts'), (row) => `${row.space}:${row.index}`).get(`${d.space}:${d.index}`) ?? -1
		);
	},
	displayedAs: (row, ctx) => ctx.displayedAs(row.space, row.index),
	// "Use this to filter by the contact identifier."
	search: {
		contact_name: (row, ctx) => ctx.rows('contacts')[row.contact].name,
		contact_reference: (row, ctx) => ctx.rows('contacts')[row.contact].ref,
	},
	render: (row, ctx) => ({
		links: [{ href: ctx.ref(row.space, row.index).$path, rel: 'alternate', type: 'application/json' }],
	}),
};

/**
 * Invoices and credit notes owed before the accounts start, carried in as opening balances against
 * the retained-profit account. Most invoices were settled in the first weeks (contact_payments);
 * the rest, and the credit notes, are still open (unallocated_artefacts).
 */
const OB_COUNTS = { lead: 40, second: 10, invited: 8 };

const contactOpeningBalances = {
	books: true,
	seed(ctx) {
		const rng = ctx.rng('contact_opening_balances');
		const start = dayOf(SEED_START);
		const contacts = ctx.rows('contacts');
		const known = (bit) => ctx.contactsOfType(bit).filter((i) => contacts[i].created < SEED_START);
		const pools = { sales: known(CUSTOMER), purchase: known(VENDOR) };
		const count = OB_COUNTS[ctx.biz.profile] ?? 0;
		const rows = [];
		const taken = new Set();
		for (let k = 0; k < count; k++) {
			const side = k % 4 === 3 ? 'purchase' : 'sales';
			const pool = pools[side];
			let contact = pool[rng.int(0, pool.length - 1)];
			for (let tries = 0; taken.has(contact) && tries < 20; tries++) contact = pool[rng.int(0, pool.length - 1)];
			taken.add(contact);
			const kind = rng.chance(0.15) ? 'CREDIT_NOTE' : 'INVOICE';
			const total = rng.int(40, 2400) * 100 + rng.int(0, 99);
			const paid = kind === 'INVOICE' && rng.chance(0.75);
			const created = wholeSecond(SEED_START + 9 * 3_600_000 + k * 240_000);
			rows.push({
				side,
				kind,
				contact,
				types: side === 'sales' ? CUSTOMER : VENDOR,
				total,
				date: start - rng.int(5, 90),
				ref: `OB-${String(k + 1).padStart(4, '0')}`,
				paidDay: paid ? start + rng.int(7, 60) : -1,
				created,
				updated: created,
				deleted: null,
				tx: -1,
			});
		}
		rows.forEach((row, i) => {
			const type = `${row.side === 'sales' ? 'CUSTOMER' : 'VENDOR'}_OPENING_BALANCE_${row.kind}`;
			const controlAccount = control(ctx, row.side);
			const retained = ctx.chart.byRole('retained');
			// A customer's invoice is owed to us (debit the debtors); a supplier's invoice is owed by us.
			const debitControl = (row.side === 'sales') === (row.kind === 'INVOICE');
			const legs = debitControl
				? [
						[controlAccount, row.total, 0],
						[retained, 0, row.total],
					]
				: [
						[retained, row.total, 0],
						[controlAccount, 0, row.total],
					];
			row.type = type;
			row.tx = post(ctx, {
				type,
				day: row.date,
				created: row.created,
				contact: row.contact,
				source: ['contact_opening_balances', i],
				legs,
			});
		});
		return rows;
	},
	displayedAs: (row) => row.ref,
	render(row, ctx) {
		const total = amount(row.total);
		const kindLabel = row.kind === 'INVOICE' ? 'Invoice' : 'Credit Note';
		return {
			...stamps(row),
			transaction: transactionRef(ctx, row.tx),
			transaction_type: transactionTypeRef(row.type),
			deleted_at: formatInstant(row.deleted),
			contact_opening_balance_type: codeRef(ctx, 'contact_opening_balance_types', row.kind, kindLabel),
			contact: ctx.ref('contacts', row.contact),
			date: formatDay(row.date),
			reference: row.ref,
			details: `Balance brought forward: ${kindLabel.toLowerCase()} of ${formatDay(row.date)}`,
			net_amount: total,
			tax_rate: null,
			tax_amount: 0,
			tax_breakdown: [],
			total_amount: total,
			currency: currency(ctx),
			exchange_rate: 1,
			base_currency_net_amount: total,
			base_currency_tax_amount: 0,
			base_currency_tax_breakdown: [],
			base_currency_total_amount: total,
		};
	},
};

/** Sales invoices for which the business switched off online card payment (object_guid = the invoice's id). */
const HOSTED_COUNTS = { lead: 6, second: 3, invited: 2 };

const hostedArtefactPaymentSettings = {
	seed(ctx) {
		const invoices = ctx.rows('sales_invoices');
		const open = [];
		invoices.forEach((row, i) => {
			if (row.deleted === null && row.tx >= 0 && row.paid === 0 && row.created + DAY_MS <= SEED_END) open.push(i);
		});
		const count = Math.min(HOSTED_COUNTS[ctx.biz.profile] ?? 0, open.length);
		const rows = [];
		for (let k = 0; k < count; k++) {
			const index = open[Math.floor(((k + 0.5) * open.length) / count)];
			const created = wholeSecond(invoices[index].created + DAY_MS);
			rows.push({ space: 'sales_invoices', index, created, updated: created, deleted: null });
		}
		return inCreationOrder(rows);
	},
	displayedAs: (row, ctx) => ctx.displayedAs(row.space, row.index),
	render: (row, ctx) => ({ object_guid: ctx.id(row.space, row.index), disable_payment: true }),
};

module.exports = {
	contactAllocations,
	contactPayments,
	unallocatedArtefacts,
	contactOpeningBalances,
	hostedArtefactPaymentSettings,
	PAYABLE,
};
