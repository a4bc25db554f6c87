import type { Refuse } from '../helpers/values';
import {
	addDays,
	addDaysPacked,
	addMonths,
	addMonthsPacked,
	financialYearEnd,
	firstOfMonth,
	packDay,
	unpackDay,
	yearEndDay,
	type PackedDay,
	type YearEndDay,
} from './calendar';

/** The periods a Profit and Loss can cover, relative to the day it runs. */
export const PERIODS = [
	'thisMonth',
	'lastMonth',
	'last12Months',
	'thisQuarter',
	'lastQuarter',
	'thisFinancialYear',
	'lastFinancialYear',
	'custom',
] as const;
export type Period = (typeof PERIODS)[number];

/** The days an as-at report (Balance Sheet, Aged Debtors and Creditors) can be taken on. */
export const AS_AT_DAYS = ['today', 'endOfLastMonth', 'endOfLastFinancialYear', 'custom'] as const;
export type AsAtDay = (typeof AS_AT_DAYS)[number];

export interface DateRange {
	from: string;
	to: string;
}

/** What the business's financial settings say about its years. */
export interface Books {
	/** The books' first day (`accounts_start_date`). */
	accountsStart?: string;
	/** Any year's last day of its financial year (`year_end_date`): only day and month count. */
	yearEnd?: string;
}

const FINANCIAL: ReadonlySet<string> = new Set([
	'thisQuarter',
	'lastQuarter',
	'thisFinancialYear',
	'lastFinancialYear',
	'endOfLastFinancialYear',
]);

/** Whether the choice needs the business's financial year. */
export const needsFinancialYear = (choice: Period | AsAtDay) => FINANCIAL.has(choice);

function packedFinancialYear(day: PackedDay, end: YearEndDay): { from: PackedDay; to: PackedDay } {
	const to = financialYearEnd(day, end);
	return { from: addDaysPacked(financialYearEnd(addMonthsPacked(to, -12), end), 1), to };
}

export function financialYear(day: string, yearEnd: string): DateRange {
	const { from, to } = packedFinancialYear(packDay(day), yearEndDay(yearEnd));
	return { from: unpackDay(from), to: unpackDay(to) };
}

/**
 * The last days of the four quarters of the financial year ending on `yearEnd`: 9, 6, 3 and 0
 * months before it, on the year end's day of the month, or on the month's last day when the year
 * end is its month's last day or the month is shorter (a year ending 30 June: 30 September,
 * 31 December, 31 March, 30 June; ending 30 January: 30 April, 30 July, 30 October, 30 January).
 */
function quarterEnds(yearEnd: PackedDay): PackedDay[] {
	const endsMonth = addDaysPacked(yearEnd, 1) % 100 === 1;
	const firstOfItsMonth = yearEnd - (yearEnd % 100) + 1;
	return [9, 6, 3, 0].map((back) => {
		const first = addMonthsPacked(firstOfItsMonth, -back);
		// addMonthsPacked keeps a day within its month: the 31st of a 30-day month is its 30th.
		return endsMonth ? addDaysPacked(addMonthsPacked(first, 1), -1) : addMonthsPacked(first - 1 + (yearEnd % 100), 0);
	});
}

/** The four quarters of the financial year that holds `day`, in order. */
export function financialQuarters(day: string, yearEnd: string): DateRange[] {
	const year = packedFinancialYear(packDay(day), yearEndDay(yearEnd));
	let from = year.from;
	return quarterEnds(year.to).map((to) => {
		const quarter = { from: unpackDay(from), to: unpackDay(to) };
		from = addDaysPacked(to, 1);
		return quarter;
	});
}

/** The quarter of the financial year that holds `day` (see quarterEnds). */
export function financialQuarter(day: string, yearEnd: string): DateRange {
	return financialQuarters(day, yearEnd).find((quarter) => day <= quarter.to)!;
}

function yearEndOf(books: Books, refuse: Refuse): string {
	if (!books.yearEnd) {
		refuse('the business’s financial settings have no financial year end; choose Custom and enter the dates');
	}
	return books.yearEnd;
}

/** A Profit and Loss period as days, `today` being the day the report runs on. */
export function periodRange(period: Exclude<Period, 'custom'>, today: string, books: Books, refuse: Refuse): DateRange {
	switch (period) {
		case 'thisMonth':
			return { from: firstOfMonth(today), to: addDays(addMonths(firstOfMonth(today), 1), -1) };
		case 'lastMonth':
			return { from: addMonths(firstOfMonth(today), -1), to: addDays(firstOfMonth(today), -1) };
		case 'last12Months':
			return { from: addMonths(firstOfMonth(today), -12), to: addDays(firstOfMonth(today), -1) };
		case 'thisQuarter':
			return financialQuarter(today, yearEndOf(books, refuse));
		case 'lastQuarter': {
			const yearEnd = yearEndOf(books, refuse);
			return financialQuarter(addDays(financialQuarter(today, yearEnd).from, -1), yearEnd);
		}
		case 'thisFinancialYear':
			return financialYear(today, yearEndOf(books, refuse));
		case 'lastFinancialYear': {
			const yearEnd = yearEndOf(books, refuse);
			return financialYear(addDays(financialYear(today, yearEnd).from, -1), yearEnd);
		}
	}
}

/** The day an as-at report is taken on. */
export function asAtDay(choice: Exclude<AsAtDay, 'custom'>, today: string, books: Books, refuse: Refuse): string {
	switch (choice) {
		case 'today':
			return today;
		case 'endOfLastMonth':
			return addDays(firstOfMonth(today), -1);
		case 'endOfLastFinancialYear':
			return addDays(financialYear(today, yearEndOf(books, refuse)).from, -1);
	}
}

/**
 * The day Sage dates opening balances: the day before the books start. A report as at it is the
 * opening position (the opening balance sheet); undefined without an accounts start date.
 */
export const openingDay = (books: Books) =>
	books.accountsStart === undefined ? undefined : addDays(books.accountsStart, -1);

/**
 * The lower bound of a balance "as at" a day: before any entry, opening balances and anything
 * dated earlier included, so that a balance is every entry up to the day.
 */
export const BEFORE_EVERY_ENTRY = '1900-01-01';

/**
 * A report of days before the books hold anything would have nothing to say: refused rather than
 * all zeros. A period must end on or after the books' first day; an as-at day may be the opening day.
 */
export function refuseBeforeBooks(
	day: string,
	books: Books,
	what: string,
	refuse: Refuse,
	earliest: 'accountsStart' | 'openingDay' = 'accountsStart',
): void {
	const first = earliest === 'openingDay' ? openingDay(books) : books.accountsStart;
	if (books.accountsStart && first && day < first) {
		const opening = earliest === 'openingDay' ? `, or the day before, ${first}, for the opening balances` : '';
		refuse(
			`${what} ${day} is before the books start (${books.accountsStart}, the accounts start date in the business’s financial settings${opening})`,
		);
	}
}
