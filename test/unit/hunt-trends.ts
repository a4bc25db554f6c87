// Hunt (issue 50 items 5-11): a range of several whole financial quarters (or years) of the
// business, as a Table's whole range is when split by quarter, compared with the same number of
// quarters just before it, or with the same quarters a year before. The quarters are worked out
// here with Date, from the rule in the reports review brief, not with the package's helpers.
import { comparisonRange } from '../../nodes/AccountingService/reports/split';
import { expectedQuarters, lastDate, text, utc } from '../harness/financial-quarters';

/** Every quarter of the financial years ending in 2021 to 2029, in order. */
function quartersOf(stored: string) {
	const quarters: Array<{ from: string; to: string }> = [];
	for (let endYear = 2021; endYear <= 2029; endYear++) quarters.push(...expectedQuarters(stored, endYear));
	return quarters;
}

/** Year ends on the 28th to the 31st of every month, stored in a leap and in a common year. */
const STORED: string[] = [];
for (const year of [2024, 2023]) {
	for (let monthIndex = 0; monthIndex < 12; monthIndex++) {
		for (const date of [28, 29, 30, 31])
			if (date <= lastDate(year, monthIndex)) STORED.push(text(utc(year, monthIndex, date)));
	}
}

describe('several whole financial quarters compared (a Table’s whole range split by quarter)', () => {
	it('a year ending 30 December: Q4 FY2024 and Q1 FY2025 (1 Oct 2024 – 30 Mar 2025) beside Q2 and Q3 (31 Mar – 30 Sep 2024)', () => {
		expect(comparisonRange({ from: '2024-10-01', to: '2025-03-30' }, 'previousPeriod', '2024-12-30')).toEqual({
			from: '2024-03-31',
			to: '2024-09-30',
		});
	});

	it('a year ending 28 May: Q4 FY2025 and Q1 FY2026 (1 Mar – 28 Aug 2025) beside the same quarters a year before (29 Feb – 28 Aug 2024)', () => {
		expect(comparisonRange({ from: '2025-03-01', to: '2025-08-28' }, 'samePeriodLastYear', '2024-05-28')).toEqual({
			from: '2024-02-29',
			to: '2024-08-28',
		});
	});

	it('every year end on the 28th-31st: 2 to 8 whole quarters beside as many quarters before, and the same quarters a year before', () => {
		const problems: string[] = [];
		for (const stored of STORED) {
			const quarters = quartersOf(stored);
			for (let first = 8; first < quarters.length - 8; first++) {
				for (let count = 2; count <= 8; count++) {
					const range = { from: quarters[first].from, to: quarters[first + count - 1].to };
					const before = { from: quarters[first - count].from, to: quarters[first - 1].to };
					const lastYear = { from: quarters[first - 4].from, to: quarters[first + count - 5].to };
					const previous = comparisonRange(range, 'previousPeriod', stored);
					const yearBefore = comparisonRange(range, 'samePeriodLastYear', stored);
					if (JSON.stringify(previous) !== JSON.stringify(before))
						problems.push(
							`${stored} ${range.from}..${range.to} previous ${JSON.stringify(previous)} not ${JSON.stringify(before)}`,
						);
					if (JSON.stringify(yearBefore) !== JSON.stringify(lastYear))
						problems.push(
							`${stored} ${range.from}..${range.to} last year ${JSON.stringify(yearBefore)} not ${JSON.stringify(lastYear)}`,
						);
				}
			}
		}
		expect(problems.slice(0, 5)).toEqual([]);
		expect(problems.length).toBe(0);
	});
});
