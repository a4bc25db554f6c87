// The Bank Summary against the ledger entries of the bank accounts read straight from the sandbox:
// each account's opening balance is every entry before the period, received its debits, spent
// its credits; the total row and the summary are the sums of the account rows.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { allRecords, businessByKey, businessParameter, cents, headersFor, sumOf, useLedgers } from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 });
const ledgers = useLedgers(env);

describe('Report → Bank Summary', () => {
	it.each([
		['lead', '2024-07-01', '2024-07-31'],
		['second', '2024-01-01', '2024-12-31'],
	])('%s business, %s to %s: every bank account’s money in and out from its ledger entries', async (key, from, to) => {
		const business = businessByKey(env, key);
		const ledger = ledgers.get(key)!;
		const position = env.sandbox.log.entries().length;
		const parameters = { resource: 'report', operation: 'bankSummary', period: 'custom', fromDate: from, toDate: to };
		const rowsRun = await env.runNode({ ...parameters, ...businessParameter(business) });
		const requests = env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0]);
		const summaryRun = await env.runNode({ ...parameters, output: 'summary', ...businessParameter(business) });
		expect(rowsRun.error).toBeUndefined();

		const bankAccounts = await allRecords(
			env,
			'/bank_accounts?attributes=ledger_account,currency',
			headersFor(business),
		);
		const bankLedgerAccounts = [...ledger.typeOf].filter(([, type]) => type === 'BANK').map(([id]) => id);
		const rows = rowsRun.json(NODE);
		const accountRows = rows.filter((row) => row.row_type === 'account');
		expect(accountRows.map((row) => row.ledger_account_id).sort()).toEqual(bankLedgerAccounts.sort());
		for (const row of accountRows) {
			const entries = ledger.entries.filter((entry) => entry.account === row.ledger_account_id);
			const inRange = entries.filter((entry) => entry.date >= from && entry.date <= to);
			const opening = entries.filter((entry) => entry.date < from).reduce((sum, e) => sum + e.debit - e.credit, 0);
			const received = inRange.reduce((sum, entry) => sum + entry.debit, 0);
			const spent = inRange.reduce((sum, entry) => sum + entry.credit, 0);
			expect([row.opening_balance, row.received, row.spent, row.closing_balance].map(cents)).toEqual([
				opening,
				received,
				spent,
				opening + received - spent,
			]);
			const bank = bankAccounts.find(
				(account) => (account.ledger_account as IDataObject).id === row.ledger_account_id,
			) as IDataObject;
			expect(row).toMatchObject({
				bank_account_id: bank.id,
				account_currency: (bank.currency as IDataObject).id,
				currency: business.currency,
				from_date: from,
				to_date: to,
			});
		}
		const [total] = rows.filter((row) => row.row_type === 'total');
		const [summary] = summaryRun.json(NODE);
		for (const column of ['opening_balance', 'received', 'spent', 'closing_balance']) {
			expect(cents(total[column])).toBe(sumOf(accountRows, column));
			expect(cents(summary[column])).toBe(sumOf(accountRows, column));
		}
		expect(summary).toMatchObject({ from_date: from, to_date: to, currency: business.currency });
		// The settings, the bank accounts, then the bank ledger accounts before and over the period.
		expect(requests).toEqual(['/financial_settings', '/bank_accounts', '/ledger_accounts', '/ledger_accounts']);
	});

	it('split by month: each month opens where the last closed, and the months add up to the whole range', async () => {
		const parameters = { resource: 'report', operation: 'bankSummary', period: 'custom', output: 'summary' };
		const months = await env.runNode({ ...parameters, fromDate: '2024-10-15', toDate: '2025-01-31', splitBy: 'month' });
		const [whole] = (await env.runNode({ ...parameters, fromDate: '2024-10-15', toDate: '2025-01-31' })).json(NODE);
		const summaries = months.json(NODE);
		expect(summaries.map((summary) => summary.from_date)).toEqual([
			'2024-10-15',
			'2024-11-01',
			'2024-12-01',
			'2025-01-01',
		]);
		for (let index = 1; index < summaries.length; index++) {
			expect(summaries[index].opening_balance).toBe(summaries[index - 1].closing_balance);
		}
		expect(summaries[0].opening_balance).toBe(whole.opening_balance);
		expect(summaries[summaries.length - 1].closing_balance).toBe(whole.closing_balance);
		expect(sumOf(summaries, 'received')).toBe(cents(whole.received));
		expect(sumOf(summaries, 'spent')).toBe(cents(whole.spent));
	});
});
