// A report as an AI tool: the summary first, then the accounts or contacts, largest first, as
// many as the answer size allows; one call answers "who owes us the most, and for how long?", and
// "does that agree with the debtors control account?".
import { useConnectedSandbox } from '../connected-sandbox';
import { answerOf, callTools } from '../tool-sandbox';

const env = useConnectedSandbox();

describe('reports as AI tools', () => {
	it('Aged Debtors answers its totals, then the largest debtors with their buckets, within the size limit', async () => {
		const [result] = await callTools(
			env,
			{ aged_debtors: { resource: 'report', operation: 'agedDebtors', reportDate: 'custom', asAt: '2025-06-30' } },
			[{ tool: 'aged_debtors', arguments: {} }],
		);
		expect(result.description).toMatch(
			/^Aged debtors as at a date: what each customer owes, how overdue in Sage Accounting$/,
		);
		const answer = answerOf(result);
		const [summary, ...rest] = answer;
		expect(summary).toMatchObject({ as_at: '2025-06-30', currency: 'GBP' });
		expect(typeof summary.total).toBe('number');
		// The tie to the ledger: the debtors control account's balance, and no difference on the sandbox's books.
		expect(summary).toMatchObject({ control_account: expect.stringMatching(/Debtors/), difference: 0 });
		expect(summary.control_account_balance).toBe(summary.total);
		const contacts = rest.filter((row) => row.row_type === 'contact');
		expect(contacts.length).toBeGreaterThan(5);
		expect(contacts[0].total).toBeGreaterThanOrEqual(contacts[1].total as number);
		expect(contacts[0]).toHaveProperty('contact_name');
		const note = answer[answer.length - 1];
		expect(note.note).toMatch(
			/^\d+ of \d+ rows shown; … \d+ more; the entries without row_type hold the report’s totals \(one per period when it is split\), all given$/,
		);
		expect(result.answer!.length).toBeLessThanOrEqual(16_000 + 200);
	});

	it('Profit and Loss answers the summary and every account that moved', async () => {
		const [result] = await callTools(
			env,
			{
				profit_and_loss: {
					resource: 'report',
					operation: 'profitAndLoss',
					period: 'custom',
					fromDate: '2025-04-01',
					toDate: '2025-04-30',
				},
			},
			[{ tool: 'profit_and_loss', arguments: {} }],
		);
		expect(result.description).toMatch(
			/^Profit and loss of the business for a period: sales and net profit in Sage Accounting$/,
		);
		const [summary, ...accounts] = answerOf(result);
		expect(Object.keys(summary)).toEqual(
			expect.arrayContaining(['from_date', 'to_date', 'sales', 'gross_profit', 'net_profit']),
		);
		expect(accounts.length).toBeGreaterThan(3);
		for (const account of accounts) expect(account.row_type).toBe('account');
	});

	const fromAI = (key: string, description: string, fallback?: string) =>
		`={{ $fromAI('${key}', \`${description}\`, 'string'${fallback === undefined ? '' : `, '${fallback}'`}) }}`;

	/** The profit_and_loss tool of the MCP example: the period, Split By and Compare With from the model. */
	const profitAndLossTool = {
		resource: 'report',
		operation: 'profitAndLoss',
		period: 'custom',
		fromDate: fromAI('from_date', 'First day of the period, YYYY-MM-DD'),
		toDate: fromAI('to_date', 'Last day of the period, YYYY-MM-DD'),
		splitBy: fromAI('split_by', 'none, month, quarter or year', 'none'),
		compareWith: fromAI('compare_with', 'none, previousPeriod or samePeriodLastYear', 'none'),
	};

	it('“How did last quarter compare with the same quarter last year?” is one call: the summary beside last year’s', async () => {
		const [result] = await callTools(env, { profit_and_loss: profitAndLossTool }, [
			{
				tool: 'profit_and_loss',
				arguments: { from_date: '2025-04-01', to_date: '2025-06-30', compare_with: 'samePeriodLastYear' },
			},
		]);
		expect(Object.keys(result.argumentDescriptions).sort()).toEqual([
			'compare_with',
			'from_date',
			'split_by',
			'to_date',
		]);
		const [summary, ...accounts] = answerOf(result);
		expect(summary).toMatchObject({
			from_date: '2025-04-01',
			to_date: '2025-06-30',
			compared_from_date: '2024-04-01',
			compared_to_date: '2024-06-30',
		});
		for (const key of ['net_profit_compared', 'net_profit_change', 'sales_compared', 'gross_margin_percent']) {
			expect(typeof summary[key]).toBe('number');
		}
		expect(accounts.every((account) => account.row_type === 'account' && 'amount_compared' in account)).toBe(true);
	});

	it('split by month: every month’s summary first, in date order, then the accounts, within the size limit', async () => {
		const [result] = await callTools(env, { profit_and_loss: profitAndLossTool }, [
			{ tool: 'profit_and_loss', arguments: { from_date: '2024-07-01', to_date: '2025-06-30', split_by: 'month' } },
		]);
		const answer = answerOf(result);
		const summaries = answer.slice(0, 12);
		expect(summaries.map((summary) => summary.from_date)).toEqual(
			[...Array(12).keys()].map(
				(month) => `${month < 6 ? 2024 : 2025}-${String(((month + 6) % 12) + 1).padStart(2, '0')}-01`,
			),
		);
		expect(summaries.every((summary) => 'net_profit' in summary && !('row_type' in summary))).toBe(true);
		expect(answer[12].row_type).toBe('account');
		expect(result.answer!.length).toBeLessThanOrEqual(16_000 + 200);
	});

	it('bank_summary answers each bank account’s money in and out after the totals', async () => {
		const [result] = await callTools(
			env,
			{
				bank_summary: {
					resource: 'report',
					operation: 'bankSummary',
					period: 'custom',
					fromDate: fromAI('from_date', 'First day, YYYY-MM-DD'),
					toDate: fromAI('to_date', 'Last day, YYYY-MM-DD'),
					splitBy: fromAI('split_by', 'none or month', 'none'),
				},
			},
			[{ tool: 'bank_summary', arguments: { from_date: '2025-05-01', to_date: '2025-05-31' } }],
		);
		const [summary, ...accounts] = answerOf(result);
		expect(summary).toMatchObject({ from_date: '2025-05-01', to_date: '2025-05-31', currency: 'GBP' });
		expect(accounts.length).toBe(summary.bank_accounts);
		for (const account of accounts) {
			expect(account.row_type).toBe('account');
			expect(Math.round((account.closing_balance as number) * 100)).toBe(
				Math.round(
					((account.opening_balance as number) + (account.received as number) - (account.spent as number)) * 100,
				),
			);
		}
	});

	it('a balance sheet tool takes split_by and compare_with: month ends beside the same days last year', async () => {
		const [result] = await callTools(
			env,
			{
				balance_sheet: {
					resource: 'report',
					operation: 'balanceSheet',
					splitBy: fromAI(
						'split_by',
						'none for one day (as_at), or month, quarter or year over from_date to_date',
						'none',
					),
					reportDate: 'custom',
					asAt: fromAI('as_at', 'The day, YYYY-MM-DD, when split_by is none', '2025-06-30'),
					period: 'custom',
					fromDate: fromAI('from_date', 'First day, YYYY-MM-DD, when split'),
					toDate: fromAI('to_date', 'Last day, YYYY-MM-DD, when split'),
					compareWith: fromAI('compare_with', 'none, previousPeriod or samePeriodLastYear', 'none'),
				},
			},
			[
				{
					tool: 'balance_sheet',
					arguments: {
						split_by: 'month',
						from_date: '2025-04-01',
						to_date: '2025-06-30',
						compare_with: 'samePeriodLastYear',
					},
				},
			],
		);
		const summaries = answerOf(result).slice(0, 3);
		expect(summaries.map((summary) => [summary.as_at, summary.compared_as_at])).toEqual([
			['2025-04-30', '2024-04-30'],
			['2025-05-31', '2024-05-31'],
			['2025-06-30', '2024-06-30'],
		]);
		for (const summary of summaries) {
			expect(summary.net_assets).toBe(summary.total_equity);
			expect(summary.net_assets_compared).toBe(summary.total_equity_compared);
		}
	});
});
