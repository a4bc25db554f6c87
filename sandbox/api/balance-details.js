'use strict';

const { badParameter } = require('./errors');
const { boolean, instant } = require('./params');
const { amount } = require('../data/money');
const { formatDay, parseDay } = require('../data/time');

/**
 * `show_balance_details=true` on `GET /ledger_accounts` and `GET /ledger_accounts/{key}`: each
 * ledger account gets `balance_details` (the OpenAPI's LedgerAccountBalanceDetails), the period's
 * debits and credits on it from the ledger entries dated `from_date` to `to_date` inclusive, summed
 * as /trial_balance sums them (deleted entries never count), so the two agree per account.
 */

/**
 * A period bound as a day. The OpenAPI types these two `date-time` here, so a date-time with an
 * offset is taken too, for the calendar day it is written on.
 * @param {URLSearchParams} query @param {string} name @returns {number} day number
 */
function boundDay(query, name) {
	const raw = query.get(name);
	if (raw === null || raw === '') badParameter(name, 'is required with show_balance_details=true (YYYY-MM-DD)');
	instant(raw, name);
	return parseDay(raw.slice(0, 10));
}

/**
 * The requested period, or null when balance details are not asked for.
 * @param {URLSearchParams} query @returns {{ from: number, to: number } | null}
 */
function balancePeriod(query) {
	if (boolean(query, 'show_balance_details') !== true) return null;
	const from = boundDay(query, 'from_date');
	const to = boundDay(query, 'to_date');
	if (from > to) badParameter('to_date', 'must not be before from_date');
	return { from, to };
}

/**
 * The period's debits and credits (cents) per ledger account, in one pass over the entries.
 * @param {object} ctx @param {{ from: number, to: number }} period
 */
function periodMovements(ctx, { from, to }) {
	const accounts = ctx.rows('ledger_accounts').length;
	const debits = new Float64Array(accounts);
	const credits = new Float64Array(accounts);
	for (const e of ctx.rows('ledger_entries')) {
		if (e.deleted !== null || e.date < from || e.date > to) continue;
		debits[e.account] += e.debit;
		credits[e.account] += e.credit;
	}
	return { debits, credits };
}

/**
 * `balance_details` for ledger accounts by row index, when the query asks for them; null otherwise.
 * Amounts are numbers here; `present` turns them into strings under `amounts: 'string'`.
 * @param {object} ctx @param {URLSearchParams} query
 * @returns {((account: number) => object) | null}
 */
function balanceDetailsFor(ctx, query) {
	const period = balancePeriod(query);
	if (period === null) return null;
	const { debits, credits } = periodMovements(ctx, period);
	const fromDate = formatDay(period.from);
	const toDate = formatDay(period.to);
	return (account) => {
		const debit = debits[account];
		const credit = credits[account];
		return {
			balance: amount(Math.abs(debit - credit)),
			credit_or_debit: debit >= credit ? 'debit' : 'credit',
			credits: amount(credit),
			debits: amount(debit),
			from_date: fromDate,
			to_date: toDate,
		};
	};
}

module.exports = { balanceDetailsFor };
