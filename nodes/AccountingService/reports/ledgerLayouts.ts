/**
 * How Profit and Loss and the Balance Sheet are laid out: sections of ledger accounts chosen by
 * their `ledger_account_type`, and the totals between them, in the order the report reads. One
 * table of steps serves the rows, the summary and the checks.
 */

/** Which side of an account makes its amount positive in the report. */
export type Side = 'credit' | 'debit';

export interface SectionStep {
	kind: 'section';
	key: string;
	label: string;
	types: readonly string[];
	positive: Side;
	/** Whether each account gets a row above the section's line (profit to date is one figure). */
	itemized: boolean;
}

export interface TotalStep {
	kind: 'total';
	key: string;
	label: string;
	/** The figures it adds (1) or subtracts (-1), each computed above it. */
	terms: ReadonlyArray<readonly [string, 1 | -1]>;
}

export type Step = SectionStep | TotalStep;

export interface LedgerLayout {
	steps: readonly Step[];
	/** Types the report has no place for, on purpose (a Profit and Loss shows no balance sheet account). */
	outside: readonly string[];
}

const section = (key: string, label: string, types: string[], positive: Side, itemized = true): SectionStep => ({
	kind: 'section',
	key,
	label,
	types,
	positive,
	itemized,
});

const total = (key: string, label: string, terms: Array<readonly [string, 1 | -1]>): TotalStep => ({
	kind: 'total',
	key,
	label,
	terms,
});

const INCOME = ['SALES', 'OTHER_INCOME'];
const EXPENSES = ['DIRECT_EXPENSES', 'OVERHEADS', 'DEPRECIATION'];
const ASSETS = ['FIXED_ASSETS', 'FUTURE_ASSETS', 'CURRENT_ASSETS', 'BANK'];
const LIABILITIES = ['CURRENT_LIABILITY', 'LINE_OF_CREDIT', 'FUTURE_LIABILITY'];

/** Income as credit − debit, expenses as debit − credit. */
export const PROFIT_AND_LOSS: LedgerLayout = {
	steps: [
		section('sales', 'Sales', ['SALES'], 'credit'),
		section('direct_expenses', 'Direct Expenses', ['DIRECT_EXPENSES'], 'debit'),
		total('gross_profit', 'Gross Profit', [
			['sales', 1],
			['direct_expenses', -1],
		]),
		section('other_income', 'Other Income', ['OTHER_INCOME'], 'credit'),
		section('overheads', 'Overheads', ['OVERHEADS'], 'debit'),
		section('depreciation', 'Depreciation', ['DEPRECIATION'], 'debit'),
		total('net_profit', 'Net Profit', [
			['gross_profit', 1],
			['other_income', 1],
			['overheads', -1],
			['depreciation', -1],
		]),
	],
	outside: [...ASSETS, ...LIABILITIES, 'EQUITY'],
};

/**
 * Assets as debit − credit, liabilities and equity as credit − debit. Profit to date is every
 * income and expense account from the books' start: what year-end journals have not yet moved
 * into equity (income − expenses is credit − debit over all of them).
 */
export const BALANCE_SHEET: LedgerLayout = {
	steps: [
		section('fixed_assets', 'Fixed Assets', ['FIXED_ASSETS'], 'debit'),
		section('future_assets', 'Future Assets', ['FUTURE_ASSETS'], 'debit'),
		section('current_assets', 'Current Assets', ['CURRENT_ASSETS'], 'debit'),
		section('bank', 'Bank', ['BANK'], 'debit'),
		total('total_assets', 'Total Assets', [
			['fixed_assets', 1],
			['future_assets', 1],
			['current_assets', 1],
			['bank', 1],
		]),
		section('current_liabilities', 'Current Liabilities', ['CURRENT_LIABILITY', 'LINE_OF_CREDIT'], 'credit'),
		section('future_liabilities', 'Future Liabilities', ['FUTURE_LIABILITY'], 'credit'),
		total('total_liabilities', 'Total Liabilities', [
			['current_liabilities', 1],
			['future_liabilities', 1],
		]),
		total('net_assets', 'Net Assets', [
			['total_assets', 1],
			['total_liabilities', -1],
		]),
		section('equity', 'Share Capital and Reserves', ['EQUITY'], 'credit'),
		section('profit_to_date', 'Profit to Date', [...INCOME, ...EXPENSES], 'credit', false),
		total('total_equity', 'Total Equity', [
			['equity', 1],
			['profit_to_date', 1],
		]),
	],
	outside: [],
};

/** The figures a layout gives, in its order: its summary's keys. */
export const figuresOf = (layout: LedgerLayout) => layout.steps.map((step) => step.key);
