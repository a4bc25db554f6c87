import { financialYear } from '../../nodes/AccountingService/reports/period';
import { comparisonRange, splitRange } from '../../nodes/AccountingService/reports/split';

describe('Compare With on a financial year around 28/29 February', () => {
	it('Same Period Last Year of a year ending on 27 February is the whole year before, 28 February included', () => {
		const thisYear = financialYear('2025-06-01', '2025-02-27');
		expect(thisYear).toEqual({ from: '2025-02-28', to: '2026-02-27' });
		const lastYear = financialYear('2024-06-01', '2025-02-27');
		expect(lastYear).toEqual({ from: '2024-02-28', to: '2025-02-27' });
		expect(comparisonRange(thisYear, 'samePeriodLastYear', '2025-02-27')).toEqual(lastYear);
	});

	it('Same Period Last Year of a year starting on 29 February does not overlap that year', () => {
		const thisYear = financialYear('2024-06-01', '2024-02-28');
		expect(thisYear).toEqual({ from: '2024-02-29', to: '2025-02-28' });
		const lastYear = financialYear('2023-06-01', '2024-02-28');
		const compared = comparisonRange(thisYear, 'samePeriodLastYear', '2024-02-28');
		expect(compared.to < thisYear.from).toBe(true);
		expect(compared).toEqual(lastYear);
	});

	it('Previous Period of a year starting on 29 February is the year before, not a day more', () => {
		const thisYear = financialYear('2024-06-01', '2024-02-28');
		const lastYear = financialYear('2023-06-01', '2024-02-28');
		expect(lastYear).toEqual({ from: '2023-03-01', to: '2024-02-28' });
		expect(comparisonRange(thisYear, 'previousPeriod', '2024-02-28')).toEqual(lastYear);
	});

	it('Same Period Last Year of a quarter of a year ending on 30 May is the same quarter a year before, 29 February 2024 included', () => {
		const refuse = (problem: string): never => {
			throw new Error(problem);
		};
		const quarters = splitRange(financialYear('2024-06-15', '2023-05-30'), 'quarter', '2023-05-30', refuse);
		const quartersBefore = splitRange(financialYear('2023-06-15', '2023-05-30'), 'quarter', '2023-05-30', refuse);
		expect(quarters[2].name).toBe('FY2025-Q3');
		// Quarters end on the 30th, or on the last day of a shorter month: 30 Aug, 30 Nov, 29 Feb, 30 May.
		expect(quartersBefore[2]).toMatchObject({ name: 'FY2024-Q3', from: '2023-12-01', to: '2024-02-29' });
		expect(quarters[2]).toMatchObject({ from: '2024-12-01', to: '2025-02-28' });
		expect(comparisonRange(quarters[2], 'samePeriodLastYear', '2023-05-30')).toEqual({
			from: '2023-12-01',
			to: '2024-02-29',
		});
	});
});
