import type { Refuse } from '../helpers/values';
import { addDays, addMonths, daysBetween, firstOfMonth } from './calendar';
import { financialQuarter, financialQuarters, financialYear, type DateRange } from './period';

/** How a report's range is cut into periods, in date order. */
export const SPLITS = ['none', 'month', 'quarter', 'year'] as const;
export type SplitBy = (typeof SPLITS)[number];

/** What each period is set beside. */
export const COMPARISONS = ['none', 'previousPeriod', 'samePeriodLastYear'] as const;
export type CompareWith = (typeof COMPARISONS)[number];

/** More periods than a person reads in one sheet; and every period is one ledger read. */
export const MAX_PERIODS = 60;

/** One period of a split report: its days and the name of its column in a table. */
export interface ReportPeriod extends DateRange {
	name: string;
}

/** Financial years are named by the calendar year they end in: FY2025 ends in 2025. */
const yearName = (to: string) => `FY${to.slice(0, 4)}`;

/** Which quarter (1 to 4) of its financial year a financial quarter is. */
const quarterNumber = (quarter: DateRange, yearEnd: string) =>
	financialQuarters(quarter.from, yearEnd).findIndex((candidate) => candidate.from === quarter.from) + 1;

/** The unit of the split that holds `day`: a calendar month, a financial quarter or year. */
function unitOf(
	split: Exclude<SplitBy, 'none'>,
	day: string,
	yearEnd: string | undefined,
): DateRange & { name: string } {
	if (split === 'month') {
		const from = firstOfMonth(day);
		return { from, to: addDays(addMonths(from, 1), -1), name: day.slice(0, 7) };
	}
	const year = financialYear(day, yearEnd!);
	if (split === 'year') return { ...year, name: yearName(year.to) };
	const quarter = financialQuarter(day, yearEnd!);
	return { ...quarter, name: `${yearName(year.to)}-Q${quarterNumber(quarter, yearEnd!)}` };
}

/** Months a range touches, counted before any request: the bound on how many periods it can give. */
export const monthsTouched = (range: DateRange) =>
	(Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4))) * 12 +
	Number(range.to.slice(5, 7)) -
	Number(range.from.slice(5, 7)) +
	1;

/**
 * The range cut into periods in date order; a first or last period the range only partly covers
 * is clipped to it. Quarters and years are the business's financial ones (`yearEnd` required).
 */
export function splitRange(
	range: DateRange,
	split: SplitBy,
	yearEnd: string | undefined,
	refuse: Refuse,
): ReportPeriod[] {
	if (split === 'none') return [{ ...range, name: `${range.from} to ${range.to}` }];
	if (split !== 'month' && !yearEnd) {
		refuse(
			'the business’s financial settings have no financial year end, so it has no financial quarters or years; split by Month',
		);
	}
	const periods: ReportPeriod[] = [];
	for (let day = range.from; day <= range.to;) {
		const unit = unitOf(split, day, yearEnd);
		periods.push({ from: day, to: unit.to < range.to ? unit.to : range.to, name: unit.name });
		if (periods.length > MAX_PERIODS) {
			refuse(
				`${range.from} to ${range.to} gives more than ${MAX_PERIODS} periods; choose a shorter range or a longer split`,
			);
		}
		day = addDays(unit.to, 1);
	}
	return periods;
}

const isLastOfMonth = (day: string) => addDays(day, 1).slice(8, 10) === '01';

/** The day `months` later (or earlier); the last day of a month stays the last day of its month. */
function endShifted(day: string, months: number): string {
	const shifted = addMonths(day, months);
	return isLastOfMonth(day) ? addDays(addMonths(firstOfMonth(shifted), 1), -1) : shifted;
}

/**
 * The day `months` before, as the day before a period of that many months ending on `day` begins:
 * the last day of a month stays the last day of its month (2025-02-28 → 2024-02-29 for 12), another
 * day is kept within its month (2025-07-30 → 2025-04-30 for 3).
 */
export const monthsBeforeEnd = (day: string, months: number): string => endShifted(day, -months);

/**
 * The same day a year before, as the last day of a period: the last day of a month stays the
 * last day of its month (2025-02-28 → 2024-02-29), so a month or a year last year is whole.
 */
export const sameDayLastYear = (day: string): string => endShifted(day, -12);

/** Whether the range is a whole financial year or quarter of the business. */
function financialUnitOf(range: DateRange, yearEnd: string | undefined): 'year' | 'quarter' | undefined {
	if (!yearEnd) return undefined;
	const same = (unit: DateRange) => unit.from === range.from && unit.to === range.to;
	if (same(financialYear(range.from, yearEnd))) return 'year';
	return same(financialQuarter(range.from, yearEnd)) ? 'quarter' : undefined;
}

/**
 * The business's financial quarters the range is made of, in order, when it runs from a quarter's
 * first day to a quarter's last (several quarters or years); otherwise undefined.
 */
function wholeQuarters(range: DateRange, yearEnd: string | undefined): DateRange[] | undefined {
	if (!yearEnd) return undefined;
	let quarter = financialQuarter(range.from, yearEnd);
	if (quarter.from !== range.from) return undefined;
	const quarters = [quarter];
	while (quarter.to < range.to && quarters.length <= 4 * MAX_PERIODS) {
		quarter = financialQuarter(addDays(quarter.to, 1), yearEnd);
		quarters.push(quarter);
	}
	return quarter.to === range.to ? quarters : undefined;
}

/** The first day of the financial quarter `count` quarters before the one starting on `from`. */
function quartersBack(from: string, count: number, yearEnd: string): string {
	let start = from;
	for (let step = 0; step < count; step++) start = financialQuarter(addDays(start, -1), yearEnd).from;
	return start;
}

/**
 * How many whole months the range runs after the day before it, a month's last day kept the last
 * (2024-02-29 to 2025-02-28 is twelve months after 28 February), or undefined.
 */
function monthsAfterDayBefore(range: DateRange): number | undefined {
	const before = addDays(range.from, -1);
	for (let months = 1; months <= 12 * MAX_PERIODS; months++) {
		const end = endShifted(before, months);
		if (end === range.to) return months;
		if (end > range.to) return undefined;
	}
	return undefined;
}

/**
 * The period just before: the financial year or quarter before, for one of those; as many whole
 * months before when the range is whole months from its first day (a month, a quarter, a year)
 * or after the day before it; otherwise as many days just before it.
 */
export function previousRange(range: DateRange, yearEnd?: string): DateRange {
	const unit = financialUnitOf(range, yearEnd);
	if (unit === 'year') return financialYear(addDays(range.from, -1), yearEnd!);
	if (unit === 'quarter') return financialQuarter(addDays(range.from, -1), yearEnd!);
	// Several quarters (or years): as many quarters before, which months or days can miss by a day.
	const quarters = wholeQuarters(range, yearEnd);
	if (quarters) return { from: quartersBack(range.from, quarters.length, yearEnd!), to: addDays(range.from, -1) };
	const after = addDays(range.to, 1);
	for (let months = 1; months <= 12 * MAX_PERIODS; months++) {
		const end = addMonths(range.from, months);
		if (end === after) return { from: addMonths(range.from, -months), to: addDays(range.from, -1) };
		if (end > after) break;
	}
	const before = addDays(range.from, -1);
	const months = monthsAfterDayBefore(range);
	if (months !== undefined) return { from: addDays(endShifted(before, -months), 1), to: before };
	const days = daysBetween(range.from, range.to) + 1;
	return { from: addDays(range.from, -days), to: before };
}

/**
 * The same period a year before: the same financial year or quarter of the year before, for one
 * of those; the same whole months; otherwise from the same day to the same last day a year before.
 */
function lastYearRange(range: DateRange, yearEnd: string | undefined): DateRange {
	// One day (a balance sheet's): the same day, a month's last day the last.
	if (range.from === range.to) return { from: sameDayLastYear(range.to), to: sameDayLastYear(range.to) };
	const unit = financialUnitOf(range, yearEnd);
	if (unit === 'year') return financialYear(addDays(range.from, -1), yearEnd!);
	if (unit === 'quarter') {
		const yearBefore = financialYear(addDays(financialYear(range.from, yearEnd!).from, -1), yearEnd!);
		return financialQuarters(yearBefore.to, yearEnd!)[quarterNumber(range, yearEnd!) - 1];
	}
	// Several quarters (or years): the same quarters of the year before, four quarters back.
	const quarters = wholeQuarters(range, yearEnd);
	if (quarters) {
		const last = quarters[quarters.length - 1];
		return {
			from: quartersBack(range.from, 4, yearEnd!),
			to: addDays(quartersBack(last.from, 3, yearEnd!), -1),
		};
	}
	const months = monthsAfterDayBefore(range);
	if (months !== undefined) {
		const before = addDays(range.from, -1);
		return { from: addDays(endShifted(before, -12), 1), to: endShifted(before, months - 12) };
	}
	return { from: addMonths(range.from, -12), to: sameDayLastYear(range.to) };
}

/**
 * The period a period of a report is compared with. A Balance Sheet's period is a day, its last:
 * under Previous Period it is compared with the end of the month, quarter or year before its own,
 * whatever day the range starts on (1 to 30 November's column, as at 30 November, beside 31 October);
 * under Same Period Last Year a column ending with its month, quarter or year with the end of the
 * same one a year before, whatever day the range starts on (a year ending 28 November: 15 December
 * to 28 February's column beside 28 February 2024, the end of that year's first quarter).
 */
export function periodComparison(
	period: ReportPeriod,
	split: SplitBy,
	compare: Exclude<CompareWith, 'none'>,
	yearEnd: string | undefined,
	asAt: boolean,
): DateRange {
	if (asAt && split !== 'none') {
		const unit = unitOf(split, period.from, yearEnd);
		if (compare === 'previousPeriod') return previousRange(unit, yearEnd);
		if (unit.to === period.to) return lastYearRange(unit, yearEnd);
	}
	return comparisonRange(period, compare, yearEnd);
}

/**
 * The period a period is compared with. With the business's year end, a whole financial year or
 * quarter is compared with the financial year or quarter before, or the same one a year before.
 */
export function comparisonRange(range: DateRange, compare: Exclude<CompareWith, 'none'>, yearEnd?: string): DateRange {
	return compare === 'previousPeriod' ? previousRange(range, yearEnd) : lastYearRange(range, yearEnd);
}
