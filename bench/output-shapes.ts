/**
 * The reads' Output on loopback: Get Many of the sales invoices with Return All, through n8n-core's
 * `WorkflowExecute`, as Raw with Attributes `all` (the full records: the baseline), Simplified,
 * One Row per Line and Select Included Fields (8 columns), against a sandbox of its own process
 * holding `records` invoices. Per Output: wall time (the four in turn, the order rotating run by
 * run; medians) and its ratio to Raw and to Simplified in the same run, output items, mean columns per row, the bytes of the output's JSON, the bytes the
 * service sent for the read (its requests, from the sandbox's log, replayed raw), the requests
 * (the sandbox's log), and memory in a fresh process per measurement (bench/memory-worker.ts):
 * peak RSS growth during the read and the heap the finished execution holds. No goal: ratios.
 */

import type { IDataObject } from 'n8n-workflow';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { median, MiB, timed, measuredAlone } from './measure';
import { responseBytes } from './raw-loops';
import { apiRequestLog, clearLog, startSandboxProcess, type ApiLogEntry, type SandboxProcess } from './sandbox-process';
import { requestsOfStillRead } from '../nodes/AccountingService/transport/pages';

/**
 * One page at a time with the budget out of the way, as the other loopback measurements: the
 * reads follow one another (3 Outputs × several runs × ⌈N/200⌉ requests for one business within
 * a minute), and at the default 200 a minute the later ones would wait for the window.
 */
const REQUEST_OPTIONS = { concurrentRequests: 1, maxRequestsPerMinute: 60_000 };

export type OutputShape = 'raw' | 'simplified' | 'lines' | 'fields';

/**
 * Select Included Fields: the columns a sheet of invoices to chase would hold, each with the one
 * attribute the service must send for it (a reference's name or id comes from the reference).
 */
const INCLUDED_COLUMNS: ReadonlyArray<[column: string, attribute: string]> = [
	['invoice_number', 'invoice_number'],
	['date', 'date'],
	['due_date', 'due_date'],
	['contact_name', 'contact_name'],
	['status_name', 'status'],
	['total_amount', 'total_amount'],
	['outstanding_amount', 'outstanding_amount'],
	['currency_id', 'currency'],
];
/** The key every row starts with, whatever the Output but Raw. */
const KEY = 'sales_invoice_id';

/** The Outputs measured, the baseline first. */
export const OUTPUT_SHAPES: ReadonlyArray<{ shape: OutputShape; label: string; parameters: IDataObject }> = [
	{ shape: 'raw', label: 'Raw, Attributes `all`', parameters: { output: 'raw', options: { attributes: 'all' } } },
	{ shape: 'simplified', label: 'Simplified', parameters: { output: 'simplified' } },
	{ shape: 'lines', label: 'One Row per Line', parameters: { output: 'lines' } },
	{
		shape: 'fields',
		label: `Select Included Fields (${INCLUDED_COLUMNS.length} columns)`,
		parameters: { output: 'fields', fields: INCLUDED_COLUMNS.map(([column]) => column) },
	},
];

export interface OutputShapeRow {
	shape: OutputShape;
	label: string;
	/** Sales invoices read. */
	records: number;
	runs: number;
	/** Wall time of the read through n8n-core (median of `runs`). */
	ms: number;
	/** Median over the runs of this run's time ÷ Raw's time in the same run. */
	ratioToRaw: number;
	/** The same against Simplified's time in the same run. */
	ratioToSimplified: number;
	items: number;
	/** Top-level keys of an item's json, averaged over the items. */
	meanColumns: number;
	/** UTF-8 bytes of JSON.stringify of every item's json (as one array). */
	outputBytes: number;
	/** Bytes of the bodies the service sent for the read's requests. */
	httpBytes: number;
	/** The read's requests replayed raw (undici, keep-alive, bodies read but not parsed), the faster of 2 passes. */
	replayMs: number;
	requests: number;
	/** The `attributes` the read asked the service for. */
	attributes: string;
	memoryRuns: number;
	/** Peak RSS growth during the read, each in a fresh process (median). */
	rssGrowthBytes: number;
	/** Heap held by the finished execution after a full GC, each in a fresh process (median). */
	heapHeldBytes?: number;
}

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;
type Worker = (sandbox: SandboxProcess, scenario: Record<string, unknown>) => Promise<Record<string, number | string>>;

const parametersOf = (parameters: IDataObject): IDataObject => ({
	resource: 'salesInvoice',
	operation: 'getAll',
	returnAll: true,
	requestOptions: REQUEST_OPTIONS,
	...parameters,
});

/** The node's Get Many with Return All in one Output: the items' json. */
async function read(connected: Connected, parameters: IDataObject): Promise<IDataObject[]> {
	const result = await runWorkflow({
		store: connected.store,
		nodes: [accountingServiceNode(connected.credential, parametersOf(parameters) as never)],
	});
	if (result.error) throw result.error;
	return result.json('Accounting Service');
}

/**
 * Every invoice once: as many as the business holds, none twice (for lines, counted by the rows'
 * invoice ids); with Select Included Fields, every row the key and the chosen columns, in order.
 */
function checkRecords(shape: OutputShape, rows: IDataObject[], records: number): void {
	const ids = rows.map((row) => String(shape === 'raw' ? row.id : row[KEY]));
	const distinct = new Set(ids).size;
	const exact = shape === 'lines' ? distinct === records : ids.length === records && distinct === records;
	if (!exact) throw new Error(`${shape} returned ${ids.length} rows of ${distinct} invoices, not ${records}`);
	if (shape !== 'fields') return;
	const expected = [KEY, ...INCLUDED_COLUMNS.map(([column]) => column)].join(',');
	const other = rows.find((row) => Object.keys(row).join(',') !== expected);
	if (other) throw new Error(`fields gave a row of ${Object.keys(other).join(',')}, not ${expected}`);
}

/** Exactly ⌈N/200⌉ pages and the two change requests, every page asking for `attributes` as the Output does. */
function checkRequests(shape: OutputShape, log: ApiLogEntry[], records: number): string {
	const expected = requestsOfStillRead(records);
	if (log.length !== expected) throw new Error(`${shape} made ${log.length} requests, not ${expected}`);
	const pages = log.filter((entry) => !/[?&](updated_or_created|deleted)_since=/.test(entry.path));
	const asked = new Set(
		pages.map((entry) => new URL(entry.path, 'http://sandbox.invalid').searchParams.get('attributes')),
	);
	const [attributes] = [...asked];
	if (asked.size !== 1 || !attributes) throw new Error(`${shape} asked for attributes ${[...asked].join(' / ')}`);
	if ((shape === 'raw') !== (attributes === 'all')) throw new Error(`${shape} asked for attributes=${attributes}`);
	if ((shape === 'lines') !== attributes.split(',').includes('invoice_lines'))
		throw new Error(`${shape} asked for attributes=${attributes}`);
	// Only what the chosen columns read, never Simplified's whole set.
	const chosen = INCLUDED_COLUMNS.map(([, attribute]) => attribute);
	if (shape === 'fields' && [...attributes.split(',')].sort().join(',') !== [...chosen].sort().join(','))
		throw new Error(`fields asked for attributes=${attributes}, not ${chosen.join(',')}`);
	return attributes;
}

export async function measureOutputShapes(
	records: number,
	{ runs, memoryRuns }: { runs: number; memoryRuns: number },
	worker: Worker,
	log: (line: string) => void,
): Promise<OutputShapeRow[]> {
	const sandbox = await startSandboxProcess({ scale: records });
	try {
		const connected = await connectToSandbox(sandbox);
		const tokens = { store: connected.store, credentialId: connected.credential.id };

		// First read of each Output (loads and warms its code paths): what it gives and what it cost on the wire.
		const sizes = new Map<
			OutputShape,
			Omit<OutputShapeRow, 'ms' | 'ratioToRaw' | 'ratioToSimplified' | 'rssGrowthBytes' | 'heapHeldBytes'>
		>();
		for (const { shape, label, parameters } of OUTPUT_SHAPES) {
			await clearLog(sandbox);
			const rows = await read(connected, parameters);
			const requests = await apiRequestLog(sandbox);
			checkRecords(shape, rows, records);
			const attributes = checkRequests(shape, requests, records);
			// The read's requests again, raw (the service's answers and their transfer, nothing parsed),
			// twice: the faster pass, the first of the section paying the sandbox's and undici's warm-up.
			const replayOnce = async () =>
				await timed(async () => {
					let bytes = 0;
					for (const entry of requests) {
						bytes += await responseBytes(sandbox, tokens, entry.path, entry.business);
					}
					return bytes;
				});
			const passes = [await replayOnce(), await replayOnce()];
			if (passes[0].result !== passes[1].result)
				throw new Error(`${shape}: the service answered the same requests with other bytes`);
			const replay = { result: passes[0].result, ms: Math.min(...passes.map((pass) => pass.ms)) };
			const columns = rows.reduce((sum, row) => sum + Object.keys(row).length, 0);
			sizes.set(shape, {
				shape,
				label,
				records,
				runs,
				items: rows.length,
				meanColumns: columns / rows.length,
				outputBytes: Buffer.byteLength(JSON.stringify(rows)),
				httpBytes: replay.result,
				replayMs: replay.ms,
				requests: requests.length,
				attributes,
				memoryRuns,
			});
		}

		const times = new Map<OutputShape, number[]>(OUTPUT_SHAPES.map(({ shape }) => [shape, []]));
		const ratios = new Map<OutputShape, number[]>(OUTPUT_SHAPES.map(({ shape }) => [shape, []]));
		const simplifiedRatios = new Map<OutputShape, number[]>(OUTPUT_SHAPES.map(({ shape }) => [shape, []]));
		for (let run = 0; run < runs; run++) {
			// The order rotates, so no Output always follows the same one (and its garbage).
			const order = OUTPUT_SHAPES.map((_, index) => OUTPUT_SHAPES[(index + run) % OUTPUT_SHAPES.length]);
			const thisRun = new Map<OutputShape, number>();
			for (const { shape, parameters } of order) {
				await clearLog(sandbox);
				const measured = await timed(() => read(connected, parameters));
				const requests = await apiRequestLog(sandbox);
				if (measured.result.length !== sizes.get(shape)!.items) {
					throw new Error(`${shape} returned ${measured.result.length} items, not ${sizes.get(shape)!.items}`);
				}
				checkRequests(shape, requests, records);
				thisRun.set(shape, measured.ms);
				times.get(shape)!.push(measured.ms);
			}
			for (const { shape } of OUTPUT_SHAPES) {
				ratios.get(shape)!.push(thisRun.get(shape)! / thisRun.get('raw')!);
				simplifiedRatios.get(shape)!.push(thisRun.get(shape)! / thisRun.get('simplified')!);
			}
			log(
				`  run ${run + 1}: ` +
					order.map(({ shape }) => `${shape} ${ms(thisRun.get(shape)!)}`).join(', ') +
					` (${OUTPUT_SHAPES.map(({ shape }) => `${shape} ${factor(ratios.get(shape)!.at(-1)!)}`).join(', ')})`,
			);
		}

		const rows: OutputShapeRow[] = [];
		for (const { shape, parameters } of OUTPUT_SHAPES) {
			const growth: number[] = [];
			const held: number[] = [];
			for (let run = 0; run < memoryRuns; run++) {
				const measured = await worker(sandbox, { kind: 'read', parameters: parametersOf(parameters) });
				if (Number(measured.items) !== sizes.get(shape)!.items) {
					throw new Error(`${shape} in the memory worker returned ${String(measured.items)} items`);
				}
				growth.push(Number(measured.growthBytes));
				if (measured.heapHeldBytes !== undefined) held.push(Number(measured.heapHeldBytes));
			}
			const row: OutputShapeRow = {
				...sizes.get(shape)!,
				ms: median(times.get(shape)!),
				ratioToRaw: median(ratios.get(shape)!),
				ratioToSimplified: median(simplifiedRatios.get(shape)!),
				rssGrowthBytes: median(growth),
				heapHeldBytes: held.length ? median(held) : undefined,
			};
			rows.push(row);
			log(
				`  ${row.label.replace(/`/g, '')}: ${ms(row.ms)} (${row.ratioToRaw.toFixed(2)}× Raw, ` +
					`${row.ratioToSimplified.toFixed(2)}× Simplified), ` +
					`${row.items.toLocaleString('en')} items × ${row.meanColumns.toFixed(1)} columns, ` +
					`output JSON ${mib(row.outputBytes)}, received ${mib(row.httpBytes)} in ${row.requests} requests ` +
					`(replayed raw in ${ms(row.replayMs)}), ` +
					`peak RSS growth ${mib(row.rssGrowthBytes)}, heap held ${row.heapHeldBytes === undefined ? '?' : mib(row.heapHeldBytes)}`,
			);
		}
		return rows;
	} finally {
		await sandbox.stop();
	}
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const factor = (value: number) => `${value.toFixed(2)}×`;

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only output`). */
export function outputShapesMarkdown(rows: OutputShapeRow[], standalone = false): string {
	const raw = rows.find((row) => row.shape === 'raw');
	const simplified = rows.find((row) => row.shape === 'simplified');
	const first = rows[0];
	const records = (first?.records ?? 0).toLocaleString('en');
	/** A size and its ratios: to Raw's beside every other Output, to Simplified's beside the narrower ones. */
	const sized = (row: OutputShapeRow, value: (of: OutputShapeRow) => number | undefined) => {
		const own = value(row);
		if (own === undefined) return '';
		const against = (base: OutputShapeRow | undefined, name: string) => {
			const of = base && value(base);
			return of ? `${factor(own / of)} ${name}` : undefined;
		};
		const ratios = [
			row.shape !== 'raw' ? against(raw, 'Raw') : undefined,
			row.shape !== 'raw' && row.shape !== 'simplified' ? against(simplified, 'Simplified') : undefined,
		].filter(Boolean);
		return `${mib(own)}${ratios.length ? ` (${ratios.join(', ')})` : ''}`;
	};
	const attributes = (row: OutputShapeRow) => {
		const names = row.attributes.split(',');
		if (names.length === 1) return `\`${row.attributes}\``;
		if (row.shape === 'fields') return `${names.length}: ${names.map((name) => `\`${name}\``).join(', ')}`;
		return `${names.length} fields${names.includes('invoice_lines') ? ', invoice_lines among them' : ''}`;
	};
	const measures: Array<[string, (row: OutputShapeRow) => string]> = [
		[`Time through n8n-core (median of ${first?.runs ?? 0})`, (row) => ms(row.ms)],
		['Time ÷ Raw in the same run (median of the runs’ ratios)', (row) => factor(row.ratioToRaw)],
		['Time ÷ Simplified in the same run (median of the runs’ ratios)', (row) => factor(row.ratioToSimplified)],
		[
			'Same requests replayed raw (undici, keep-alive, bodies not parsed; faster of 2 passes)',
			(row) => ms(row.replayMs),
		],
		['Output items', (row) => row.items.toLocaleString('en')],
		['Mean columns per row (top-level keys)', (row) => row.meanColumns.toFixed(1)],
		['Output JSON', (row) => sized(row, (of) => of.outputBytes)],
		['Received over HTTP, response bodies', (row) => sized(row, (of) => of.httpBytes)],
		['Requests (sandbox log)', (row) => String(row.requests)],
		['`attributes` asked for', attributes],
		[
			`Peak RSS growth during the read (median of ${first?.memoryRuns ?? 0} processes)`,
			(row) => sized(row, (of) => of.rssGrowthBytes),
		],
		['Heap the finished execution holds, after a full GC (median)', (row) => sized(row, (of) => of.heapHeldBytes)],
	];
	const table = [
		`| Measure | ${rows.map((row) => row.label).join(' | ')} |`,
		`|---|${rows.map(() => '---').join('|')}|`,
		...measures.map(([name, value]) => `| ${name} | ${rows.map(value).join(' | ')} |`),
	].join('\n');
	const measured = standalone ? measuredAlone('output') : '';
	const chosen = INCLUDED_COLUMNS.map(([column]) => `\`${column}\``).join(', ');
	return (
		`## Output: Simplified, One Row per Line and Select Included Fields against Raw (${records} sales invoices, loopback)\n\n` +
		`Get Many of the sales invoices with Return All through n8n-core's \`WorkflowExecute\`, one page at a time ` +
		`with the budget out of the way, against a sandbox of its own; Raw with Attributes \`all\` (the full records) ` +
		`is the baseline. Select Included Fields chooses ${INCLUDED_COLUMNS.length} columns: ${chosen}; each of its ` +
		`rows must be the key (\`${KEY}\`) and exactly those columns in that order, and its requests must ask for ` +
		`exactly their attributes. The four alternate run by run (the order rotating); each read returns every invoice once ` +
		`and makes exactly ⌈N/200⌉ requests (the sandbox's log). Output JSON: UTF-8 bytes of JSON.stringify of the ` +
		`items' json; received over HTTP: the bodies of the read's requests, replayed raw from the sandbox's log. ` +
		`Memory in a fresh process per measurement (\`bench/memory-worker.ts\`): peak RSS growth during the read, ` +
		`and the heap the finished execution holds (its items with it) after a full GC. Ratios in brackets: to Raw, ` +
		`and for One Row per Line and Select Included Fields to Simplified. No goal.${measured}\n\n${table}\n`
	);
}
