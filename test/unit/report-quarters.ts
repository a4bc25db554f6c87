// Financial quarters end 3, 6, 9 and 12 months after the year's start, counted back from the year
// end: on the year end's day of the month, or on the month's last day when the year end is a
// month's last day or the month is shorter. The expected quarters are worked out here with Date.
import * as fc from 'fast-check';

import { financialQuarter, financialYear, periodRange } from '../../nodes/AccountingService/reports/period';
import { comparisonRange, splitRange } from '../../nodes/AccountingService/reports/split';
import { expectedQuarters, lastDate, text, utc } from '../harness/financial-quarters';

const refuse = (problem: string): never => {
	throw new Error(problem);
};

/** A year end stored on every day 1..31 of every month, of a leap year and of a common year. */
const STORED_YEAR_ENDS: string[] = [];
for (const year of [2024, 2023]) {
	for (let monthIndex = 0; monthIndex < 12; monthIndex++) {
		for (let date = 1; date <= lastDate(year, monthIndex); date++)
			STORED_YEAR_ENDS.push(text(utc(year, monthIndex, date)));
	}
}

describe('financial quarters counted back from the year end', () => {
	it('a year ending 30 December: quarters end 30 March, 30 June, 30 September, 30 December', () => {
		expect(splitRange({ from: '2024-12-31', to: '2025-12-30' }, 'quarter', '2024-12-30', refuse)).toEqual([
			{ from: '2024-12-31', to: '2025-03-30', name: 'FY2025-Q1' },
			{ from: '2025-03-31', to: '2025-06-30', name: 'FY2025-Q2' },
			{ from: '2025-07-01', to: '2025-09-30', name: 'FY2025-Q3' },
			{ from: '2025-10-01', to: '2025-12-30', name: 'FY2025-Q4' },
		]);
		const books = { yearEnd: '2024-12-30' };
		expect(periodRange('thisQuarter', '2025-07-01', books, refuse)).toEqual({ from: '2025-07-01', to: '2025-09-30' });
		expect(periodRange('lastQuarter', '2025-07-01', books, refuse)).toEqual({ from: '2025-03-31', to: '2025-06-30' });
		expect(comparisonRange({ from: '2025-07-01', to: '2025-09-30' }, 'previousPeriod', '2024-12-30')).toEqual({
			from: '2025-03-31',
			to: '2025-06-30',
		});
		expect(comparisonRange({ from: '2025-07-01', to: '2025-09-30' }, 'samePeriodLastYear', '2024-12-30')).toEqual({
			from: '2024-07-01',
			to: '2024-09-30',
		});
	});

	it('a year ending 30 January: quarters end 30 April, 30 July, 30 October, 30 January', () => {
		expect(splitRange({ from: '2025-01-31', to: '2026-01-30' }, 'quarter', '2025-01-30', refuse)).toEqual([
			{ from: '2025-01-31', to: '2025-04-30', name: 'FY2026-Q1' },
			{ from: '2025-05-01', to: '2025-07-30', name: 'FY2026-Q2' },
			{ from: '2025-07-31', to: '2025-10-30', name: 'FY2026-Q3' },
			{ from: '2025-10-31', to: '2026-01-30', name: 'FY2026-Q4' },
		]);
		expect(financialQuarter('2025-04-30', '2025-01-30')).toEqual({ from: '2025-01-31', to: '2025-04-30' });
		expect(comparisonRange({ from: '2025-07-31', to: '2025-10-30' }, 'samePeriodLastYear', '2025-01-30')).toEqual({
			from: '2024-07-31',
			to: '2024-10-30',
		});
	});

	it('a year ending 30 June (a month’s last day): quarters end on month ends, 30 Sep, 31 Dec, 31 Mar, 30 Jun', () => {
		expect(
			splitRange({ from: '2024-07-01', to: '2025-06-30' }, 'quarter', '2025-06-30', refuse).map(({ to }) => to),
		).toEqual(['2024-09-30', '2024-12-31', '2025-03-31', '2025-06-30']);
	});

	it('every year end day of a leap and of a common year: the four quarters follow the rule, cover the year, no gap, no overlap', () => {
		const problems: string[] = [];
		for (const stored of STORED_YEAR_ENDS) {
			for (const endYear of [2024, 2025, 2028]) {
				const quarters = expectedQuarters(stored, endYear);
				const year = financialYear(quarters[3].to, stored);
				if (year.from !== quarters[0].from || year.to !== quarters[3].to) problems.push(`${stored} ${endYear}: year`);
				const split = splitRange(year, 'quarter', stored, refuse);
				const got = split.map(({ from, to }) => ({ from, to }));
				if (JSON.stringify(got) !== JSON.stringify(quarters))
					problems.push(`${stored} ${endYear}: ${JSON.stringify(got)} not ${JSON.stringify(quarters)}`);
				if (split.map((quarter) => quarter.name.slice(-2)).join() !== 'Q1,Q2,Q3,Q4') problems.push(`${stored}: names`);
			}
		}
		expect(problems.slice(0, 5)).toEqual([]);
	});

	it('any day: its quarter holds it, is the rule’s, and This/Last Quarter and Compare With agree with it', () => {
		const storedYearEnd = fc.constantFrom(...STORED_YEAR_ENDS);
		const day = fc
			.date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
			.map(text);
		fc.assert(
			fc.property(storedYearEnd, day, (stored, today) => {
				const year = financialYear(today, stored);
				const quarters = expectedQuarters(stored, Number(year.to.slice(0, 4)));
				const index = quarters.findIndex((quarter) => quarter.from <= today && today <= quarter.to);
				expect(index).toBeGreaterThanOrEqual(0);
				const books = { yearEnd: stored };
				expect(periodRange('thisQuarter', today, books, refuse)).toEqual(quarters[index]);
				const before = index > 0 ? quarters[index - 1] : expectedQuarters(stored, Number(year.to.slice(0, 4)) - 1)[3];
				expect(periodRange('lastQuarter', today, books, refuse)).toEqual(before);
				expect(comparisonRange(quarters[index], 'previousPeriod', stored)).toEqual(before);
				const lastYear = expectedQuarters(stored, Number(year.to.slice(0, 4)) - 1)[index];
				expect(comparisonRange(quarters[index], 'samePeriodLastYear', stored)).toEqual(lastYear);
			}),
			{ numRuns: 400 },
		);
	});
});
