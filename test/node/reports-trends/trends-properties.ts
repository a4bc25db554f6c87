// The trends' invariants over random ranges of the sandbox's books (fast-check), every expected
// figure summed here from the ledger entries: the months of a range add up to the range; a split
// Balance Sheet balances at every period end; a Table's total column is the sum of its periods,
// and its compared total is the range before (or a year before) the whole range.
import * as fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessParameter,
	ASSET_TYPES,
	cents,
	creditMinusDebit,
	INCOME_AND_EXPENSES,
	netProfitOf,
	useLedgers,
	type Ledger,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 60 });
const ledgers = useLedgers(env);

const LIABILITIES = ['CURRENT_LIABILITY', 'LINE_OF_CREDIT', 'FUTURE_LIABILITY'];
/** Both businesses' years end on a calendar quarter's end: the lead's 30 June, the second's 31 December. */
const YEAR_END_MONTH: Record<string, number> = { lead: 6, second: 12 };

const DAY = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const monthEnd = (year: number, month: number) => dayText(Date.UTC(year, month, 0));
/** The same day a year before (29 February → 28), or its month's last day for a month's last day. */
function yearBefore(day: string): string {
	const [year, month, date] = day.split('-').map(Number);
	const last = monthEnd(year, month);
	return last === day || date > Number(monthEnd(year - 1, month).slice(8))
		? monthEnd(year - 1, month)
		: `${year - 1}${day.slice(4)}`;
}

const BOOKS_START = msOf('2023-07-01');
const SEEDED_TO = msOf('2025-06-30');
const business = fc.constantFrom('lead', 'second');
/** A range of the seeded books: a first day and up to `maxDays` more. */
const range = (maxDays: number) =>
	fc
		.tuple(fc.integer({ min: 0, max: (SEEDED_TO - BOOKS_START) / DAY }), fc.integer({ min: 0, max: maxDays }))
		.map(([start, length]) => ({
			from: dayText(BOOKS_START + start * DAY),
			to: dayText(Math.min(SEEDED_TO + 90 * DAY, BOOKS_START + (start + length) * DAY)),
		}));

const report = async (key: string, parameters: INodeParameters) => {
	const result = await env.runNode({
		resource: 'report',
		...businessParameter(businessByKey(env, key)),
		...parameters,
	});
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

/** The periods a range splits into, worked out with Date: months, or quarters and years ending on `yearEndMonth`. */
function periodsOf(from: string, to: string, split: 'month' | 'quarter' | 'year', yearEndMonth: number) {
	const step = split === 'month' ? 1 : split === 'quarter' ? 3 : 12;
	const periods: Array<{ from: string; to: string }> = [];
	for (let start = from; start <= to;) {
		const [year, month] = start.split('-').map(Number);
		// Months from the start's month to its period's last month.
		const ahead = (((yearEndMonth - month) % step) + step) % step;
		const end = monthEnd(year, month + ahead);
		periods.push({ from: start, to: end < to ? end : to });
		start = dayText(msOf(end) + DAY);
	}
	return periods;
}

/** Every entry up to the day, in one pass: assets (debit − credit), liabilities, equity and profit (credit − debit). */
function positionAt(ledger: Ledger, day: string) {
	const position = { assets: 0, liabilities: 0, equity: 0, profit: 0 };
	for (const entry of ledger.entries) {
		if (entry.date > day) continue;
		const type = ledger.typeOf.get(entry.account)!;
		const credit = entry.credit - entry.debit;
		if (ASSET_TYPES.includes(type)) position.assets -= credit;
		else if (LIABILITIES.includes(type)) position.liabilities += credit;
		else if (type === 'EQUITY') position.equity += credit;
		else if (INCOME_AND_EXPENSES.includes(type)) position.profit += credit;
	}
	return position;
}

describe('trends over random ranges of the books', () => {
	it('the months of a range add up to the range: each month and the whole, net profit and sales', async () => {
		await fc.assert(
			fc.asyncProperty(business, range(420), async (key, { from, to }) => {
				const ledger = ledgers.get(key)!;
				const items = await report(key, {
					operation: 'profitAndLoss',
					period: 'custom',
					fromDate: from,
					toDate: to,
					splitBy: 'month',
					output: 'summary',
				});
				const months = periodsOf(from, to, 'month', 12);
				expect(items.map((item) => ({ from: item.from_date, to: item.to_date }))).toEqual(months);
				for (const [index, month] of months.entries()) {
					expect(cents(items[index].net_profit)).toBe(netProfitOf(ledger, month.from, month.to));
				}
				const sum = (key: string) => items.reduce((total, item) => total + cents(item[key]), 0);
				expect(sum('net_profit')).toBe(netProfitOf(ledger, from, to));
				expect(sum('sales')).toBe(creditMinusDebit(ledger, ['SALES'], from, to));
			}),
			{ numRuns: 8 },
		);
	});

	it('every split Balance Sheet balances at every period end: assets = liabilities + equity + profit to date', async () => {
		const split = fc.constantFrom('month' as const, 'quarter' as const, 'year' as const);
		await fc.assert(
			fc.asyncProperty(business, range(700), split, async (key, { from, to }, by) => {
				const ledger = ledgers.get(key)!;
				const items = await report(key, {
					operation: 'balanceSheet',
					period: 'custom',
					fromDate: from,
					toDate: to,
					splitBy: by,
					output: 'summary',
				});
				const periods = periodsOf(from, to, by, YEAR_END_MONTH[key]);
				expect(items.map((item) => item.as_at)).toEqual(periods.map((period) => period.to));
				for (const item of items) {
					const { assets, liabilities, equity, profit } = positionAt(ledger, item.as_at as string);
					expect(assets).toBe(liabilities + equity + profit);
					expect(
						['total_assets', 'total_liabilities', 'equity', 'profit_to_date'].map((name) => cents(item[name])),
					).toEqual([assets, liabilities, equity, profit]);
					expect(cents(item.net_assets)).toBe(cents(item.total_equity));
				}
			}),
			{ numRuns: 6 },
		);
	});

	it('a Table’s total column is the sum of its periods; its compared total the whole range before, or a year before', async () => {
		const wholeMonths = fc
			.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 2, max: 12 }))
			.map(([first, count]) => {
				const from = dayText(Date.UTC(2023, 6 + first, 1));
				return { from, to: monthEnd(2023, 7 + first + count - 1), count };
			});
		const compare = fc.constantFrom('previousPeriod', 'samePeriodLastYear');
		await fc.assert(
			fc.asyncProperty(business, wholeMonths, compare, async (key, { from, to, count }, compareWith) => {
				const ledger = ledgers.get(key)!;
				const table = await report(key, {
					operation: 'profitAndLoss',
					period: 'custom',
					fromDate: from,
					toDate: to,
					splitBy: 'month',
					compareWith,
					output: 'table',
				});
				const months = periodsOf(from, to, 'month', 12).map((month) => month.from.slice(0, 7));
				expect(months).toHaveLength(count);
				for (const row of table) {
					const cells = months.reduce((sum, month) => sum + cents(row[month]), 0);
					expect(cents(row.total)).toBe(cells);
				}
				const [year, month] = from.split('-').map(Number);
				const before =
					compareWith === 'previousPeriod'
						? { from: dayText(Date.UTC(year, month - 1 - count, 1)), to: dayText(msOf(from) - DAY) }
						: { from: yearBefore(from), to: yearBefore(to) };
				const netProfit = table.find((row: IDataObject) => row.section === 'net_profit')!;
				expect(cents(netProfit.total)).toBe(netProfitOf(ledger, from, to));
				expect(cents(netProfit['total compared'])).toBe(netProfitOf(ledger, before.from, before.to));
				expect(cents(netProfit['total change'])).toBe(cents(netProfit.total) - cents(netProfit['total compared']));
			}),
			{ numRuns: 6 },
		);
	});
});
