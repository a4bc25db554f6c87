import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { AGED_COLUMNS, ageDebtors, debtorsControlBalance, readReceivables } from '../books/aged-debtors';
import { outputOf } from '../n8n-cli';
import type { ServiceReader } from '../service-reader';
import { readSheet } from '../xlsx';
import { cents, expect, runOf, type CheckContext, type ExampleCheck } from './types';

const WORKFLOW_ID = 'acctClientsOverdue';
const REPORT_NODE = 'Aged Debtors of every client';
const SHEET = 'Every client';
/** The file is named after the day the workflow runs: the only sheet of the example's folder. */
const FILE_PATTERN = /^overdue-invoices-\d{4}-\d{2}-\d{2}\.xlsx$/;

/**
 * The example reports as at today; the sandbox's history ends 2025-06-30, so the e2e asks for
 * that day (Custom), when every business has invoices in each column.
 */
const AS_AT = '2025-06-30';

/** The sheet's header: the business first, then the summary's day, currency and figures. */
const HEADER = [
	'business_id',
	'business_name',
	'as_at',
	'currency',
	...AGED_COLUMNS,
	'total',
	'contacts',
	'unplaced_documents',
	'control_account',
	'control_account_balance',
	'difference',
];

type Row = Record<string, unknown>;

interface Business {
	id: string;
	name: string;
	currency: string;
}

const money = (value: number) => (value / 100).toFixed(2);

/** Every business the login reaches, in the service's order, with its base currency. */
async function readBusinesses(reader: ServiceReader): Promise<Business[]> {
	const listed = await reader.all('/businesses');
	const businesses: Business[] = [];
	for (const business of listed) {
		const id = String(business.id);
		const settings = await reader.get<{ base_currency?: { id?: string } }>('/financial_settings', id);
		businesses.push({
			id,
			name: String(business.displayed_as ?? business.name),
			currency: String(settings.base_currency?.id),
		});
	}
	return businesses;
}

/** One client's row against its open documents and payments on account, aged here, and its debtors control account. */
async function checkClientRow(row: Row, business: Business, reader: ServiceReader, where: string): Promise<string> {
	expect(
		row.business_id === business.id && row.business_name === business.name,
		`${where} is ${String(row.business_name)} (${String(row.business_id)}); the service lists ${business.name} (${business.id}) there`,
	);
	expect(
		row.as_at === AS_AT && row.currency === business.currency,
		`${where}: as at ${String(row.as_at)} in ${String(row.currency)}, not ${AS_AT} in ${business.currency}`,
	);
	const { debtors, totals } = ageDebtors(await readReceivables(reader, business.id), AS_AT);
	expect(debtors.length > 0, `${business.name}: no customer owes anything as at ${AS_AT} in the sandbox`);
	for (const column of [...AGED_COLUMNS, 'total'] as const) {
		expect(
			typeof row[column] === 'number' && cents(row[column]) === totals[column],
			`${where} (${business.name}): ${column} ${String(row[column])}, the open documents make ${money(totals[column])}`,
		);
	}
	expect(
		row.contacts === debtors.length,
		`${where} (${business.name}): ${String(row.contacts)} customers owe, the open documents make ${debtors.length}`,
	);
	expect(
		row.unplaced_documents === '',
		`${where} (${business.name}): unplaced documents ${String(row.unplaced_documents)}`,
	);
	const control = await debtorsControlBalance(reader, AS_AT, business.id);
	expect(
		typeof row.control_account_balance === 'number' && cents(row.control_account_balance) === control,
		`${where} (${business.name}): control account balance ${String(row.control_account_balance)}, the ledger makes ${money(control)}`,
	);
	expect(row.difference === 0, `${where} (${business.name}): difference ${String(row.difference)}, not 0`);
	const overdue = totals.total - totals.current;
	return `${business.name} ${money(totals.total)} ${business.currency} (${money(overdue)} overdue, ${debtors.length} customers)`;
}

/**
 * The sheet the example wrote: one row per business the login reaches, in the service's order,
 * each with the business's name, currency and every aged figure equal to what its open documents
 * and payments on account make, aged here as at the same day.
 */
async function check(context: CheckContext): Promise<string> {
	const { folder, reader, n8nDir } = context;
	const items = outputOf(runOf(context), REPORT_NODE);
	const failed = items.filter((item) => 'error' in item.json);
	expect(
		failed.length === 0,
		`${REPORT_NODE} put out errors: ${failed.map((item) => String(item.json.error)).join('; ')}`,
	);

	const files = readdirSync(folder).filter((name) => FILE_PATTERN.test(name));
	expect(
		files.length === 1,
		`the example's folder holds ${files.length} sheets like ${FILE_PATTERN}: ${files.join(', ')}`,
	);
	const file = join(folder, files[0]);
	const rows = readSheet(n8nDir, file, SHEET, { defval: '' });
	const header = Object.keys(rows[0] ?? {});
	expect(
		JSON.stringify(header) === JSON.stringify(HEADER),
		`${files[0]}'s header is ${JSON.stringify(header)}, not ${JSON.stringify(HEADER)}`,
	);

	const businesses = await readBusinesses(reader);
	expect(
		businesses.length > 1,
		`the sandbox's login reaches ${businesses.length} business: nothing to put side by side`,
	);
	expect(
		rows.length === businesses.length,
		`${files[0]} has ${rows.length} rows; the login reaches ${businesses.length} businesses`,
	);
	const clients: string[] = [];
	for (const [index, business] of businesses.entries())
		clients.push(await checkClientRow(rows[index], business, reader, `${files[0]} row ${index + 2}`));
	return `${files[0]}: a row per business as at ${AS_AT}, every figure equal to its open documents aged here: ${clients.join('; ')}`;
}

export const everyClientOverdueCheck: ExampleCheck = {
	workflowId: WORKFLOW_ID,
	runs: 'execute',
	settings: {},
	nodeParameters: { [REPORT_NODE]: { reportDate: 'custom', asAt: `${AS_AT}T00:00:00` } },
	check,
};
