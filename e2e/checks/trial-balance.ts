import { join } from 'node:path';

import { readSheet } from '../xlsx';
import { cents, expect, type CheckContext, type ExampleCheck } from './types';

/** The sandbox's history ends 2025-06-30; May 2025 is a full month of postings. */
const MONTH_START = '2025-05-01';
const MONTH_END = '2025-05-31';

interface LedgerAccount {
	displayed_as: string;
	opening_balance: { debit: string; credit: string };
	closing_balance: { debit: string; credit: string };
	debit: string;
	credit: string;
}

/** Example 3: one spreadsheet row per ledger account of the month, amounts as the service reports them, balanced. */
async function check({ folder, reader, n8nDir }: CheckContext): Promise<string> {
	const report = await reader.get<{ ledger_accounts: LedgerAccount[] }>(
		`/trial_balance?from_date=${MONTH_START}&to_date=${MONTH_END}`,
	);
	const file = join(folder, `trial-balance-${MONTH_START.slice(0, 7)}.xlsx`);
	const rows = readSheet(n8nDir, file, 'Trial balance');
	expect(
		rows.length === report.ledger_accounts.length,
		`the sheet has ${rows.length} rows; the service reports ${report.ledger_accounts.length} ledger accounts`,
	);

	report.ledger_accounts.forEach((account, index) => {
		const row = rows[index];
		const pairs: Array<[string, unknown, string]> = [
			['opening_debit', row.opening_debit, account.opening_balance.debit],
			['opening_credit', row.opening_credit, account.opening_balance.credit],
			['debit', row.debit, account.debit],
			['credit', row.credit, account.credit],
			['closing_debit', row.closing_debit, account.closing_balance.debit],
			['closing_credit', row.closing_credit, account.closing_balance.credit],
		];
		expect(
			row.ledger_account_name === account.displayed_as,
			`row ${index + 2} is "${String(row.ledger_account_name)}", expected "${account.displayed_as}"`,
		);
		for (const [column, got, want] of pairs) {
			expect(
				typeof got === 'number' && cents(got) === cents(want),
				`${account.displayed_as}: ${column} is ${String(got)}, the service says ${want}`,
			);
		}
		expect(
			row.from_date === MONTH_START && row.to_date === MONTH_END,
			`${account.displayed_as}: period ${String(row.from_date)} – ${String(row.to_date)}`,
		);
	});
	const total = (column: string) => rows.reduce((sum, row) => sum + cents(row[column]), 0);
	expect(
		total('closing_debit') === total('closing_credit'),
		`closing debits ${total('closing_debit') / 100} and credits ${total('closing_credit') / 100} do not balance`,
	);
	expect(
		total('debit') === total('credit'),
		`period debits ${total('debit') / 100} and credits ${total('credit') / 100} do not balance`,
	);
	return `${rows.length} ledger accounts for ${MONTH_START.slice(0, 7)} in sheet "Trial balance", amounts equal to the service's, balanced at ${(total('closing_debit') / 100).toFixed(2)}`;
}

export const trialBalanceCheck: ExampleCheck = {
	workflowId: 'acctTrialBalanceXlsx',
	runs: 'execute',
	settings: { month_start: MONTH_START },
	check,
};
