'use strict';

const { amount } = require('../money');
const { stamps, formatDay } = require('./common');
const { SEED_START, dayOf, wholeSecond } = require('../time');
const { classificationOf } = require('../code-lists');
const { narrowingNothing } = require('../../api/row-filters');

/**
 * Double-entry bookkeeping for the seeded documents: every document that touches the books posts
 * one balanced transaction, so any trial balance computed from the entries balances.
 */
const TRANSACTION_TYPES = [
	['JOURNAL', 'Journal'],
	['SALES_INVOICE', 'Sales Invoice'],
	['SALES_CREDIT_NOTE', 'Sales Credit Note'],
	['SALES_CORRECTIVE_INVOICE', 'Sales Corrective Invoice'],
	['SALES_QUICK_ENTRY_INVOICE', 'Sales QE Invoice'],
	['SALES_QUICK_ENTRY_CREDIT_NOTE', 'Sales QE Credit Note'],
	['PURCHASE_INVOICE', 'Purchase Invoice'],
	['PURCHASE_CREDIT_NOTE', 'Purchase Credit Note'],
	['PURCHASE_CORRECTIVE_INVOICE', 'Purchase Corrective Invoice'],
	['PURCHASE_QUICK_ENTRY_INVOICE', 'Purchase QE Invoice'],
	['PURCHASE_QUICK_ENTRY_CREDIT_NOTE', 'Purchase QE Credit Note'],
	['CUSTOMER_RECEIPT', 'Customer Receipt'],
	['CUSTOMER_REFUND', 'Customer Refund'],
	['VENDOR_PAYMENT', 'Supplier Payment'],
	['VENDOR_REFUND', 'Supplier Refund'],
	['OTHER_PAYMENT', 'Other Payment'],
	['OTHER_RECEIPT', 'Other Receipt'],
	// Booked by the business-data collections (sandbox/data/business-collections.js).
	['CUSTOMER_ALLOCATION', 'Customer Allocation'],
	['VENDOR_ALLOCATION', 'Supplier Allocation'],
	['BANK_TRANSFER', 'Bank Transfer'],
	['BANK_DEPOSIT', 'Bank Deposit'],
	['BANK_OPENING_BALANCE', 'Bank Opening Balance'],
	['CUSTOMER_OPENING_BALANCE_INVOICE', 'Customer Opening Balance Invoice'],
	['CUSTOMER_OPENING_BALANCE_CREDIT_NOTE', 'Customer Opening Balance Credit Note'],
	['VENDOR_OPENING_BALANCE_INVOICE', 'Supplier Opening Balance Invoice'],
	['VENDOR_OPENING_BALANCE_CREDIT_NOTE', 'Supplier Opening Balance Credit Note'],
];
const TYPE_LABEL = new Map(TRANSACTION_TYPES);

/**
 * Books one transaction. Legs name accounts by chart index; zero legs are dropped.
 * @param {object} ctx
 * @param {{ type: string, day: number, created: number, contact?: number, source?: [string, number],
 *   payment?: boolean, label?: string, legs: Array<[number, number, number]> }} t
 * @returns {number} the transaction number
 */
function post(ctx, t) {
	const type = t.type;
	if (!TYPE_LABEL.has(type)) throw new Error(`unknown transaction type ${type}`);
	let debit = 0;
	let credit = 0;
	for (const [, d, c] of t.legs) {
		debit += d;
		credit += c;
	}
	if (debit !== credit) throw new Error(`unbalanced ${t.type}: ${debit} ≠ ${credit}`);
	const { transactions, postings } = ctx.biz;
	const tx = transactions.length;
	transactions.push({
		type,
		space: t.source?.[0] ?? null,
		index: t.source?.[1] ?? -1,
		payment: !!t.payment,
		label: t.label ?? null,
		day: t.day,
		created: t.created,
		contact: t.contact ?? -1,
	});
	for (const [account, d, c] of t.legs) {
		if (d === 0 && c === 0) continue;
		postings.push({
			tx,
			account,
			debit: d,
			credit: c,
			date: t.day,
			created: t.created,
			updated: t.created,
			deleted: null,
			contact: t.contact ?? -1,
			type,
		});
	}
	ctx.touch('ledger_entries');
	// The /transactions list, once seeded, follows transactions booked later (test hooks).
	ctx.biz.afterPost?.(tx);
	return tx;
}

/** @param {object} ctx @param {number} tx */
function transactionLabel(ctx, tx) {
	const t = ctx.biz.transactions[tx];
	if (t.label) return t.label;
	const doc = ctx.displayedAs(t.space, t.index);
	return t.payment ? `${TYPE_LABEL.get(t.type)}: ${doc}` : doc;
}

/** @param {object} ctx @param {number} tx */
const transactionRef = (ctx, tx) => {
	const id = ctx.pseudoId('transactions', tx);
	return { id, displayed_as: transactionLabel(ctx, tx), $path: `/transactions/${id}` };
};

/** @param {string} id a TRANSACTION_TYPES id */
const transactionTypeRef = (id) => ({ id, displayed_as: TYPE_LABEL.get(id), $path: `/transaction_types/${id}` });

const GROUPS = {
	SALES: 'INCOME',
	OTHER_INCOME: 'INCOME',
	DIRECT_EXPENSES: 'EXPENDITURE',
	OVERHEADS: 'EXPENDITURE',
	DEPRECIATION: 'EXPENDITURE',
	CURRENT_ASSETS: 'ASSETS',
	FIXED_ASSETS: 'ASSETS',
	FUTURE_ASSETS: 'ASSETS',
	BANK: 'ASSETS',
	CURRENT_LIABILITY: 'LIABILITY',
	FUTURE_LIABILITY: 'LIABILITY',
	LINE_OF_CREDIT: 'LIABILITY',
	EQUITY: 'EQUITY',
};

const ledgerAccounts = {
	seed: (ctx) =>
		ctx.chart.rows.map((row) => ({ ...row, created: ctx.biz.createdMs, updated: ctx.biz.createdMs, deleted: null })),
	displayedAs: (row) => `${row.name} (${row.nominal})`,
	// The dates bound `show_balance_details`, not the list: a ledger account is never dropped by them.
	predicates: { from_date: narrowingNothing('from_date'), to_date: narrowingNothing('to_date') },
	render(row, ctx) {
		const visible = (scope) => row.scopes.includes(scope);
		return {
			...stamps(row),
			ledger_account_group: {
				id: GROUPS[row.type],
				displayed_as: GROUPS[row.type][0] + GROUPS[row.type].slice(1).toLowerCase(),
			},
			name: row.name,
			display_name: row.name,
			visible_scopes: row.scopes,
			included_in_chart: true,
			nominal_code: row.nominal,
			ledger_account_type: ctx.refCode('ledger_account_types', row.type),
			ledger_account_classification:
				classificationOf(row) && ctx.refCode('ledger_account_classifications', classificationOf(row)),
			tax_rate: row.type === 'SALES' || row.type === 'DIRECT_EXPENSES' ? ctx.ref('tax_rates', 0) : null,
			fixed_tax_rate: false,
			visible_in_banking: visible('banking'),
			visible_in_expenses: visible('expenses'),
			visible_in_journals: visible('journals'),
			visible_in_other_payments: visible('other_payments'),
			visible_in_other_receipts: visible('other_receipts'),
			visible_in_reporting: visible('reporting'),
			visible_in_sales: visible('sales'),
			is_control_account: row.control !== null,
			control_name: row.control,
			display_formatted: `${row.nominal} - ${row.name}`,
			tax_recoverable: false,
			cis_materials: false,
			cis_labour: false,
			gifi_code: null,
		};
	},
};

const ledgerEntries = {
	/**
	 * Entries come from the documents' postings, so every posting source is seeded first; then the
	 * entries are put in creation order, which is the collection's default order.
	 */
	seed(ctx) {
		for (const name of ctx.postingSources) ctx.rows(name);
		const created = wholeSecond(SEED_START + 8 * 3_600_000);
		const capital = ctx.biz.openingCapital;
		// Sage dates opening balances the day before the accounts start date, as the other opening records.
		post(ctx, {
			type: 'JOURNAL',
			day: dayOf(SEED_START) - 1,
			created,
			label: 'Opening balances',
			legs: [
				[ctx.chart.byRole('bank'), capital, 0],
				[ctx.chart.byRole('equity'), 0, capital],
			],
		});
		ctx.biz.postings.sort((a, b) => a.created - b.created);
		return ctx.biz.postings;
	},
	displayedAs: (row, ctx) => transactionLabel(ctx, row.tx),
	render(row, ctx) {
		return {
			...stamps(row),
			date: formatDay(row.date),
			credit: amount(row.credit),
			debit: amount(row.debit),
			ledger_account: ctx.ref('ledger_accounts', row.account),
			transaction: transactionRef(ctx, row.tx),
			contact: row.contact >= 0 ? ctx.ref('contacts', row.contact) : null,
			deleted: false,
			tax_rate: null,
			description: transactionLabel(ctx, row.tx),
			journal_code: null,
		};
	},
};

/**
 * Net balances (debit − credit, cents) per ledger account and per contact's control account,
 * recomputed only when the ledger changed.
 * @param {object} ctx
 */
function balances(ctx) {
	const version = ctx.version('ledger_entries');
	if (ctx.biz.balanceCache?.version === version) return ctx.biz.balanceCache;
	// Ledger accounts created through the API follow the chart's.
	const accounts = new Float64Array(Math.max(ctx.chart.rows.length, ctx.rows('ledger_accounts').length));
	const contacts = new Map();
	const debtors = ctx.chart.byRole('debtors');
	const creditors = ctx.chart.byRole('creditors');
	for (const e of ctx.rows('ledger_entries')) {
		// Postings of voided or deleted records (writes) no longer count.
		if (e.deleted !== null) continue;
		accounts[e.account] += e.debit - e.credit;
		if (e.contact >= 0 && (e.account === debtors || e.account === creditors)) {
			const sign = e.account === debtors ? 1 : -1;
			contacts.set(e.contact, (contacts.get(e.contact) ?? 0) + sign * (e.debit - e.credit));
		}
	}
	ctx.biz.balanceCache = { version, accounts, contacts };
	return ctx.biz.balanceCache;
}

module.exports = {
	post,
	transactionRef,
	transactionTypeRef,
	TRANSACTION_TYPES,
	GROUPS,
	ledgerAccounts,
	ledgerEntries,
	balances,
};
