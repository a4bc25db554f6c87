import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import type { LedgerLayout } from '../../reports/ledgerLayouts';
import { accountLabel, layLedgerColumns, type AccountBalance, type ColumnLine } from '../../reports/ledgerReport';
import { fromCents } from '../../reports/money';
import type { DateRange } from '../../reports/period';
import type { ReportPeriod } from '../../reports/split';
import { runsAsTool } from '../../tool/mode';
import { namedOrNull } from './items';
import type { LedgerPlan } from './ledgerDays';

export const LEDGER_OUTPUTS = ['rows', 'summary', 'table'] as const;
export type LedgerOutput = (typeof LEDGER_OUTPUTS)[number];

export const ledgerOutputOf = (parameters: ParameterReader): LedgerOutput =>
	parameters.choice<LedgerOutput>('Output', parameters.string('output', 'Output', 'rows'), LEDGER_OUTPUTS);

/** What a ledger report's items need to know of the report. */
export interface LedgerShape {
	layout: LedgerLayout;
	/** A balance sheet is dated by the day it is as at; a Profit and Loss by its period. */
	asAt: boolean;
	/** Profit and Loss: margins of sales in the summary, a total column in the table. */
	ofSales: boolean;
}

/** A ledger report's figures over its periods: each period's balances and its comparison's. */
export interface LedgerFigures {
	shape: LedgerShape;
	plan: LedgerPlan;
	/** The balances read for a period (or a comparison period). */
	balancesOf(range: DateRange): AccountBalance[];
	currency: string | null;
}

const dayColumns = (shape: LedgerShape, range: DateRange): IDataObject =>
	shape.asAt ? { as_at: range.to } : { from_date: range.from, to_date: range.to };

const comparedDayColumns = (shape: LedgerShape, range: DateRange): IDataObject =>
	shape.asAt ? { compared_as_at: range.to } : { compared_from_date: range.from, compared_to_date: range.to };

/** `part` as a percentage of `whole`, to two decimals, half away from zero; null when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
	if (whole === 0) return null;
	const hundredths = Math.round(Math.abs((part * 10_000) / whole));
	return (Math.sign(part) * Math.sign(whole) * hundredths) / 100 || 0;
}

/** A figure beside its comparison: `key`, `key_compared`, `key_change`, `key_change_percent`. */
function compared(key: string, cents: number, earlier: number | undefined): IDataObject {
	if (earlier === undefined) return { [key]: fromCents(cents) };
	return {
		[key]: fromCents(cents),
		[`${key}_compared`]: fromCents(earlier),
		[`${key}_change`]: fromCents(cents - earlier),
		[`${key}_change_percent`]: percentOf(cents - earlier, Math.abs(earlier)),
	};
}

/** Gross and net profit as a percentage of sales. */
function margins(figures: Record<string, number>, earlier: Record<string, number> | undefined): IDataObject {
	const margin = (key: string, of: Record<string, number>) => percentOf(of[key], of.sales);
	const row: IDataObject = {};
	for (const [name, key] of [
		['gross_margin_percent', 'gross_profit'],
		['net_margin_percent', 'net_profit'],
	]) {
		row[name] = margin(key, figures);
		if (earlier) row[`${name}_compared`] = margin(key, earlier);
	}
	return row;
}

/** The columns of one period: its balances, and its comparison's beside them. */
function periodColumns(figures: LedgerFigures, index: number) {
	const period = figures.plan.periods[index];
	const comparison = figures.plan.comparisons?.[index];
	const columns = [figures.balancesOf(period), ...(comparison ? [figures.balancesOf(comparison)] : [])];
	return { period, comparison, report: layLedgerColumns(figures.shape.layout, columns) };
}

function periodSummary(figures: LedgerFigures, index: number): IDataObject {
	const { shape } = figures;
	const { period, comparison, report } = periodColumns(figures, index);
	const [now, earlier] = report.figures;
	return {
		...dayColumns(shape, period),
		...(comparison ? comparedDayColumns(shape, comparison) : {}),
		currency: figures.currency,
		...Object.assign({}, ...Object.entries(now).map(([key, cents]) => compared(key, cents, earlier?.[key]))),
		...(shape.ofSales ? margins(now, earlier) : {}),
		unplaced_accounts: namedOrNull(report.unplaced[0].map(accountLabel)),
	};
}

const lineColumns = (line: ColumnLine): IDataObject => ({
	row_type: line.kind,
	section: line.section,
	label: line.label,
	ledger_account_id: line.account?.id ?? null,
	nominal_code: line.account?.nominalCode ?? null,
	ledger_account_name: line.account?.name ?? null,
});

/** One row per account, subtotal and total of a period, every row with the same plain columns. */
function periodRows(figures: LedgerFigures, index: number): IDataObject[] {
	const { shape } = figures;
	const { period, comparison, report } = periodColumns(figures, index);
	return report.lines.map((line) => ({
		...lineColumns(line),
		...compared('amount', line.amounts[0], comparison ? line.amounts[1] : undefined),
		...dayColumns(shape, period),
		...(comparison ? comparedDayColumns(shape, comparison) : {}),
	}));
}

/** Whether the Table has a total column: a Profit and Loss of several periods. */
const hasTotalColumn = (figures: Pick<LedgerFigures, 'shape' | 'plan'>) =>
	figures.shape.ofSales && figures.plan.periods.length > 1;

/**
 * Every range whose balances the items need: each period and its comparison, and, for a Table's
 * total column under Compare With, the whole range's comparison (read once, like any other).
 */
export function rangesOf(output: LedgerOutput, figures: Pick<LedgerFigures, 'shape' | 'plan'>): DateRange[] {
	const { plan } = figures;
	const whole = output === 'table' && hasTotalColumn(figures) && plan.wholeComparison ? [plan.wholeComparison] : [];
	return [...plan.periods, ...(plan.comparisons ?? []), ...whole];
}

/**
 * The sheet a person reads: one row per account, then the subtotal and total rows, in report
 * order; its label, then one column per period, named by it; a Profit and Loss's total column,
 * compared with the whole range's comparison (the range before it, or a year before), not the sum
 * of the periods' comparisons, which overlap or leave gaps; each followed by its comparison, change
 * and change-percent columns under Compare With; last the row's kind, section, nominal code and
 * ledger account id.
 */
function table(figures: LedgerFigures): IDataObject[] {
	const { plan, shape } = figures;
	const comparisons = plan.comparisons ?? [];
	const totalColumn = hasTotalColumn(figures);
	const wholeComparison = totalColumn ? plan.wholeComparison : null;
	const report = layLedgerColumns(shape.layout, [
		...plan.periods.map((period) => figures.balancesOf(period)),
		...comparisons.map((range) => figures.balancesOf(range)),
		...(wholeComparison ? [figures.balancesOf(wholeComparison)] : []),
	]);
	const count = plan.periods.length;
	const cell = (name: string, now: number, earlier: number | undefined): IDataObject => {
		if (earlier === undefined) return { [name]: fromCents(now) };
		return {
			[name]: fromCents(now),
			[`${name} compared`]: fromCents(earlier),
			[`${name} change`]: fromCents(now - earlier),
			[`${name} change %`]: percentOf(now - earlier, Math.abs(earlier)),
		};
	};
	const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
	return report.lines.map((line) => {
		const row: IDataObject = { label: line.label };
		plan.periods.forEach((period: ReportPeriod, index) =>
			Object.assign(
				row,
				cell(period.name, line.amounts[index], plan.comparisons ? line.amounts[count + index] : undefined),
			),
		);
		if (totalColumn) {
			const earlier = wholeComparison ? line.amounts[2 * count] : undefined;
			Object.assign(row, cell('total', sum(line.amounts.slice(0, count)), earlier));
		}
		// What a person reads first: the label, then the figures; what a formula or a join needs after.
		return {
			...row,
			row_type: line.kind,
			section: line.section,
			nominal_code: line.account?.nominalCode ?? null,
			ledger_account_id: line.account?.id ?? null,
		};
	});
}

const DETAIL_ROWS: ReadonlySet<unknown> = new Set(['account', 'unplaced']);

/**
 * A ledger report's items. An AI tool gets every period's summary first, then the account rows,
 * so that a bounded answer keeps every period's figures.
 */
export function ledgerItems(
	context: IExecuteFunctions,
	output: LedgerOutput,
	figures: LedgerFigures,
): INodeExecutionData[] {
	const indexes = figures.plan.periods.map((_, index) => index);
	let items: IDataObject[];
	if (runsAsTool(context)) {
		items = [
			...indexes.map((index) => periodSummary(figures, index)),
			...indexes.flatMap((index) => periodRows(figures, index).filter((row) => DETAIL_ROWS.has(row.row_type))),
		];
	} else if (output === 'summary') items = indexes.map((index) => periodSummary(figures, index));
	else if (output === 'rows') items = indexes.flatMap((index) => periodRows(figures, index));
	else items = table(figures);
	return items.map((json) => ({ json }));
}
