/**
 * Calendar days as the reports need them: plain `YYYY-MM-DD` text, compared as text and
 * computed in UTC so that no time zone or summer time moves a day.
 */

/** Days since 1970-01-01 of a civil day (proleptic Gregorian), without a Date: reports count many days. */
function toDayNumber(day: string): number {
	const month = Number(day.slice(5, 7));
	const year = Number(day.slice(0, 4)) - (month <= 2 ? 1 : 0);
	const era = Math.floor(year / 400);
	const yearOfEra = year - era * 400;
	const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + Number(day.slice(8, 10)) - 1;
	const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
	return era * 146_097 + dayOfEra - 719_468;
}

/** Two digits, or four for a year: the reports format many days, so no padStart. */
const pad = (value: number, length: 2 | 4) =>
	value >= (length === 2 ? 10 : 1000) ? `${value}` : `${'000'.slice(0, length - `${value}`.length)}${value}`;

function fromDayNumber(days: number): string {
	const shifted = days + 719_468;
	const era = Math.floor(shifted / 146_097);
	const dayOfEra = shifted - era * 146_097;
	const yearOfEra = Math.floor(
		(dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
	);
	const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
	const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
	const date = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
	const month = monthIndex + (monthIndex < 10 ? 3 : -9);
	const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
	return `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
}

/** The day a service date or date-time starts with ("2025-06-30T…" → 2025-06-30); null when it has none. */
export const leadingDay = (value: unknown): string | null =>
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

export const addDays = (day: string, days: number) => fromDayNumber(toDayNumber(day) + days);

/** Whole days from `earlier` to `later` (negative when `later` comes first). */
export const daysBetween = (earlier: string, later: string) => toDayNumber(later) - toDayNumber(earlier);

const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]);

/** A day of another month, kept within that month: 31 January plus one month is 28 or 29 February. */
export const addMonths = (day: string, months: number): string => unpackDay(addMonthsPacked(packDay(day), months));

export const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** Today in a time zone (n8n's workflow time zone), from a moment in epoch milliseconds. */
export function dayIn(timeZone: string, moment: number): string {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).formatToParts(new Date(moment));
	const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
	return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * A day as one number that orders as its text does (2025-06-30 → 20250630): the financial
 * calendar works on these and writes text once, as the quarters of every day of a year are many.
 */
export type PackedDay = number;

export const packDay = (day: string): PackedDay =>
	Number(day.slice(0, 4)) * 10_000 + Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));

export const unpackDay = (day: PackedDay): string =>
	`${pad(Math.floor(day / 10_000), 4)}-${pad(Math.floor(day / 100) % 100, 2)}-${pad(day % 100, 2)}`;

export function addDaysPacked(day: PackedDay, days: number): PackedDay {
	const date = (day % 100) + days;
	if (date >= 1 && date <= 28) return day + days;
	return packDay(addDays(unpackDay(day), days));
}

/** As addMonths, on packed days. */
export function addMonthsPacked(day: PackedDay, months: number): PackedDay {
	const index = Math.floor(day / 10_000) * 12 + (Math.floor(day / 100) % 100) - 1 + months;
	const year = Math.floor(index / 12);
	const month = (index % 12) + 1;
	return year * 10_000 + month * 100 + Math.min(day % 100, daysInMonth(year, month));
}

/** Where a business's financial years end, from any year's last day of one (only day and month count). */
export interface YearEndDay {
	month: number;
	date: number;
	/** A year ending on the last day of its month ends so in every year (28 or 29 February). */
	endsMonth: boolean;
}

export function yearEndDay(yearEnd: string): YearEndDay {
	const month = Number(yearEnd.slice(5, 7));
	const date = Number(yearEnd.slice(8, 10));
	return { month, date, endsMonth: date === daysInMonth(Number(yearEnd.slice(0, 4)), month) };
}

const yearEndIn = (year: number, end: YearEndDay): PackedDay =>
	year * 10_000 +
	end.month * 100 +
	(end.endsMonth ? daysInMonth(year, end.month) : Math.min(end.date, daysInMonth(year, end.month)));

/**
 * The last day of the financial year that holds `day`: a year ending on the last day of
 * February ends so in leap years too.
 */
export function financialYearEnd(day: PackedDay, end: YearEndDay): PackedDay {
	const thisYears = yearEndIn(Math.floor(day / 10_000), end);
	return day <= thisYears ? thisYears : yearEndIn(Math.floor(day / 10_000) + 1, end);
}
