// The books' opening position as Sage dates it: every opening balance (the opening balance
// journals, the bank accounts' opening balances) the day before the accounts start date. So the
// Bank Summary of the first month opens with the opening balances and receives none of them,
// and the Balance Sheet as at that day is the opening balance sheet. Expected figures are the
// opening records' own lines, read straight from the sandbox.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { allRecords, businessesOf, businessParameter, cents, headersFor, useLedgers } from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 60 });
const ledgers = useLedgers(env);

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const idOf = (reference: unknown) => (reference as IDataObject).id as string;

/** Each ledger account's opening balance (debit − credit, cents) from the opening records themselves. */
async function openingPositionOf(business: ReturnType<typeof businessesOf>[number]) {
	const headers = headersFor(business);
	const position = new Map<string, number>();
	const add = (account: string, debit: unknown, credit: unknown) =>
		position.set(account, (position.get(account) ?? 0) + cents(debit) - cents(credit));
	const journals = await allRecords(env, '/opening_balance_journals?attributes=all', headers);
	for (const journal of journals) {
		for (const line of journal.journal_lines as IDataObject[]) add(idOf(line.ledger_account), line.debit, line.credit);
	}
	const banks = await allRecords(env, '/bank_accounts?attributes=ledger_account', headers);
	const ledgerAccountOf = new Map(banks.map((bank) => [bank.id as string, idOf(bank.ledger_account)]));
	const bankBalances = await allRecords(env, '/bank_opening_balances?attributes=all', headers);
	for (const balance of bankBalances)
		add(ledgerAccountOf.get(idOf(balance.bank_account))!, balance.debit, balance.credit);
	return { journals, bankBalances, position };
}

describe('opening balances dated the day before the books start', () => {
	it('every opening balance journal and bank opening balance of every business is dated the day before the accounts start date', async () => {
		for (const business of businessesOf(env)) {
			const settings = (await env.fetchDirect('/financial_settings', headersFor(business))).body;
			const openingDay = dayBefore(settings.accounts_start_date as string);
			const { journals, bankBalances } = await openingPositionOf(business);
			expect(journals.length).toBeGreaterThan(0);
			expect([...journals, ...bankBalances].map((record) => record.date)).toEqual(
				[...journals, ...bankBalances].map(() => openingDay),
			);
		}
	});

	it('the Bank Summary of the first month opens with the opening balances and receives none of them', async () => {
		for (const business of businessesOf(env)) {
			const ledger = ledgers.get(business.key)!;
			const { position } = await openingPositionOf(business);
			const result = await env.runNode({
				resource: 'report',
				operation: 'bankSummary',
				period: 'custom',
				fromDate: ledger.accountsStart,
				toDate: '2023-07-31',
				...businessParameter(business),
			});
			expect(result.error).toBeUndefined();
			const accounts = result.json(NODE).filter((row) => row.row_type === 'account');
			expect(accounts.length).toBeGreaterThan(0);
			for (const row of accounts) {
				const account = row.ledger_account_id as string;
				expect(cents(row.opening_balance)).toBe(position.get(account) ?? 0);
				const closing = ledger.entries
					.filter((entry) => entry.account === account && entry.date <= '2023-07-31')
					.reduce((sum, entry) => sum + entry.debit - entry.credit, 0);
				expect(cents(row.closing_balance)).toBe(closing);
			}
			// The current account was opened with the business's capital: the opening, not money received.
			expect(accounts.some((row) => cents(row.opening_balance) > 0)).toBe(true);
		}
	});

	it('the Balance Sheet as at the opening day is the opening position, balanced', async () => {
		for (const business of businessesOf(env)) {
			const ledger = ledgers.get(business.key)!;
			const { position } = await openingPositionOf(business);
			const result = await env.runNode({
				resource: 'report',
				operation: 'balanceSheet',
				reportDate: 'custom',
				asAt: dayBefore(ledger.accountsStart),
				output: 'summary',
				...businessParameter(business),
			});
			expect(result.error).toBeUndefined();
			const [sheet] = result.json(NODE);
			// The bank accounts hold nothing but their opening records on that day.
			const bank = [...position]
				.filter(([account]) => ledger.typeOf.get(account) === 'BANK')
				.reduce((sum, [, amount]) => sum + amount, 0);
			expect(cents(sheet.bank)).toBe(bank);
			const assets = ledger.entries
				.filter((entry) => entry.date < ledger.accountsStart)
				.filter((entry) =>
					['FIXED_ASSETS', 'FUTURE_ASSETS', 'CURRENT_ASSETS', 'BANK'].includes(ledger.typeOf.get(entry.account)!),
				)
				.reduce((sum, entry) => sum + entry.debit - entry.credit, 0);
			expect(cents(sheet.total_assets)).toBe(assets);
			expect(cents(sheet.net_assets)).toBe(cents(sheet.total_equity));
		}
	});
});
