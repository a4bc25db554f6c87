// Days and instants as records carry them: the sandbox formats them without a Date for speed,
// so they are checked against Date's own ISO text over two centuries.
import { DAY_MS, formatDay, formatInstant } from '../../../sandbox/data/time';

describe('days and instants as text', () => {
	it('an instant is its UTC ISO text to the second, every few days of 1900–2100 at a moving time of day, and the edges of a second', () => {
		const wrong: string[] = [];
		for (let ms = Date.UTC(1900, 0, 1); ms <= Date.UTC(2100, 11, 31); ms += 3 * DAY_MS + 3_723_001) {
			for (const instant of [ms, ms + 999, ms - 1]) {
				const expected = `${new Date(instant).toISOString().slice(0, 19)}Z`;
				if (formatInstant(instant) !== expected) wrong.push(`${instant}: ${formatInstant(instant)} ≠ ${expected}`);
			}
		}
		expect(wrong.slice(0, 5)).toEqual([]);
		expect([formatInstant(null), formatInstant(undefined)]).toEqual([null, null]);
	});

	it('a day number is its ISO date', () => {
		expect(formatDay(Date.UTC(2024, 1, 29) / DAY_MS)).toBe('2024-02-29');
		expect(formatDay(-1)).toBe('1969-12-31');
	});
});
