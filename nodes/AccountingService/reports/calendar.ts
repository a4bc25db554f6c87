/**
 * Calendar days as the reports need them: plain `YYYY-MM-DD` text, compared as text and
 * computed in UTC so that no time zone or summer time moves a day.
 */

const DAY_MS = 86_400_000;

const toTime = (day: string) =>
	Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The day a service date or date-time starts with ("2025-06-30T…" → 2025-06-30); null when it has none. */
export const leadingDay = (value: unknown): string | null =>
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

export const addDays = (day: string, days: number) => fromTime(toTime(day) + days * DAY_MS);

/** Whole days from `earlier` to `later` (negative when `later` comes first). */
export const daysBetween = (earlier: string, later: string) => Math.round((toTime(later) - toTime(earlier)) / DAY_MS);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A day of another month, kept within that month: 31 January plus one month is 28 or 29 February. */
export function addMonths(day: string, months: number): string {
	const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
	const year = Math.floor(index / 12);
	const month = (index % 12) + 1;
	const date = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

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
 * The last day of the financial year that holds `day`, for a business whose year ends on the
 * day and month of `yearEnd` (any year): a year ending on the last day of February ends so in
 * leap years too.
 */
export function financialYearEnd(day: string, yearEnd: string): string {
	const month = Number(yearEnd.slice(5, 7));
	const endsMonth = Number(yearEnd.slice(8, 10)) === daysInMonth(Number(yearEnd.slice(0, 4)), month);
	const endIn = (year: number) => {
		const date = endsMonth
			? daysInMonth(year, month)
			: Math.min(Number(yearEnd.slice(8, 10)), daysInMonth(year, month));
		return `${String(year).padStart(4, '0')}-${yearEnd.slice(5, 7)}-${String(date).padStart(2, '0')}`;
	};
	const year = Number(day.slice(0, 4));
	return day <= endIn(year) ? endIn(year) : endIn(year + 1);
}
