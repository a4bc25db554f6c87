import { comparisonRange, splitRange } from '../../nodes/AccountingService/reports/split';

const refuse = (problem: string): never => {
	throw new Error(problem);
};

describe('hunt: Compare With Previous Period on financial quarters', () => {
	it('compares each quarter of a year ending on 30 January with the quarter before it', () => {
		// The financial year 2025-01-31..2026-01-30: its quarters start on the 31st, a day some months lack.
		const quarters = splitRange({ from: '2025-01-31', to: '2026-01-30' }, 'quarter', '2025-01-30', refuse);
		expect(quarters.map((quarter) => quarter.name)).toEqual(['FY2026-Q1', 'FY2026-Q2', 'FY2026-Q3', 'FY2026-Q4']);
		const [q1, q2] = quarters;
		expect(comparisonRange(q2, 'previousPeriod')).toEqual({ from: q1.from, to: q1.to });
	});

	it('compares the second quarter of a year ending on 29 November with the first', () => {
		const quarters = splitRange({ from: '2024-11-30', to: '2025-11-29' }, 'quarter', '2024-11-29', refuse);
		const [q1, q2] = quarters;
		expect(comparisonRange(q2, 'previousPeriod')).toEqual({ from: q1.from, to: q1.to });
	});
});
