import { addDays } from '../../nodes/AccountingService/reports/calendar';
import { financialYear, type DateRange } from '../../nodes/AccountingService/reports/period';
import { comparisonRange, splitRange } from '../../nodes/AccountingService/reports/split';

const refuse = (problem: string): never => {
	throw new Error(problem);
};

describe('Compare With Previous Period on financial quarters that start on a day some months lack', () => {
	it('compares each quarter of a year ending on 30 January with the quarter before it', () => {
		// The financial year 2025-01-31..2026-01-30: its quarters start on the 31st, a day some months lack.
		const quarters = splitRange({ from: '2025-01-31', to: '2026-01-30' }, 'quarter', '2025-01-30', refuse);
		expect(quarters.map((quarter) => quarter.name)).toEqual(['FY2026-Q1', 'FY2026-Q2', 'FY2026-Q3', 'FY2026-Q4']);
		const [q1, q2] = quarters;
		expect(comparisonRange(q2, 'previousPeriod', '2025-01-30')).toEqual({ from: q1.from, to: q1.to });
	});

	it('compares the second quarter of a year ending on 29 November with the first', () => {
		const quarters = splitRange({ from: '2024-11-30', to: '2025-11-29' }, 'quarter', '2024-11-29', refuse);
		const [q1, q2] = quarters;
		expect(comparisonRange(q2, 'previousPeriod', '2024-11-29')).toEqual({ from: q1.from, to: q1.to });
	});
});

describe('Compare With on every financial year end of a leap and of a common year', () => {
	const refuse = (problem: string): never => {
		throw new Error(problem);
	};
	const yearEnds: string[] = [];
	for (let day = '2023-01-01'; day <= '2024-12-31'; day = addDays(day, 1)) yearEnds.push(day);

	it('each quarter is compared with the quarter before and with the same quarter of the year before; each year with the year before', () => {
		const problems: string[] = [];
		for (const yearEnd of yearEnds) {
			const [before, year] = ['2024-06-15', '2025-06-15'].map((day) => financialYear(day, yearEnd));
			const quarters = splitRange(year, 'quarter', yearEnd, refuse);
			const quartersBefore = splitRange(before, 'quarter', yearEnd, refuse);
			const range = ({ from, to }: DateRange) => ({ from, to });
			quarters.forEach((quarter, index) => {
				const previous = index === 0 ? quartersBefore[3] : quarters[index - 1];
				if (JSON.stringify(comparisonRange(quarter, 'previousPeriod', yearEnd)) !== JSON.stringify(range(previous)))
					problems.push(`${yearEnd} ${quarter.name}: previous period`);
				if (
					JSON.stringify(comparisonRange(quarter, 'samePeriodLastYear', yearEnd)) !==
					JSON.stringify(range(quartersBefore[index]))
				)
					problems.push(`${yearEnd} ${quarter.name}: same period last year`);
			});
			for (const compare of ['previousPeriod', 'samePeriodLastYear'] as const)
				if (JSON.stringify(comparisonRange(year, compare, yearEnd)) !== JSON.stringify(before))
					problems.push(`${yearEnd}: year, ${compare}`);
		}
		expect(problems.slice(0, 10)).toEqual([]);
	});
});
