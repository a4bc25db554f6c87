import {
	comparisonRange,
	previousRange,
	sameDayLastYear,
	splitRange,
} from '../../nodes/AccountingService/reports/split';

const refuse = (problem: string): never => {
	throw new Error(problem);
};

describe('a report range cut into periods', () => {
	it('months in date order, the first and last clipped to the range, named YYYY-MM', () => {
		expect(splitRange({ from: '2024-01-15', to: '2024-03-10' }, 'month', undefined, refuse)).toEqual([
			{ from: '2024-01-15', to: '2024-01-31', name: '2024-01' },
			{ from: '2024-02-01', to: '2024-02-29', name: '2024-02' },
			{ from: '2024-03-01', to: '2024-03-10', name: '2024-03' },
		]);
	});

	it('quarters and years of the financial year, named by the year they end in', () => {
		const march = '2025-03-31';
		expect(splitRange({ from: '2024-04-01', to: '2025-03-31' }, 'quarter', march, refuse).map((p) => p.name)).toEqual([
			'FY2025-Q1',
			'FY2025-Q2',
			'FY2025-Q3',
			'FY2025-Q4',
		]);
		expect(splitRange({ from: '2024-02-10', to: '2025-05-31' }, 'year', march, refuse)).toEqual([
			{ from: '2024-02-10', to: '2024-03-31', name: 'FY2024' },
			{ from: '2024-04-01', to: '2025-03-31', name: 'FY2025' },
			{ from: '2025-04-01', to: '2025-05-31', name: 'FY2026' },
		]);
	});

	it('refuses quarters without a year end, and more than 60 periods', () => {
		expect(() => splitRange({ from: '2024-01-01', to: '2024-12-31' }, 'quarter', undefined, refuse)).toThrow(
			/no financial year end/,
		);
		expect(() => splitRange({ from: '2010-01-01', to: '2025-12-31' }, 'quarter', '2024-12-31', refuse)).toThrow(
			/more than 60 periods/,
		);
		expect(splitRange({ from: '2010-01-01', to: '2024-12-31' }, 'quarter', '2024-12-31', refuse)).toHaveLength(60);
	});
});

describe('comparison periods', () => {
	it('the same days last year: a month end stays a month end', () => {
		expect(sameDayLastYear('2025-02-28')).toBe('2024-02-29');
		expect(sameDayLastYear('2024-02-29')).toBe('2023-02-28');
		expect(sameDayLastYear('2025-03-15')).toBe('2024-03-15');
		expect(comparisonRange({ from: '2025-02-01', to: '2025-02-28' }, 'samePeriodLastYear')).toEqual({
			from: '2024-02-01',
			to: '2024-02-29',
		});
	});

	it('the previous period: whole months before whole months, otherwise as many days just before', () => {
		expect(previousRange({ from: '2025-03-01', to: '2025-03-31' })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
		expect(previousRange({ from: '2025-01-01', to: '2025-03-31' })).toEqual({ from: '2024-10-01', to: '2024-12-31' });
		expect(previousRange({ from: '2024-07-01', to: '2025-06-30' })).toEqual({ from: '2023-07-01', to: '2024-06-30' });
		expect(previousRange({ from: '2025-03-10', to: '2025-03-16' })).toEqual({ from: '2025-03-03', to: '2025-03-09' });
	});
});
