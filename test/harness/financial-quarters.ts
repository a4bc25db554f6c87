/**
 * Financial quarters worked out with Date, from the rule in the reports review brief, never with
 * the package's helpers: a quarter ends 3, 6, 9 and 12 months after the year's start, counted back
 * from the year end, on the year end's day of the month, or on the month's last day when the year
 * end is a month's last day or the month is shorter. What the unit tests of the periods compare with.
 */

export const text = (date: Date) => date.toISOString().slice(0, 10);
export const utc = (year: number, monthIndex: number, date: number) => new Date(Date.UTC(year, monthIndex, date));
export const lastDate = (year: number, monthIndex: number) => utc(year, monthIndex + 1, 0).getUTCDate();
export const dayAfter = (day: string) => text(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/** The year's last day: on the stored year end's day and month, or its month's last day if the stored one was. */
export function yearEndIn(stored: string, year: number): string {
	const [storedYear, month, date] = stored.split('-').map(Number);
	const last = lastDate(year, month - 1);
	return text(utc(year, month - 1, date === lastDate(storedYear, month - 1) ? last : Math.min(date, last)));
}

/** The day a quarter ends `back` months before the year end: the year end's day, or the month's last day (see the top). */
export function quarterEndIn(yearEnd: string, back: number): string {
	const [year, month, date] = yearEnd.split('-').map(Number);
	const endsMonth = date === lastDate(year, month - 1);
	const first = utc(year, month - 1 - back, 1);
	const last = lastDate(first.getUTCFullYear(), first.getUTCMonth());
	return text(utc(first.getUTCFullYear(), first.getUTCMonth(), endsMonth ? last : Math.min(date, last)));
}

/** The four quarters of the financial year that ends in `endYear`. */
export function expectedQuarters(stored: string, endYear: number) {
	const yearEnd = yearEndIn(stored, endYear);
	const start = dayAfter(yearEndIn(stored, endYear - 1));
	const ends = [9, 6, 3, 0].map((back) => quarterEndIn(yearEnd, back));
	return ends.map((to, index) => ({ from: index === 0 ? start : dayAfter(ends[index - 1]), to }));
}
