import { addMonths, dayIn, financialYearEnd } from '../../nodes/AccountingService/reports/calendar';
import { asAtDay, periodRange, PERIODS, type Period } from '../../nodes/AccountingService/reports/period';

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
		expect(financialYearEnd('2024-01-10', '2023-02-28')).toBe('2024-02-29');
		expect(financialYearEnd('2024-03-01', '2023-02-28')).toBe('2025-02-28');
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
