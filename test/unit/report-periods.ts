import { addDays, addMonths, dayIn } from '../../nodes/AccountingService/reports/calendar';
import {
	asAtDay,
	financialYear,
	periodRange,
	PERIODS,
	type Period,
} from '../../nodes/AccountingService/reports/period';

const refuse = (problem: string): never => {
	throw new Error(problem);
};

/** A year ending 30 June (the sandbox's UK business), 31 March, 31 December and 28/29 February. */
const JUNE = { yearEnd: '2025-06-30', accountsStart: '2023-07-01' };

describe('report periods, counted from the day the workflow runs', () => {
	it.each<[Exclude<Period, 'custom'>, string, string, string]>([
		['thisMonth', '2025-05-15', '2025-05-01', '2025-05-31'],
		['lastMonth', '2025-05-15', '2025-04-01', '2025-04-30'],
		['lastMonth', '2025-01-31', '2024-12-01', '2024-12-31'],
		['lastMonth', '2024-03-31', '2024-02-01', '2024-02-29'],
		['thisQuarter', '2025-05-15', '2025-04-01', '2025-06-30'],
		['thisQuarter', '2025-07-01', '2025-07-01', '2025-09-30'],
		['lastQuarter', '2025-07-01', '2025-04-01', '2025-06-30'],
		['lastQuarter', '2025-10-31', '2025-07-01', '2025-09-30'],
		['thisFinancialYear', '2025-06-30', '2024-07-01', '2025-06-30'],
		['thisFinancialYear', '2025-07-01', '2025-07-01', '2026-06-30'],
		['lastFinancialYear', '2025-05-15', '2023-07-01', '2024-06-30'],
	])('%s on %s with a year ending 30 June: %s to %s', (period, today, from, to) => {
		expect(periodRange(period, today, JUNE, refuse)).toEqual({ from, to });
	});

	it('quarters follow the financial year, not the calendar: a year ending 31 January', () => {
		const books = { yearEnd: '2024-01-31' };
		expect(periodRange('thisQuarter', '2025-03-10', books, refuse)).toEqual({ from: '2025-02-01', to: '2025-04-30' });
		expect(periodRange('lastQuarter', '2025-03-10', books, refuse)).toEqual({ from: '2024-11-01', to: '2025-01-31' });
		expect(periodRange('thisFinancialYear', '2025-03-10', books, refuse)).toEqual({
			from: '2025-02-01',
			to: '2026-01-31',
		});
	});

	it('a year ending on the last day of February ends so in leap years too', () => {
		expect(financialYear('2024-01-10', '2023-02-28').to).toBe('2024-02-29');
		expect(financialYear('2024-03-01', '2023-02-28').to).toBe('2025-02-28');
		expect(periodRange('thisFinancialYear', '2024-02-29', { yearEnd: '2025-02-28' }, refuse)).toEqual({
			from: '2023-03-01',
			to: '2024-02-29',
		});
	});

	it('as-at days: today, end of last month, end of last financial year', () => {
		expect(asAtDay('today', '2025-05-15', JUNE, refuse)).toBe('2025-05-15');
		expect(asAtDay('endOfLastMonth', '2025-03-01', JUNE, refuse)).toBe('2025-02-28');
		expect(asAtDay('endOfLastFinancialYear', '2025-05-15', JUNE, refuse)).toBe('2024-06-30');
		expect(asAtDay('endOfLastFinancialYear', '2025-07-01', JUNE, refuse)).toBe('2025-06-30');
	});

	it('a period of the financial year without a year end in the settings is refused, the calendar ones are not', () => {
		const financial = PERIODS.filter((period) => /Quarter|FinancialYear/.test(period));
		for (const period of financial) {
			expect(() => periodRange(period as Exclude<Period, 'custom'>, '2025-05-15', {}, refuse)).toThrow(
				/no financial year end/,
			);
		}
		expect(periodRange('lastMonth', '2025-05-15', {}, refuse)).toEqual({ from: '2025-04-01', to: '2025-04-30' });
		expect(() => asAtDay('endOfLastFinancialYear', '2025-05-15', {}, refuse)).toThrow(/no financial year end/);
	});

	it('months keep within their length, and today is the workflow time zone’s day', () => {
		expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
		expect(addMonths('2025-03-31', -13)).toBe('2024-02-29');
		const lateEvening = Date.parse('2025-05-31T23:30:00Z');
		expect(dayIn('UTC', lateEvening)).toBe('2025-05-31');
		expect(dayIn('Europe/Berlin', lateEvening)).toBe('2025-06-01');
		expect(dayIn('America/New_York', lateEvening)).toBe('2025-05-31');
	});
});

describe('quarters cover every financial year with no gap and no overlap', () => {
	const daysOf = (from: string, to: string) => {
		const days: string[] = [];
		for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
		return days;
	};
	/** A year end stored on every day of a leap year and of a common year (only day and month count). */
	const yearEnds = [...daysOf('2024-01-01', '2024-12-31'), ...daysOf('2023-01-01', '2023-12-31')];
	const days = daysOf('2024-01-01', '2025-12-31');

	it('every day of two years is in one quarter; each quarter begins the day after the last ends, within its year', () => {
		const problems: string[] = [];
		for (const yearEnd of yearEnds) {
			const books = { yearEnd };
			let previous = periodRange('thisQuarter', addDays(days[0], -1), books, refuse);
			let quartersBegun = 0;
			for (const day of days) {
				const quarter = periodRange('thisQuarter', day, books, refuse);
				if (quarter.from > day || quarter.to < day) problems.push(`${yearEnd}: ${day} outside its quarter`);
				if (quarter.from === previous.from) continue;
				// A quarter begins: the day after the last one ends, within its financial year.
				quartersBegun++;
				if (quarter.from !== day || previous.to !== addDays(day, -1)) {
					problems.push(`${yearEnd}: ${previous.from}..${previous.to} then ${quarter.from}..${quarter.to}`);
				}
				const year = periodRange('thisFinancialYear', day, books, refuse);
				if (quarter.from < year.from || quarter.to > year.to)
					problems.push(`${yearEnd}: ${quarter.from}'s quarter leaves its year`);
				const last = periodRange('lastQuarter', day, books, refuse);
				if (last.from !== previous.from || last.to !== previous.to) problems.push(`${yearEnd}: last quarter on ${day}`);
				previous = quarter;
			}
			// Two years of days hold eight quarters, give or take a quarter cut at each end.
			if (quartersBegun < 7 || quartersBegun > 8) problems.push(`${yearEnd}: ${quartersBegun} quarters began`);
		}
		expect(problems.slice(0, 10)).toEqual([]);
	});

	it('a year starting on 29 February: its last quarter ends on the day before the next year starts', () => {
		// The year ends 28 February 2025, its month's last day: its quarters end on month ends.
		const books = { yearEnd: '2024-02-28' };
		expect(periodRange('thisQuarter', '2024-02-29', books, refuse)).toEqual({ from: '2024-02-29', to: '2024-05-31' });
		expect(periodRange('thisQuarter', '2025-02-28', books, refuse)).toEqual({ from: '2024-12-01', to: '2025-02-28' });
		expect(periodRange('lastQuarter', '2025-03-01', books, refuse)).toEqual({ from: '2024-12-01', to: '2025-02-28' });
		expect(periodRange('lastQuarter', '2025-05-31', books, refuse)).toEqual({ from: '2024-12-01', to: '2025-02-28' });
		// A year ending on 28 February of a leap year (not its month's last day): quarters end on the 28th.
		expect(periodRange('thisQuarter', '2027-11-30', books, refuse)).toEqual({ from: '2027-11-29', to: '2028-02-28' });
	});
});
