import { join } from 'node:path';

import {
	AGED_COLUMNS,
	ageDebtors,
	debtorsControlBalance,
	readReceivables,
	type AgedAmounts,
} from '../books/aged-debtors';
import { profitAndLossLines } from '../books/profit-and-loss';
import type { ServiceReader } from '../service-reader';
import { readSheet } from '../xlsx';
import { cents, expect, type CheckContext, type ExampleCheck } from './types';

/**
 * The example reports last month, counted from the day it runs; the sandbox's history ends
 * 2025-06-30, so the e2e gives both reports May 2025, a full month of postings, as Custom dates:
 * the aged debtors as at a past month end, with June's payments not yet made.
 */
const MONTH = { from: '2025-05-01', to: '2025-05-31' };
const PROFIT_AND_LOSS_NODE = 'Profit and Loss, last month';
const AGED_DEBTORS_NODE = 'Aged Debtors, end of last month';

/** A day as the editor's date picker stores one (it shows a bare YYYY-MM-DD as empty); the node takes the day. */
const dateTime = (day: string) => `${day}T00:00:00`;

type Row = Record<string, unknown>;

const money = (value: number) => (value / 100).toFixed(2);

/** Whether a cell holds the amount as a number, equal to `want` cents. */
const isAmount = (cell: unknown, want: number) => typeof cell === 'number' && cents(cell) === want;

/** Every row of the Profit and Loss sheet against the month's ledger entries summed here, in the same order. */
async function checkProfitAndLoss(rows: Row[], reader: ServiceReader, file: string): Promise<string> {
	const lines = await profitAndLossLines(reader, MONTH.from, MONTH.to);
	const accountRows = lines.filter((line) => line.rowType === 'account').length;
	expect(
		accountRows > 3,
		`the sandbox's ledger entries of ${MONTH.from} – ${MONTH.to} move only ${accountRows} accounts`,
	);
	expect(
		rows.length === lines.length,
		`${file} has ${rows.length} rows; the month's entries make ${lines.length} (${accountRows} accounts, subtotals, totals)`,
	);
	lines.forEach((line, index) => {
		const row = rows[index];
		const where = `${file} row ${index + 2} (${String(row.label)})`;
		expect(
			row.row_type === line.rowType && row.section === line.section,
			`${where} is a ${String(row.row_type)} of ${String(row.section)}; expected a ${line.rowType} of ${line.section}`,
		);
		expect(
			isAmount(row.amount, line.amount),
			`${where}: amount ${String(row.amount)}, the ledger entries make ${money(line.amount)}`,
		);
		expect(
			row.from_date === MONTH.from && row.to_date === MONTH.to,
			`${where}: period ${String(row.from_date)} – ${String(row.to_date)}`,
		);
		if (line.account) {
			const { id, name, nominalCode } = line.account;
			expect(
				row.ledger_account_id === id && row.ledger_account_name === name && row.nominal_code === nominalCode,
				`${where}: account ${String(row.ledger_account_id)} "${String(row.ledger_account_name)}" (${String(row.nominal_code)}), expected ${id} "${name}" (${nominalCode})`,
			);
		}
	});
	const netProfit = lines[lines.length - 1];
	return `Profit and Loss of ${MONTH.from.slice(0, 7)}: ${rows.length} rows (${accountRows} accounts), net profit ${money(netProfit.amount)}, each equal to the month's ledger entries summed here`;
}

/**
 * Every row of the Aged Debtors sheet against what the documents, opening balances and payments on
 * account owed at the end of the month, aged here from the documents and their allocations; and the
 * total against the debtors control account that day: no difference.
 */
async function checkAgedDebtors(rows: Row[], reader: ServiceReader, file: string): Promise<string> {
	const asAt = MONTH.to;
	const receivables = await readReceivables(reader);
	const { debtors, totals } = ageDebtors(receivables, asAt);
	const settledAfter = receivables.filter(
		(item) => item.date <= asAt && item.settled.some((part) => part.date > asAt),
	).length;
	expect(settledAfter > 5, `only ${settledAfter} documents owed on ${asAt} were settled after it in the sandbox`);
	expect(debtors.length > 5, `only ${debtors.length} customers owe anything as at ${asAt} in the sandbox`);
	expect(
		rows.length === debtors.length + 1,
		`${file} has ${rows.length} rows; ${debtors.length} customers owe as at ${asAt}, then the total row`,
	);
	const expectColumns = (row: Row, want: AgedAmounts, where: string) => {
		for (const column of [...AGED_COLUMNS, 'total'] as const) {
			expect(
				isAmount(row[column], want[column]),
				`${where}: ${column} ${String(row[column])}, what the documents owed that day makes ${money(want[column])}`,
			);
		}
		expect(row.as_at === asAt, `${where}: as_at ${String(row.as_at)}, not ${asAt}`);
	};
	debtors.forEach((debtor, index) => {
		const row = rows[index];
		const where = `${file} row ${index + 2}`;
		expect(
			row.row_type === 'contact' && row.contact_id === debtor.contactId && row.contact_name === debtor.contactName,
			`${where} is ${String(row.row_type)} ${String(row.contact_name)} (${String(row.contact_id)}); expected ${debtor.contactName} (${debtor.contactId}), largest total first`,
		);
		expectColumns(row, debtor, `${where} (${debtor.contactName})`);
	});
	const totalRow = rows[rows.length - 1];
	expect(totalRow.row_type === 'total', `${file}'s last row is a ${String(totalRow.row_type)}, not the total row`);
	expectColumns(totalRow, totals, `${file}'s total row`);
	const control = await debtorsControlBalance(reader, asAt);
	expect(
		isAmount(totalRow.total, control),
		`${file}'s total ${String(totalRow.total)} differs from the debtors control account, ${money(control)} as at ${asAt}`,
	);
	return `Aged Debtors as at ${asAt}: ${debtors.length} customers, largest ${debtors[0].contactName} (${money(debtors[0].total)}), total ${money(totals.total)}, every column equal to what the documents owed that day (${settledAfter} of them settled since), difference from the debtors control account 0`;
}

/** Both spreadsheets, every figure against the service read directly. */
async function check({ folder, reader, n8nDir }: CheckContext): Promise<string> {
	const profitAndLossFile = join(folder, `profit-and-loss-${MONTH.from.slice(0, 7)}.xlsx`);
	const agedDebtorsFile = join(folder, `aged-debtors-${MONTH.to}.xlsx`);
	const profitAndLoss = await checkProfitAndLoss(
		readSheet(n8nDir, profitAndLossFile, 'Profit and Loss'),
		reader,
		profitAndLossFile,
	);
	const agedDebtors = await checkAgedDebtors(
		readSheet(n8nDir, agedDebtorsFile, 'Aged Debtors'),
		reader,
		agedDebtorsFile,
	);
	return `${profitAndLoss}; ${agedDebtors}`;
}

export const monthlyReportCheck: ExampleCheck = {
	workflowId: 'acctMonthlyReportXlsx',
	runs: 'execute',
	settings: {},
	nodeParameters: {
		[PROFIT_AND_LOSS_NODE]: { period: 'custom', fromDate: dateTime(MONTH.from), toDate: dateTime(MONTH.to) },
		[AGED_DEBTORS_NODE]: { reportDate: 'custom', asAt: dateTime(MONTH.to) },
	},
	check,
};
