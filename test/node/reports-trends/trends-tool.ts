// A split report as an AI tool, cut by its size limit: every period's summary survives the cut,
// in date order, whatever its size; only the account rows after them are left out, and the note
// counts them. Each summary's net profit is summed here from the ledger.
import type { INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { cents, creditMinusDebit, EXPENSE_TYPES, INCOME_TYPES, useLedgers } from '../report-books';
import { answerOf, callTools } from '../tool-sandbox';

const env = useConnectedSandbox({ scale: 300 });
const ledgers = useLedgers(env);

/** The first day of each of `count` months from `first` (YYYY-MM). */
const monthStarts = (first: string, count: number) =>
	[...Array(count).keys()].map((index) => {
		const month = Number(first.slice(5, 7)) - 1 + index;
		return `${Number(first.slice(0, 4)) + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
	});
const monthEnd = (start: string) =>
	new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).toISOString().slice(0, 10);

const call = async (operation: string, extra: INodeParameters) => {
	const [result] = await callTools(env, { report: { resource: 'report', operation, period: 'custom', ...extra } }, [
		{ tool: 'report', arguments: {} },
	]);
	return answerOf(result);
};

describe('the tool’s answer cut by its size limit keeps every period’s summary', () => {
	it('profit_and_loss over 24 months by month against last year: 24 summaries, each the ledger’s', async () => {
		const ledger = ledgers.get('lead')!;
		const answer = await call('profitAndLoss', {
			fromDate: '2023-07-01',
			toDate: '2025-06-30',
			splitBy: 'month',
			compareWith: 'samePeriodLastYear',
		});
		const summaries = answer.filter((entry) => !('row_type' in entry) && !('note' in entry));
		const starts = monthStarts('2023-07', 24);
		expect(summaries.map((summary) => summary.from_date)).toEqual(starts);
		expect(answer.slice(0, 24)).toEqual(summaries);
		for (const [index, summary] of summaries.entries()) {
			expect(cents(summary.net_profit ?? 0)).toBe(
				creditMinusDebit(ledger, [...INCOME_TYPES, ...EXPENSE_TYPES], starts[index], monthEnd(starts[index])),
			);
		}
		// What was left out is the accounts' rows, and the note says how many.
		const note = answer[answer.length - 1];
		expect(note.note).toMatch(/^\d+ of \d+ rows shown; … \d+ more/);
	});

	it('balance_sheet over 12 month ends beside the same days last year: 12 summaries', async () => {
		const answer = await call('balanceSheet', {
			fromDate: '2024-07-01',
			toDate: '2025-06-30',
			splitBy: 'month',
			compareWith: 'samePeriodLastYear',
		});
		const summaries = answer.filter((entry) => !('row_type' in entry) && !('note' in entry));
		expect(summaries.map((summary) => summary.as_at)).toEqual(monthStarts('2024-07', 12).map(monthEnd));
		for (const summary of summaries) expect(summary.net_assets).toBe(summary.total_equity);
	});
});
