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

/**
 * Each ledger account's opening balance (debit − credit, cents) from the opening records themselves,
 * and every other ledger entry up to 31 July 2023 (those of no opening record), read straight from the service.
 */
async function readOpeningPosition(business: ReturnType<typeof businessesOf>[number]) {
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
	const opening = new Set([...journals, ...bankBalances].map((record) => idOf(record.transaction)));
	const others = (
		await allRecords(
			env,
			'/ledger_entries?to_date=2023-07-31&attributes=date,debit,credit,ledger_account,transaction,deleted',
			headers,
		)
	).filter((entry) => entry.deleted !== true && !opening.has(idOf(entry.transaction)));
	return { journals, bankBalances, position, others };
}

const positions = new Map<string, ReturnType<typeof readOpeningPosition>>();
/** Read once per business: the tests below only read. */
function openingPositionOf(business: ReturnType<typeof businessesOf>[number]) {
	if (!positions.has(business.key)) positions.set(business.key, readOpeningPosition(business));
	return positions.get(business.key)!;
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
			const start = ledger.accountsStart;
			const { position, others } = await openingPositionOf(business);
			const result = await env.runNode({
				resource: 'report',
				operation: 'bankSummary',
				period: 'custom',
				fromDate: start,
				toDate: '2023-07-31',
				...businessParameter(business),
			});
			expect(result.error).toBeUndefined();
			const accounts = result.json(NODE).filter((row) => row.row_type === 'account');
			expect(accounts.length).toBeGreaterThan(0);
			for (const row of accounts) {
				const account = row.ledger_account_id as string;
				const entries = others.filter((entry) => idOf(entry.ledger_account) === account);
				const sum = (chosen: IDataObject[], side: (entry: IDataObject) => number) =>
					chosen.reduce((total, entry) => total + side(entry), 0);
				const before = entries.filter((entry) => (entry.date as string) < start);
				const month = entries.filter(
					(entry) => (entry.date as string) >= start && (entry.date as string) <= '2023-07-31',
				);
				expect([row.opening_balance, row.received, row.spent].map(cents)).toEqual([
					(position.get(account) ?? 0) + sum(before, (entry) => cents(entry.debit) - cents(entry.credit)),
					sum(month, (entry) => cents(entry.debit)),
					sum(month, (entry) => cents(entry.credit)),
				]);
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
			// The bank accounts hold their opening records on that day, and whatever else is dated before the start.
			const { others } = await openingPositionOf(business);
			const isBank = (account: string) => ledger.typeOf.get(account) === 'BANK';
			const bank =
				[...position].filter(([account]) => isBank(account)).reduce((sum, [, amount]) => sum + amount, 0) +
				others
					.filter((entry) => (entry.date as string) < ledger.accountsStart && isBank(idOf(entry.ledger_account)))
					.reduce((sum, entry) => sum + cents(entry.debit) - cents(entry.credit), 0);
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
