'use strict';

const { badParameter } = require('./errors');
const { day } = require('./params');
const { decimal } = require('../data/money');
const { formatDay } = require('../data/time');

/** @param {URLSearchParams} query @returns {{ from: number, to: number }} */
function dateRange(query) {
	const read = (name) => {
		const raw = query.get(name);
		if (raw === null || raw === '') badParameter(name, 'is required (YYYY-MM-DD)');
		return day(raw, name);
	};
	const from = read('from_date');
	const to = read('to_date');
	if (from > to) badParameter('to_date', 'must not be before from_date');
	return { from, to };
}

/**
 * Amounts as the spec shows them (decimal strings), or as numbers when the sandbox is asked to,
 * so a client can be tested against both.
 * @param {object} ctx @returns {(cents: number) => string|number}
 */
const amountFormat = (ctx) =>
	ctx.options.trialBalanceAmounts === 'number' ? (cents) => Number(decimal(cents)) : decimal;

/** A net balance (debit − credit, cents) on the side it falls. */
const sided = (net, format) =>
	net >= 0 ? { debit: format(net), credit: format(0) } : { debit: format(0), credit: format(-net) };

/** @param {{ id: string, displayed_as: string, $path: string }} ref @param {number} opening @param {number} debit @param {number} credit @param {(cents: number) => string|number} format */
const accountRow = (ref, opening, debit, credit, format) => ({
	...ref,
	opening_balance: sided(opening, format),
	closing_balance: sided(opening + debit - credit, format),
	debit: format(debit),
	credit: format(credit),
});

/**
 * `GET /trial_balance`: per ledger account with any balance or movement, the balance before
 * `from_date`, the period's debits and credits, and the balance at `to_date`. Deleted entries
 * do not count.
 * @param {object} ctx @param {URLSearchParams} query
 */
function trialBalance(ctx, query) {
	const { from, to } = dateRange(query);
	const n = ctx.rows('ledger_accounts').length;
	const opening = new Float64Array(n);
	const debit = new Float64Array(n);
	const credit = new Float64Array(n);
	for (const e of ctx.rows('ledger_entries')) {
		if (e.deleted !== null || e.date > to) continue;
		if (e.date < from) opening[e.account] += e.debit - e.credit;
		else {
			debit[e.account] += e.debit;
			credit[e.account] += e.credit;
		}
	}
	const ledgerAccounts = [];
	const format = amountFormat(ctx);
	for (let a = 0; a < n; a++) {
		if (opening[a] === 0 && debit[a] === 0 && credit[a] === 0) continue;
		ledgerAccounts.push(accountRow(ctx.ref('ledger_accounts', a), opening[a], debit[a], credit[a], format));
	}
	return { from_date: formatDay(from), to_date: formatDay(to), ledger_accounts: ledgerAccounts };
}

/** [id, name (nominal), opening net, period debit, period credit] in cents; balances by construction. */
const SAMPLE = [
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a10', 'Current Account (1200)', 1_000_000, 540_000, 315_000],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a11', 'Trade Debtors (1100)', 250_000, 600_000, 540_000],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a12', 'Trade Creditors (2100)', -180_000, 240_000, 200_000],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a13', 'Sales Tax Control Account (2200)', -40_000, 0, 100_000],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a14', 'Purchase Tax Control Account (2201)', 15_000, 33_333, 0],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a15', 'Ordinary Shares (3000)', -1_000_000, 0, 0],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a16', 'Sales Type A (4000)', -500_000, 0, 500_000],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a17', 'Cost of Sales - Goods (5000)', 455_000, 166_667, 0],
	['9a3f0c6e1b2d4e5f8a7b6c5d4e3f2a18', 'Rent and Rates (7100)', 0, 75_000, 0],
];

/**
 * `GET /test/trial_balance`: the service's static sample, the same whatever the caller's data;
 * only the requested dates are echoed.
 * @param {object} ctx @param {URLSearchParams} query
 */
function sampleTrialBalance(ctx, query) {
	const { from, to } = dateRange(query);
	return {
		from_date: formatDay(from),
		to_date: formatDay(to),
		ledger_accounts: SAMPLE.map(([id, name, opening, debit, credit]) =>
			accountRow(
				{ id, displayed_as: name, $path: `/ledger_accounts/${id}` },
				opening,
				debit,
				credit,
				amountFormat(ctx),
			),
		),
	};
}

module.exports = { trialBalance, sampleTrialBalance };
