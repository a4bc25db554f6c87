/**
 * Profit and Loss worked out here from the ledger entries of the period, read with the check's own
 * grant and summed per account: income accounts as credit − debit, expense accounts as
 * debit − credit, each section's subtotal and the totals between them, in the order the report reads.
 */
import { cents } from '../checks/types';
import type { ServiceReader } from '../service-reader';

/** One line of the report: an account's amount, a section's subtotal or a total, in cents. */
export interface ProfitAndLossLine {
	rowType: 'account' | 'subtotal' | 'total';
	section: string;
	amount: number;
	account?: { id: string; name: string; nominalCode: number | null };
}

/** The sections by ledger account type, and whether credits (income) or debits (expenses) count positive. */
const SECTIONS = [
	{ key: 'sales', type: 'SALES', income: true },
	{ key: 'direct_expenses', type: 'DIRECT_EXPENSES', income: false },
	{ key: 'other_income', type: 'OTHER_INCOME', income: true },
	{ key: 'overheads', type: 'OVERHEADS', income: false },
	{ key: 'depreciation', type: 'DEPRECIATION', income: false },
] as const;

type SectionKey = (typeof SECTIONS)[number]['key'];

type Ref = { id: string } | null | undefined;

interface LedgerAccount {
	id: string;
	name: string;
	type: string;
	nominalCode: number | null;
}

/** Each ledger account's debits − credits over the days, from the entries dated in them (deleted ones left out). */
async function netMovements(reader: ServiceReader, from: string, to: string): Promise<Map<string, number>> {
	const entries = await reader.all(
		`/ledger_entries?from_date=${from}&to_date=${to}&attributes=date,debit,credit,ledger_account,deleted`,
	);
	const net = new Map<string, number>();
	for (const entry of entries) {
		const date = String(entry.date);
		if (entry.deleted === true || date < from || date > to) continue;
		const account = String((entry.ledger_account as Ref)?.id);
		net.set(account, (net.get(account) ?? 0) + cents(entry.debit) - cents(entry.credit));
	}
	return net;
}

async function ledgerAccounts(reader: ServiceReader): Promise<LedgerAccount[]> {
	const accounts = await reader.all('/ledger_accounts?attributes=ledger_account_type,nominal_code');
	return accounts.map((account) => ({
		id: String(account.id),
		name: String(account.displayed_as),
		type: String((account.ledger_account_type as Ref)?.id),
		nominalCode: typeof account.nominal_code === 'number' ? account.nominal_code : null,
	}));
}

/** The report's lines from `from` to `to`; accounts with no net movement have none. */
export async function profitAndLossLines(
	reader: ServiceReader,
	from: string,
	to: string,
): Promise<ProfitAndLossLine[]> {
	const [net, accounts] = await Promise.all([netMovements(reader, from, to), ledgerAccounts(reader)]);
	const figures = {} as Record<SectionKey, number>;
	const lines: ProfitAndLossLine[] = [];
	const addTotal = (section: string, amount: number) => lines.push({ rowType: 'total', section, amount });
	for (const { key, type, income } of SECTIONS) {
		let subtotal = 0;
		for (const account of accounts.filter((candidate) => candidate.type === type)) {
			const movement = net.get(account.id) ?? 0;
			if (movement === 0) continue;
			const amount = income ? -movement : movement;
			subtotal += amount;
			lines.push({ rowType: 'account', section: key, amount, account });
		}
		figures[key] = subtotal;
		lines.push({ rowType: 'subtotal', section: key, amount: subtotal });
		if (key === 'direct_expenses') addTotal('gross_profit', figures.sales - figures.direct_expenses);
	}
	const grossProfit = figures.sales - figures.direct_expenses;
	addTotal('net_profit', grossProfit + figures.other_income - figures.overheads - figures.depreciation);
	return lines;
}
