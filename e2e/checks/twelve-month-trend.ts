import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { profitAndLossLines, type ProfitAndLossLine } from '../books/profit-and-loss';
import type { ServiceReader } from '../service-reader';
import { readSheet } from '../xlsx';
import { cents, expect, type CheckContext, type ExampleCheck } from './types';

/**
 * The example reports the last twelve whole months, counted from the day it runs; the sandbox's
 * history ends 2025-06-30, so the e2e gives both reports July 2024 – June 2025 as Custom dates,
 * split by month as the example is, the Profit and Loss beside the same months of the year before.
 */
export const RANGE = { from: '2024-07-01', to: '2025-06-30' };
const PROFIT_AND_LOSS_NODE = 'Profit and Loss, last 12 months';
const BANK_SUMMARY_NODE = 'Bank Summary, last 12 months';

const dateTime = (day: string) => `${day}T00:00:00`;

type Row = Record<string, unknown>;
type Ref = { id: string } | null | undefined;

const money = (value: number) => (value / 100).toFixed(2);
const isAmount = (cell: unknown, want: number) => typeof cell === 'number' && cents(cell) === want;

/** The twelve months of the range, each with the same month a year before. */
function months(): Array<{ name: string; from: string; to: string; lastYear: { from: string; to: string } }> {
	const result = [];
	for (let index = 0; index < 12; index++) {
		const first = new Date(Date.UTC(2024, 6 + index, 1));
		const last = new Date(Date.UTC(2024, 7 + index, 0));
		const lastYearLast = new Date(Date.UTC(2023, 7 + index, 0));
		const day = (date: Date) => date.toISOString().slice(0, 10);
		const from = day(first);
		result.push({
			name: from.slice(0, 7),
			from,
			to: day(last),
			lastYear: { from: `${Number(from.slice(0, 4)) - 1}${from.slice(4)}`, to: day(lastYearLast) },
		});
	}
	return result;
}

/** A line's place in the report: its kind, its section and its account. */
const lineKey = (rowType: unknown, section: unknown, account: unknown) =>
	`${String(rowType)}|${String(section)}|${String(account ?? '')}`;

const amountsByLine = (lines: ProfitAndLossLine[]) =>
	new Map(lines.map((line) => [lineKey(line.rowType, line.section, line.account?.id), line.amount]));

const changePercent = (now: number, earlier: number) =>
	earlier === 0 ? null : Math.round(((now - earlier) * 10_000) / Math.abs(earlier)) / 100;

/**
 * Every cell of a Profit and Loss Table of July 2024 – June 2025 by month against the same months
 * last year, against each month's and each last-year month's ledger entries, summed here.
 */
export async function checkProfitAndLoss(rows: Row[], reader: ServiceReader, file: string): Promise<string> {
	const periods = months();
	const now = await Promise.all(
		periods.map(async (month) => amountsByLine(await profitAndLossLines(reader, month.from, month.to))),
	);
	const before = await Promise.all(
		periods.map(async (month) =>
			amountsByLine(await profitAndLossLines(reader, month.lastYear.from, month.lastYear.to)),
		),
	);
	const keys = new Set([...now, ...before].flatMap((amounts) => [...amounts.keys()]));
	expect(
		rows.length === keys.size,
		`${file} has ${rows.length} rows; the 24 months' ledger entries make ${keys.size} (accounts of either year, subtotals, totals)`,
	);
	let cells = 0;
	for (const [index, row] of rows.entries()) {
		const key = lineKey(row.row_type, row.section, row.ledger_account_id);
		const where = `${file} row ${index + 2} (${String(row.label)})`;
		expect(keys.has(key), `${where}: no such line in the ledger entries of the 24 months`);
		const cell = (column: string, want: number | null) => {
			const value = row[column];
			expect(
				want === null
					? value === null || value === undefined
					: column.endsWith('%')
						? value === want
						: isAmount(value, want),
				`${where}, column ${column}: ${String(value)}, the ledger entries make ${want === null ? 'no percentage' : column.endsWith('%') ? want : money(want)}`,
			);
			cells++;
		};
		let total = 0;
		let totalBefore = 0;
		periods.forEach((month, at) => {
			const amount = now[at].get(key) ?? 0;
			const earlier = before[at].get(key) ?? 0;
			total += amount;
			totalBefore += earlier;
			cell(month.name, amount);
			cell(`${month.name} compared`, earlier);
			cell(`${month.name} change`, amount - earlier);
			cell(`${month.name} change %`, changePercent(amount, earlier));
		});
		cell('total', total);
		cell('total compared', totalBefore);
		cell('total change', total - totalBefore);
		cell('total change %', changePercent(total, totalBefore));
	}
	const netProfit = rows.find((row) => row.section === 'net_profit')!;
	return `Profit and Loss table ${RANGE.from} – ${RANGE.to} by month against last year: ${rows.length} rows × ${12 * 4 + 4} figure columns, ${cells} cells each equal to the ledger entries summed here; net profit ${String(netProfit.total)} against ${String(netProfit['total compared'])}`;
}

/** Every row of the Bank Summary against the bank accounts' ledger entries, month by month. */
async function checkBankSummary(rows: Row[], reader: ServiceReader, file: string): Promise<string> {
	const accounts = await reader.all('/ledger_accounts?ledger_account_type_id=BANK&attributes=displayed_as');
	const bankIds = new Set(accounts.map((account) => String(account.id)));
	const entries = (
		await reader.all(`/ledger_entries?to_date=${RANGE.to}&attributes=date,debit,credit,ledger_account,deleted`)
	).filter((entry) => entry.deleted !== true && bankIds.has(String((entry.ledger_account as Ref)?.id)));
	const periods = months();
	expect(
		rows.length === periods.length * (bankIds.size + 1),
		`${file} has ${rows.length} rows; 12 months of ${bankIds.size} bank accounts and a total row make ${periods.length * (bankIds.size + 1)}`,
	);
	for (const [index, row] of rows.entries()) {
		const month = periods.find((candidate) => candidate.from === row.from_date);
		const where = `${file} row ${index + 2} (${String(row.name)}, ${String(row.from_date)})`;
		expect(month !== undefined && row.to_date === month.to, `${where}: not one of the twelve months`);
		const mine = entries.filter(
			(entry) => row.row_type === 'total' || String((entry.ledger_account as Ref)?.id) === row.ledger_account_id,
		);
		const sum = (chosen: typeof entries, side: 'debit' | 'credit') =>
			chosen.reduce((total, entry) => total + cents(entry[side]), 0);
		const earlier = mine.filter((entry) => String(entry.date) < month.from);
		const during = mine.filter((entry) => String(entry.date) >= month.from && String(entry.date) <= month.to);
		const opening = sum(earlier, 'debit') - sum(earlier, 'credit');
		const received = sum(during, 'debit');
		const spent = sum(during, 'credit');
		for (const [column, want] of [
			['opening_balance', opening],
			['received', received],
			['spent', spent],
			['closing_balance', opening + received - spent],
		] as const) {
			expect(
				isAmount(row[column], want),
				`${where}: ${column} ${String(row[column])}, the ledger entries make ${money(want)}`,
			);
		}
	}
	const last = rows[rows.length - 1];
	return `Bank Summary by month: ${rows.length} rows (${bankIds.size} bank accounts and the total, 12 months), each opening, received, spent and closing equal to the bank accounts' ledger entries; closing ${String(last.closing_balance)} on ${RANGE.to}`;
}

const fileOf = (folder: string, prefix: string) => {
	const files = readdirSync(folder).filter((name) => new RegExp(`^${prefix}-\\d{4}-\\d{2}\\.xlsx$`).test(name));
	expect(files.length === 1, `${folder} holds ${files.join(', ') || 'no file'} for ${prefix}-<yyyy-MM>.xlsx`);
	return join(folder, files[0]);
};

async function check({ folder, reader, n8nDir }: CheckContext): Promise<string> {
	const profitAndLossFile = fileOf(folder, 'profit-and-loss-12-months');
	const bankSummaryFile = fileOf(folder, 'bank-summary-12-months');
	const profitAndLoss = await checkProfitAndLoss(
		readSheet(n8nDir, profitAndLossFile, 'Profit and Loss', { defval: null }),
		reader,
		profitAndLossFile,
	);
	const bankSummary = await checkBankSummary(
		readSheet(n8nDir, bankSummaryFile, 'Bank Summary'),
		reader,
		bankSummaryFile,
	);
	return `${profitAndLoss}; ${bankSummary}`;
}

export const twelveMonthTrendCheck: ExampleCheck = {
	workflowId: 'acctTwelveMonthTrend',
	runs: 'execute',
	settings: {},
	nodeParameters: {
		[PROFIT_AND_LOSS_NODE]: { period: 'custom', fromDate: dateTime(RANGE.from), toDate: dateTime(RANGE.to) },
		[BANK_SUMMARY_NODE]: { period: 'custom', fromDate: dateTime(RANGE.from), toDate: dateTime(RANGE.to) },
	},
	check,
};
