/**
 * Return All at the service's pace: the node at Concurrent Requests 1, 3 and 5 against a sandbox
 * that takes `latencyMs` to answer each request, next to a sequential `$next` walk (what other
 * connectors do) and a raw undici loop reading the same pages with the same concurrency; then
 * Return Alls of one business against the sandbox's rate limit set to the service's rule, alone
 * and three at once in this one process (one request budget per business, shared by all).
 */
import { ARRIVAL_MARGIN_MS, WINDOW_MS } from '../nodes/AccountingService/transport/budget';
import { DEFAULT_READ_PACE } from '../nodes/AccountingService/transport/types';
import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { timed } from './measure';
import { rawNextLoop, rawPagedItems, rawPagedLoop } from './raw-loops';
import {
	apiRequestLog,
	apiRequestStatuses,
	clearLog,
	startSandboxProcess,
	type SandboxProcess,
} from './sandbox-process';
import { requestsOfStillRead } from '../nodes/AccountingService/transport/pages';

export const DEFAULT_CONCURRENCY = DEFAULT_READ_PACE.concurrency;
export const DEFAULT_PER_MINUTE = DEFAULT_READ_PACE.perMinute;
const PAGE_SIZE = 200;
/** The warm-up's pages at once: a few rounds of the sandbox's latency. */
const WARM_UP_CONCURRENCY = 10;
/** The requests a Return All of more than one page makes after its pages, asking what changed meanwhile (transport/read.ts). */
export const CHANGE_CHECKS = requestsOfStillRead(2 * PAGE_SIZE) - 2;

export interface ParallelRow {
	latencyMs: number;
	reader: string;
	concurrency: number;
	ms: number;
	requests?: number;
	/** Time of the sequential walk at this latency. */
	sequentialMs: number;
	/** Time of the raw loop at the same concurrency and latency. */
	rawMs?: number;
	/** Whether this row is the node at its default Max Requests per Minute. */
	defaultBudget?: boolean;
	/** The day of an older run this row is kept from (`--only returnall` measures only the first latency). */
	measuredOn?: string;
	/** A row whose list changed during the read: what changed and what the read returned. */
	change?: ChangeDuringRead;
}

/** One invoice already read deleted and one created while a page mid-way is read, and what the node made of it. */
export interface ChangeDuringRead {
	/** The page whose request set the change off (half-way). */
	atPage: number;
	/** The page (already read by then) the deleted invoice was on. */
	deletedFromPage: number;
	/** Records present for the whole read: each came once. */
	presentThroughout: number;
	pageReads: number;
	changeChecks: number;
	deletedCame: boolean;
	createdCame: boolean;
}

export interface RateLimitRow {
	latencyMs: number;
	limit: { requests: number; windowSeconds: number };
	/** Return Alls of the business started at once in this process. */
	readers: number;
	recordsPerRead: number;
	ms: number;
	requests: number;
	tooMany: number;
	/** The least time the node's budget and its concurrency allow for these requests (`budgetFloorMs`). */
	floorMs: number;
	/** Most requests the sandbox was serving at once. */
	mostAtOnce: number;
	/** When the request past the budget arrived, after the first (only when there was one). */
	firstPastBudgetMs?: number;
}

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;

/** The ids the node's Get Many of sales invoices returned: Return All, or the first `limit`. */
async function readInvoices(
	connected: Connected,
	requestOptions: Record<string, number>,
	limit?: number,
): Promise<string[]> {
	const result = await runWorkflow({
		store: connected.store,
		nodes: [
			accountingServiceNode(connected.credential, {
				resource: 'salesInvoice',
				operation: 'getAll',
				// The records as the service lists them (the same pages the raw loops read), not Simplified's columns.
				output: 'raw',
				...(limit === undefined ? { returnAll: true } : { limit }),
				requestOptions,
			}),
		],
	});
	if (result.error) throw result.error;
	return result.json('Accounting Service').map((record) => String(record.id));
}

/** Every record once: as many ids as the business holds, none twice. */
function checkExact(ids: string[], records: number, reader: string): void {
	const distinct = new Set(ids).size;
	if (ids.length !== records || distinct !== records) {
		throw new Error(`${reader} returned ${ids.length} records (${distinct} distinct) of ${records}`);
	}
}

/**
 * A sandbox of its own: a business the node has never sent a request for, so its request budget
 * in this process (keyed by base URL and business) starts empty, as after a minute of quiet.
 * Every page is read once, raw (outside the node's budget), and the log cleared: the sandbox
 * answers the measured run as warm as it answers the raw loops, which follow the sequential walk.
 */
async function freshBusiness(options: Parameters<typeof startSandboxProcess>[0]) {
	const sandbox = await startSandboxProcess(options);
	try {
		const connected = await connectToSandbox(sandbox);
		const tokens = { store: connected.store, credentialId: connected.credential.id };
		await rawPagedLoop(sandbox, tokens, options.scale, WARM_UP_CONCURRENCY);
		await clearLog(sandbox);
		return { sandbox, connected };
	} catch (error) {
		await sandbox.stop();
		throw error;
	}
}

/** The node's Return All against a business of its own, checked: every record once, ⌈N/200⌉ pages and the request asking what changed. */
async function measureNode(records: number, latencyMs: number, requestOptions: Record<string, number>) {
	const { sandbox, connected } = await freshBusiness({ scale: records, latencyMs });
	try {
		const run = await timed(async () => await readInvoices(connected, requestOptions));
		checkExact(run.result, records, 'the node');
		const requests = (await apiRequestStatuses(sandbox)).length;
		const expected = requestsOfStillRead(records);
		if (requests !== expected) throw new Error(`the node made ${requests} requests, not ${expected}`);
		return { ms: run.ms, requests };
	} finally {
		await sandbox.stop();
	}
}

/** Whether a logged request is the read of page `page` of the sales invoices. */
const readsPage = (path: string, page: number) =>
	path.includes('/sales_invoices?') && new RegExp(`[?&]page=${page}(&|$)`).test(path);

/**
 * When the sandbox logs the request for `page`, deletes `deleteId` and creates a sales invoice
 * through its record controls (outside the API, so not in its request log); the id created.
 */
function changeWhenPageIsRead(sandbox: SandboxProcess, page: number, deleteId: string) {
	let stopped = false;
	const control = async (path: string, body: Record<string, unknown>) => {
		const response = await fetch(`${sandbox.urls.controlUrl}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${path} answered ${response.status}`);
		return (await response.json()) as { record?: { id: string } };
	};
	const created = (async () => {
		while (!stopped) {
			if ((await apiRequestLog(sandbox)).some((entry) => readsPage(entry.path, page))) {
				await control('/records/delete', { collection: 'sales_invoices', id: deleteId });
				return String((await control('/records', { collection: 'sales_invoices' })).record?.id);
			}
			await new Promise((resolveWait) => setTimeout(resolveWait, 20));
		}
		throw new Error(`the read ended before page ${page} was requested`);
	})();
	return {
		created,
		stop: () => {
			stopped = true;
		},
	};
}

/**
 * The node's Return All at its defaults while the list moves: once the page half-way is
 * requested, an invoice of a page a tenth of the way (already read) is deleted, which shifts every later record
 * one place towards the start, and one is created. Checked: every record present for the whole
 * read came once, nothing came twice, nothing came that was never there.
 */
async function measureNodeWithChange(records: number, latencyMs: number, concurrency: number) {
	const { sandbox, connected } = await freshBusiness({ scale: records, latencyMs });
	try {
		const tokens = { store: connected.store, credentialId: connected.credential.id };
		const before = (await rawPagedItems(sandbox, tokens, records, 5)).map((record) => String(record.id));
		checkExact(before, records, 'the raw read before');
		await clearLog(sandbox);
		const pages = Math.ceil(records / PAGE_SIZE);
		const atPage = Math.max(2, Math.floor(pages / 2));
		const deletedFromPage = Math.max(1, Math.floor(pages / 10));
		const deleted = before[deletedFromPage * PAGE_SIZE - 1];
		const change = changeWhenPageIsRead(sandbox, atPage, deleted);
		let run: { ms: number; result: string[] };
		try {
			run = await timed(async () => await readInvoices(connected, { concurrentRequests: concurrency }));
		} finally {
			change.stop();
		}
		const created = await change.created;
		const counts = new Map<string, number>();
		for (const id of run.result) counts.set(id, (counts.get(id) ?? 0) + 1);
		const twice = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
		const throughout = before.filter((id) => id !== deleted);
		const missing = throughout.filter((id) => !counts.has(id));
		const known = new Set([...before, created]);
		const strangers = run.result.filter((id) => !known.has(id));
		if (twice.length + missing.length + strangers.length > 0) {
			throw new Error(
				`with a change during the read the node returned ${twice.length} record(s) twice, missed ${missing.length} present throughout, ` +
					`and ${strangers.length} never there`,
			);
		}
		const log = await apiRequestLog(sandbox);
		const changeChecks = log.filter((entry) => /updated_or_created_since|deleted_since/.test(entry.path)).length;
		return {
			ms: run.ms,
			requests: log.length,
			change: {
				atPage,
				deletedFromPage,
				presentThroughout: throughout.length,
				pageReads: log.length - changeChecks,
				changeChecks,
				deletedCame: counts.has(deleted),
				createdCame: counts.has(created),
			},
		};
	} finally {
		await sandbox.stop();
	}
}

export async function measureParallelRead(
	records: number,
	latencies: number[],
	log: (line: string) => void,
): Promise<ParallelRow[]> {
	const rows: ParallelRow[] = [];
	for (const latencyMs of latencies) {
		const baseline = await freshBusiness({ scale: records, latencyMs });
		const raw = new Map<number, number>();
		let sequentialMs: number;
		try {
			const tokens = { store: baseline.connected.store, credentialId: baseline.connected.credential.id };
			// Loads and warms the node; its one request counts in this sandbox's budget only.
			await readInvoices(baseline.connected, {}, PAGE_SIZE);
			sequentialMs = (await timed(async () => await rawNextLoop(baseline.sandbox, tokens, records))).ms;
			raw.set(1, sequentialMs);
			for (const concurrency of [3, 5]) {
				raw.set(concurrency, (await timed(() => rawPagedLoop(baseline.sandbox, tokens, records, concurrency))).ms);
			}
		} finally {
			await baseline.sandbox.stop();
		}
		const add = (row: Omit<ParallelRow, 'latencyMs' | 'sequentialMs'>) => {
			rows.push({ ...row, latencyMs, sequentialMs });
			log(
				`  ${latencyMs} ms, ${row.reader}, ${row.concurrency} at once: ${(row.ms / 1000).toFixed(1)} s${row.requests === undefined ? '' : `, ${row.requests} requests`}`,
			);
		};
		add({ reader: 'sequential `$next` walk (raw undici)', concurrency: 1, ms: sequentialMs });
		for (const concurrency of [3, 5]) {
			add({ reader: 'raw undici loop, `page=N`, no pacing', concurrency, ms: raw.get(concurrency)! });
		}
		for (const concurrency of [1, 3, 5]) {
			const run = await measureNode(records, latencyMs, { concurrentRequests: concurrency });
			add({
				reader: `node, ${DEFAULT_PER_MINUTE} requests/min (default)`,
				concurrency,
				ms: run.ms,
				requests: run.requests,
				rawMs: raw.get(concurrency),
				defaultBudget: true,
			});
		}
		// A read that fits the budget never waits for it: the default against a budget that cannot fill.
		if (latencyMs === latencies[0]) {
			const run = await measureNode(records, latencyMs, {
				concurrentRequests: DEFAULT_CONCURRENCY,
				maxRequestsPerMinute: 60_000,
			});
			add({
				reader: 'node, 60,000 requests/min (control)',
				concurrency: DEFAULT_CONCURRENCY,
				ms: run.ms,
				requests: run.requests,
				rawMs: raw.get(DEFAULT_CONCURRENCY),
			});
			const moving = await measureNodeWithChange(records, latencyMs, DEFAULT_CONCURRENCY);
			add({
				reader: `node, ${DEFAULT_PER_MINUTE} requests/min (default), 1 invoice deleted and 1 created while page ${moving.change.atPage} is read`,
				concurrency: DEFAULT_CONCURRENCY,
				ms: moving.ms,
				requests: moving.requests,
				rawMs: raw.get(DEFAULT_CONCURRENCY),
				change: moving.change,
			});
		}
	}
	return rows;
}

/**
 * The least time the node can take for `requests` requests (`readers` reads of `pagesPerRead`
 * each, started together): the larger of
 * - the budget's: the k-th request starts no sooner than the window (60 s + 1 s margin) after the
 *   (k − budget)-th, so the last starts no sooner than ⌊(requests − 1) ÷ budget⌋ windows after
 *   the first; its answer takes one latency more;
 * - the concurrency's: each read's first page alone, then the rest `concurrency` at a time, then
 *   its `changeChecks` (a Return All asks what changed meanwhile, one request after the other).
 */
export function budgetFloorMs(options: {
	readers: number;
	pagesPerRead: number;
	latencyMs: number;
	perMinute?: number;
	concurrency?: number;
	/** Requests after the pages, one after the other (a Return All's two asking what changed). */
	changeChecks?: number;
}): number {
	const { readers, pagesPerRead, latencyMs } = options;
	const perMinute = options.perMinute ?? DEFAULT_PER_MINUTE;
	const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
	// A read of one page has nothing to check: no page can have moved under it.
	const changeChecks = pagesPerRead > 1 ? (options.changeChecks ?? 0) : 0;
	const requests = readers * (pagesPerRead + changeChecks);
	const windows = Math.floor((requests - 1) / perMinute);
	const budgetMs = windows * (WINDOW_MS + ARRIVAL_MARGIN_MS) + latencyMs;
	const concurrencyMs = (1 + Math.ceil((pagesPerRead - 1) / concurrency) + changeChecks) * latencyMs;
	return Math.max(budgetMs, concurrencyMs);
}

/**
 * Return Alls of one business at the node's defaults against the sandbox's rate limit: `readers`
 * workflows started at once in this process, through n8n-core, with one credential, so every
 * request counts in the one budget of the business. Each read must return every record once, and
 * all the same ones in the same order.
 */
export async function measureRateLimited(
	records: number,
	latencyMs: number,
	limit: { requests: number; windowSeconds: number },
	readerCounts: number[],
	log: (line: string) => void,
): Promise<RateLimitRow[]> {
	const rows: RateLimitRow[] = [];
	const pagesPerRead = Math.ceil(records / PAGE_SIZE);
	for (const readers of readerCounts) {
		// No warm-up here: the sandbox's window and the node's budget both start empty.
		const sandbox = await startSandboxProcess({ scale: records, latencyMs, rateLimit: limit });
		try {
			const connected = await connectToSandbox(sandbox);
			const run = await timed(
				async () => await Promise.all(Array.from({ length: readers }, async () => await readInvoices(connected, {}))),
			);
			run.result.forEach((ids, index) => checkExact(ids, records, `read ${index + 1} of ${readers}`));
			const first = run.result[0].join('\n');
			if (run.result.some((ids) => ids.join('\n') !== first)) {
				throw new Error(`the ${readers} reads returned the same records in different orders`);
			}
			const entries = await apiRequestLog(sandbox);
			const arrivals = entries.map((entry) => Date.parse(entry.at));
			const pastBudget = arrivals[DEFAULT_PER_MINUTE];
			const row: RateLimitRow = {
				latencyMs,
				limit,
				readers,
				recordsPerRead: records,
				ms: run.ms,
				requests: entries.length,
				tooMany: entries.filter((entry) => entry.status === 429).length,
				floorMs: budgetFloorMs({ readers, pagesPerRead, latencyMs, changeChecks: CHANGE_CHECKS }),
				mostAtOnce: Math.max(...entries.map((entry) => entry.concurrent ?? 1)),
				firstPastBudgetMs: pastBudget === undefined ? undefined : pastBudget - arrivals[0],
			};
			rows.push(row);
			log(
				`  rate limit ${limit.requests} per ${limit.windowSeconds} s, ${readers} Return All${readers > 1 ? 's at once' : ''}: ` +
					`${seconds(row.ms)} (floor ${seconds(row.floorMs)}), ${row.requests} requests, ${row.tooMany} × 429, ` +
					`up to ${row.mostAtOnce} at once` +
					(row.firstPastBudgetMs === undefined
						? ''
						: `, request ${DEFAULT_PER_MINUTE + 1} arrived ${seconds(row.firstPastBudgetMs)} after the first`),
			);
		} finally {
			await sandbox.stop();
		}
	}
	return rows;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The two tables and the note on the default, as Markdown. */
export function parallelReadMarkdown(records: number, rows: ParallelRow[], limited: RateLimitRow[]): string {
	return `${parallelReadHead(records, rows)}\n\n${rateLimitedMarkdown(limited)}`;
}

/** The section's heading, the table of readers at the service's pace and what it shows (up to the rate-limit subsection). */
export function parallelReadHead(records: number, rows: ParallelRow[], note = ''): string {
	const n = records.toLocaleString('en');
	const pages = Math.ceil(records / PAGE_SIZE);
	const table = [
		`| Latency per request | Reader | At once | Time | × faster than the sequential walk | Node / raw loop (same latency and concurrency) | Requests |`,
		'|---|---|---|---|---|---|---|',
		...rows.map((row) =>
			[
				'',
				`${row.latencyMs} ms${row.measuredOn === undefined ? '' : ` (measured ${row.measuredOn})`}`,
				row.reader,
				String(row.concurrency),
				seconds(row.ms),
				`${(row.sequentialMs / row.ms).toFixed(2)}×`,
				row.rawMs === undefined ? '' : `${(row.ms / row.rawMs).toFixed(2)}×`,
				row.requests === undefined ? '' : String(row.requests),
				'',
			]
				.join(' | ')
				.trim(),
		),
	].join('\n');
	const moving = rows.find((row) => row.change);
	return (
		`## Return All at the service's pace (${n} sales invoices, ${pages} pages)\n\n` +
		`Each sandbox answer takes the latency shown (\`--latency-ms\`); the node runs through n8n-core with its defaults ` +
		`(${DEFAULT_CONCURRENCY} at once, ${DEFAULT_PER_MINUTE} requests a minute per business) unless the row says otherwise, ` +
		`each node row against a sandbox of its own (a business with nothing spent in the window yet). Times from one run. ` +
		`A read in the service's order (no sort, search or filter) that holds still costs its ${pages} pages and one request ` +
		`asking what was deleted meanwhile (\`deleted_since\`: a record created joins the end, an edit moves nothing).${note ? ` ${note}` : ''}\n\n` +
		`${table}\n\n${whyThreeAtOnce(rows)}${moving ? `\n\n${changeDuringReadMarkdown(moving)}` : ''}`
	);
}

/** What the row with a change during the read shows. */
function changeDuringReadMarkdown(row: ParallelRow): string {
	const change = row.change!;
	return (
		`**A change during the read.** When the sandbox logged the request for page ${change.atPage}, the bench deleted an ` +
		`invoice of page ${change.deletedFromPage} (already read; every later invoice moves one place towards the start) and created one, ` +
		`through the sandbox's record controls. The node made ${row.requests} requests: ${change.pageReads} page reads ` +
		`and ${change.changeChecks} asking what changed. Each of the ${change.presentThroughout.toLocaleString('en')} ` +
		`invoices present throughout came once, none twice, none that never existed; the deleted one ` +
		`${change.deletedCame ? 'came (read before it went)' : 'did not come'}, the created one ` +
		`${change.createdCame ? 'came' : 'did not come'}.`
	);
}

/**
 * The rows of `section` (the section as RESULTS.md has it) at latencies not measured now, kept
 * with the day they were measured (theirs, or `measuredOn` when the row does not say).
 */
export function olderParallelRows(section: string, measuredLatencies: number[], measuredOn: string): ParallelRow[] {
	const head = section.split('\n### ')[0];
	const kept: ParallelRow[] = [];
	let sequentialMs = 0;
	const raw = new Map<number, number>();
	for (const line of head.split('\n')) {
		const cells = line.split('|').map((cell) => cell.trim());
		const latency = /^(\d+) ms(?: \(measured (\d{4}-\d\d-\d\d)\))?$/.exec(cells[1] ?? '');
		if (!latency || measuredLatencies.includes(Number(latency[1]))) continue;
		const [reader, concurrency, time, , , requests] = cells.slice(2);
		const row: ParallelRow = {
			latencyMs: Number(latency[1]),
			reader,
			concurrency: Number(concurrency),
			ms: Number.parseFloat(time) * 1000,
			sequentialMs: 0,
			measuredOn: latency[2] ?? measuredOn,
			...(requests ? { requests: Number(requests) } : {}),
		};
		if (reader.startsWith('sequential')) {
			sequentialMs = row.ms;
			raw.set(1, row.ms);
		} else if (reader.startsWith('raw')) raw.set(row.concurrency, row.ms);
		else {
			row.rawMs = raw.get(row.concurrency);
			row.defaultBudget = reader.includes('(default)') && !reader.includes('while');
		}
		if (sequentialMs === 0 && !reader.startsWith('sequential')) continue;
		kept.push({ ...row, sequentialMs: reader.startsWith('sequential') ? row.ms : sequentialMs });
	}
	return kept;
}

/** The subsection of Return Alls of one business against the service's rate limit. */
function rateLimitedMarkdown(limited: RateLimitRow[]): string {
	const limitTable = [
		'| Sandbox rate limit (per business) | Return Alls at once (one process, one credential) | Records each | Requests | Time | Floor the budget sets | Time ÷ floor | Request 201 arrived after the first | Most at once | 429s | Each read exact |',
		'|---|---|---|---|---|---|---|---|---|---|---|',
		...limited.map((row) =>
			[
				'',
				`${row.limit.requests} per ${row.limit.windowSeconds} s`,
				String(row.readers),
				row.recordsPerRead.toLocaleString('en'),
				String(row.requests),
				seconds(row.ms),
				seconds(row.floorMs),
				`${(row.ms / row.floorMs).toFixed(2)}×`,
				row.firstPastBudgetMs === undefined ? '(none past 200)' : seconds(row.firstPastBudgetMs),
				String(row.mostAtOnce),
				String(row.tooMany),
				'yes',
				'',
			]
				.join(' | ')
				.trim(),
		),
	].join('\n');

	return (
		`### Against the service's rate limit, several Return Alls of one business at once\n\n` +
		`The sandbox refuses a business's requests beyond its limit with 429 and Retry-After ` +
		`(\`--rate-limit\`, \`--rate-limit-window\`); each answer takes ${limited[0]?.latencyMs ?? 0} ms. ` +
		`The Return Alls run as separate workflows through n8n-core, started together (\`Promise.all\`) in one process ` +
		`with one credential, so all their requests share the business's one budget of ${DEFAULT_PER_MINUTE} in any ` +
		`${WINDOW_MS / 1000} s (+ ${ARRIVAL_MARGIN_MS / 1000} s margin). Each read returned every record once, and all ` +
		`the same records in the same order. **Floor**: the k-th request may start no sooner than ` +
		`${(WINDOW_MS + ARRIVAL_MARGIN_MS) / 1000} s after the (k − ${DEFAULT_PER_MINUTE})-th, so the last of R requests ` +
		`starts no sooner than ⌊(R − 1) ÷ ${DEFAULT_PER_MINUTE}⌋ × ${(WINDOW_MS + ARRIVAL_MARGIN_MS) / 1000} s after the ` +
		`first, and answers one latency later; a read that fits the budget is held only by its concurrency ` +
		`(its first page, then ⌈(pages − 1) ÷ ${DEFAULT_CONCURRENCY}⌉ rounds, then its ${CHANGE_CHECKS} requests asking what changed, one after the other), whichever is longer.\n\n${limitTable}\n`
	);
}

/** The case for 3 at once by default, from this run's numbers. */
function whyThreeAtOnce(rows: ParallelRow[]): string {
	const find = (latencyMs: number, concurrency: number) =>
		rows.find((row) => row.latencyMs === latencyMs && row.concurrency === concurrency && row.defaultBudget);
	const latencies = [...new Set(rows.map((row) => row.latencyMs))];
	const measured: string[] = [];
	const versusSequential: string[] = [];
	const fiveSaves: string[] = [];
	const spending: string[] = [];
	for (const latencyMs of latencies) {
		const [c1, c3, c5] = [find(latencyMs, 1), find(latencyMs, 3), find(latencyMs, 5)];
		if (!c1 || !c3 || !c5) continue;
		measured.push(
			`at ${latencyMs} ms a page, 1 at a time takes ${seconds(c1.ms)}, 3 at once ${seconds(c3.ms)} ` +
				`and 5 at once ${seconds(c5.ms)}`,
		);
		versusSequential.push(`${(c3.sequentialMs / c3.ms).toFixed(2)}× at ${latencyMs} ms`);
		fiveSaves.push(`${(((c3.ms - c5.ms) / c3.ms) * 100).toFixed(0)} % at ${latencyMs} ms`);
		// A reader keeping `concurrency` requests on their way starts concurrency ÷ latency a second.
		const spends = (concurrency: number) => {
			const perMinute = (concurrency / latencyMs) * 60_000;
			return perMinute <= DEFAULT_PER_MINUTE
				? `${concurrency} at once starts ${perMinute.toFixed(0)} a minute, under the budget, so it never fills the window on its own`
				: `${concurrency} at once starts ${perMinute.toFixed(0)} a minute and fills it in ` +
						seconds((DEFAULT_PER_MINUTE / perMinute) * 60_000);
		};
		spending.push(`at ${latencyMs} ms ${spends(3)}, ${spends(5)}`);
	}
	if (measured.length === 0) return '';
	return (
		`**Why 3 at once by default.** A read of up to ${DEFAULT_PER_MINUTE} pages no longer waits for the budget ` +
		`(the control row at 60,000 a minute takes the same time as the default), so the concurrency alone sets its ` +
		`time: ${measured.join('; ')}. 3 at once reads ${versusSequential.join(' and ')} as fast as the sequential ` +
		`walk (goal ≥ 2.5×). 5 at once takes less time on a read that fits the budget (${fiveSaves.join(', ')}), ` +
		`but it spends the business's budget, which every workflow using the business in the process shares, ` +
		`5/3 as fast: ${spending.join('; ')}. Once the window is full every request of the business waits for it, ` +
		`those of its other workflows included; 3 at once, the least that meets the goal, keeps the window open ` +
		`longest. A business that one workflow reads alone can raise Concurrent Requests.`
	);
}
