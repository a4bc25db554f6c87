import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import type { ParameterReader } from '../../actions/parameters';
import { runAllOrFail } from '../../actions/itemRunner';
import { BALANCE_SHEET, PROFIT_AND_LOSS } from '../../reports/ledgerLayouts';
import type { AccountBalance } from '../../reports/ledgerReport';
import { toCents } from '../../reports/money';
import { BEFORE_EVERY_ENTRY, type DateRange } from '../../reports/period';
import { apiRequestAllItems } from '../../transport';
import { resourceOperation } from '../define';
import type { PropertyBlock } from '../../descriptions/blocks';
import type { OptionText } from '../types';
import { readBooks, todayOf } from './books';
import { readLedgerPlan } from './ledgerDays';
import { ledgerItems, ledgerOutputOf, rangesOf, type LedgerShape } from './ledgerItems';
import { sameFor } from '../../descriptions/blocks';
import { balanceSheetDayProperties, ledgerOutputProperty, profitAndLossDayBlock } from './ledgerProperties';

/**
 * Every ledger account with its debits and credits over the days, in one list read of
 * `/ledger_accounts` with the service's balance details: ⌈accounts / 200⌉ requests.
 */
async function readAccountBalances(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	range: DateRange,
	filter: IDataObject,
): Promise<AccountBalance[]> {
	const { body } = await apiRequestAllItems.call(this, {
		path: '/ledger_accounts',
		qs: {
			...filter,
			show_balance_details: true,
			from_date: range.from,
			to_date: range.to,
			exclude_deleted_entries: true,
			attributes: 'ledger_account_type,nominal_code,balance_details',
		},
		business,
		...parameters.requestScope(),
	});
	return body.map((account) => accountBalance(this, account, parameters));
}

function accountBalance(context: IExecuteFunctions, account: IDataObject, parameters: ParameterReader): AccountBalance {
	const name = typeof account.displayed_as === 'string' ? account.displayed_as : null;
	const details = account.balance_details as IDataObject | null | undefined;
	const debits = toCents(details?.debits);
	const credits = toCents(details?.credits);
	if (debits === undefined || credits === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The service gave no balance details for the ledger account ${name ?? String(account.id)}`,
			{ itemIndex: parameters.itemIndex, description: `It answered ${JSON.stringify(details ?? null)}` },
		);
	}
	const type = (account.ledger_account_type as IDataObject | null | undefined)?.id;
	return {
		id: typeof account.id === 'string' ? account.id : null,
		name,
		nominalCode: (account.nominal_code as number | string | undefined) ?? null,
		type: typeof type === 'string' ? type : null,
		debits,
		credits,
	};
}

/** Ledger reads of one business under way at once: a split report's periods, within its request budget. */
export const PERIODS_AT_ONCE = 4;

/**
 * The balances of every range, each distinct range read once (a month compared with the previous
 * one is read once for both), several at once; `filter` narrows the accounts (their type).
 */
export async function readBalancesOf(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	ranges: DateRange[],
	filter: IDataObject = {},
): Promise<(range: DateRange) => AccountBalance[]> {
	const key = (range: DateRange) => `${range.from}|${range.to}`;
	const distinct = [...new Map(ranges.map((range) => [key(range), range])).values()];
	const read = await runAllOrFail(
		distinct.map((range) => async () => await readAccountBalances.call(this, parameters, business, range, filter)),
		PERIODS_AT_ONCE,
	);
	const balances = new Map(distinct.map((range, index) => [key(range), read[index]]));
	return (range) => balances.get(key(range))!;
}

/** What tells the two ledger reports apart: how they are dated, their layout, their texts. */
interface LedgerReportDefinition {
	value: string;
	option: OptionText;
	dayBlock: PropertyBlock;
	shape: LedgerShape;
	/** The days whose balances give a period's figures: the period, or every entry up to its last day. */
	readRange(period: DateRange): DateRange;
}

function ledgerReport(definition: LedgerReportDefinition) {
	const { shape } = definition;
	return resourceOperation({
		resource: 'report',
		value: definition.value,
		acrossBusinesses: true,
		option: definition.option,
		shared: [definition.dayBlock],
		properties: [ledgerOutputProperty(shape.ofSales)],
		async execute(parameters) {
			const days = readLedgerPlan(parameters, shape.asAt ? 'asAt' : 'period');
			const output = ledgerOutputOf(parameters);
			// Read once, as the item begins: a run across midnight gives every business the same Last Month.
			const today = todayOf(this);
			return await acrossBusinesses.call(this, parameters, async (business) => {
				const books = await readBooks.call(this, parameters, business);
				const plan = days.settle(books, today);
				const ranges = rangesOf(output, { shape, plan }).map(definition.readRange);
				const read = await readBalancesOf.call(this, parameters, business, ranges);
				return ledgerItems(this, output, {
					shape,
					plan,
					balancesOf: (range) => read(definition.readRange(range)),
					currency: books.currency,
				});
			});
		},
	});
}

export const profitAndLoss = ledgerReport({
	value: 'profitAndLoss',
	option: {
		name: 'Profit and Loss',
		description:
			'Profit and loss of the business for a period: sales, direct expenses, gross profit, other income, overheads, depreciation and net profit, from the ledger accounts’ balances',
		action: 'Profit and loss of the business for a period: sales and net profit',
	},
	dayBlock: profitAndLossDayBlock,
	shape: { layout: PROFIT_AND_LOSS, asAt: false, ofSales: true },
	readRange: (period) => period,
});

export const balanceSheet = ledgerReport({
	value: 'balanceSheet',
	option: {
		name: 'Balance Sheet',
		description:
			'Balance sheet of the business as at a date: assets, liabilities, net assets and equity with the profit to date, from the ledger accounts’ balances since the books’ start',
		action: 'Balance sheet of the business as at a date (assets, liabilities, equity)',
	},
	dayBlock: sameFor(balanceSheetDayProperties),
	shape: { layout: BALANCE_SHEET, asAt: true, ofSales: false },
	// Every entry up to the day: the opening balances, which Sage dates the day before the books start, included.
	readRange: (period) => ({ from: BEFORE_EVERY_ENTRY, to: period.to }),
});
