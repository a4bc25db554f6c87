/**
 * The report tools called as a model calls them, each answer against the books worked out here
 * from the service: profit_and_loss of a month against its ledger entries, aged_debtors on a day
 * and without one (today) against the open documents.
 */
import { AGED_COLUMNS, ageDebtors, readReceivables, type Receivable } from '../books/aged-debtors';
import { profitAndLossLines } from '../books/profit-and-loss';
import { cents, expect } from '../checks/types';
import type { ServiceReader } from '../service-reader';
import { isTodayWhereN8nRuns, rowsOf, type AnswerRow } from './answers';
import type { ToolAnswer } from './client';

/** The sandbox's history ends 2025-06-30: May 2025 is a full month, its last day a day with much still owed. */
const MONTH = { from_date: '2025-05-01', to_date: '2025-05-31' };
const AGED_AS_AT = '2025-06-30';

type Call = (name: string, args: Record<string, unknown>) => Promise<ToolAnswer>;

const money = (amount: number) => (amount / 100).toFixed(2);

/** The summary, then account rows equal to the month's ledger entries: every one, or as many as fit before the note. */
async function callProfitAndLoss(call: Call, reader: ServiceReader): Promise<string> {
	const { rows, note } = rowsOf('profit_and_loss', await call('profit_and_loss', MONTH));
	const [summary, ...accounts] = rows;
	const lines = await profitAndLossLines(reader, MONTH.from_date, MONTH.to_date);
	expect(
		summary.from_date === MONTH.from_date && summary.to_date === MONTH.to_date,
		`profit_and_loss answered first ${JSON.stringify(summary).slice(0, 300)}, not the summary of ${MONTH.from_date} – ${MONTH.to_date}`,
	);
	for (const line of lines.filter((candidate) => candidate.rowType !== 'account')) {
		expect(
			cents(summary[line.section]) === line.amount,
			`profit_and_loss: ${line.section} ${String(summary[line.section])}, the ledger entries make ${money(line.amount)}`,
		);
	}
	const expected = lines.filter((line) => line.rowType === 'account');
	expect(
		note !== undefined ? accounts.length < expected.length : accounts.length === expected.length,
		`profit_and_loss answered ${accounts.length} accounts${note ? ` (${note})` : ''}; the ledger entries move ${expected.length}`,
	);
	for (const row of accounts) {
		const line = expected.find((candidate) => candidate.account?.id === row.ledger_account_id);
		expect(
			row.row_type === 'account' && line !== undefined && cents(row.amount) === line.amount,
			`profit_and_loss answered ${JSON.stringify(row)}; the ledger entries make ${line ? money(line.amount) : 'no such account'}`,
		);
	}
	return `profit_and_loss ${MONTH.from_date.slice(0, 7)}: net profit ${String(summary.net_profit)}, ${accounts.length} accounts`;
}

/** The summary's columns, then the largest debtors in order, equal to the receivables aged on the answer's day. */
function expectAgedAnswer(rows: AnswerRow[], note: string | undefined, receivables: Receivable[], asAt: string) {
	const [summary, ...contacts] = rows;
	const { debtors, totals } = ageDebtors(receivables, asAt);
	for (const column of [...AGED_COLUMNS, 'total'] as const) {
		expect(
			cents(summary[column]) === totals[column],
			`aged_debtors as at ${asAt}: ${column} ${String(summary[column])}, the open documents make ${money(totals[column])}`,
		);
	}
	expect(
		summary.contacts === debtors.length,
		`aged_debtors as at ${asAt}: ${String(summary.contacts)} contacts; ${debtors.length} owe`,
	);
	expect(
		note !== undefined ? contacts.length < debtors.length : contacts.length === debtors.length,
		`aged_debtors as at ${asAt} answered ${contacts.length} customers${note ? ` (${note})` : ''}; ${debtors.length} owe`,
	);
	contacts.forEach((row, index) => {
		const debtor = debtors[index];
		expect(
			row.row_type === 'contact' &&
				row.contact_id === debtor.contactId &&
				[...AGED_COLUMNS, 'total' as const].every((column) => cents(row[column]) === debtor[column]),
			`aged_debtors as at ${asAt}, customer ${index + 1}: ${JSON.stringify(row)}; the open documents make ${debtor.contactName} ${JSON.stringify(debtor)}`,
		);
	});
	return contacts.length;
}

/** Each bank account's money in and out of May 2025, after the totals, against its ledger entries. */
async function callBankSummary(call: Call, reader: ServiceReader): Promise<string> {
	const { rows, note } = rowsOf('bank_summary', await call('bank_summary', MONTH));
	const [summary, ...accounts] = rows;
	expect(
		summary.from_date === MONTH.from_date && summary.to_date === MONTH.to_date && note === undefined,
		`bank_summary answered first ${JSON.stringify(summary).slice(0, 300)}${note ? ` (${note})` : ''}`,
	);
	const banks = await reader.all('/ledger_accounts?ledger_account_type_id=BANK&attributes=displayed_as');
	const entries = await reader.all(
		`/ledger_entries?to_date=${MONTH.to_date}&attributes=date,debit,credit,ledger_account,deleted`,
	);
	expect(
		accounts.length === banks.length,
		`bank_summary answered ${accounts.length} bank accounts; the service has ${banks.length}`,
	);
	for (const row of accounts) {
		const own = entries.filter(
			(entry) => entry.deleted !== true && (entry.ledger_account as { id: string }).id === row.ledger_account_id,
		);
		const inMonth = own.filter((entry) => String(entry.date) >= MONTH.from_date);
		const before = own.filter((entry) => String(entry.date) < MONTH.from_date);
		const opening = before.reduce((sum, entry) => sum + cents(entry.debit) - cents(entry.credit), 0);
		const received = inMonth.reduce((sum, entry) => sum + cents(entry.debit), 0);
		const spent = inMonth.reduce((sum, entry) => sum + cents(entry.credit), 0);
		expect(
			cents(row.opening_balance) === opening &&
				cents(row.received) === received &&
				cents(row.spent) === spent &&
				cents(row.closing_balance) === opening + received - spent,
			`bank_summary ${String(row.name)}: ${JSON.stringify(row)}; the ledger entries make opening ${money(opening)}, received ${money(received)}, spent ${money(spent)}`,
		);
	}
	return `bank_summary ${MONTH.from_date.slice(0, 7)}: ${accounts.length} bank accounts, closing ${String(summary.closing_balance)}`;
}

/**
 * The report tools; the receivables are read after the other tools' writes (an invoice is one), and
 * returned for the agent's question about them.
 */
export async function callReportTools(
	call: Call,
	reader: ServiceReader,
): Promise<{ summary: string; receivables: Receivable[] }> {
	const profitAndLoss = await callProfitAndLoss(call, reader);
	const bankSummary = await callBankSummary(call, reader);
	const receivables = await readReceivables(reader);

	const onDay = rowsOf('aged_debtors', await call('aged_debtors', { as_at: AGED_AS_AT }));
	expect(
		onDay.rows[0]?.as_at === AGED_AS_AT,
		`aged_debtors as at ${AGED_AS_AT} answered first ${JSON.stringify(onDay.rows[0])}`,
	);
	const shown = expectAgedAnswer(onDay.rows, onDay.note, receivables, AGED_AS_AT);

	const today = rowsOf('aged_debtors', await call('aged_debtors', {}));
	const asAt = String(today.rows[0]?.as_at);
	expect(isTodayWhereN8nRuns(asAt), `aged_debtors without a day answered as at ${asAt}, not today`);
	expectAgedAnswer(today.rows, today.note, receivables, asAt);
	return {
		summary: `${profitAndLoss}; ${bankSummary}; aged_debtors as at ${AGED_AS_AT} and today (${asAt}): totals and the ${shown} largest debtors shown equal to the open documents`,
		receivables,
	};
}
