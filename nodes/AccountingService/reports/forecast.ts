import { addDays, addMonths, daysBetween, firstOfMonth } from './calendar';
import type { DateRange } from './period';

/**
 * A cash flow forecast: the bank's balance carried forward period by period, each period adding
 * what is expected in (receipts), less what is expected out (payments), plus the adjustments
 * given. Every amount in cents; every closing is the next period's opening.
 */

export const FORECAST_UNITS = ['week', 'month'] as const;
export type ForecastUnit = (typeof FORECAST_UNITS)[number];

/** The longest horizon of each unit: two years. */
export const MAX_HORIZON: Record<ForecastUnit, number> = { week: 104, month: 24 };

export interface ForecastPeriod extends DateRange {
	/** A week by its first day (2026-12-02), a month as 2026-12. */
	name: string;
}

/**
 * `count` periods from `start`: weeks of seven days from it, or calendar months, the first from
 * `start` to its month's last day.
 */
export function forecastPeriods(start: string, unit: ForecastUnit, count: number): ForecastPeriod[] {
	const periods: ForecastPeriod[] = [];
	let from = start;
	for (let index = 0; index < count; index++) {
		const to = unit === 'week' ? addDays(from, 6) : addDays(addMonths(firstOfMonth(from), 1), -1);
		periods.push({ from, to, name: unit === 'week' ? from : from.slice(0, 7) });
		from = addDays(to, 1);
	}
	return periods;
}

/** What is expected in (a receipt) or out (a payment): an open document, a credit, money on account. */
export interface ExpectedFlow {
	direction: 'receipt' | 'payment';
	/** Cents: positive is money in for a receipt, money out for a payment; a credit note is negative. */
	amount: number;
	/** The day it is expected; null when the report could not date it (counted as overdue). */
	expected: string | null;
	/** The day it was due (an invoice's due date, a credit's own date). */
	due: string | null;
	label: string;
	contactId: string | null;
	contactName: string | null;
}

/** A known payment or receipt given as an input item: positive money in, negative money out. */
export interface Adjustment {
	date: string;
	amount: number;
	label: string | null;
	itemIndex: number;
}

export type OverdueAs = 'firstPeriod' | 'ownRow';
export const OVERDUE_AS: readonly OverdueAs[] = ['firstPeriod', 'ownRow'];

export interface ForecastLine {
	kind: 'period' | 'overdue';
	/** The overdue row has no first day: it is what fell due before the forecast starts. */
	from: string | null;
	to: string;
	name: string;
	opening: number;
	receipts: number;
	payments: number;
	adjustments: number;
	net: number;
	closing: number;
	flows: ExpectedFlow[];
	adjustmentItems: Adjustment[];
}

export interface Forecast {
	lines: ForecastLine[];
	/** What is expected after the last period: outside the forecast, given in its summary. */
	later: { receipts: number; payments: number };
	/** Adjustments dated before the first period or after the last: left out, counted. */
	adjustmentsLeftOut: number;
	/** What was already overdue when the forecast starts, wherever it is placed. */
	overdue: { receipts: number; payments: number };
}

export interface ForecastInput {
	opening: number;
	periods: readonly ForecastPeriod[];
	flows: readonly ExpectedFlow[];
	adjustments: readonly Adjustment[];
	overdueAs: OverdueAs;
}

const emptyLine = (kind: ForecastLine['kind'], range: { from: string | null; to: string; name: string }) => ({
	kind,
	...range,
	opening: 0,
	receipts: 0,
	payments: 0,
	adjustments: 0,
	net: 0,
	closing: 0,
	flows: [] as ExpectedFlow[],
	adjustmentItems: [] as Adjustment[],
});

/**
 * The forecast's lines: each flow in the period that holds its expected day (one expected before
 * the first period is overdue: in the first period, or in an overdue line before it), each
 * adjustment in the period of its date; then each line's net and closing, carried forward.
 */
export function forecast(input: ForecastInput): Forecast {
	const { periods } = input;
	const start = periods[0].from;
	const end = periods[periods.length - 1].to;
	const lines: ForecastLine[] = periods.map((period) => emptyLine('period', period));
	const overdueLine =
		input.overdueAs === 'ownRow' ? emptyLine('overdue', { from: null, to: addDays(start, -1), name: 'Overdue' }) : null;
	if (overdueLine) lines.unshift(overdueLine);
	const firstPeriod = overdueLine ? 1 : 0;
	const lineOf = (day: string) => {
		let low = firstPeriod;
		let high = lines.length - 1;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (lines[middle].to < day) low = middle + 1;
			else high = middle;
		}
		return lines[low];
	};
	const later = { receipts: 0, payments: 0 };
	const overdue = { receipts: 0, payments: 0 };
	for (const flow of input.flows) {
		if (flow.amount === 0) continue;
		const key = flow.direction === 'receipt' ? 'receipts' : 'payments';
		const isOverdue = flow.expected === null || flow.expected < start;
		if (isOverdue) overdue[key] += flow.amount;
		if (!isOverdue && flow.expected! > end) {
			later[key] += flow.amount;
			continue;
		}
		const line = isOverdue ? (overdueLine ?? lines[0]) : lineOf(flow.expected!);
		line[key] += flow.amount;
		line.flows.push(flow);
	}
	let adjustmentsLeftOut = 0;
	for (const adjustment of input.adjustments) {
		if (adjustment.date < start || adjustment.date > end) {
			adjustmentsLeftOut++;
			continue;
		}
		const line = lineOf(adjustment.date);
		line.adjustments += adjustment.amount;
		line.adjustmentItems.push(adjustment);
	}
	let cash = input.opening;
	for (const line of lines) {
		line.opening = cash;
		line.net = line.receipts - line.payments + line.adjustments;
		line.closing = line.opening + line.net;
		cash = line.closing;
	}
	return { lines, later, adjustmentsLeftOut, overdue };
}

/** The lowest closing and its line, and the first line closing below zero (undefined when none does). */
export function lowPoints(lines: readonly ForecastLine[]): { lowest: ForecastLine; firstBelowZero?: ForecastLine } {
	const lowest = lines.reduce((low, line) => (line.closing < low.closing ? line : low), lines[0]);
	return { lowest, firstBelowZero: lines.find((line) => line.closing < 0) };
}

/** A paid invoice: when it was due and paid, and its total in the business's currency (its weight). */
export interface PaidInvoice {
	contactId: string;
	due: string;
	paid: string;
	cents: number;
}

/**
 * Each contact's average days late (paid day − due day; early is negative) over its paid
 * invoices, weighted by their totals so that a large invoice counts for more than a small one,
 * rounded to whole days half away from zero.
 */
export function averageDaysLate(invoices: readonly PaidInvoice[]): Map<string, number> {
	const sums = new Map<string, { weighted: number; weight: number }>();
	for (const invoice of invoices) {
		const weight = Math.abs(invoice.cents);
		if (weight === 0) continue;
		const sum = sums.get(invoice.contactId) ?? { weighted: 0, weight: 0 };
		sum.weighted += daysBetween(invoice.due, invoice.paid) * weight;
		sum.weight += weight;
		sums.set(invoice.contactId, sum);
	}
	const averages = new Map<string, number>();
	for (const [contact, { weighted, weight }] of sums) {
		averages.set(contact, Math.sign(weighted) * Math.round(Math.abs(weighted) / weight));
	}
	return averages;
}
