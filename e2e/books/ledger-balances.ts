/**
 * Balances worked out here from the ledger entries, read whole with the check's own grant: what
 * the bank accounts and the control accounts held at the end of a day, and what moved through an
 * account between two days, each the sum of its entries (deleted ones left out).
 */
import { cents } from '../checks/types';
import type { ServiceReader } from '../service-reader';

type Ref = { id: string } | null | undefined;

interface Entry {
	date: string;
	account: string;
	debit: number;
	credit: number;
}

export interface Ledger {
	/** The bank ledger accounts (type Bank). */
	bankAccounts: Set<string>;
	debtorsControl: string;
	creditorsControl: string;
	/** Debits − credits of the accounts over the days, both ends included (from: every entry before too). */
	net(accounts: Set<string> | string, to: string, from?: string): number;
	/** The debits (or credits) alone to an account over the days. */
	side(account: string, side: 'debit' | 'credit', from: string, to: string): number;
}

/** Every ledger entry dated up to `to`, with the accounts the checks ask about. */
export async function readLedger(reader: ServiceReader, to: string): Promise<Ledger> {
	const accounts = await reader.all('/ledger_accounts?attributes=ledger_account_type,control_name');
	const idOf = (predicate: (account: Record<string, unknown>) => boolean, what: string) => {
		const found = accounts.find(predicate);
		if (!found) throw new Error(`the sandbox has no ${what} ledger account`);
		return String(found.id);
	};
	const entries: Entry[] = (
		await reader.all(`/ledger_entries?to_date=${to}&attributes=date,debit,credit,ledger_account,deleted`)
	)
		.filter((entry) => entry.deleted !== true && String(entry.date) <= to)
		.map((entry) => ({
			date: String(entry.date),
			account: String((entry.ledger_account as Ref)?.id),
			debit: cents(entry.debit),
			credit: cents(entry.credit),
		}));
	const within = (entry: Entry, to: string, from = '') => entry.date >= from && entry.date <= to;
	return {
		bankAccounts: new Set(
			accounts
				.filter((account) => (account.ledger_account_type as Ref)?.id === 'BANK')
				.map((account) => String(account.id)),
		),
		debtorsControl: idOf((account) => account.control_name === 'SALES_LEDGER_CONTROL', 'SALES_LEDGER_CONTROL'),
		creditorsControl: idOf((account) => account.control_name === 'PURCHASE_LEDGER_CONTROL', 'PURCHASE_LEDGER_CONTROL'),
		net(chosen, to, from) {
			const ids = typeof chosen === 'string' ? new Set([chosen]) : chosen;
			return entries
				.filter((entry) => ids.has(entry.account) && within(entry, to, from))
				.reduce((sum, entry) => sum + entry.debit - entry.credit, 0);
		},
		side(account, side, from, to) {
			return entries
				.filter((entry) => entry.account === account && within(entry, to, from))
				.reduce((sum, entry) => sum + entry[side], 0);
		},
	};
}
