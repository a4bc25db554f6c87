import { join } from 'node:path';

import { captureDataTable, captureWorkflow } from '../browser';
import { ensureChromium } from '../chromium';
import { dataTablesOfExample, pointDataTables, type Workflow } from '../examples';
import { expectTablesTakeTriggerRows } from './mirror-columns';
import { info, seconds } from '../log';
import {
	createDataTable,
	createWorkflow,
	dataTableRows,
	personalProjectId,
	type DataTable,
	type DataTableRow,
} from '../n8n-data-tables';
import { activateWorkflow } from '../n8n-server';
import { N8nExecutions, type ExecutionSummary } from '../scale/n8n-executions';
import { byStatus, settledExecutions } from '../scale/observe';
import type { ServiceReader } from '../service-reader';
import { sleep } from '../wait';
import { rngFromSeed } from '../../sandbox/data/prng';
import { BookKeeper, type ServiceInvoice } from './mirror-books';
import { cents, expect, type CheckContext, type ExampleCheck, type RunningN8n } from './types';

const WORKFLOW_ID = 'acctMirrorInvoices';
const INVOICES_TRIGGER = 'Sales invoice changed';
const LINES_TRIGGER = 'Sales invoice lines changed';
const INVOICES_TABLE = 'Sales invoices';
const LINES_TABLE = 'Sales invoice lines';
/** The Spanish business: 240 sales invoices with 474 lines, and no other example writes to it. */
const BUSINESS_KEY = 'second';
/** Existing invoices per poll: the 240 take two polls, so the backfill crosses a poll as a large one does. */
const BACKFILL_BATCH = 200;
/** The books change for this long, n8n restarting halfway. */
const CHANGES_MS = 110_000;
const RESTART_AFTER_MS = 50_000;
const CHANGE_PAUSE_MS = { min: 1_500, max: 3_500 };
/** Polls are a minute apart: the backfill's two polls, or the last changes, are in the tables within about two. */
const CATCH_UP_MS = 180_000;
const SCREENSHOTS = { table: 'n8n-data-table-sales-invoices.png', workflow: 'n8n-example-mirror-data-tables.png' };

/** What a row's `change_type` column can hold: a deleted invoice has no row left. */
const LAST_CHANGES = ['created', 'updated'];

interface Mirror {
	invoices: DataTable;
	lines: DataTable;
}

interface Comparison {
	problems: string[];
	invoices: number;
	lines: number;
}

/**
 * The tables against the service: the same invoices (each once), each with the service's number,
 * status, amounts and time of its last change, and as many line rows as it has lines; the same
 * line ids, each once, under its own invoice, in its place, with its amount.
 */
export function compareMirror(
	service: ServiceInvoice[],
	invoiceRows: DataTableRow[],
	lineRows: DataTableRow[],
): Comparison {
	const problems: string[] = [];
	const rowsByInvoice = new Map<string, DataTableRow[]>();
	for (const row of invoiceRows) {
		const key = String(row.sales_invoice_id);
		rowsByInvoice.set(key, [...(rowsByInvoice.get(key) ?? []), row]);
	}
	const linesByInvoice = new Map<string, DataTableRow[]>();
	const lineRowsById = new Map<string, DataTableRow[]>();
	for (const row of lineRows) {
		const invoice = String(row.sales_invoice_id);
		linesByInvoice.set(invoice, [...(linesByInvoice.get(invoice) ?? []), row]);
		const id = String(row.line_id);
		lineRowsById.set(id, [...(lineRowsById.get(id) ?? []), row]);
	}
	const inService = new Set(service.map((invoice) => invoice.id));
	for (const [key, rows] of rowsByInvoice) {
		if (!inService.has(key))
			problems.push(`${INVOICES_TABLE}: ${key} (${String(rows[0].invoice_number)}) is not in the books`);
		else if (rows.length > 1) problems.push(`${INVOICES_TABLE}: ${key} has ${rows.length} rows`);
	}
	for (const key of linesByInvoice.keys()) {
		if (!inService.has(key)) problems.push(`${LINES_TABLE}: rows of ${key}, which is not in the books`);
	}
	const serviceLines = new Set<string>();
	for (const invoice of service) {
		const row = rowsByInvoice.get(invoice.id)?.[0];
		if (!row) {
			problems.push(`${INVOICES_TABLE}: no row for ${invoice.invoice_number} (${invoice.id})`);
		} else {
			const differs = (column: string, table: unknown, books: unknown) =>
				problems.push(
					`${invoice.invoice_number}: ${column} ${String(table)} in the table, ${String(books)} in the books`,
				);
			if (row.invoice_number !== invoice.invoice_number)
				differs('invoice_number', row.invoice_number, invoice.invoice_number);
			if (row.status_id !== invoice.status.id) differs('status_id', row.status_id, invoice.status.id);
			for (const column of ['net_amount', 'tax_amount', 'total_amount', 'outstanding_amount'] as const) {
				if (typeof row[column] !== 'number' || cents(row[column]) !== cents(invoice[column]))
					differs(column, row[column], invoice[column]);
			}
			if (Date.parse(String(row.updated_at)) !== Date.parse(invoice.updated_at))
				differs('updated_at', row.updated_at, invoice.updated_at);
			if (!LAST_CHANGES.includes(String(row.change_type)))
				problems.push(
					`${invoice.invoice_number}: change_type ${String(row.change_type)}, not ${LAST_CHANGES.join(' or ')}`,
				);
		}
		const rows = linesByInvoice.get(invoice.id) ?? [];
		if (rows.length !== invoice.invoice_lines.length)
			problems.push(
				`${invoice.invoice_number}: ${rows.length} line rows, ${invoice.invoice_lines.length} lines in the books`,
			);
		invoice.invoice_lines.forEach((line, index) => {
			serviceLines.add(line.id);
			const found = lineRowsById.get(line.id) ?? [];
			if (found.length !== 1) {
				problems.push(`${invoice.invoice_number} line ${index + 1} (${line.id}): ${found.length} rows`);
				return;
			}
			const [lineRow] = found;
			if (lineRow.sales_invoice_id !== invoice.id)
				problems.push(`line ${line.id} is under ${String(lineRow.sales_invoice_id)}, not ${invoice.id}`);
			if (lineRow.line_number !== index + 1)
				problems.push(`${invoice.invoice_number} line ${line.id}: line_number ${String(lineRow.line_number)}`);
			if (cents(lineRow.line_total_amount) !== cents(line.total_amount))
				problems.push(
					`${invoice.invoice_number} line ${index + 1}: total ${String(lineRow.line_total_amount)}, ${String(line.total_amount)} in the books`,
				);
		});
	}
	for (const [id, rows] of lineRowsById)
		if (!serviceLines.has(id))
			problems.push(`${LINES_TABLE}: line ${id} (${String(rows[0].invoice_number)}) is not in the books`);
	return { problems, invoices: invoiceRows.length, lines: lineRows.length };
}

async function readMirror(n8n: RunningN8n, mirror: Mirror, reader: ServiceReader, business: string) {
	const url = n8n.server().url;
	const [service, invoiceRows, lineRows] = await Promise.all([
		reader.all('/sales_invoices?attributes=all', business) as unknown as Promise<ServiceInvoice[]>,
		dataTableRows(url, n8n.session, mirror.invoices),
		dataTableRows(url, n8n.session, mirror.lines),
	]);
	return { service, invoiceRows, comparison: compareMirror(service, invoiceRows, lineRows) };
}

/** Compares every 5 s until the tables equal the books, or fails with what still differs. */
async function untilEqual(
	what: string,
	n8n: RunningN8n,
	mirror: Mirror,
	reader: ServiceReader,
	business: string,
): Promise<{ service: ServiceInvoice[]; invoiceRows: DataTableRow[]; comparison: Comparison; ms: number }> {
	const started = Date.now();
	for (;;) {
		const read = await readMirror(n8n, mirror, reader, business);
		if (read.comparison.problems.length === 0) return { ...read, ms: Date.now() - started };
		if (Date.now() - started > CATCH_UP_MS) {
			const { problems } = read.comparison;
			throw new Error(
				`${what}: the tables still differ from the books after ${seconds(CATCH_UP_MS)} (${problems.length} differences):\n  ${problems.slice(0, 25).join('\n  ')}`,
			);
		}
		await sleep(5_000);
	}
}

/**
 * What each trigger put out over the workflow's executions, by change_type; the longest execution;
 * and how many executions started while an earlier one of the same trigger was still running
 * (n8n does not wait for it: the later one may write first).
 */
async function emitted(executions: N8nExecutions, list: ExecutionSummary[]) {
	const counts: Record<string, Record<string, number>> = { [INVOICES_TRIGGER]: {}, [LINES_TRIGGER]: {} };
	const spans: Record<string, Array<{ from: number; to: number }>> = { [INVOICES_TRIGGER]: [], [LINES_TRIGGER]: [] };
	for (const execution of list) {
		const runData = (await executions.runData(execution.id)).resultData.runData;
		for (const trigger of [INVOICES_TRIGGER, LINES_TRIGGER]) {
			if (!runData[trigger]) continue;
			spans[trigger].push({
				from: Date.parse(String(execution.startedAt)),
				to: Date.parse(String(execution.stoppedAt)),
			});
			for (const item of runData[trigger][0]?.data?.main?.[0] ?? []) {
				const type = String(item.json.change_type);
				counts[trigger][type] = (counts[trigger][type] ?? 0) + 1;
			}
		}
	}
	let overlapping = 0;
	let longestMs = 0;
	for (const runs of Object.values(spans)) {
		runs.sort((a, b) => a.from - b.from);
		runs.forEach((run, index) => {
			longestMs = Math.max(longestMs, run.to - run.from);
			if (runs.slice(0, index).some((earlier) => earlier.to > run.from)) overlapping++;
		});
	}
	return { counts, overlapping, longestMs };
}

/**
 * The mirror example in the real n8n: both Data Tables made through n8n's REST API, the example
 * imported with their ids and published, the business's invoices copied (the backfill, over two
 * polls); then a run of random changes in the books — n8n stopped and started again halfway —
 * after which both tables equal the books again: the same invoices and amounts, the same lines.
 */
async function check(context: CheckContext): Promise<string> {
	const { n8n, workflow, reader, sandbox, docsDir, failureDir } = context;
	expect(
		n8n !== undefined && workflow !== undefined && docsDir !== undefined && failureDir !== undefined,
		'the mirror check needs the running n8n and its example',
	);
	const business = sandbox.dataset.businesses.find((candidate) => candidate.key === BUSINESS_KEY);
	expect(business !== undefined, `the sandbox has no business "${BUSINESS_KEY}"`);
	const { url } = n8n.server();

	const projectId = await personalProjectId(url, n8n.session);
	const definitions = dataTablesOfExample(workflow);
	expectTablesTakeTriggerRows(workflow, definitions, {
		[INVOICES_TRIGGER]: INVOICES_TABLE,
		[LINES_TRIGGER]: LINES_TABLE,
	});
	const tables: DataTable[] = [];
	for (const definition of definitions) tables.push(await createDataTable(url, n8n.session, projectId, definition));
	const invoices = tables.find((table) => table.name === INVOICES_TABLE);
	const lines = tables.find((table) => table.name === LINES_TABLE);
	expect(invoices !== undefined && lines !== undefined, `the example names no "${INVOICES_TABLE}"/"${LINES_TABLE}"`);
	const mirror: Mirror = { invoices, lines };
	info(
		`Data Tables over REST: ${definitions.map((table) => `"${table.name}" (${table.columns.length} columns)`).join(', ')}`,
	);

	const watched: Workflow = pointDataTables(workflow, tables);
	for (const node of watched.nodes.filter((candidate) => [INVOICES_TRIGGER, LINES_TRIGGER].includes(candidate.name))) {
		node.parameters.business = { __rl: true, mode: 'list', value: business.id, cachedResultName: business.name };
	}
	await createWorkflow(url, n8n.session, projectId, watched);
	const activatedAt = Date.now();
	await activateWorkflow(url, n8n.session, WORKFLOW_ID);
	info(`imported and published over REST; both triggers watch ${business.name}`);

	const backfill = await untilEqual('backfill', n8n, mirror, reader, business.id);
	const notCreated = backfill.invoiceRows.filter((row) => row.change_type !== 'created');
	expect(
		notCreated.length === 0,
		`after the backfill ${notCreated.length} invoice rows record a change_type other than "created"`,
	);
	info(
		`backfill: ${backfill.comparison.invoices} invoice rows and ${backfill.comparison.lines} line rows equal the books ${seconds(Date.now() - activatedAt)} after publishing`,
	);

	const seed = Date.now() % 1_000_000;
	const random = rngFromSeed(seed).next;
	const books = await BookKeeper.of(reader, sandbox, business.id, random);
	const changesStarted = Date.now();
	let restartMs = 0;
	const restart = (async () => {
		await sleep(RESTART_AFTER_MS);
		const stopping = Date.now();
		await n8n.restart();
		restartMs = Date.now() - stopping;
	})();
	const made: string[] = [];
	while (Date.now() - changesStarted < CHANGES_MS) {
		made.push(await books.change());
		await sleep(CHANGE_PAUSE_MS.min + random() * (CHANGE_PAUSE_MS.max - CHANGE_PAUSE_MS.min));
	}
	await restart;
	const changesEnded = Date.now();
	info(
		`${made.length} changes in ${seconds(changesEnded - changesStarted)} (seed ${seed}): ${JSON.stringify(books.counts)}; n8n stopped and started again after ${seconds(RESTART_AFTER_MS)}, back in ${seconds(restartMs)}`,
	);

	const caughtUp = await untilEqual('after the changes', n8n, mirror, reader, business.id);
	const lastUpdated = caughtUp.invoiceRows.filter((row) => row.change_type === 'updated').length;
	expect(
		lastUpdated > 0,
		`after ${books.counts.linesChanged} line changes and ${books.counts.voided} voids no invoice row records change_type "updated"`,
	);
	const executions = new N8nExecutions(n8n.server().url, n8n.session, n8n.install);
	const all = await settledExecutions(executions, [WORKFLOW_ID]);
	const failed = all.filter((execution) => execution.status !== 'success');
	expect(
		failed.length === 0,
		`executions of ${WORKFLOW_ID} that did not succeed: ${failed.map((e) => `${e.id} ${e.status}`).join(', ')}`,
	);
	// Nothing came in after the tables were equal that undid it.
	const final = await readMirror(n8n, mirror, reader, business.id);
	expect(
		final.comparison.problems.length === 0,
		`the tables differ from the books once the executions settled:\n  ${final.comparison.problems.slice(0, 25).join('\n  ')}`,
	);
	const { counts, overlapping, longestMs } = await emitted(executions, all);
	// Equal tables could hide a trigger that started over after the restart (without deletions in between).
	const createdOut = counts[INVOICES_TRIGGER].created ?? 0;
	expect(
		createdOut <= backfill.service.length + books.counts.created,
		`the trigger put out ${createdOut} invoices as created: more than the ${backfill.service.length} there were and the ${books.counts.created} created since (it started over?)`,
	);

	await ensureChromium();
	await captureDataTable(
		n8n.server().url,
		invoices,
		final.comparison.invoices,
		join(docsDir, SCREENSHOTS.table),
		failureDir,
	);
	await captureWorkflow(n8n.server().url, WORKFLOW_ID, join(docsDir, SCREENSHOTS.workflow), failureDir);

	return (
		`both tables equal the books ${seconds(caughtUp.ms)} after the last change: ` +
		`${final.comparison.invoices} invoices, ${final.comparison.lines} lines (${final.service.length} invoices in the books), ${lastUpdated} invoice rows recording their last change as "updated"; ` +
		`${all.length} executions ${JSON.stringify(byStatus(all))}, the longest ${seconds(longestMs)}, ${overlapping} begun while one of the same trigger still ran; ` +
		`put out: ${JSON.stringify(counts)}`
	);
}

export const mirrorSalesInvoicesCheck: ExampleCheck = {
	workflowId: WORKFLOW_ID,
	runs: 'server',
	settings: {},
	nodeParameters: Object.fromEntries(
		[INVOICES_TRIGGER, LINES_TRIGGER].map((name) => [
			name,
			{ pollTimes: { item: [{ mode: 'everyMinute' }] }, options: { startBatchSize: BACKFILL_BATCH } },
		]),
	),
	check,
};
