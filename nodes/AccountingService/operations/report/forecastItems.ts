import type { IDataObject } from 'n8n-workflow';

import { lowPoints, type Forecast, type ForecastLine } from '../../reports/forecast';
import { fromCents } from '../../reports/money';

export const FORECAST_OUTPUTS = ['rows', 'summary', 'table'] as const;
export type ForecastOutput = (typeof FORECAST_OUTPUTS)[number];

/** What a forecast's items say besides its lines. */
export interface ForecastContext {
	forecast: Forecast;
	currency: string | null;
	forecastBy: string;
	expectedDay: string;
	bankAccounts: number;
}

const MONEY = ['opening', 'receipts', 'payments', 'adjustments', 'net', 'closing'] as const;

const moneyOf = (line: ForecastLine) => Object.fromEntries(MONEY.map((key) => [key, fromCents(line[key])]));

const periodColumns = (line: ForecastLine) => ({ period: line.name, from_date: line.from, to_date: line.to });

/** One row per period (the overdue row first, when it has its own), as a sheet reads it. */
export const periodRow = (line: ForecastLine, currency: string | null): IDataObject => ({
	row_type: line.kind,
	...periodColumns(line),
	...moneyOf(line),
	currency,
});

/** A period's documents (receipts, payments) and adjustments, each a row after the period's. */
export function detailRows(line: ForecastLine, currency: string | null): IDataObject[] {
	return [
		...line.flows.map((flow) => ({
			row_type: flow.direction,
			...periodColumns(line),
			label: flow.label,
			contact_id: flow.contactId,
			contact_name: flow.contactName,
			due_date: flow.due,
			expected_date: flow.expected,
			amount: fromCents(flow.amount),
			currency,
		})),
		...line.adjustmentItems.map((adjustment) => ({
			row_type: 'adjustment',
			...periodColumns(line),
			label: adjustment.label,
			contact_id: null,
			contact_name: null,
			due_date: adjustment.date,
			expected_date: adjustment.date,
			amount: fromCents(adjustment.amount),
			currency,
			input_item: adjustment.itemIndex,
		})),
	];
}

const sum = (lines: readonly ForecastLine[], key: 'receipts' | 'payments' | 'adjustments' | 'net') =>
	lines.reduce((total, line) => total + line[key], 0);

/** One item: the forecast's days, its totals, where cash is lowest and where it first goes below zero. */
export function forecastSummary(context: ForecastContext): IDataObject {
	const { lines, later, overdue, adjustmentsLeftOut } = context.forecast;
	const periods = lines.filter((line) => line.kind === 'period');
	const { lowest, firstBelowZero } = lowPoints(lines);
	return {
		from_date: periods[0].from,
		to_date: periods[periods.length - 1].to,
		forecast_by: context.forecastBy,
		periods: periods.length,
		expected_day: context.expectedDay,
		currency: context.currency,
		opening: fromCents(lines[0].opening),
		receipts: fromCents(sum(lines, 'receipts')),
		payments: fromCents(sum(lines, 'payments')),
		adjustments: fromCents(sum(lines, 'adjustments')),
		net: fromCents(sum(lines, 'net')),
		closing: fromCents(lines[lines.length - 1].closing),
		lowest_closing: fromCents(lowest.closing),
		lowest_closing_period: lowest.name,
		first_period_below_zero: firstBelowZero?.name ?? null,
		first_period_below_zero_closing: firstBelowZero ? fromCents(firstBelowZero.closing) : null,
		overdue_receipts: fromCents(overdue.receipts),
		overdue_payments: fromCents(overdue.payments),
		receipts_later: fromCents(later.receipts),
		payments_later: fromCents(later.payments),
		adjustments_left_out: adjustmentsLeftOut,
		bank_accounts: context.bankAccounts,
	};
}

const TABLE_LINES: Array<{ key: (typeof MONEY)[number]; label: string }> = [
	{ key: 'opening', label: 'Opening' },
	{ key: 'receipts', label: 'Receipts' },
	{ key: 'payments', label: 'Payments' },
	{ key: 'adjustments', label: 'Adjustments' },
	{ key: 'net', label: 'Net' },
	{ key: 'closing', label: 'Closing' },
];

/**
 * The sheet a person reads: one row per figure, one column per period, then a total column (the
 * first opening, the sums, the last closing).
 */
export function forecastTable(context: ForecastContext): IDataObject[] {
	const { lines } = context.forecast;
	return TABLE_LINES.map(({ key, label }) => {
		const row: IDataObject = { label };
		for (const line of lines) row[line.name] = fromCents(line[key]);
		const total =
			key === 'opening' ? lines[0].opening : key === 'closing' ? lines[lines.length - 1].closing : sum(lines, key);
		return { ...row, total: fromCents(total), figure: key };
	});
}
