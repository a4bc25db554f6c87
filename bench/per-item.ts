/**
 * Per-item operations at the service's pace: Get, Create and Download PDF of many input items
 * through n8n-core, at Concurrent Requests 1 (the sequential loop the node had before), 3 and 5,
 * against a sandbox whose every answer takes `latencyMs`, with the request budget out of the way;
 * then three executions of Gets at once against the sandbox's rate limit set to the service's rule,
 * under the node's default budget of 200 requests a minute per business.
 */

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, probeNode, runWorkflow } from '../test/harness';
import { autoMap, create } from '../test/node/write-helpers';
import { connectToSandbox } from './connect';
import { timed, measuredAlone } from './measure';
import { budgetFloorMs, DEFAULT_CONCURRENCY, DEFAULT_PER_MINUTE, type RateLimitRow } from './parallel-read';
import { apiRequestLog, clearLog, startSandboxProcess, type ApiLogEntry } from './sandbox-process';

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;

export const ITEM_CONCURRENCIES = [1, 3, 5];
/** Distinct customers and products of the sheet the Creates read, as a day's orders would name them. */
const SHEET_CUSTOMERS = 10;
const SHEET_PRODUCTS = 3;
const NODE = 'Accounting Service';

export interface PerItemRow {
	operation: string;
	concurrency: number;
	items: number;
	ms: number;
	/** Requests answered, the 401s left out. */
	requests: number;
	/** Requests answered 401 (the token expired during the run), renewed and repeated. */
	unauthorized: number;
	/** Requests by collection, most first: `sales_invoices 200, contacts 10`. */
	requestsByCollection: string;
	/** Time of the same operation at Concurrent Requests 1. */
	sequentialMs: number;
}

/** As a row of the Return All section's rate-limited runs, with executions of Gets in place of Return Alls. */
export interface PerItemBudgetRun extends Omit<RateLimitRow, 'readers' | 'recordsPerRead'> {
	executions: number;
	itemsEach: number;
}

export interface PerItem {
	items: number;
	latencyMs: number;
	rows: PerItemRow[];
	budget: PerItemBudgetRun;
}

export interface PerItemSizes {
	items: number;
	latencyMs: number;
	/** Latency of the rate-limited run. */
	budgetLatencyMs: number;
	/** Executions of `items` Gets started at once in the rate-limited run. */
	budgetExecutions: number;
	rateLimit: { requests: number; windowSeconds: number };
}

/** The answer of one API request made through n8n's authenticated request helper (the probe node), outside the node's budget. */
async function serviceRead(connected: Connected, path: string): Promise<IDataObject> {
	const result = await runWorkflow({
		store: connected.store,
		nodes: [probeNode(connected.credential, { path })],
	});
	const [item] = result.json('Probe');
	if (result.error || !item || item.error) throw new Error(`${path}: ${String(result.error ?? item?.error)}`);
	return item;
}

const itemsOf = async (connected: Connected, path: string) =>
	(await serviceRead(connected, path)).$items as IDataObject[];

const invoiceTotal = async (connected: Connected) =>
	Number((await serviceRead(connected, '/sales_invoices?items_per_page=1')).$total);

async function runNode(
	connected: Connected,
	parameters: INodeParameters,
	input: IDataObject[],
): Promise<INodeExecutionData[]> {
	const result = await runWorkflow({
		store: connected.store,
		nodes: [accountingServiceNode(connected.credential, parameters)],
		input,
	});
	if (result.error) throw result.error;
	return result.items(NODE);
}

const getInvoice = (requestOptions: INodeParameters): INodeParameters => ({
	resource: 'salesInvoice',
	operation: 'get',
	id: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	requestOptions,
});

/** Get's Simplified output names the id after the record. */
const invoiceIdOfGet = (item: INodeExecutionData) => item.json.sales_invoice_id;

const downloadPdf = (requestOptions: INodeParameters): INodeParameters => ({
	resource: 'salesInvoice',
	operation: 'downloadPdf',
	id: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	requestOptions,
});

/**
 * A sheet → invoices flow: each row names its customer by reference and its products by item
 * code (Map Automatically), the lines' ledger accounts and tax rates coming from the products.
 */
const createInvoice = (requestOptions: INodeParameters): INodeParameters =>
	create('salesInvoice', autoMap(), {
		options: { contactGivenBy: 'reference', lineItemsGivenBy: 'itemCode' },
		requestOptions,
	});

interface ItemOperation {
	operation: string;
	parameters: (requestOptions: INodeParameters) => INodeParameters;
	/** The input items: invoice ids, or the sheet's rows (a reference of their own per concurrency). */
	input: (concurrency: number) => IDataObject[];
	/** What an output item is for: the input's id or reference, in input order. */
	keyOf: (item: INodeExecutionData) => unknown;
	/** Whether the service's count of sales invoices must grow by one per item. */
	countsInvoices?: boolean;
}

interface SheetNames {
	customers: string[];
	itemCodes: string[];
}

const sheetRows = (names: SheetNames, count: number, prefix: string): IDataObject[] =>
	Array.from({ length: count }, (_, row) => ({
		contact_id: names.customers[row % names.customers.length],
		date: '2025-04-01',
		reference: `${prefix}-${row + 1}`,
		invoice_lines: Array.from({ length: (row % 2) + 1 }, (_, line) => ({
			product_id: names.itemCodes[(row + line) % names.itemCodes.length],
			quantity: (row % 5) + 1,
			unit_price: 10 + (row % 7),
		})),
	}));

/** Fails unless every item came out once, in input order, each with what it was for. */
function checkOutputs(
	operation: string,
	output: INodeExecutionData[],
	expected: string[],
	keyOf: (item: INodeExecutionData) => unknown,
) {
	const got = output.map((item) => String(keyOf(item)));
	if (got.length !== expected.length || got.some((key, index) => key !== expected[index])) {
		throw new Error(
			`${operation}: ${got.length} items out of ${expected.length}, not each in its place (the first: ${JSON.stringify(output[0]?.json).slice(0, 300)})`,
		);
	}
}

/**
 * The requests answered, without the 401s: the access token lives 300 s and the credential as
 * the harness connects it has no expiry time to renew it ahead by, so a run that outlives it
 * meets one 401 per request then under way, renews and repeats them (the items' outputs show
 * whether that worked).
 * Any other failure fails the bench: a run that met errors would measure their retries.
 */
function answered(operation: string, entries: ApiLogEntry[]): ApiLogEntry[] {
	const failed = entries.filter((entry) => entry.status === null || (entry.status >= 400 && entry.status !== 401));
	if (failed.length)
		throw new Error(`${operation}: ${failed.length} requests failed (${failed[0].path} ${String(failed[0].status)})`);
	return entries.filter((entry) => entry.status !== 401);
}

export async function measurePerItem(sizes: PerItemSizes, log: (line: string) => void): Promise<PerItem> {
	const { items, latencyMs } = sizes;
	// Enough sales invoices for the Gets; the smoke run's few items still get a business of customers and products.
	const scale = Math.max(items, 200);
	const rows: PerItemRow[] = [];
	let invoiceIds: string[];
	const sandbox = await startSandboxProcess({ scale, latencyMs });
	try {
		const connected = await connectToSandbox(sandbox);
		invoiceIds = (await itemsOf(connected, `/sales_invoices?items_per_page=${items}`)).map((invoice) =>
			String(invoice.id),
		);
		const names: SheetNames = {
			customers: (
				await itemsOf(
					connected,
					`/contacts?contact_type_id=CUSTOMER&items_per_page=${SHEET_CUSTOMERS}&attributes=reference`,
				)
			).map((contact) => String(contact.reference)),
			itemCodes: (await itemsOf(connected, `/products?items_per_page=${SHEET_PRODUCTS}&attributes=item_code`)).map(
				(product) => String(product.item_code),
			),
		};
		const byId = invoiceIds.map((id) => ({ id }));
		const budgetOutOfTheWay = (concurrency: number) => ({
			concurrentRequests: concurrency,
			maxRequestsPerMinute: 60_000,
		});

		// Loads the node and its n8n-core paths before anything is timed.
		await runNode(connected, getInvoice(budgetOutOfTheWay(1)), byId.slice(0, 1));
		await runNode(connected, downloadPdf(budgetOutOfTheWay(1)), byId.slice(0, 1));
		await runNode(connected, createInvoice(budgetOutOfTheWay(1)), sheetRows(names, 1, 'BENCH-WARM-UP'));

		const operations: ItemOperation[] = [
			{
				operation: 'Get',
				parameters: getInvoice,
				input: () => byId,
				keyOf: invoiceIdOfGet,
			},
			{
				operation: 'Create',
				parameters: createInvoice,
				input: (concurrency) => sheetRows(names, items, `BENCH-${concurrency}-AT-ONCE`),
				keyOf: (item) => item.json.reference,
				countsInvoices: true,
			},
			{
				operation: 'Download PDF',
				parameters: downloadPdf,
				input: () => byId,
				keyOf: (item) => (item.binary?.data?.data ? item.json.id : 'no file'),
			},
		];

		for (const { operation, parameters, input, keyOf, countsInvoices } of operations) {
			let sequentialMs = 0;
			for (const concurrency of ITEM_CONCURRENCIES) {
				const inputItems = input(concurrency);
				const before = countsInvoices ? await invoiceTotal(connected) : 0;
				await clearLog(sandbox);
				const measured = await timed(
					async () => await runNode(connected, parameters(budgetOutOfTheWay(concurrency)), inputItems),
				);
				const logged = await apiRequestLog(sandbox);
				const entries = answered(operation, logged);
				checkOutputs(
					operation,
					measured.result,
					inputItems.map((row) => String(row.id ?? row.reference)),
					keyOf,
				);
				if (countsInvoices) {
					// Every row wrote exactly once: as many new invoices as rows, each row's output its own record.
					const added = (await invoiceTotal(connected)) - before;
					const distinct = new Set(measured.result.map((item) => item.json.id)).size;
					if (added !== items || distinct !== items) {
						throw new Error(`${operation}: ${added} new invoices, ${distinct} distinct ids, for ${items} rows`);
					}
				}
				if (concurrency === 1) sequentialMs = measured.ms;
				const row: PerItemRow = {
					requestsByCollection: byCollection(sandbox.urls.baseUrl, entries),
					operation,
					concurrency,
					items,
					ms: measured.ms,
					requests: entries.length,
					unauthorized: logged.length - entries.length,
					sequentialMs,
				};
				rows.push(row);
				log(
					`  ${operation}, ${items} items, ${concurrency} at once: ${seconds(row.ms)}, ` +
						`${(sequentialMs / row.ms).toFixed(2)}× sequential, ${perItem(row)} requests per item (${row.requestsByCollection})` +
						(row.unauthorized ? `, ${row.unauthorized} × 401 (token renewed)` : ''),
				);
			}
		}
	} finally {
		await sandbox.stop();
	}
	const budget = await measureBudget(sizes, scale, invoiceIds, log);
	return { items, latencyMs, rows, budget };
}

/**
 * `executions` workflows of Gets at once, through n8n-core with one credential and the node's
 * default budget, against a business that refuses more than the rate limit with 429. The ids were
 * read in the other sandbox (same scale, same seed, so the same invoices): reading them here would
 * spend requests of the business's window outside the node's budget.
 */
async function measureBudget(
	sizes: PerItemSizes,
	scale: number,
	invoiceIds: string[],
	log: (line: string) => void,
): Promise<PerItemBudgetRun> {
	const { budgetExecutions: executions, budgetLatencyMs: latencyMs, rateLimit: limit } = sizes;
	const sandbox = await startSandboxProcess({ scale, latencyMs, rateLimit: limit });
	try {
		const connected = await connectToSandbox(sandbox);
		const byId = invoiceIds.map((id) => ({ id }));
		const run = await timed(
			async () =>
				await Promise.all(
					Array.from({ length: executions }, async () => await runNode(connected, getInvoice({}), byId)),
				),
		);
		run.result.forEach((output, index) =>
			checkOutputs(`Gets ${index + 1} of ${executions}`, output, invoiceIds, invoiceIdOfGet),
		);
		const entries = await apiRequestLog(sandbox);
		const arrivals = entries.map((entry) => Date.parse(entry.at));
		const pastBudget = arrivals[DEFAULT_PER_MINUTE];
		const budget: PerItemBudgetRun = {
			executions,
			itemsEach: invoiceIds.length,
			latencyMs,
			limit,
			ms: run.ms,
			requests: entries.length,
			tooMany: entries.filter((entry) => entry.status === 429).length,
			floorMs: budgetFloorMs({ readers: executions, pagesPerRead: invoiceIds.length, latencyMs }),
			mostAtOnce: Math.max(...entries.map((entry) => entry.concurrent ?? 1)),
			firstPastBudgetMs: pastBudget === undefined ? undefined : pastBudget - arrivals[0],
		};
		log(
			`  ${executions} executions of ${budget.itemsEach} Gets at once, rate limit ${limit.requests} per ${limit.windowSeconds} s: ` +
				`${seconds(budget.ms)} (floor ${seconds(budget.floorMs)}, ${(budget.ms / budget.floorMs).toFixed(2)}×), ` +
				`${budget.requests} requests, ${budget.tooMany} × 429, up to ${budget.mostAtOnce} at once`,
		);
		return budget;
	} finally {
		await sandbox.stop();
	}
}

/** `sales_invoices 200, contacts 10`: what the requests were for, the bench's own counts left out. */
function byCollection(baseUrl: string, entries: ApiLogEntry[]): string {
	const basePath = new URL(baseUrl).pathname;
	const counts = new Map<string, number>();
	for (const entry of entries) {
		const collection = entry.path.slice(basePath.length).split(/[/?]/)[1] ?? '';
		counts.set(collection, (counts.get(collection) ?? 0) + 1);
	}
	return [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([collection, count]) => `${collection} ${count}`)
		.join(', ');
}

/**
 * The goals of the per-item run; warnings only (the ratios are one run's). `ratios: false` for the
 * smoke run, whose few items at a short latency are mostly the node's fixed cost.
 */
export function perItemProblems(measured: PerItem, { ratios }: { ratios: boolean }): string[] {
	const problems: string[] = [];
	for (const row of measured.rows.filter((candidate) => ratios && candidate.concurrency === 3)) {
		const ratio = row.sequentialMs / row.ms;
		if (ratio < 2.5)
			problems.push(
				`${row.operation} of ${row.items} items, 3 at once: only ${ratio.toFixed(2)}× sequential (goal ≥ 2.5×)`,
			);
	}
	if (measured.budget.tooMany > 0)
		problems.push(`${measured.budget.tooMany} × 429 with ${measured.budget.executions} executions of Gets at once`);
	return problems;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perItem = (row: PerItemRow) => (row.requests / row.items).toFixed(2);

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only items`). */
export function perItemMarkdown(measured: PerItem, standalone = false): string {
	const table = [
		'| Operation | At once (Concurrent Requests) | Time | × faster than 1 at a time | Requests | Requests per item | Requests by collection | 401s (token renewed) |',
		'|---|---|---|---|---|---|---|---|',
		...measured.rows.map(
			(row) =>
				`| ${row.operation} | ${row.concurrency} | ${seconds(row.ms)} | ${(row.sequentialMs / row.ms).toFixed(2)}× | ` +
				`${row.requests} | ${perItem(row)} | ${row.requestsByCollection} | ${row.unauthorized} |`,
		),
	].join('\n');
	const { budget } = measured;
	const budgetTable = [
		'| Sandbox rate limit (per business) | Executions at once | Gets each | Requests | Time | Floor the budget sets | Time ÷ floor | Request 201 arrived after the first | Most at once | 429s |',
		'|---|---|---|---|---|---|---|---|---|---|',
		`| ${budget.limit.requests} per ${budget.limit.windowSeconds} s | ${budget.executions} | ${budget.itemsEach} | ` +
			`${budget.requests} | ${seconds(budget.ms)} | ${seconds(budget.floorMs)} | ${(budget.ms / budget.floorMs).toFixed(2)}× | ` +
			`${budget.firstPastBudgetMs === undefined ? '(none past 200)' : seconds(budget.firstPastBudgetMs)} | ` +
			`${budget.mostAtOnce} | ${budget.tooMany} |`,
	].join('\n');
	const when = standalone ? measuredAlone('items') : '';
	return (
		`## Per-item operations at the service's pace (${measured.items} items, ${measured.latencyMs} ms per answer)\n\n` +
		`${measured.items} input items through n8n-core's \`WorkflowExecute\`, the node at Concurrent Requests 1 (the ` +
		`sequential loop it ran before), 3 (the default) and 5, each sandbox answer taking ${measured.latencyMs} ms, ` +
		`the budget out of the way (60,000 requests a minute, the sandbox without a rate limit). **Get**: a sales ` +
		`invoice by ID per item (Output Simplified). **Create**: a sales invoice per row of a sheet (Map ` +
		`Automatically; the customer by reference among ${SHEET_CUSTOMERS}, 1 or 2 lines by item code among ` +
		`${SHEET_PRODUCTS}, ledger account and tax rate from the product), each looked-up value read once per ` +
		`execution; the service's count of sales invoices grew by exactly one per row and every row's output carries ` +
		`its own reference. **Download PDF**: each sales invoice's PDF (its record, then the file), binary output. ` +
		`Every run's items came out once, in input order; requests counted in the sandbox's log (answered ones; none ` +
		`failed but the 401s of an access token that ran out during a run: it lives 300 s, and the credential as ` +
		`the harness connects it carries no expiry time to renew it ahead by, so n8n renewed it on the 401 and repeated the request). ` +
		`Times from one run; goal at 3 at once ≥ 2.5× faster than 1 at a time.${when}\n\n${table}\n\n` +
		`### ${budget.executions} executions of ${budget.itemsEach} Gets at once against the service's rate limit\n\n` +
		`The sandbox refuses a business's requests beyond ${budget.limit.requests} in any ${budget.limit.windowSeconds} s ` +
		`with 429; each answer takes ${budget.latencyMs} ms. ${budget.executions} workflows started together ` +
		`(\`Promise.all\`) in one process with one credential, the node's defaults (${DEFAULT_CONCURRENCY} at once, ` +
		`${DEFAULT_PER_MINUTE} requests a minute per business), so every Get of every execution takes its turn in the ` +
		`business's one budget. **Floor**: the last of R requests starts no sooner than ⌊(R − 1) ÷ ` +
		`${DEFAULT_PER_MINUTE}⌋ windows (60 s + 1 s margin) after the first and answers one latency later (as in the ` +
		`Return All section); the Gets of the last window then still take their turns ${DEFAULT_CONCURRENCY} at a time ` +
		`per execution.\n\n${budgetTable}\n`
	);
}
