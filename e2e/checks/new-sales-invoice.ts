import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseCsv } from '../csv';
import { until } from '../wait';
import { expect, type CheckContext, type ExampleCheck } from './types';

/** The lines of n8n's log that mention the node, its trigger, polling or OAuth. */
function n8nLogLines(logFile: string | undefined): string {
	if (!logFile || !existsSync(logFile)) return 'n8n log: not found';
	const lines = readFileSync(logFile, 'utf8')
		.split('\n')
		.filter((line) => /accounting|oauth|token|poll|sign|trigger|NodeApiError|NodeOperationError/i.test(line))
		.filter((line) => !/^\s+at /.test(line));
	return `n8n log (${lines.length} lines about the node, polling or OAuth):\n${lines.slice(-60).join('\n')}`;
}

/**
 * Example 4, the trigger: published, so `n8n start` activates it and polls every minute. Its
 * first poll only notes where "now" is; an invoice created after it must arrive as exactly one
 * appended line at the next poll.
 */
async function check({ folder, sandbox, logSeqBeforeStart = 0, n8nLogFile }: CheckContext): Promise<string> {
	const firstPoll = await until('the activated trigger polling the sandbox', 120_000, () =>
		sandbox.log
			.entries()
			.find(
				(entry) =>
					entry.seq > logSeqBeforeStart && entry.path.startsWith('/v3.1/sales_invoices') && entry.status === 200,
			),
	);
	// The trigger's start is the service's "now" at its first request, to the second: an invoice of
	// that very second may have been there before the start. A person creates one later than that.
	await until('the sandbox clock past the second of the first poll', 5_000, () =>
		Math.floor(sandbox.clock.now() / 1000) > Math.floor(Date.parse(firstPoll.at) / 1000) ? true : undefined,
	);
	const created = sandbox.dataset.createRecord(sandbox.dataset.leadBusinessId, 'sales_invoices');
	const file = join(folder, 'new-sales-invoices.csv');
	const text = await until('a line in new-sales-invoices.csv', 150_000, () =>
		existsSync(file) && readFileSync(file, 'utf8').includes('\n') ? readFileSync(file, 'utf8') : undefined,
	).catch((error: unknown) => {
		// What n8n asked of the sandbox since it started (token fingerprints, never tokens): the
		// polls, renewals and their answers, to tell a missed poll from a refused one; and what
		// n8n's log says of the node and of OAuth.
		const seen = sandbox.log
			.entries()
			.filter((entry) => entry.seq > logSeqBeforeStart)
			.map(
				(entry) =>
					`${entry.seq} ${entry.at} ${entry.path} ${entry.status ?? '-'} ${entry.grantType ?? entry.auth} ${entry.tokenFingerprint ?? ''}`,
			);
		throw new Error(
			`${error instanceof Error ? error.message : String(error)}; invoice ${String(created.invoice_number)} created at ${String(created.created_at)}; the sandbox saw since n8n started:\n${seen.join('\n')}\n${n8nLogLines(n8nLogFile)}`,
		);
	});
	const rows = parseCsv(text);
	expect(
		rows.length === 1,
		`new-sales-invoices.csv has ${rows.length} lines after one new invoice: ${JSON.stringify(rows)}`,
	);
	expect(
		rows[0][0] === created.invoice_number,
		`the line is for ${rows[0][0]}; the new invoice is ${String(created.invoice_number)}`,
	);
	const currency = (created.currency as { id?: string } | undefined)?.id;
	const want = [created.invoice_number, created.contact_name, created.date, currency, created.total_amount].map(
		(value) => (value === null || value === undefined ? '' : String(value)),
	);
	const got = rows[0].slice(0, 5);
	got[4] = String(Number(got[4]));
	want[4] = String(Number(want[4]));
	expect(
		JSON.stringify(got) === JSON.stringify(want),
		`the line is ${JSON.stringify(got)}; the new invoice is ${JSON.stringify(want)}`,
	);
	expect(
		rows[0][5] === created.created_at,
		`the line says created ${rows[0][5]}; the invoice was created ${String(created.created_at)}`,
	);
	const renewals = sandbox.log
		.entries()
		.filter((entry) => entry.seq > logSeqBeforeStart && entry.grantType === 'refresh_token').length;
	return `published and activated by n8n start; a new invoice ${String(created.invoice_number)} arrived as one appended line; ${renewals} token renewals by n8n start so far`;
}

export const newSalesInvoiceCheck: ExampleCheck = {
	workflowId: 'acctNewInvoiceRow',
	runs: 'published',
	settings: {},
	// n8n's shortest poll interval; the example's five minutes would make a long test.
	nodeParameters: { 'New sales invoice': { pollTimes: { item: [{ mode: 'everyMinute' }] } } },
	check,
};
