import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { runAllOrFail } from '../../actions/itemRunner';
import type { ParameterReader } from '../../actions/parameters';
import { ageItems } from '../../reports/aging';
import { addDays } from '../../reports/calendar';
import type { FigureInputs } from '../../reports/keyFigures';
import { BALANCE_SHEET, PROFIT_AND_LOSS } from '../../reports/ledgerLayouts';
import { layLedgerReport, type AccountBalance } from '../../reports/ledgerReport';
import { BEFORE_EVERY_ENTRY, type DateRange } from '../../reports/period';
import { monthsBeforeEnd } from '../../reports/split';
import { apiRequestAllItems } from '../../transport';
import { LEDGERS, readAgedItems } from './agedReads';
import { chosenAccount } from './controlAccount';
import { readBalancesOf } from './ledger';

/**
 * The days whose ledger balances a period's figures need: the period itself (Profit and Loss),
 * every entry up to its last day (Balance Sheet), the 365 days to it (credit sales and purchases),
 * the 3 months to it (the bank's outflow).
 */
export function figureWindows(period: DateRange): Record<'period' | 'asAt' | 'year' | 'quarter', DateRange> {
	return {
		period,
		asAt: { from: BEFORE_EVERY_ENTRY, to: period.to },
		year: { from: addDays(period.to, -364), to: period.to },
		// The 3 months ending on the day: 30 July's from 1 May, 31 May's from 1 March.
		quarter: { from: addDays(monthsBeforeEnd(period.to, 3), 1), to: period.to },
	};
}

/** The debtors and creditors control accounts' ids (null when the business has none): one list read. */
async function readControlIds(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
): Promise<{ debtors: string | null; creditors: string | null }> {
	const { body } = await apiRequestAllItems.call(this, {
		path: '/ledger_accounts',
		qs: { attributes: 'nominal_code,name,is_control_account,control_name' },
		business,
		...parameters.requestScope(),
	});
	const idOf = (side: 'debtors' | 'creditors') => {
		const account: IDataObject | undefined = chosenAccount(body, side, undefined);
		return account ? String(account.id) : null;
	};
	return { debtors: idOf('debtors'), creditors: idOf('creditors') };
}

/** The aged debtors at each day: the total and what of it is past due. Aged reads under way at once. */
const AGED_AT_ONCE = 2;

/**
 * What every period's figures are computed from: the ledger balances of its windows (each distinct
 * range read once), the control accounts, and the aged debtors as at each distinct last day.
 */
export async function readFigureInputs(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	ranges: readonly DateRange[],
	today: string,
): Promise<(range: DateRange) => FigureInputs> {
	const ends = [...new Set(ranges.map((range) => range.to))];
	const [balancesOf, controls, aged] = await Promise.all([
		readBalancesOf.call(
			this,
			parameters,
			business,
			ranges.flatMap((range) => Object.values(figureWindows(range))),
		),
		readControlIds.call(this, parameters, business),
		runAllOrFail(
			ends.map((asAt) => async () => {
				const items = await readAgedItems.call(this, parameters, business, {
					ledger: LEDGERS.debtors,
					asAt,
					today,
					ageBy: 'dueDate',
					includePaymentsOnAccount: true,
				});
				const { totals } = ageItems(items, asAt);
				return { total: totals.total, overdue: totals.total - totals.current };
			}),
			AGED_AT_ONCE,
		),
	]);
	const agedAt = new Map(ends.map((end, index) => [end, aged[index]]));
	const debitMinusCredit = (accounts: AccountBalance[], id: string | null) => {
		if (id === null) return null;
		const account = accounts.find((candidate) => candidate.id === id);
		return account ? account.debits - account.credits : 0;
	};
	return (range) => {
		const windows = figureWindows(range);
		const profit = layLedgerReport(PROFIT_AND_LOSS, balancesOf(windows.period)).figures;
		const asAt = balancesOf(windows.asAt);
		const sheet = layLedgerReport(BALANCE_SHEET, asAt).figures;
		const year = balancesOf(windows.year);
		const debtorsControl = year.find((account) => account.id === controls.debtors);
		const creditorsControl = year.find((account) => account.id === controls.creditors);
		const creditors = debitMinusCredit(asAt, controls.creditors);
		const bankOutflow = balancesOf(windows.quarter)
			.filter((account) => account.type === 'BANK')
			.reduce((sum, account) => sum + account.credits - account.debits, 0);
		return {
			sales: profit.sales,
			grossProfit: profit.gross_profit,
			netProfit: profit.net_profit,
			bank: sheet.bank,
			currentAssets: sheet.current_assets,
			currentLiabilities: sheet.current_liabilities,
			debtors: debitMinusCredit(asAt, controls.debtors),
			// credit − debit; 0 − 0 is 0 where −0 would be handed on.
			creditors: creditors === null ? null : 0 - creditors,
			creditSales: controls.debtors === null ? null : (debtorsControl?.debits ?? 0),
			creditPurchases: controls.creditors === null ? null : (creditorsControl?.credits ?? 0),
			bankOutflow3Months: bankOutflow,
			agedDebtors: agedAt.get(range.to)!.total,
			overdueDebtors: agedAt.get(range.to)!.overdue,
		};
	};
}
