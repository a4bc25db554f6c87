// Cash Flow Forecast and Key Figures as AI tools (cash_flow_forecast, key_figures): the summary
// first, then every period, whatever the answer's size limit; documents and figure rows after, as
// many as fit, and the note counts what was left out.
import type { INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { cents, creditMinusDebit, useLedgers } from '../report-books';
import { answerOf, callTools } from '../tool-sandbox';

const env = useConnectedSandbox({ scale: 300 });
const ledgers = useLedgers(env);

const fromAI = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;

const CASH_FLOW_FORECAST: INodeParameters = {
	resource: 'report',
	operation: 'cashFlowForecast',
	startDate: fromAI('start_date', 'First day of the forecast, YYYY-MM-DD'),
	forecastBy: fromAI('forecast_by', 'week or month'),
	horizon: fromAI('periods', 'How many weeks (up to 104) or months (up to 24)', 'number'),
	includeDocuments: true,
};

const KEY_FIGURES: INodeParameters = {
	resource: 'report',
	operation: 'keyFigures',
	period: 'custom',
	fromDate: fromAI('from_date', 'First day of the period, YYYY-MM-DD'),
	toDate: fromAI('to_date', 'Last day of the period, YYYY-MM-DD'),
	splitBy: fromAI('split_by', 'none, month, quarter or year'),
	compareWith: fromAI('compare_with', 'none, previousPeriod or samePeriodLastYear'),
};

const plusDays = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('cash_flow_forecast and key_figures as AI tools', () => {
	it('cash_flow_forecast of 104 weeks: the summary, then all 104 weeks past the size limit, then the documents that fit', async () => {
		const [result] = await callTools(env, { cash_flow_forecast: CASH_FLOW_FORECAST }, [
			{ tool: 'cash_flow_forecast', arguments: { start_date: '2025-05-01', forecast_by: 'week', periods: 104 } },
		]);
		expect(result.description).toBe('Cash flow forecast: the bank balance ahead, by week or month in Sage Accounting');
		expect(Object.keys(result.argumentDescriptions).sort()).toEqual(['forecast_by', 'periods', 'start_date']);
		const answer = answerOf(result);
		const [summary, ...rest] = answer;
		expect(summary).toMatchObject({ from_date: '2025-05-01', to_date: plusDays('2025-05-01', 727), periods: 104 });
		const weeks = rest.slice(0, 104);
		expect(weeks.map((week) => week.from_date)).toEqual(
			[...Array(104).keys()].map((index) => plusDays('2025-05-01', 7 * index)),
		);
		for (const [index, week] of weeks.entries()) {
			expect(week).not.toHaveProperty('row_type');
			const opening = index === 0 ? cents(summary.opening) : cents(weeks[index - 1].closing);
			expect(cents(week.opening ?? 0)).toBe(opening);
			expect(cents(week.closing ?? 0)).toBe(
				opening + cents(week.receipts ?? 0) - cents(week.payments ?? 0) + cents(week.adjustments ?? 0),
			);
		}
		// The weeks alone pass the limit: the documents after them are left out, and the note counts them.
		const note = answer[answer.length - 1];
		expect(note.note).toMatch(/^\d+ of \d+ rows shown; … \d+ more/);
		for (const entry of rest.slice(104, -1)) expect(entry.row_type).toMatch(/^(receipt|payment)$/);
	});

	it('key_figures of 3 months against last year: 3 summaries first, each its ledger revenue, then the figure rows', async () => {
		const [result] = await callTools(env, { key_figures: KEY_FIGURES }, [
			{
				tool: 'key_figures',
				arguments: {
					from_date: '2025-04-01',
					to_date: '2025-06-30',
					split_by: 'month',
					compare_with: 'samePeriodLastYear',
				},
			},
		]);
		expect(result.description).toBe(
			'Key figures for a period: margins, debtor days, ratios, cash runway in Sage Accounting',
		);
		const answer = answerOf(result);
		const summaries = answer.slice(0, 3);
		const ledger = ledgers.get('lead')!;
		for (const summary of summaries) {
			expect(summary).not.toHaveProperty('row_type');
			expect(cents(summary.revenue ?? 0)).toBe(
				creditMinusDebit(ledger, ['SALES'], summary.from_date as string, summary.to_date as string),
			);
			expect(summary).toHaveProperty('debtor_days_compared');
		}
		expect(summaries.map((summary) => summary.from_date)).toEqual(['2025-04-01', '2025-05-01', '2025-06-01']);
		expect(answer[3]).toMatchObject({ row_type: 'figure', figure: 'revenue', from_date: '2025-04-01' });
	});
});
