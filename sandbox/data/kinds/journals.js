'use strict';

const { amount } = require('../money');
const { DAY_MS, SEED_START, SEED_END, dayOf, formatDay, formatInstant, wholeSecond } = require('../time');
const { stamps } = require('./common');
const { post, transactionRef, transactionTypeRef } = require('./ledger');
const { codeRef, hasRole, inCreationOrder, lookup } = require('./books');

/**
 * Journals, the opening position and the audit trail (/transactions).
 *
 * - journals: month-end adjustments between accounts shown in the journals area, each booked as
 *   one balanced JOURNAL transaction; French journals carry the OD journal code.
 * - ledger_account_opening_balances: the balances of the non-bank accounts brought forward, booked
 *   together as one opening journal; opening_balance_journals lists it next to the ledger's own
 *   opening journal (capital paid into the current account), lines read from the ledger.
 * - transactions: every transaction the ledger holds, in creation order, each with its origin
 *   (the document, payment, allocation, journal … that booked it); ledger entries name the same ids.
 */

const JOURNAL_COUNTS = { lead: 40, second: 16, invited: 16 };

/** [role, share]: positive shares are debits of that share of the total, -1 is the credit of it all. */
const TEMPLATES = [
	{
		key: 'depreciation',
		lines: [
			['depreciation', 1],
			['fixed_assets', -1],
		],
	},
	{
		key: 'stock',
		lines: [
			['stock', 1],
			['purchases', -1],
		],
		analysed: true,
	},
	{
		key: 'costs',
		lines: [
			['fees', 0.6],
			['rent', 0.4],
			['purchases', -1],
		],
		analysed: true,
	},
	{
		key: 'vat',
		lines: [
			['vat_out', 1],
			['vat_in', -1],
		],
	},
	{
		key: 'income',
		lines: [
			['sales_goods', 1],
			['other_income', -1],
		],
	},
];
const TEXT = {
	gb: {
		depreciation: 'Depreciation of equipment',
		stock: 'Stock valuation adjustment',
		costs: 'Reallocation of costs',
		vat: 'VAT control transfer',
		income: 'Reclassify miscellaneous income',
		opening: 'Opening balances',
		accounts: 'Opening balances: ledger accounts',
	},
	es: {
		depreciation: 'Amortización del inmovilizado',
		stock: 'Regularización de existencias',
		costs: 'Reclasificación de gastos',
		vat: 'Liquidación de IVA',
		income: 'Reclasificación de ingresos',
		opening: 'Saldos de apertura',
		accounts: 'Saldos de apertura: cuentas',
	},
	fr: {
		depreciation: 'Dotation aux amortissements',
		stock: 'Variation de stock',
		costs: 'Reclassement de charges',
		vat: 'Liquidation de TVA',
		income: 'Reclassement de produits',
		opening: 'Soldes d’ouverture',
		accounts: 'Soldes d’ouverture : comptes',
	},
};
const text = (ctx, key) => (TEXT[ctx.biz.country] ?? TEXT.gb)[key];

/** French journal codes: [code, name, journal code type, control name]. Reserved = has a control name. */
const JOURNAL_CODES = [
	['VE', 'Ventes', 'SALES', 'VE'],
	['AC', 'Achats', 'PURCHASES', 'AC'],
	['BQ1', 'Banque — Compte courant', 'BANK', null],
	['CA', 'Caisse', 'CASH', null],
	['OD', 'Opérations diverses', 'OTHER', 'OD'],
	['AN', 'À-nouveaux', 'OTHER', 'REPBAL'],
];
const CODE_TYPE_LABELS = { SALES: 'Sales', PURCHASES: 'Purchases', BANK: 'Bank', CASH: 'Cash', OTHER: 'Other' };

// Only French businesses have journal codes (the OpenAPI's Endpoint Availability); elsewhere the list is empty.
const journalCodes = {
	seed: (ctx) =>
		JOURNAL_CODES.map(([code, name, type, control], i) => {
			const created = ctx.biz.createdMs + i * 60_000;
			return { code, name, type, control, created, updated: created, deleted: null };
		}),
	displayedAs: (row) => `${row.code} - ${row.name}`,
	render: (row, ctx) => ({
		...stamps(row),
		name: row.name,
		code: row.code,
		journal_code_type: codeRef(ctx, 'journal_code_types', row.type, CODE_TYPE_LABELS[row.type]),
		control_name: row.control,
		reserved: row.control !== null,
	}),
};

const journals = {
	books: true,
	seed(ctx) {
		const rng = ctx.rng('journals');
		const templates = TEMPLATES.filter((t) => t.lines.every(([role]) => hasRole(ctx, role)));
		const count = JOURNAL_COUNTS[ctx.biz.profile] ?? 0;
		const from = SEED_START + 10 * DAY_MS;
		const step = (SEED_END - DAY_MS - from) / Math.max(count, 1);
		const categories = transactionCategories(ctx);
		const rows = [];
		for (let i = 0; i < count; i++) {
			const created = wholeSecond(from + step * (i + rng.next() * 0.9));
			const template = rng.pick(templates);
			const total = rng.int(50, 2500) * 100 + rng.int(0, 99);
			let left = total;
			const legs = template.lines.map(([role, share], k) => {
				if (share < 0) return [role, 0, total];
				const last = !template.lines.slice(k + 1).some(([, s]) => s > 0);
				const debit = last ? left : Math.round(total * share);
				left -= debit;
				return [role, debit, 0];
			});
			const analysis = legs.map(([, debit]) =>
				template.analysed && debit > 0 && categories.length ? rng.pick(categories) : -1,
			);
			rows.push({
				key: template.key,
				legs,
				analysis,
				total,
				date: dayOf(created) - rng.int(0, 2),
				ref: `JNL-${String(i + 1).padStart(4, '0')}`,
				created,
				updated: created,
				deleted: null,
				tx: -1,
			});
		}
		rows.forEach((row, i) => {
			row.tx = post(ctx, {
				type: 'JOURNAL',
				day: row.date,
				created: row.created,
				source: ['journals', i],
				legs: row.legs.map(([role, debit, credit]) => [ctx.chart.byRole(role), debit, credit]),
			});
		});
		return rows;
	},
	displayedAs: (row, ctx) => `${row.ref} ${text(ctx, row.key)}`,
	render(row, ctx, index) {
		const od = ctx.biz.country === 'fr' ? ctx.rows('journal_codes').findIndex((c) => c.code === 'OD') : -1;
		return {
			...stamps(row),
			transaction: transactionRef(ctx, row.tx),
			transaction_type: transactionTypeRef('JOURNAL'),
			deleted_at: formatInstant(row.deleted),
			date: formatDay(row.date),
			reference: row.ref,
			description: text(ctx, row.key),
			total: amount(row.total),
			journal_code: od >= 0 ? ctx.ref('journal_codes', od) : null,
			journal_lines: row.legs.map(([role, debit, credit], k) => ({
				id: ctx.subId('journals', index, k + 1),
				ledger_account: ctx.ref('ledger_accounts', ctx.chart.byRole(role)),
				details: text(ctx, row.key),
				debit: amount(debit),
				credit: amount(credit),
				analysis_type_categories: row.analysis[k] >= 0 ? [analysisLine(ctx, row.analysis[k])] : [],
				include_on_tax_return: false,
				tax_reconciled: false,
				cleared: false,
				bank_reconciled: false,
				journal_line_foreign_currency: null,
			})),
			migrated: false,
		};
	},
};

/** Categories of the business's transaction-level analysis types (row indexes). */
function transactionCategories(ctx) {
	const types = ctx.rows('analysis_types');
	const out = [];
	ctx.rows('analysis_type_categories').forEach((row, i) => {
		if (types[row.type].level === 'TRANSACTION') out.push(i);
	});
	return out;
}

function analysisLine(ctx, category) {
	const row = ctx.rows('analysis_type_categories')[category];
	return { ...ctx.ref('analysis_type_categories', category), analysis_type: ctx.ref('analysis_types', row.type) };
}

/** Balances brought forward per chart role: [role, debit, credit] in cents; retained profit balances them. */
const OPENING_ACCOUNTS = {
	gb: [
		['fixed_assets', 1_850_000, 0],
		['furniture', 620_000, 0],
		['stock', 435_000, 0],
		['loan', 0, 1_500_000],
	],
	es: [
		['fixed_assets', 980_000, 0],
		['stock', 260_000, 0],
	],
	fr: [
		['fixed_assets', 740_000, 0],
		['stock', 310_000, 0],
	],
};

const ledgerAccountOpeningBalances = {
	books: true,
	seed(ctx) {
		const plan = (OPENING_ACCOUNTS[ctx.biz.country] ?? []).filter(([role]) => hasRole(ctx, role));
		const net = plan.reduce((sum, [, d, c]) => sum + d - c, 0);
		plan.push(['retained', net < 0 ? -net : 0, net > 0 ? net : 0]);
		const created = wholeSecond(SEED_START + 8 * 3_600_000 + 60_000);
		const rows = plan.map(([role, debit, credit]) => ({
			account: ctx.chart.byRole(role),
			debit,
			credit,
			created,
			updated: created,
			deleted: null,
		}));
		const tx = post(ctx, {
			type: 'JOURNAL',
			day: dayOf(SEED_START) - 1,
			created,
			source: ['ledger_account_opening_balances', 0],
			label: text(ctx, 'accounts'),
			legs: rows.map((row) => [row.account, row.debit, row.credit]),
		});
		for (const row of rows) row.tx = tx;
		return rows;
	},
	displayedAs: (row, ctx) => ctx.displayedAs('ledger_accounts', row.account),
	render: (row, ctx) => ({
		...stamps(row),
		ledger_account: ctx.ref('ledger_accounts', row.account),
		details: text(ctx, 'opening'),
		debit: amount(row.debit),
		credit: amount(row.credit),
	}),
};

/** Postings of one transaction (a scan; used for the two opening journals only). */
const linesOf = (ctx, tx) => ctx.biz.postings.filter((p) => p.tx === tx);

const openingBalanceJournals = {
	seed(ctx) {
		ctx.rows('ledger_entries');
		const own = ctx.biz.transactions.findIndex((t) => t.type === 'JOURNAL' && t.space === null);
		const txs = [own, ctx.rows('ledger_account_opening_balances')[0]?.tx ?? -1].filter((tx) => tx >= 0);
		return inCreationOrder(
			txs.map((tx) => {
				const t = ctx.biz.transactions[tx];
				return { tx, date: t.day, created: t.created, updated: t.created, deleted: null };
			}),
		);
	},
	displayedAs: (row, ctx) => transactionRef(ctx, row.tx).displayed_as,
	render(row, ctx, index) {
		return {
			...stamps(row),
			transaction: transactionRef(ctx, row.tx),
			transaction_type: transactionTypeRef(ctx.biz.transactions[row.tx].type),
			deleted_at: formatInstant(row.deleted),
			date: formatDay(row.date),
			reference: `OBJ-${String(index + 1).padStart(3, '0')}`,
			journal_lines: linesOf(ctx, row.tx).map((p, k) => ({
				id: ctx.subId('opening_balance_journals', index, k + 1),
				ledger_account: ctx.ref('ledger_accounts', p.account),
				details: text(ctx, 'opening'),
				debit: amount(p.debit),
				credit: amount(p.credit),
			})),
		};
	},
};

/** Each transaction's total (its debits), recomputed when the ledger changes. */
function totalOf(ctx, tx) {
	const version = ctx.version('ledger_entries');
	let cache = ctx.biz.transactionTotals;
	if (!cache || cache.version !== version) {
		const totals = new Float64Array(ctx.biz.transactions.length);
		for (const p of ctx.rows('ledger_entries')) totals[p.tx] += p.debit;
		cache = ctx.biz.transactionTotals = { version, totals };
	}
	return cache.totals[tx] ?? 0;
}

/** The record that booked a transaction: [collection, row index], or null. */
function originOf(ctx, tx) {
	let origins = ctx.biz.transactionOrigins;
	if (!origins) {
		origins = new Map();
		for (const name of ['contact_payments', 'contact_allocations', 'opening_balance_journals']) {
			ctx.rows(name).forEach((row, i) => origins.set(row.tx, [name, i]));
		}
		ctx.biz.transactionOrigins = origins;
	}
	const known = origins.get(tx);
	if (known) return known;
	const t = ctx.biz.transactions[tx];
	return t.space && !t.payment ? [t.space, t.index] : null;
}

function attachmentsOf(ctx, tx) {
	const origin = originOf(ctx, tx);
	return origin ? (ctx.rows(origin[0])[origin[1]].attachments ?? 0) : 0;
}

const txRow = (t, tx) => ({
	tx,
	type: t.type,
	date: t.day,
	contact: t.contact,
	created: t.created,
	updated: t.created,
	deleted: null,
});

const transactions = {
	seed(ctx) {
		ctx.rows('ledger_entries');
		return ctx.biz.transactions.map(txRow).sort((a, b) => a.created - b.created || a.tx - b.tx);
	},
	/** Once seeded (or copied), the list follows transactions booked later (writes, test hooks). */
	bind(ctx) {
		ctx.biz.afterPost = (tx) => {
			ctx.rows('transactions').push(txRow(ctx.biz.transactions[tx], tx));
			ctx.touch('transactions');
		};
	},
	idOf: (ctx, index) => ctx.pseudoId('transactions', ctx.rows('transactions')[index].tx),
	findId(ctx, id) {
		const d = ctx.decode(id);
		if (!d || d.space !== 'transactions' || d.sub !== 0) return -1;
		return lookup(ctx.rows('transactions'), (row) => row.tx).get(d.index) ?? -1;
	},
	displayedAs: (row, ctx) => transactionRef(ctx, row.tx).displayed_as,
	render(row, ctx) {
		const origin = originOf(ctx, row.tx);
		const total = amount(totalOf(ctx, row.tx));
		return {
			...stamps(row),
			date: formatDay(row.date),
			deleted: row.deleted !== null,
			reference: origin ? ctx.displayedAs(origin[0], origin[1]).slice(0, 255) : null,
			total,
			total_in_transaction_currency: total,
			contact: row.contact >= 0 ? ctx.ref('contacts', row.contact) : null,
			transaction_type: transactionTypeRef(ctx.biz.transactions[row.tx].type),
			origin: origin ? ctx.ref(origin[0], origin[1]) : null,
			audit_trail_id: String(row.tx + 1),
			number_of_attachments: String(attachmentsOf(ctx, row.tx)),
		};
	},
	attachmentsOf,
};

module.exports = { journalCodes, journals, ledgerAccountOpeningBalances, openingBalanceJournals, transactions };
