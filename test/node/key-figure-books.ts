import type { ConnectedSandbox } from './connected-sandbox';
import { allRecords, headersFor, openDocuments, openOpeningBalances, type Business, type Ledger } from './report-books';

/**
 * The key figures of a period worked out here from the ledger entries and the open documents read
 * straight from the service, by the formulas of docs/reports.md, never with the package's helpers.
 */

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The same day `months` earlier: a month's last day stays its month's last, another day is kept within its month. */
function monthsBack(day: string, months: number) {
	const [year, month, date] = day.split('-').map(Number);
	const index = year * 12 + month - 1 - months;
	const lastOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
	const last = lastOf(Math.floor(index / 12), (index % 12) + 1);
	const kept = date === lastOf(year, month) ? last : Math.min(date, last);
	return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(kept).padStart(2, '0')}`;
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
export async function expectedFigures(
	env: ConnectedSandbox,
	business: Business,
	ledger: Ledger,
	from: string,
	to: string,
) {
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
	const outflow = sumEntries(ledger, shift(monthsBack(to, 3), 1), to, ofTypes('BANK'), creditMinusDebit);
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

export const FIGURES = [
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
