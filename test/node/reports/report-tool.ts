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
		expect(note.note).toMatch(/^\d+ of \d+ rows shown; … \d+ more; the first entry holds the report’s totals$/);
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
});
