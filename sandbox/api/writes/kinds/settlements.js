'use strict';

const { amount } = require('../../../data/money');
const { formatDay, parseDay, dayOf } = require('../../../data/time');
const { transactionRef, transactionTypeRef } = require('../../../data/kinds/ledger');
const { CUSTOMER, VENDOR } = require('../../../data/kinds/contacts');
const { cents, controlAccount, book, settle, settleable, syncOpen } = require('../books');
const { artefactRef, artefactLabel, onAccountUsed, ON_ACCOUNT_SUB } = require('../payments-on-account');

/**
 * Contact payments, contact allocations and contact opening balances.
 *
 * A payment's `allocated_artefacts` each name an open invoice or credit note of the payment's
 * contact (booked: not a draft, not void) with an amount no larger than what is open on it. For a
 * receipt or a supplier payment a positive amount pays an invoice and a negative one sets a credit
 * note against it; for a refund, the other way round. A payment's money on account is named by its
 * own id like a credit note (a refund's like an invoice: payments-on-account.js). Dates are free: a
 * payment or allocation may be dated before or after what it settles. The total must equal the
 * allocations' sum plus any payment on account. Allocating settles: the artefact's outstanding amount falls and its
 * status moves (PART_PAID, PAID). The payment books bank against the contact's control account.
 *
 * An allocation sets invoices against credit notes of one contact without money moving: its
 * amounts (invoices positive, credit notes negative) sum to zero; it books a zero-sum transaction
 * on the control account, as the seeded allocations do.
 *
 * Deleting (or rewriting) a payment or allocation undoes what it settled.
 */

const PAYMENT_TYPES = {
	CUSTOMER_RECEIPT: { side: 'sales', money: 'in', pays: 'invoice' },
	CUSTOMER_REFUND: { side: 'sales', money: 'out', pays: 'credit' },
	VENDOR_PAYMENT: { side: 'purchase', money: 'out', pays: 'invoice' },
	VENDOR_REFUND: { side: 'purchase', money: 'in', pays: 'credit' },
};
const ALLOCATION_TYPES = { CUSTOMER_ALLOCATION: 'sales', VENDOR_ALLOCATION: 'purchase' };

/** What a row settles: [{ space, index, cents }], for written and seeded rows alike. */
function settledBy(name, row) {
	if (row.allocs) return row.allocs;
	if (name === 'contact_payments') return row.space ? [{ space: row.space, index: row.index, cents: row.amount }] : [];
	if (name === 'contact_allocations') {
		return [
			{ space: `${row.side}_invoices`, index: row.invoice, cents: row.amount },
			{ space: `${row.side}_credit_notes`, index: row.note, cents: row.amount },
		];
	}
	return [];
}

/** What this row settled before the write, per artefact (so a rewrite may use it again). */
function previously(w) {
	const out = new Map();
	if (w.row)
		for (const a of settledBy(w.def.name, w.row))
			out.set(`${a.space}:${a.index}`, (out.get(`${a.space}:${a.index}`) ?? 0) + a.cents);
	return out;
}

/**
 * Reads and checks `allocated_artefacts`.
 * @param {{ side: string, positive: 'invoice'|'credit', contact: number|undefined }} rules
 * @returns {Array<{ space: string, index: number, signed: number, settled: number, discount: number, source: string }>}
 */
function readAllocations(w, list, rules) {
	const { ctx, problems } = w;
	const before = previously(w);
	const out = [];
	(list ?? []).forEach((item, k) => {
		const source = `allocated_artefacts.${k}`;
		if (typeof item.artefact_id !== 'string') {
			problems.add(`${source}.artefact_id`, `${source}.artefact_id is required`);
			return;
		}
		if (typeof item.amount !== 'number') {
			problems.add(`${source}.amount`, `${source}.amount is required`);
			return;
		}
		const found = w.ref(`${source}.artefact_id`);
		if (!found) return;
		const info = settleable(ctx, found.name, found.index);
		if (info.reason) {
			problems.add(`${source}.artefact_id`, `${source}.artefact_id ${info.reason}`);
			return;
		}
		if (info.side !== rules.side) {
			problems.add(
				`${source}.artefact_id`,
				`${source}.artefact_id is a ${info.side} document; this is a ${rules.side} ${w.def.name.replace(/_/g, ' ').replace(/s$/, '')}`,
			);
			return;
		}
		if (rules.contact !== undefined && info.contact !== rules.contact) {
			problems.add(`${source}.artefact_id`, `${source}.artefact_id belongs to another contact`);
			return;
		}
		const signed = cents(item.amount);
		const discount = cents(item.discount ?? 0);
		const kind = info.credit ? 'credit' : 'invoice';
		const wantSign = kind === rules.positive ? 1 : -1;
		if (signed === 0 || Math.sign(signed) !== wantSign) {
			problems.add(
				`${source}.amount`,
				`${source}.amount must be ${wantSign > 0 ? 'positive' : 'negative'} for ${kind === 'credit' ? 'a credit note' : 'an invoice'} here`,
			);
			return;
		}
		if (discount < 0) {
			problems.add(`${source}.discount`, `${source}.discount must not be negative`);
			return;
		}
		const settled = Math.abs(signed) + discount;
		const key = `${found.name}:${found.index}`;
		const available =
			info.open +
			(before.get(key) ?? 0) -
			out.filter((a) => `${a.space}:${a.index}` === key).reduce((s, a) => s + a.settled, 0);
		if (settled > available) {
			problems.add(
				`${source}.amount`,
				`${source}.amount ${amount(Math.abs(signed))}${discount ? ` plus discount ${amount(discount)}` : ''} is more than the ${amount(available)} outstanding on ${artefactLabel(ctx, found.name, found.index)}`,
			);
			return;
		}
		out.push({ space: found.name, index: found.index, signed, settled, discount, source });
	});
	return out;
}

/** The contact of a payment or allocation, of the side its type needs. */
function contactFor(w, side, fallback) {
	const index = w.ref('contact_id')?.index ?? fallback;
	if (index === undefined) return undefined;
	const bit = side === 'sales' ? CUSTOMER : VENDOR;
	if ((w.ctx.rows('contacts')[index].types & bit) === 0) {
		w.problems.add(
			'contact_id',
			`contact_id must be a ${side === 'sales' ? 'customer' : 'supplier'} for this transaction type`,
		);
	}
	return index;
}

const allocationLines = (w, allocations, withDiscount) =>
	allocations.map((a, k) => ({
		id: w.ctx.subId(w.def.name, w.index, k + 1),
		artefact: artefactRef(w.ctx, a.space, a.index),
		amount: amount(a.signed),
		...(withDiscount ? { discount: amount(a.discount) } : {}),
	}));

const contactPayments = {
	editable: (w) => onAccountUsed(w.row),
	deletable: (w) => onAccountUsed(w.row),
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const type = input.transaction_type_id ?? old?.type;
		const rules = PAYMENT_TYPES[type];
		if (!rules) {
			problems.add(
				'transaction_type_id',
				`transaction_type_id must be one of ${Object.keys(PAYMENT_TYPES).join(', ')}`,
			);
			return;
		}
		const contact = contactFor(w, rules.side, old?.contact);
		const bank = w.ref('bank_account_id')?.index ?? old?.bank;
		const date = typeof input.date === 'string' ? parseDay(input.date) : old?.date;
		const total = input.total_amount !== undefined ? cents(input.total_amount) : old?.amount;
		if (total <= 0) problems.add('total_amount', 'total_amount must be more than 0');
		const listed = input.allocated_artefacts ?? (old ? null : []);
		const allocations = listed ? readAllocations(w, listed, { side: rules.side, positive: rules.pays, contact }) : null;
		const kept =
			allocations ??
			settledBy('contact_payments', old).map((a) => ({
				...a,
				signed: a.signed ?? a.cents,
				settled: a.cents,
				discount: a.discount ?? 0,
			}));
		const onAccountInput = input.payment_on_account;
		const onAccount = onAccountInput
			? cents(onAccountInput.total_amount ?? onAccountInput.net_amount ?? 0)
			: input.payment_on_account === null
				? 0
				: (old?.onAccount ?? 0);
		if (onAccount < 0)
			problems.add('payment_on_account.total_amount', 'payment_on_account.total_amount must not be negative');
		const sum = kept.reduce((s, a) => s + a.signed, 0) + onAccount;
		if (total !== undefined && sum !== total && !problems.has('allocated_artefacts')) {
			problems.add(
				'total_amount',
				`total_amount ${amount(total)} must equal the allocated amounts plus the payment on account (${amount(sum)})`,
			);
		}
		if (problems.size || contact === undefined || bank === undefined || date === undefined) return;

		const money = amount(total);
		Object.assign(record, {
			transaction_type: transactionTypeRef(type),
			deleted_at: null,
			contact: ctx.ref('contacts', contact),
			bank_account: ctx.ref('bank_accounts', bank),
			date: formatDay(date),
			net_amount: money,
			tax_amount: 0,
			total_amount: money,
			currency: ctx.refCode('currencies', ctx.biz.currency),
			exchange_rate: 1,
			base_currency_net_amount: money,
			base_currency_tax_amount: 0,
			base_currency_total_amount: money,
			base_currency_currency_charge: 0,
			allocated_artefacts: allocationLines(w, kept, true),
			editable: true,
		});
		if (!record.payment_method) record.payment_method = ctx.refCode('payment_methods', 'BANK_TRANSFER');
		if (onAccount) {
			const c = ctx.rows('contacts')[contact];
			const value = amount(onAccount);
			record.payment_on_account = {
				id: ctx.subId('contact_payments', w.index, ON_ACCOUNT_SUB),
				displayed_as: record.reference ?? 'Payment on account',
				$path: `/contact_payments/${ctx.id('contact_payments', w.index)}`,
				contact_name: c.name,
				contact_reference: c.ref,
				contact: ctx.ref('contacts', contact),
				date: formatDay(date),
				reference: onAccountInput?.reference ?? record.reference ?? null,
				net_amount: value,
				tax_amount: 0,
				total_amount: value,
				outstanding_amount: value,
				currency: ctx.refCode('currencies', ctx.biz.currency),
				exchange_rate: 1,
				base_currency_net_amount: value,
				base_currency_tax_amount: 0,
				base_currency_total_amount: value,
				base_currency_outstanding_amount: value,
				status: ctx.refCode('artefact_statuses', 'UNPAID'),
			};
		} else record.payment_on_account = null;
		Object.assign(w.draft, {
			type,
			contact,
			bank,
			date,
			amount: total,
			onAccount,
			ref: record.reference ?? null,
			method: null,
			allocs: kept.map((a) => ({
				space: a.space,
				index: a.index,
				cents: a.settled,
				signed: a.signed,
				discount: a.discount,
			})),
		});
	},
	label: (w, record) =>
		record.reference ?? `${transactionTypeRef(w.draft.type).displayed_as} ${formatDay(w.draft.date)}`,
	book(w, row, index) {
		const { ctx } = w;
		const { side, money } = PAYMENT_TYPES[row.type];
		const bankAccount = ctx.rows('bank_accounts')[row.bank].account;
		const control = controlAccount(ctx, side);
		const discounts = row.allocs.reduce((s, a) => s + (a.discount ?? 0), 0);
		const discountAccount = ctx.chart.byRole(side === 'sales' ? 'sales_goods' : 'purchases');
		// Money in: bank (and any discount allowed) against the control account; money out: the reverse.
		const legs =
			money === 'in'
				? [
						[bankAccount, row.amount, 0],
						[discountAccount, discounts, 0],
						[control, 0, row.amount + discounts],
					]
				: [
						[control, row.amount + discounts, 0],
						[discountAccount, 0, discounts],
						[bankAccount, 0, row.amount],
					];
		row.tx = book(ctx, {
			type: row.type,
			day: row.date,
			created: w.now,
			contact: row.contact,
			source: ['contact_payments', index],
			legs,
		});
		for (const a of row.allocs) settle(ctx, a.space, a.index, a.cents, row.date, w.now);
		// The payment's own record shows its transaction.
		if (row.stored) row.stored.transaction = transactionRef(ctx, row.tx);
	},
	revert(w, row) {
		for (const a of settledBy('contact_payments', row)) settle(w.ctx, a.space, a.index, -a.cents, row.date, w.now);
	},
};

const contactAllocations = {
	editable: () => null,
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const type = input.transaction_type_id ?? old?.type;
		const side = ALLOCATION_TYPES[type];
		if (!side) {
			problems.add(
				'transaction_type_id',
				`transaction_type_id must be one of ${Object.keys(ALLOCATION_TYPES).join(', ')}`,
			);
			return;
		}
		const contact = contactFor(w, side, old?.contact);
		const date = typeof input.date === 'string' ? parseDay(input.date) : (old?.date ?? dayOf(w.now));
		const allocations = input.allocated_artefacts
			? readAllocations(w, input.allocated_artefacts, { side, positive: 'invoice', contact })
			: settledBy('contact_allocations', old).map((a, k) => ({
					...a,
					signed: a.signed ?? (k === 0 ? a.cents : -a.cents),
					settled: a.cents,
					discount: 0,
				}));
		if (!problems.has('allocated_artefacts')) {
			const sum = allocations.reduce((s, a) => s + a.signed, 0);
			if (allocations.length < 2)
				problems.add(
					'allocated_artefacts',
					'allocated_artefacts must set at least one invoice against one credit note',
				);
			else if (sum !== 0)
				problems.add(
					'allocated_artefacts',
					`allocated_artefacts must sum to 0: invoices positive, credit notes negative (they sum to ${amount(sum)})`,
				);
		}
		if (problems.size || contact === undefined) return;
		Object.assign(record, {
			transaction_type: transactionTypeRef(type),
			deleted_at: null,
			date: formatDay(date),
			contact: ctx.ref('contacts', contact),
			allocated_artefacts: allocationLines(w, allocations, false),
		});
		Object.assign(w.draft, {
			type,
			side,
			contact,
			date,
			amount: allocations.filter((a) => a.signed > 0).reduce((s, a) => s + a.signed, 0),
			allocs: allocations.map((a) => ({ space: a.space, index: a.index, cents: a.settled, signed: a.signed })),
		});
	},
	label: (w, record) => record.allocated_artefacts.map((a) => a.artefact.displayed_as).join(' → '),
	book(w, row, index) {
		const { ctx } = w;
		const control = controlAccount(ctx, row.side);
		row.tx = book(ctx, {
			type: row.type,
			day: row.date,
			created: w.now,
			contact: row.contact,
			source: ['contact_allocations', index],
			legs: [
				[control, row.amount, 0],
				[control, 0, row.amount],
			],
		});
		for (const a of row.allocs) settle(ctx, a.space, a.index, a.cents, row.date, w.now);
		if (row.stored) row.stored.transaction = transactionRef(ctx, row.tx);
	},
	revert(w, row) {
		for (const a of settledBy('contact_allocations', row)) settle(w.ctx, a.space, a.index, -a.cents, row.date, w.now);
	},
};

const OB_TYPES = ['INVOICE', 'CREDIT_NOTE'];

const contactOpeningBalances = {
	editable: (w) => (w.row.paidDay >= 0 ? 'it has been settled' : null),
	deletable: (w) => (w.row.paidDay >= 0 ? 'it has been settled' : null),
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const kind = input.contact_opening_balance_type_id ?? old?.kind;
		if (!OB_TYPES.includes(kind))
			problems.add('contact_opening_balance_type_id', 'contact_opening_balance_type_id must be INVOICE or CREDIT_NOTE');
		const contact = w.ref('contact_id')?.index ?? old?.contact;
		let side = old?.side;
		if (input.transaction_type_id) {
			const m = /^(CUSTOMER|VENDOR)_OPENING_BALANCE_(INVOICE|CREDIT_NOTE)$/.exec(input.transaction_type_id);
			if (!m || m[2] !== kind)
				problems.add(
					'transaction_type_id',
					`transaction_type_id must be CUSTOMER_OPENING_BALANCE_${kind} or VENDOR_OPENING_BALANCE_${kind}`,
				);
			else side = m[1] === 'CUSTOMER' ? 'sales' : 'purchase';
		}
		if (contact !== undefined) {
			const types = ctx.rows('contacts')[contact].types;
			side ??= types & CUSTOMER ? 'sales' : 'purchase';
			if ((types & (side === 'sales' ? CUSTOMER : VENDOR)) === 0)
				problems.add('contact_id', `contact_id must be a ${side === 'sales' ? 'customer' : 'supplier'}`);
		}
		const date = typeof input.date === 'string' ? parseDay(input.date) : old?.date;
		const total = input.total_amount !== undefined ? cents(input.total_amount) : old?.total;
		if (total !== undefined && total <= 0) problems.add('total_amount', 'total_amount must be more than 0');
		const tax = input.tax_amount !== undefined && input.tax_amount !== null ? cents(input.tax_amount) : 0;
		if (problems.size || contact === undefined) return;
		const type = `${side === 'sales' ? 'CUSTOMER' : 'VENDOR'}_OPENING_BALANCE_${kind}`;
		const label = kind === 'INVOICE' ? 'Invoice' : 'Credit Note';
		const money = (prefix) => ({
			[`${prefix}net_amount`]: amount(total - tax),
			[`${prefix}tax_amount`]: amount(tax),
			[`${prefix}total_amount`]: amount(total),
		});
		Object.assign(record, {
			transaction_type: transactionTypeRef(type),
			deleted_at: null,
			contact_opening_balance_type: ctx.refCode('contact_opening_balance_types', kind),
			contact: ctx.ref('contacts', contact),
			date: formatDay(date),
			...money(''),
			currency: ctx.refCode('currencies', ctx.biz.currency),
			exchange_rate: 1,
			...money('base_currency_'),
			details: record.details ?? `Balance brought forward: ${label.toLowerCase()} of ${formatDay(date)}`,
		});
		for (const key of ['tax_breakdown', 'base_currency_tax_breakdown'])
			if (key in record && !Array.isArray(record[key])) record[key] = [];
		Object.assign(w.draft, {
			side,
			kind,
			type,
			contact,
			types: side === 'sales' ? CUSTOMER : VENDOR,
			total,
			date,
			ref: record.reference,
			paidDay: -1,
		});
	},
	label: (w, record) => record.reference,
	book(w, row, index) {
		const { ctx } = w;
		const control = controlAccount(ctx, row.side);
		const retained = ctx.chart.byRole('retained');
		const debitControl = (row.side === 'sales') === (row.kind === 'INVOICE');
		const legs = debitControl
			? [
					[control, row.total, 0],
					[retained, 0, row.total],
				]
			: [
					[retained, row.total, 0],
					[control, 0, row.total],
				];
		row.tx = book(ctx, {
			type: row.type,
			day: row.date,
			created: w.now,
			contact: row.contact,
			source: ['contact_opening_balances', index],
			legs,
		});
		if (row.stored) row.stored.transaction = transactionRef(ctx, row.tx);
		syncOpen(ctx, 'contact_opening_balances', index, w.now);
	},
	afterRevert(w, row, index) {
		syncOpen(w.ctx, 'contact_opening_balances', index, w.now);
	},
};

module.exports = { contactPayments, contactAllocations, contactOpeningBalances, settledBy };
