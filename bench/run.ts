/**
 * `npm run bench`: what the node costs beyond the network, against one sandbox in its own process.
 * Prints a table of ratios and writes bench/RESULTS.md. `--smoke` runs tiny sizes (CI).
 * `--only returnall` (Return All at the service's pace, 300 ms rows only: the 1,000 ms rows take minutes each
 * and are kept from their run), `--only pdf` (Download PDF), `--only output` (Simplified and One Row per Line against Raw),
 * `--only tool` (the AI tool), `--only items` (per-item operations at 1, 3 and 5 at once),
 * `--only reports` (the Report resource against the reads without it), `--only credit` (Aged Debtors
 * with Output Documents, the invoice events' polls, the Cash Flow Forecast and the Key Figures), `--only businesses` (All
 * Businesses against the reads one after another) or `--only editor` (the n8n editor with and
 * without the package, in Chromium; `--before <tarball>` adds an earlier build of the package) runs
 * that section alone and replaces only that section of RESULTS.md. The editor's section is
 * measured only so (it needs the e2e's n8n and Chromium); a whole run keeps it as it was.
 */
import { resolve } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

import { accountingServiceNode, probeNode, runWorkflow } from '../test/harness';
import {
	acrossBusinessesMarkdown,
	acrossBusinessesProblems,
	withOtherNodeRuns,
	measureAcrossBusinesses,
	type AcrossBusinesses,
} from './across-businesses';
import { connectToSandbox } from './connect';
import {
	editorLoadMarkdown,
	editorLoadProblems,
	measureEditorLoad,
	packThisPackage,
	type EditorVariant,
} from './editor-load';
import { documentPdfMarkdown, measureDocumentPdf, type DocumentPdfRow } from './document-pdf';
import { median, memoryWorker as worker, MiB, timed, machineDescription, measuredAlone, loadSentence } from './measure';
import { measureWriteRequests, WRITE_REQUESTS_HEADING, writeRequestsMarkdown } from './write-requests';
import { measurePerItem, perItemMarkdown, perItemProblems, type PerItem } from './per-item';
import { measureOutputShapes, outputShapesMarkdown, type OutputShapeRow } from './output-shapes';
import {
	measureParallelRead,
	measureRateLimited,
	parallelReadMarkdown,
	parallelReadHead,
	olderParallelRows,
	type ParallelRow,
	type RateLimitRow,
} from './parallel-read';
import { peerStyleLoop, rawNextLoop } from './raw-loops';
import { measureReports, reportsMarkdown, type Reports } from './reports';
import { creditMarkdown, creditProblems, measureCredit, type Credit } from './credit';
import { measureTrends, trendsMarkdown } from './trends';
import { measureToolAnswers, toolAnswersMarkdown, type ToolAnswers } from './tool-answers';
import { apiRequestCount, clearLog, startSandboxProcess, type SandboxProcess } from './sandbox-process';
import { requestsOfStillRead } from '../nodes/AccountingService/transport/pages';

const smoke = process.argv.includes('--smoke');
const SIZES = smoke
	? {
			compare: 2_000,
			scaling: [400, 2_000],
			attachmentMiB: 8,
			downloadSweepMiB: [16],
			runs: 3,
			peerRuns: 1,
			paced: 2_000,
			latencies: [20],
			// 3 × 10 requests: within the budget, so the reads never wait the 60 s window out.
			rateLimited: 2_000,
			pdfRuns: 3,
			output: 400,
			outputRuns: 3,
			outputMemoryRuns: 1,
			toolRuns: 3,
			perItem: 10,
			perItemLatencyMs: 20,
			reportScale: 400,
			reportLatencyMs: 20,
			acrossRecords: 400,
			acrossLatencyMs: 20,
			acrossRuns: 1,
		}
	: {
			compare: 20_000,
			scaling: [2_000, 20_000, 100_000],
			attachmentMiB: 256,
			downloadSweepMiB: [32, 128, 512],
			runs: 5,
			peerRuns: 3,
			paced: 20_000,
			latencies: [300, 1_000],
			// 101 pages a read: three reads make 303 requests, more than the budget of a minute.
			rateLimited: 20_100,
			pdfRuns: 20,
			output: 20_000,
			outputRuns: 7,
			outputMemoryRuns: 3,
			toolRuns: 9,
			// 3 executions × 200 Gets: 600 requests, three windows' worth of the budget.
			perItem: 200,
			perItemLatencyMs: 300,
			reportScale: 20_000,
			reportLatencyMs: 300,
			// 25 pages a business: a few seconds side by side, four times that one after another.
			acrossRecords: 5_000,
			acrossLatencyMs: 300,
			acrossRuns: 3,
		};
/** The latency of the rate-limited runs. */
const RATE_LIMIT_LATENCY_MS = smoke ? 20 : 300;
/** The service's rule for version 3, per business; the sandbox enforces it with 429s. */
const SERVICE_RATE_LIMIT = { requests: 200, windowSeconds: 60 };
/** One Return All alone, then three of the same business at once. */
const RATE_LIMITED_READERS = [1, 3];
/**
 * The measurements of what the node adds beyond the network read one page at a time (as the raw
 * `$next` loop they are compared with) and with the budget out of the way: they send several
 * hundred requests for one business within a minute, and at the default 200 a minute the later
 * runs would wait for the window instead of measuring the node.
 */
const OVERHEAD_OPTIONS = { concurrentRequests: 1, maxRequestsPerMinute: 60_000 };
const attachmentArgument = process.argv.indexOf('--attachment-mib');
if (attachmentArgument > 0) SIZES.attachmentMiB = Number(process.argv[attachmentArgument + 1]);
/** `--only returnall`, `pdf`, `output`, `tool`, `items`, `reports`, `credit`, `businesses` or `editor`: that section alone (the sections that can run on their own). */
const onlyArgument = process.argv.indexOf('--only');
const only = onlyArgument > 0 ? process.argv[onlyArgument + 1] : undefined;
if (
	only !== undefined &&
	![
		'returnall',
		'pdf',
		'output',
		'tool',
		'items',
		'writes',
		'reports',
		'credit',
		'trends',
		'businesses',
		'editor',
	].includes(only)
) {
	console.error(
		`--only takes returnall (Return All at the service's pace, its first latency only), pdf (the Download PDF section), output (the Output section), tool (the AI tool section), items (the per-item section), writes (requests per row of Create and Create or Update), reports (the Report section), credit (Aged Debtors' documents, the invoice events' polls, the forecast and the key figures), trends (the twelve-month trend section), businesses (the All Businesses section) or editor (the editor with and without the package), not ${String(only)}`,
	);
	process.exit(2);
}

type Row = [string, string, string];

const LATENCY_MS = 20;

async function injectLatency(sandbox: SandboxProcess, delayMs: number) {
	await fetch(`${sandbox.urls.controlUrl}/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ kind: 'slow', delayMs, count: 1_000_000, pathPrefix: '/sales_invoices' }),
	});
}

async function clearFaults(sandbox: SandboxProcess) {
	await fetch(`${sandbox.urls.controlUrl}/faults`, { method: 'DELETE' });
}

async function main() {
	if (only === 'returnall') {
		await measureReturnAllAlone();
		return;
	}
	if (only === 'pdf') {
		console.log(`Download PDF (loopback, medians of ${SIZES.pdfRuns})`);
		const pdf = await measureDocumentPdf(SIZES.pdfRuns, console.log);
		replaceSection('Download PDF', '\n## Download PDF', documentPdfMarkdown(pdf, true));
		return;
	}
	if (only === 'output') {
		const output = await measureOutputs();
		replaceSection('Output', OUTPUT_HEADING, outputShapesMarkdown(output, true));
		return;
	}
	if (only === 'tool') {
		const tool = await measureToolAnswers(SIZES.toolRuns, console.log);
		replaceSection('AI tool', TOOL_HEADING, toolAnswersMarkdown(tool, true));
		return;
	}
	if (only === 'items') {
		const perItem = await measurePerItemOperations();
		warn(perItemProblems(perItem, { ratios: !smoke }));
		replaceSection('per-item', PER_ITEM_HEADING, perItemMarkdown(perItem, true));
		return;
	}
	if (only === 'writes') {
		const writes = await measureWriteRequests(smoke ? 3 : 12, console.log);
		replaceSection('Write requests', WRITE_REQUESTS_HEADING, writeRequestsMarkdown(writes));
		return;
	}
	if (only === 'reports') {
		const reports = await measureReportRuns();
		replaceSection('Reports', REPORTS_HEADING, reportsMarkdown(reports, true));
		return;
	}
	if (only === 'credit') {
		const credit = await measureCreditRuns();
		replaceSection('credit control', CREDIT_HEADING, creditMarkdown(credit, true));
		return;
	}
	if (only === 'editor') {
		const beforeArgument = process.argv.indexOf('--before');
		const variants: EditorVariant[] = [
			{ label: 'without the package' },
			{ label: 'with the package', tarball: await packThisPackage(console.log) },
			...(beforeArgument > 0
				? [{ label: 'with the package before issue 43', tarball: process.argv[beforeArgument + 1] }]
				: []),
		];
		const editor = await measureEditorLoad(variants, smoke ? 1 : 5, console.log);
		warn(editorLoadProblems(editor));
		replaceSection('editor', EDITOR_HEADING, editorLoadMarkdown(editor, measuredAlone('editor')));
		return;
	}
	if (only === 'trends') {
		replaceSection('Trends', TRENDS_HEADING, trendsMarkdown(await measureTrendRuns(), true));
		return;
	}
	if (only === 'businesses') {
		const loadAtStart = loadavg();
		const across = await measureAcrossBusinessRuns();
		warn(acrossBusinessesProblems(across, { ratio: !smoke }));
		const section = acrossBusinessesMarkdown(across, true).replace(
			/(\n### Node \d+\n\n *Measured on its own[^\n]*)/,
			`$1 ${loadSentence(loadAtStart)}`,
		);
		replaceSection(
			'All Businesses',
			ACROSS_BUSINESSES_HEADING,
			withOtherNodeRuns(section, currentSection(ACROSS_BUSINESSES_HEADING)),
		);
		return;
	}
	const sandbox = await startSandboxProcess({
		scale: Math.max(...SIZES.scaling, SIZES.compare),
		bigAttachmentMiB: SIZES.attachmentMiB,
	});
	const rows: Row[] = [];
	const note = (label: string, value: string, goal = '') => {
		rows.push([label, value, goal]);
		console.log(`${label.padEnd(58)} ${value.padEnd(26)} ${goal}`);
	};
	try {
		const { store, credential } = await connectToSandbox(sandbox);
		const tokens = { store, credentialId: credential.id };
		const runNode = async (limit: number) => {
			const result = await runWorkflow({
				store,
				nodes: [
					accountingServiceNode(credential, {
						resource: 'salesInvoice',
						operation: 'getAll',
						// The records as the service lists them (the same pages the raw loops read), not Simplified's columns.
						output: 'raw',
						limit,
						requestOptions: OVERHEAD_OPTIONS,
					}),
				],
			});
			if (result.error) throw result.error;
			return result.items('Accounting Service').length;
		};

		await runNode(200);
		await rawNextLoop(sandbox, tokens, 200);

		/** n8n's own floor: its request helper called once per page by a bare node, nothing else. */
		const pagePaths = Array.from({ length: Math.ceil(SIZES.compare / 200) }, (_, index) => ({
			path: `/sales_invoices?items_per_page=200&page=${index + 1}`,
		}));
		const runN8nHelperOnly = async () => {
			const result = await runWorkflow({
				store,
				nodes: [probeNode(credential, { path: '={{ $json.path }}' })],
				input: pagePaths,
			});
			if (result.error) throw result.error;
		};
		await runN8nHelperOnly();

		// Every page, and two requests asking what changed meanwhile (transport/read.ts).
		const pages = Math.ceil(SIZES.compare / 200);
		const expectedRequests = requestsOfStillRead(SIZES.compare);
		const nodeTimes: number[] = [];
		const rawTimes: number[] = [];
		const helperTimes: number[] = [];
		const freshConnectionTimes: number[] = [];
		for (let run = 0; run < SIZES.runs; run++) {
			await clearLog(sandbox);
			const node = await timed(() => runNode(SIZES.compare));
			const requests = await apiRequestCount(sandbox);
			if (node.result !== SIZES.compare) throw new Error(`the node returned ${node.result} of ${SIZES.compare}`);
			if (requests !== expectedRequests) throw new Error(`the node made ${requests} requests`);
			nodeTimes.push(node.ms);
			rawTimes.push((await timed(() => rawNextLoop(sandbox, tokens, SIZES.compare))).ms);
			helperTimes.push((await timed(runN8nHelperOnly)).ms);
			freshConnectionTimes.push(
				(await timed(() => rawNextLoop(sandbox, tokens, SIZES.compare, { newConnection: true }))).ms,
			);
		}
		const helperMs = median(helperTimes);
		const nodeMs = median(nodeTimes);
		const rawMs = median(rawTimes);
		const n = SIZES.compare.toLocaleString('en');
		note(`Return All ${n}: node through n8n-core (median of ${SIZES.runs})`, `${nodeMs.toFixed(0)} ms`);
		note(`Return All ${n}: raw undici loop, same pages (median)`, `${rawMs.toFixed(0)} ms`);
		note('  ratio node / raw loop', `${(nodeMs / rawMs).toFixed(2)}×`, 'goal ≤ 1.15×');
		note(
			'Raw loop opening a new connection per request, as n8n does (median)',
			`${median(freshConnectionTimes).toFixed(0)} ms`,
			`${(median(freshConnectionTimes) / rawMs).toFixed(2)}× the keep-alive loop`,
		);
		note(
			`Same pages through n8n's request helper alone (median)`,
			`${helperMs.toFixed(0)} ms`,
			'no node logic, one item per page',
		);
		note('  ratio node / n8n helper alone', `${(nodeMs / helperMs).toFixed(2)}×`, 'what the node itself adds');
		note(
			'  requests made by the node',
			`${expectedRequests} (= ⌈N/200⌉ = ${pages} pages + 2 asking what changed)`,
			'goal ⌈N/200⌉ pages',
		);

		const peerTimes: number[] = [];
		for (let run = 0; run < SIZES.peerRuns; run++) {
			peerTimes.push((await timed(() => peerStyleLoop(sandbox, tokens, SIZES.compare))).ms);
		}
		const peerMs = median(peerTimes);
		note(
			`Peer style (page++ at 20 per page), ${n}`,
			`${peerMs.toFixed(0)} ms (${Math.ceil(SIZES.compare / 20)} requests)`,
		);
		note('  ratio peer style / node, loopback', `${(peerMs / nodeMs).toFixed(1)}×`, 'goal ≥ 5×');

		// Over a real network every request pays a round trip; the sandbox adds one to every API request.
		await injectLatency(sandbox, LATENCY_MS);
		const nodeFar = await timed(() => runNode(SIZES.compare));
		const peerFar = await timed(() => peerStyleLoop(sandbox, tokens, SIZES.compare));
		await clearFaults(sandbox);
		note(
			`  with ${LATENCY_MS} ms per request: node / peer style`,
			`${nodeFar.ms.toFixed(0)} ms / ${peerFar.ms.toFixed(0)} ms`,
			`ratio ${(peerFar.ms / nodeFar.ms).toFixed(1)}×`,
		);

		for (const size of SIZES.scaling) {
			const measured = await worker(sandbox, { kind: 'list', limit: size });
			const perTenThousand = (Number(measured.growthBytes) / MiB) * (10_000 / size);
			note(
				`Scaling ${size.toLocaleString('en')} records: time, peak RSS growth`,
				`${Number(measured.ms).toFixed(0)} ms, ${(Number(measured.growthBytes) / MiB).toFixed(1)} MiB`,
				`${((Number(measured.ms) / size) * 1000).toFixed(1)} µs/record, ${perTenThousand.toFixed(1)} MiB per 10k`,
			);
		}

		const attachments = await fetchAttachments(sandbox, store.oauthTokenData(credential.id).access_token as string);
		for (const mode of ['filesystem', 'memory'] as const) {
			const measured = await worker(sandbox, {
				kind: 'download',
				mode,
				attachmentId: attachments.largest,
				warmUpId: attachments.smallest,
			});
			note(
				`Download ${SIZES.attachmentMiB} MiB attachment, ${mode} binary mode`,
				`${(Number(measured.growthBytes) / MiB).toFixed(1)} MiB peak RSS growth`,
				mode === 'filesystem'
					? 'goal ≤ 64 MiB'
					: `(${Number(measured.ms).toFixed(0)} ms, stored ${String(measured.storedAs)})`,
			);
		}
		// Whether the growth follows the file's size (buffered) or stays flat (streamed).
		for (const mib of SIZES.downloadSweepMiB) {
			const measured = await downloadInOwnSandbox(mib);
			note(
				`  filesystem mode, ${mib} MiB file`,
				`${(Number(measured.growthBytes) / MiB).toFixed(1)} MiB peak RSS growth`,
				`${Number(measured.ms).toFixed(0)} ms`,
			);
		}
	} finally {
		await sandbox.stop();
	}

	console.log(`\nReturn All at the service's pace (${SIZES.paced.toLocaleString('en')} records)`);
	const parallel = await measureParallelRead(SIZES.paced, SIZES.latencies, console.log);
	console.log(
		`\nReturn Alls of one business against its rate limit (${SIZES.rateLimited.toLocaleString('en')} records each)`,
	);
	const limited = await measureRateLimited(
		SIZES.rateLimited,
		RATE_LIMIT_LATENCY_MS,
		SERVICE_RATE_LIMIT,
		RATE_LIMITED_READERS,
		console.log,
	);
	console.log(`\nDownload PDF (loopback, medians of ${SIZES.pdfRuns})`);
	const pdf = await measureDocumentPdf(SIZES.pdfRuns, console.log);
	const output = await measureOutputs();
	const tool = await measureToolAnswers(SIZES.toolRuns, console.log);
	const perItem = await measurePerItemOperations();
	const reports = await measureReportRuns();
	const across = await measureAcrossBusinessRuns();
	checkGoals(parallel, limited);
	warn(perItemProblems(perItem, { ratios: !smoke }));
	warn(acrossBusinessesProblems(across, { ratio: !smoke }));
	const trends = await measureTrendRuns();
	const credit = await measureCreditRuns();
	writeResults(rows, parallel, limited, pdf, output, tool, perItem, reports, across);
	replaceSection('Trends', TRENDS_HEADING, trendsMarkdown(trends, false));
	replaceSection('credit control', CREDIT_HEADING, creditMarkdown(credit));
}

/** The heading of the Return All section; its rate-limit subsection starts at `RATE_LIMITED_HEADING`. */
const RETURN_ALL_HEADING = "\n## Return All at the service's pace";
const RATE_LIMITED_HEADING = '\n### Against the service';

/**
 * `--only returnall`: the rows at the first latency (300 ms) measured again, with the read that
 * meets a change; the rows at the other latencies and the rate-limit subsection kept as they stand.
 */
async function measureReturnAllAlone() {
	const latencyMs = SIZES.latencies[0];
	const loadAtStart = loadavg();
	console.log(`\nReturn All at the service's pace (${SIZES.paced.toLocaleString('en')} records, ${latencyMs} ms only)`);
	const measured = await measureParallelRead(SIZES.paced, [latencyMs], console.log);
	checkGoals(measured, []);
	const current = currentSection(RETURN_ALL_HEADING);
	const fileDate = /^Date: (\S+)/m.exec(readFileSync(resolve(__dirname, 'RESULTS.md'), 'utf8'))?.[1] ?? 'before';
	const kept = olderParallelRows(current, [latencyMs], fileDate);
	const note =
		`The ${latencyMs} ms rows: one run of \`npm run bench -- --only returnall\`, ${new Date().toISOString().slice(0, 10)}, ${machineDescription()}. ${loadSentence(loadAtStart)}` +
		(kept.length > 0 ? ` The other rows are kept from the run of the day they show (\`npm run bench\`).` : '');
	const head = parallelReadHead(SIZES.paced, [...measured, ...kept], note);
	const rest = current.indexOf(RATE_LIMITED_HEADING);
	replaceSection('Return All', RETURN_ALL_HEADING, `${head}\n${rest < 0 ? '' : current.slice(rest)}`);
}

/** The start of the Output section's heading in RESULTS.md. */
const OUTPUT_HEADING = '\n## Output: ';
/** The start of the AI tool section's heading. */
const TOOL_HEADING = '\n## The node as an AI tool';
/** The start of the per-item section's heading. */
const PER_ITEM_HEADING = '\n## Per-item operations';
/** The start of the Reports section's heading. */
const REPORTS_HEADING = '\n## Reports at the service';
/** The start of the credit control section's heading. */
const CREDIT_HEADING = '\n## Credit control and the money ahead';
/** The start of the twelve-month trend section's heading. */
const TRENDS_HEADING = '\n## Twelve-month trend';

async function measureTrendRuns() {
	const latencyMs = smoke ? 20 : 300;
	console.log(`\nTwelve-month trend: Profit and Loss split by month against twelve runs, ${latencyMs} ms an answer`);
	return await measureTrends({ scale: smoke ? 60 : 2_000, latencyMs }, console.log);
}
/** The start of the All Businesses section's heading. */
const ACROSS_BUSINESSES_HEADING = '\n## All Businesses:';
/** The start of the editor's section heading. */
const EDITOR_HEADING = '\n## The editor with and without the package';

/** A section of RESULTS.md as it stands (from `heading` to the next `## `), or nothing. */
function currentSection(heading: string): string {
	const current = readFileSync(resolve(__dirname, 'RESULTS.md'), 'utf8');
	const start = current.indexOf(heading);
	if (start < 0) return '';
	const next = current.indexOf('\n## ', start + 1);
	return `\n${current.slice(start + 1, next < 0 ? undefined : next + 1).trimEnd()}\n`;
}

async function measureAcrossBusinessRuns(): Promise<AcrossBusinesses> {
	console.log(
		`\nAll Businesses: 4 businesses × ${SIZES.acrossRecords.toLocaleString('en')} sales invoices at ${SIZES.acrossLatencyMs} ms ` +
			`an answer, side by side against one after another, ${SIZES.acrossRuns} run(s)`,
	);
	return await measureAcrossBusinesses(
		{
			records: SIZES.acrossRecords,
			latencyMs: SIZES.acrossLatencyMs,
			limit: SERVICE_RATE_LIMIT,
			runs: SIZES.acrossRuns,
		},
		console.log,
	);
}

async function measureReportRuns(): Promise<Reports> {
	console.log(
		`\nReports: each report, and the reads without the Report resource, on ${SIZES.reportScale.toLocaleString('en')} ` +
			`sales invoices at ${SIZES.reportLatencyMs} ms an answer, ${smoke ? 'in this process' : 'each in a fresh process'}`,
	);
	return await measureReports(
		{ scale: SIZES.reportScale, latencyMs: SIZES.reportLatencyMs },
		smoke ? undefined : worker,
		console.log,
	);
}

/** Issues 52 and 53 at the reports' sizes: each report in a fresh process (in this one for the smoke run), then the polls. */
async function measureCreditRuns(): Promise<Credit> {
	console.log(
		`\nCredit control and the money ahead: Aged Debtors' documents, the invoice events' polls, the forecast and the key ` +
			`figures on ${SIZES.reportScale.toLocaleString('en')} sales invoices at ${SIZES.reportLatencyMs} ms an answer`,
	);
	const credit = await measureCredit(
		{
			scale: SIZES.reportScale,
			latencyMs: SIZES.reportLatencyMs,
			...(smoke ? { maxRequestsPerMinute: OVERHEAD_OPTIONS.maxRequestsPerMinute } : {}),
		},
		smoke ? undefined : worker,
		console.log,
	);
	warn(creditProblems(credit));
	return credit;
}

async function measurePerItemOperations(): Promise<PerItem> {
	console.log(
		`\nPer-item operations: Get, Create and Download PDF of ${SIZES.perItem} items at ${SIZES.perItemLatencyMs} ms an answer, ` +
			`1, 3 and 5 at once; then 3 executions of Gets at once against the rate limit`,
	);
	return await measurePerItem(
		{
			items: SIZES.perItem,
			latencyMs: SIZES.perItemLatencyMs,
			budgetLatencyMs: RATE_LIMIT_LATENCY_MS,
			budgetExecutions: 3,
			rateLimit: SERVICE_RATE_LIMIT,
		},
		console.log,
	);
}

/** A goal missed in this run: reported, not thrown (the ratios are one run's). */
function warn(problems: string[]) {
	for (const problem of problems) console.warn(`Goal missed: ${problem}`);
}

async function measureOutputs(): Promise<OutputShapeRow[]> {
	console.log(
		`\nOutput: Simplified, One Row per Line and Select Included Fields against Raw (${SIZES.output.toLocaleString('en')} sales invoices, ` +
			`medians of ${SIZES.outputRuns}, memory in ${SIZES.outputMemoryRuns} process(es) each)`,
	);
	return await measureOutputShapes(
		SIZES.output,
		{ runs: SIZES.outputRuns, memoryRuns: SIZES.outputMemoryRuns },
		worker,
		console.log,
	);
}

/** The goals of the parallel read; the bench warns when one is missed (the ratios are one run's). */
function checkGoals(parallel: ParallelRow[], limited: RateLimitRow[]) {
	const problems: string[] = [];
	for (const c3 of parallel.filter((row) => row.concurrency === 3 && row.defaultBudget)) {
		if (smoke) break;
		const at = `at ${c3.latencyMs} ms and 3 at once`;
		if (c3.sequentialMs / c3.ms < 2.5)
			problems.push(`${at} only ${(c3.sequentialMs / c3.ms).toFixed(2)}× the sequential walk (goal ≥ 2.5×)`);
		if (c3.rawMs !== undefined && c3.ms / c3.rawMs > 1.15)
			problems.push(`${at} ${(c3.ms / c3.rawMs).toFixed(2)}× the raw loop (goal ≤ 1.15×)`);
	}
	for (const row of limited)
		if (row.tooMany > 0)
			problems.push(
				`${row.tooMany} × 429 with ${row.readers} Return All(s) against a rate limit of ${row.limit.requests} per ${row.limit.windowSeconds} s`,
			);
	warn(problems);
}

/** A download measured against a small sandbox of its own that holds a file of `mib`. */
async function downloadInOwnSandbox(mib: number) {
	const sandbox = await startSandboxProcess({ scale: 200, bigAttachmentMiB: mib });
	try {
		const { store, credential } = await connectToSandbox(sandbox);
		const attachments = await fetchAttachments(sandbox, store.oauthTokenData(credential.id).access_token as string);
		return await worker(sandbox, {
			kind: 'download',
			mode: 'filesystem',
			attachmentId: attachments.largest,
			warmUpId: attachments.smallest,
		});
	} finally {
		await sandbox.stop();
	}
}

async function fetchAttachments(sandbox: SandboxProcess, token: string) {
	const response = await fetch(`${sandbox.urls.baseUrl}/attachments?items_per_page=200&attributes=file_size`, {
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
	});
	const items = ((await response.json()) as { $items: Array<{ id: string; file_size: number }> }).$items;
	const bySize = [...items].sort((a, b) => a.file_size - b.file_size);
	return { smallest: bySize[0].id, largest: bySize[bySize.length - 1].id };
}

function writeResults(
	rows: Row[],
	parallel: ParallelRow[],
	limited: RateLimitRow[],
	pdf: DocumentPdfRow[],
	output: OutputShapeRow[],
	tool: ToolAnswers,
	perItem: PerItem,
	reports: Reports,
	across: AcrossBusinesses,
) {
	if (smoke) return;
	const table = [
		'| Measure | Result | Goal / note |',
		'|---|---|---|',
		...rows.map((row) => `| ${row.join(' | ')} |`),
	].join('\n');
	const machine = machineDescription();
	writeFileSync(
		resolve(__dirname, 'RESULTS.md'),
		`# Benchmark results\n\nMachine: ${machine}\nDate: ${new Date().toISOString().slice(0, 10)}\nCommand: \`npm run bench\`\n\n` +
			`${parallelReadMarkdown(SIZES.paced, parallel, limited)}\n` +
			`## What the node costs beyond the network (loopback, one page at a time, budget out of the way)\n\n${table}\n\n` +
			`${documentPdfMarkdown(pdf)}\n` +
			`${outputShapesMarkdown(output)}\n` +
			`${toolAnswersMarkdown(tool)}\n` +
			`${perItemMarkdown(perItem)}\n` +
			`${reportsMarkdown(reports)}\n` +
			withOtherNodeRuns(acrossBusinessesMarkdown(across), currentSection(ACROSS_BUSINESSES_HEADING)) +
			currentSection(EDITOR_HEADING),
	);
	console.log('\nWrote bench/RESULTS.md');
}

/**
 * `--only pdf`, `output`, `tool`, `items`, `reports` or `businesses`: that section of RESULTS.md (from `heading` to the next `## `)
 * replaced, or added at the end; the rest kept as it is.
 */
function replaceSection(name: string, heading: string, section: string) {
	if (smoke) return;
	const file = resolve(__dirname, 'RESULTS.md');
	const current = readFileSync(file, 'utf8');
	const start = current.indexOf(heading);
	let updated: string;
	if (start < 0) {
		updated = `${current.trimEnd()}\n\n${section}`;
	} else {
		const next = current.indexOf('\n## ', start + 1);
		updated = `${current.slice(0, start + 1)}${section}${next < 0 ? '' : `\n${current.slice(next + 1)}`}`;
	}
	writeFileSync(file, updated);
	console.log(`\nReplaced the ${name} section of bench/RESULTS.md`);
}

main().catch((error: unknown) => {
	console.error('Benchmark failed:', error instanceof Error ? error.message : error);
	process.exit(1);
});
