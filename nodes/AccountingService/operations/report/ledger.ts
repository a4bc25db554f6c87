import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import type { ParameterReader } from '../../actions/parameters';
import { BALANCE_SHEET, PROFIT_AND_LOSS, type LedgerLayout } from '../../reports/ledgerLayouts';
import { layLedgerReport, type AccountBalance } from '../../reports/ledgerReport';
import { toCents } from '../../reports/money';
import { BEFORE_EVERY_ENTRY, type DateRange } from '../../reports/period';
import { apiRequestAllItems } from '../../transport';
import { resourceOperation } from '../define';
import type { OptionText } from '../types';
import { readBooks, todayOf, type BusinessBooks } from './books';
import { readAsAt, readPeriod, type ReportDays } from './days';
import { ledgerRows, ledgerSummary, reportItems, reportOutputOf, type DayColumns } from './items';
import { asAtProperties, periodProperties, reportOutputProperty } from './properties';

/**
 * Every ledger account with its debits and credits over the days, in one list read of
 * `/ledger_accounts` with the service's balance details: ⌈accounts / 200⌉ requests.
 */
async function readAccountBalances(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	range: DateRange,
): Promise<AccountBalance[]> {
	const { body } = await apiRequestAllItems.call(this, {
		path: '/ledger_accounts',
		qs: {
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

/** What tells the two ledger reports apart: their days, their layout, their texts. */
interface LedgerReportDefinition<Days> {
	value: string;
	option: OptionText;
	dayProperties: INodeProperties[];
	layout: LedgerLayout;
	readDays(parameters: ParameterReader): ReportDays<Days>;
	/** The days whose balances the report reads, and the day columns of its rows. */
	span(days: Days, books: BusinessBooks): { range: DateRange; columns: DayColumns };
}

function ledgerReport<Days>(definition: LedgerReportDefinition<Days>) {
	return resourceOperation({
		resource: 'report',
		value: definition.value,
		acrossBusinesses: true,
		option: definition.option,
		properties: [...definition.dayProperties, reportOutputProperty],
		async execute(parameters) {
			const days = definition.readDays(parameters);
			const output = reportOutputOf(parameters);
			// Read once, as the item begins: a run across midnight gives every business the same Last Month.
			const today = todayOf(this);
			return await acrossBusinesses.call(this, parameters, async (business) => {
				const books = await readBooks.call(this, parameters, business);
				const { range, columns } = definition.span(days.settle(books, today), books);
				const accounts = await readAccountBalances.call(this, parameters, business, range);
				const report = layLedgerReport(definition.layout, accounts);
				return reportItems(this, output, ledgerSummary(report, columns, books.currency), ledgerRows(report, columns));
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
	dayProperties: periodProperties,
	layout: PROFIT_AND_LOSS,
	readDays: readPeriod,
	span: (range) => ({ range, columns: { from_date: range.from, to_date: range.to } }),
});

export const balanceSheet = ledgerReport({
	value: 'balanceSheet',
	option: {
		name: 'Balance Sheet',
		description:
			'Balance sheet of the business as at a date: assets, liabilities, net assets and equity with the profit to date, from the ledger accounts’ balances since the books’ start',
		action: 'Balance sheet of the business as at a date (assets, liabilities, equity)',
	},
	dayProperties: asAtProperties,
	layout: BALANCE_SHEET,
	readDays: readAsAt,
	// Every entry up to the day: the opening balances, which Sage dates the day before the books start, included.
	span: (asAt) => ({ range: { from: BEFORE_EVERY_ENTRY, to: asAt }, columns: { as_at: asAt } }),
});
