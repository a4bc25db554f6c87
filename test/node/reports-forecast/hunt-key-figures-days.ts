// A hunt (issue 53, Key Figures) over random periods of the seeded books (fast-check): a Custom
// period from any day to any day up to a year on (mid-month, the 28th–31st, 29 February, the books'
// first months), optionally split by month and compared with the previous period or the same
// period last year; every figure of every period and comparison is its formula on the ledger and
// the documents summed here (key-figure-books.ts). KEY_FIGURES_RUNS=30 hunts longer.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { expectedFigures, FIGURES } from '../key-figure-books';
import { businessesOf, useLedgers } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every period reads the lead's ledger and documents whole, and each figure is its
// formula on what was read, whatever the books' size.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const ledgers = useLedgers(env);

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.UTC(2023, 7, 1) + offset * DAY_MS).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const figuresOf = (item: IDataObject, suffix = '') =>
	Object.fromEntries(FIGURES.map((key) => [key, item[`${key}${suffix}`]]));

describe('hunt: Key Figures over random periods', () => {
	// Creditors are the control account's credit − debit: with no entry (a compared year before the
	// books start) that is 0, not −0 (a negated 0: Object.is(−0, 0) is false, 1 / −0 is −Infinity,
	// and an item handed on keeps it).
	it('creditors of a period without entries are 0, not −0', async () => {
		const result = await env.runNode({
			resource: 'report',
			operation: 'keyFigures',
			period: 'custom',
			fromDate: '2023-08-01',
			toDate: '2023-08-31',
			compareWith: 'samePeriodLastYear',
		});
		expect(result.error).toBeUndefined();
		const [summary] = result.json(NODE) as IDataObject[];
		expect(summary.compared_to_date).toBe('2022-08-31');
		expect(Object.is(summary.creditors_compared, 0)).toBe(true);
	});

	it('every figure of every period and comparison is its formula on the ledger', async () => {
		const lead = businessesOf(env).find((business) => business.key === 'lead')!;
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.integer({ min: 0, max: 700 }).map(dayOf),
					fc.constantFrom('2024-02-29', '2024-03-01', '2024-05-30', '2025-02-28', '2024-12-30'),
				),
				fc.integer({ min: 0, max: 400 }),
				fc.constantFrom('none', 'month', 'quarter', 'year'),
				fc.constantFrom('none', 'previousPeriod', 'samePeriodLastYear'),
				async (from, length, splitBy, compareWith) => {
					const to = plusDays(from, length);
					const result = await env.runNode({
						resource: 'report',
						operation: 'keyFigures',
						period: 'custom',
						fromDate: from,
						toDate: to,
						splitBy,
						compareWith,
					});
					expect(result.error).toBeUndefined();
					const ledger = ledgers.get('lead')!;
					for (const summary of result.json(NODE) as IDataObject[]) {
						const [periodFrom, periodTo] = [summary.from_date as string, summary.to_date as string];
						expect({ periodFrom, periodTo, figures: figuresOf(summary) }).toEqual({
							periodFrom,
							periodTo,
							figures: await expectedFigures(env, lead, ledger, periodFrom, periodTo),
						});
						if (compareWith === 'none') continue;
						const [comparedFrom, comparedTo] = [
							summary.compared_from_date as string,
							summary.compared_to_date as string,
						];
						expect({ comparedFrom, comparedTo, figures: figuresOf(summary, '_compared') }).toEqual({
							comparedFrom,
							comparedTo,
							figures: await expectedFigures(env, lead, ledger, comparedFrom, comparedTo),
						});
					}
				},
			),
			{ numRuns: Number(process.env.KEY_FIGURES_RUNS ?? 3) },
		);
	});
});
