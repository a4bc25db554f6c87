'use strict';

const { amount } = require('../money');
const { DAY_MS, SEED_START, SEED_END, dayOf, formatDay, formatInstant, wholeSecond } = require('../time');
const { stamps } = require('./common');
const { post, transactionRef, transactionTypeRef } = require('./ledger');
const { bankByRole, inCreationOrder } = require('./books');

/**
 * Money moved between the business's own bank accounts, their opening balances and the monthly
 * bank statements they were reconciled against. Everything is booked to the bank accounts' ledger
 * accounts, so the bank accounts' balances, the ledger and the statements agree.
 *
 * The cash box keeps a float: it opens with it, is topped up from the current account at the start
 * of each month by at least what the month's cash payments (other_payments paid in cash) take out,
 * and the surplus above the float is paid back in at each quarter end (bank_deposits). The credit
 * card is paid off from the current account early each month for the month before; the lead also
 * sweeps money to its savings account monthly.
 */

/** [first day, last day] of each month of the seeded history. */
function months() {
	const out = [];
	for (let d = new Date(SEED_START); d.getTime() < SEED_END; d.setUTCMonth(d.getUTCMonth() + 1)) {
		const first = dayOf(d.getTime());
		const next = new Date(d);
		next.setUTCMonth(next.getUTCMonth() + 1);
		out.push([first, dayOf(next.getTime()) - 1]);
	}
	return out;
}
const MONTHS = months();
const MONTH_OF_DAY = new Int8Array(MONTHS[MONTHS.length - 1][1] - MONTHS[0][0] + 1);
MONTHS.forEach(([first, last], m) => MONTH_OF_DAY.fill(m, first - MONTHS[0][0], last - MONTHS[0][0] + 1));
/** @returns {number} the month of the history a day falls in, or -1 */
const monthOf = (day) => MONTH_OF_DAY[day - MONTHS[0][0]] ?? -1;
const at = (day, hours) => wholeSecond(day * DAY_MS + hours * 3_600_000);

const FLOAT = { gb: 200_000, es: 80_000, fr: 60_000 };
const OPENING = { savings: [1_200_000, 0], card: [0, 45_000] };

const WORDS = {
	gb: {
		savings: 'Monthly transfer to savings',
		card: 'Credit card repayment',
		cash: 'Petty cash top-up',
		deposit: 'Cash paid in',
		opening: 'Opening balance',
	},
	es: { cash: 'Reposición de caja', deposit: 'Ingreso de efectivo', opening: 'Saldo de apertura' },
	fr: { cash: 'Approvisionnement de la caisse', deposit: 'Remise d’espèces', opening: 'Solde d’ouverture' },
};

/** Cents paid by each bank account through other_payments, per month of the history. */
function monthlySpend(ctx, bank) {
	const spend = new Array(MONTHS.length).fill(0);
	if (bank < 0) return spend;
	for (const row of ctx.rows('other_payments')) {
		if (row.deleted !== null || row.bank !== bank || row.tx < 0 || row.type !== 'OTHER_PAYMENT') continue;
		const m = monthOf(row.date);
		if (m >= 0) spend[m] += row.net + row.tax;
	}
	return spend;
}

const bankOpeningBalances = {
	books: true,
	seed(ctx) {
		// The current account's opening balance is the ledger's own opening journal (opening_balance_journals).
		const plan = [
			['savings', ...OPENING.savings],
			['card', ...OPENING.card],
			['cash', FLOAT[ctx.biz.country], 0],
		];
		const rows = [];
		for (const [role, debit, credit] of plan) {
			const bank = bankByRole(ctx, role);
			if (bank < 0) continue;
			const created = wholeSecond(SEED_START + 8 * 3_600_000 + (rows.length + 2) * 300_000);
			rows.push({ bank, debit, credit, date: dayOf(SEED_START) - 1, created, updated: created, deleted: null, tx: -1 });
		}
		const retained = ctx.chart.byRole('retained');
		rows.forEach((row, i) => {
			const account = ctx.rows('bank_accounts')[row.bank].account;
			row.tx = post(ctx, {
				type: 'BANK_OPENING_BALANCE',
				day: row.date,
				created: row.created,
				source: ['bank_opening_balances', i],
				legs: [
					[account, row.debit, row.credit],
					[retained, row.credit, row.debit],
				],
			});
		});
		return rows;
	},
	displayedAs: (row, ctx) =>
		`${(WORDS[ctx.biz.country] ?? WORDS.gb).opening}: ${ctx.displayedAs('bank_accounts', row.bank)}`,
	render: (row, ctx) => ({
		...stamps(row),
		transaction: transactionRef(ctx, row.tx),
		transaction_type: transactionTypeRef('BANK_OPENING_BALANCE'),
		bank_account: ctx.ref('bank_accounts', row.bank),
		date: formatDay(row.date),
		debit: amount(row.debit),
		credit: amount(row.credit),
	}),
};

/** The cash box's monthly top-ups and quarterly deposits, planned together so it never drops below its float. */
function cashPlan(ctx) {
	const cash = bankByRole(ctx, 'cash');
	const bank = bankByRole(ctx, 'bank');
	if (cash < 0 || bank < 0) return { topUps: [], deposits: [] };
	const rng = ctx.rng('cash_box');
	const spend = monthlySpend(ctx, cash);
	const topUps = [];
	const deposits = [];
	let surplus = 0;
	MONTHS.forEach(([first, last], m) => {
		const topUp = Math.ceil(spend[m] / 1000) * 1000 + rng.int(2, 10) * 1000;
		topUps.push({ from: bank, to: cash, day: first, amount: topUp, kind: 'cash' });
		surplus += topUp - spend[m];
		if (m % 3 === 2) {
			deposits.push({ from: cash, to: bank, day: last, cash: surplus });
			surplus = 0;
		}
	});
	return { topUps, deposits };
}

const bankTransfers = {
	books: true,
	seed(ctx) {
		const rng = ctx.rng('bank_transfers');
		const bank = bankByRole(ctx, 'bank');
		const savings = bankByRole(ctx, 'savings');
		const card = bankByRole(ctx, 'card');
		const plan = [...cashPlan(ctx).topUps];
		if (bank >= 0 && savings >= 0) {
			for (const [first] of MONTHS)
				plan.push({
					from: bank,
					to: savings,
					day: first + rng.int(24, 27),
					amount: rng.int(30, 150) * 1000,
					kind: 'savings',
				});
		}
		if (bank >= 0 && card >= 0) {
			// The opening card balance goes with the first repayment; each month's spending is repaid on the 5th of the next.
			const spend = monthlySpend(ctx, card);
			const owed = [OPENING.card[1], ...spend];
			owed.forEach((cents, m) => {
				const day = (m < MONTHS.length ? MONTHS[m][0] : MONTHS[MONTHS.length - 1][1] + 1) + 4;
				if (cents > 0 && day <= dayOf(SEED_END)) plan.push({ from: bank, to: card, day, amount: cents, kind: 'card' });
			});
		}
		const rows = inCreationOrder(
			plan.map((p) => {
				const created = at(p.day, 9.5);
				return { ...p, date: p.day, created, updated: created, deleted: null, tx: -1 };
			}),
		);
		const accounts = ctx.rows('bank_accounts');
		rows.forEach((row, i) => {
			row.ref = `TRF-${String(i + 1).padStart(4, '0')}`;
			row.tx = post(ctx, {
				type: 'BANK_TRANSFER',
				day: row.date,
				created: row.created,
				source: ['bank_transfers', i],
				legs: [
					[accounts[row.to].account, row.amount, 0],
					[accounts[row.from].account, 0, row.amount],
				],
			});
		});
		return rows;
	},
	displayedAs: (row) => row.ref,
	render: (row, ctx) => ({
		...stamps(row),
		transaction: transactionRef(ctx, row.tx),
		transaction_type: transactionTypeRef('BANK_TRANSFER'),
		deleted_at: formatInstant(row.deleted),
		from_bank_account: ctx.ref('bank_accounts', row.from),
		to_bank_account: ctx.ref('bank_accounts', row.to),
		date: formatDay(row.date),
		reference: row.ref,
		amount: amount(row.amount),
		description: (WORDS[ctx.biz.country] ?? WORDS.gb)[row.kind] ?? WORDS.gb[row.kind],
	}),
};

/** Cash paid in from the cash box (the only account type deposits leave) to the current account. */
const bankDeposits = {
	books: true,
	seed(ctx) {
		const rows = cashPlan(ctx)
			.deposits.filter((d) => d.cash > 0)
			.map((d) => {
				const created = at(d.day, 16);
				return {
					from: d.from,
					to: d.to,
					date: d.day,
					cash: d.cash,
					cheque: 0,
					created,
					updated: created,
					deleted: null,
					tx: -1,
				};
			});
		const accounts = ctx.rows('bank_accounts');
		rows.forEach((row, i) => {
			row.ref = `DEP-${String(i + 1).padStart(4, '0')}`;
			const total = row.cash + row.cheque;
			row.tx = post(ctx, {
				type: 'BANK_DEPOSIT',
				day: row.date,
				created: row.created,
				source: ['bank_deposits', i],
				legs: [
					[accounts[row.to].account, total, 0],
					[accounts[row.from].account, 0, total],
				],
			});
		});
		return rows;
	},
	displayedAs: (row) => row.ref,
	render: (row, ctx) => ({
		...stamps(row),
		transaction: transactionRef(ctx, row.tx),
		transaction_type: transactionTypeRef('BANK_DEPOSIT'),
		deleted_at: formatInstant(row.deleted),
		from_bank_account: ctx.ref('bank_accounts', row.from),
		to_bank_account: ctx.ref('bank_accounts', row.to),
		date: formatDay(row.date),
		reference: row.ref,
		cash_amount: amount(row.cash),
		cheque_amount: amount(row.cheque),
		total_amount: amount(row.cash + row.cheque),
	}),
};

/** Monthly statements, reconciled against the ledger; the last month's is still a draft. */
const RECONCILED_ROLES = ['bank', 'savings', 'card'];
const STATUS = { RECONCILED: 'Reconciled', DRAFT: 'Draft' };

const bankReconciliations = {
	seed(ctx) {
		const banks = RECONCILED_ROLES.map((role) => bankByRole(ctx, role)).filter((i) => i >= 0);
		const accounts = ctx.rows('bank_accounts');
		const byAccount = new Map(
			banks.map((b) => [
				accounts[b].account,
				{
					bank: b,
					before: 0,
					received: new Array(MONTHS.length).fill(0),
					paid: new Array(MONTHS.length).fill(0),
					early: new Array(MONTHS.length).fill(0),
				},
			]),
		);
		for (const e of ctx.rows('ledger_entries')) {
			const sums = byAccount.get(e.account);
			if (!sums || e.deleted !== null) continue;
			const m = monthOf(e.date);
			if (m < 0) {
				if (e.date < MONTHS[0][0]) sums.before += e.debit - e.credit;
				continue;
			}
			sums.received[m] += e.debit;
			sums.paid[m] += e.credit;
			if (e.date - MONTHS[m][0] < 20) sums.early[m] += e.debit - e.credit;
		}
		const rows = [];
		for (const sums of byAccount.values()) {
			let balance = sums.before;
			MONTHS.forEach(([, last], m) => {
				const starting = balance;
				const closing = starting + sums.received[m] - sums.paid[m];
				const draft = m === MONTHS.length - 1;
				const created = draft ? wholeSecond(SEED_END - 2 * 3_600_000) : at(last + 4, 10);
				rows.push({
					bank: sums.bank,
					day: last,
					starting,
					received: sums.received[m],
					paid: sums.paid[m],
					closing,
					reconciled: draft ? starting + sums.early[m] : closing,
					status: draft ? 'DRAFT' : 'RECONCILED',
					created,
					updated: created,
					deleted: null,
				});
				balance = closing;
			});
		}
		return inCreationOrder(rows);
	},
	displayedAs: (row, ctx) => `${ctx.displayedAs('bank_accounts', row.bank)} — ${formatDay(row.day)}`,
	render: (row, ctx) => ({
		...stamps(row),
		bank_account: ctx.ref('bank_accounts', row.bank),
		statement_date: formatDay(row.day),
		statement_end_balance: amount(row.closing),
		reference: `Statement ${formatDay(row.day).slice(0, 7)}`,
		total_received: amount(row.received),
		total_paid: amount(row.paid),
		starting_balance: amount(row.starting),
		closing_balance: amount(row.closing),
		reconciled_balance: amount(row.reconciled),
		balance_difference: amount(row.closing - row.reconciled),
		status: { id: row.status, displayed_as: STATUS[row.status] },
	}),
};

module.exports = { bankOpeningBalances, bankTransfers, bankDeposits, bankReconciliations, MONTHS };
