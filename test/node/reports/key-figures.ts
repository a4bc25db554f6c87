// Report → Key Figures against the sandbox's ledger entries and documents read straight from it
// and summed here: every figure is its formula (docs/reports.md) on those sums, each period's and
// its comparison's; a period without sales gives null margins and debtor days, not a division by 0.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import {
	allRecords,
	businessByKey,
	businessesOf,
	businessParameter,
	cents,
	headersFor,
	openDocuments,
	openOpeningBalances,
	useLedgers,
	type Business,
	type Ledger,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 });
const ledgers = useLedgers(env);

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The same day `months` earlier, kept within its month. */
function monthsBack(day: string, months: number) {
	const [year, month, date] = day.split('-').map(Number);
	const index = year * 12 + month - 1 - months;
	const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
	return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** x to `decimals` places, half away from zero; null for null. */
const rounded = (x: number | null, decimals: number) =>
	x === null ? null : (Math.sign(x) * Math.round(Math.abs(x) * 10 ** decimals)) / 10 ** decimals || 0;
const divided = (part: number | null, whole: number | null, scale: number, decimals: number) =>
	part === null || whole === null || whole === 0 ? null : rounded((part * scale) / whole, decimals);

/** Σ of `amount(entry)` over the entries of the days whose account passes `which`. */
function sumEntries(
	ledger: Ledger,
	from: string,
	to: string,
	which: (account: string, type: string) => boolean,
	amount: (entry: { debit: number; credit: number }) => number,
) {
	let sum = 0;
	for (const entry of ledger.entries) {
		if (entry.date < from || entry.date > to || !which(entry.account, ledger.typeOf.get(entry.account)!)) continue;
		sum += amount(entry);
	}
	return sum;
}
const debitMinusCredit = (entry: { debit: number; credit: number }) => entry.debit - entry.credit;
const creditMinusDebit = (entry: { debit: number; credit: number }) => entry.credit - entry.debit;
const ofTypes =
	(...types: string[]) =>
	(_: string, type: string) =>
		types.includes(type);
const isAccount = (id: string) => (account: string) => account === id;

/** The figures of a period, from the ledger and the open documents, by their formulas. */
async function expectedFigures(business: Business, ledger: Ledger, from: string, to: string) {
	const accounts = await allRecords(env, '/ledger_accounts?attributes=control_name', headersFor(business));
	const control = (name: string) => accounts.find((account) => account.control_name === name)!.id as string;
	const debtorsId = control('SALES_LEDGER_CONTROL');
	const creditorsId = control('PURCHASE_LEDGER_CONTROL');
	const upTo = (which: Parameters<typeof sumEntries>[3], amount: Parameters<typeof sumEntries>[4]) =>
		sumEntries(ledger, '', to, which, amount);
	const sales = sumEntries(ledger, from, to, ofTypes('SALES'), creditMinusDebit);
	const grossProfit = sales - sumEntries(ledger, from, to, ofTypes('DIRECT_EXPENSES'), debitMinusCredit);
	const netProfit = sumEntries(
		ledger,
		from,
		to,
		ofTypes('SALES', 'OTHER_INCOME', 'DIRECT_EXPENSES', 'OVERHEADS', 'DEPRECIATION'),
		creditMinusDebit,
	);
	const cash = upTo(ofTypes('BANK'), debitMinusCredit);
	const debtors = upTo(isAccount(debtorsId), debitMinusCredit);
	const creditors = upTo(isAccount(creditorsId), creditMinusDebit);
	const yearFrom = shift(to, -364);
	const creditSales = sumEntries(ledger, yearFrom, to, isAccount(debtorsId), (entry) => entry.debit);
	const creditPurchases = sumEntries(ledger, yearFrom, to, isAccount(creditorsId), (entry) => entry.credit);
	const currentAssets = upTo(ofTypes('CURRENT_ASSETS', 'BANK'), debitMinusCredit);
	const currentLiabilities = upTo(ofTypes('CURRENT_LIABILITY', 'LINE_OF_CREDIT'), creditMinusDebit);
	const outflow = sumEntries(ledger, monthsBack(shift(to, 1), 3), to, ofTypes('BANK'), creditMinusDebit);
	const open = [
		...(await openDocuments(env, business, 'debtors', to)),
		...(await openOpeningBalances(env, business, 'debtors', to)),
	];
	const aged = open.reduce((sum, document) => sum + document.amount, 0);
	const overdue = open.filter((document) => document.agedFrom < to).reduce((sum, document) => sum + document.amount, 0);
	return {
		revenue: sales / 100,
		gross_profit: grossProfit / 100,
		gross_margin_percent: divided(grossProfit, sales, 100, 2),
		net_profit: netProfit / 100,
		net_margin_percent: divided(netProfit, sales, 100, 2),
		cash: cash / 100,
		debtors: debtors / 100,
		creditors: creditors / 100,
		debtor_days: divided(debtors, creditSales, 365, 1),
		creditor_days: divided(creditors, creditPurchases, 365, 1),
		current_ratio: divided(currentAssets, currentLiabilities, 1, 2),
		quick_ratio: divided(cash + debtors, currentLiabilities, 1, 2),
		overdue_debtors_percent: aged > 0 ? divided(overdue, aged, 100, 2) : null,
		cash_runway_months: outflow <= 0 ? null : cash <= 0 ? 0 : divided(cash, outflow, 3, 1),
	};
}

const FIGURES = [
	'revenue',
	'gross_profit',
	'gross_margin_percent',
	'net_profit',
	'net_margin_percent',
	'cash',
	'debtors',
	'creditors',
	'debtor_days',
	'creditor_days',
	'current_ratio',
	'quick_ratio',
	'overdue_debtors_percent',
	'cash_runway_months',
];

const keyFigures = (business: Business, extra: INodeParameters): INodeParameters => ({
	resource: 'report',
	operation: 'keyFigures',
	period: 'custom',
	...businessParameter(business),
	...extra,
});

const figuresOf = (item: IDataObject) => Object.fromEntries(FIGURES.map((key) => [key, item[key]]));

describe('Report → Key Figures', () => {
	it.each([
		['lead', '2025-05-01', '2025-05-31'],
		['lead', '2024-07-01', '2025-06-30'],
		['second', '2024-03-01', '2024-03-31'],
	])('%s business, %s to %s: every figure is its formula on the ledger and the documents', async (key, from, to) => {
		const business = businessByKey(env, key);
		const result = await env.runNode(keyFigures(business, { fromDate: from, toDate: to }));
		expect(result.error).toBeUndefined();
		const [summary] = result.json(NODE);
		expect(summary).toMatchObject({ from_date: from, to_date: to, currency: business.currency });
		const expected = await expectedFigures(business, ledgers.get(key)!, from, to);
		expect(figuresOf(summary)).toEqual(expected);
		// The sandbox's books sell on credit and owe suppliers: the day-counts have something to count.
		expect([expected.debtor_days, expected.creditor_days, expected.current_ratio]).not.toContain(null);
	});

	it('by month against the same months last year: Summary, Rows and Table say the same, the change is figure − compared', async () => {
		const business = businessByKey(env, 'lead');
		const parameters = { fromDate: '2025-04-01', toDate: '2025-05-31', splitBy: 'month', compareWith: 'samePeriodLastYear' };
		const [summaries, rows, table] = await Promise.all(
			['summary', 'rows', 'table'].map(async (output) => {
				const result = await env.runNode(keyFigures(business, { ...parameters, output }));
				expect(result.error).toBeUndefined();
				return result.json(NODE);
			}),
		);
		expect(summaries.map((item) => [item.from_date, item.to_date, item.compared_from_date, item.compared_to_date])).toEqual([
			['2025-04-01', '2025-04-30', '2024-04-01', '2024-04-30'],
			['2025-05-01', '2025-05-31', '2024-05-01', '2024-05-31'],
		]);
		const ledger = ledgers.get('lead')!;
		for (const [index, summary] of summaries.entries()) {
			const earlier = await expectedFigures(
				business,
				ledger,
				summary.compared_from_date as string,
				summary.compared_to_date as string,
			);
			expect(figuresOf(summary)).toEqual(await expectedFigures(business, ledger, summary.from_date as string, summary.to_date as string));
			const periodRows = rows.filter((row) => row.from_date === summary.from_date);
			expect(periodRows.map((row) => row.figure)).toEqual(FIGURES);
			for (const row of periodRows) {
				const figure = row.figure as string;
				const compared = earlier[figure as keyof typeof earlier];
				expect([row.value, row.compared]).toEqual([summary[figure], compared]);
				expect(summary[`${figure}_compared`]).toBe(compared);
				if (row.value === null || compared === null) expect(row.change).toBeNull();
				else expect(row.change).toBeCloseTo((row.value as number) - compared, 6);
				expect(row.change_percent).toBe(summary[`${figure}_change_percent`]);
				const column = (summary.from_date as string).slice(0, 7);
				const tableRow = table.find((line) => line.figure === figure)!;
				expect([tableRow[column], tableRow[`${column} compared`], tableRow[`${column} change %`]]).toEqual([
					row.value,
					row.compared,
					row.change_percent,
				]);
			}
		}
	});

	it('a period without sales: margins, debtor and creditor days and cash runway are null, not a division by zero', async () => {
		const business = businessByKey(env, 'lead');
		const result = await env.runNode(keyFigures(business, { fromDate: '2030-01-01', toDate: '2030-01-31' }));
		expect(result.error).toBeUndefined();
		const [summary] = result.json(NODE);
		expect(summary).toMatchObject({
			revenue: 0,
			gross_margin_percent: null,
			net_margin_percent: null,
			debtor_days: null,
			creditor_days: null,
			cash_runway_months: null,
		});
		expect(figuresOf(summary)).toEqual(await expectedFigures(business, ledgers.get('lead')!, '2030-01-01', '2030-01-31'));
	});

	it('All Businesses: one summary per business, each its own books', async () => {
		const result = await env.runNode({
			resource: 'report',
			operation: 'keyFigures',
			period: 'custom',
			fromDate: '2024-06-01',
			toDate: '2024-06-30',
			business: 'all',
		});
		expect(result.error).toBeUndefined();
		const items = result.json(NODE);
		expect(items.map((item) => item.business_id)).toEqual(businessesOf(env).map((business) => business.id));
		for (const item of items) {
			const business = businessesOf(env).find((candidate) => candidate.id === item.business_id)!;
			expect(figuresOf(item)).toEqual(await expectedFigures(business, ledgers.get(business.key)!, '2024-06-01', '2024-06-30'));
		}
	});
});
