/**
 * Business → All Businesses at the service's pace: Get Many of the sales invoices with Return All
 * over every business the account reaches (four, each holding `records` invoices), the businesses
 * read side by side in one node run, against the same four reads by business ID one node run after
 * another (what a workflow did before All Businesses). The sandbox answers each request in
 * `latencyMs` and holds each business to the service's rule (`limit`, 429 beyond it); the node
 * runs at its defaults. Each way against a sandbox of its own per run (every business's budget
 * starts empty in both), alternating run by run. Checked: every business's invoices once, the
 * side-by-side rows grouped in the service's order of the businesses, each row naming its
 * business, the same invoices as the read by ID; exactly ⌈N/200⌉ requests per business (the
 * sandbox's log, by X-Business); the 429s per business are counted (goal 0).
 */

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { median, measuredAlone, timed } from './measure';
import { budgetFloorMs, CHANGE_CHECKS, DEFAULT_CONCURRENCY, DEFAULT_PER_MINUTE } from './parallel-read';
import { apiRequestLog, clearLog, processCpuMs, startSandboxProcess, type SandboxProcess } from './sandbox-process';
import { requestsOfStillRead } from '../nodes/AccountingService/transport/pages';

const PAGE_SIZE = 200;
/** The businesses the account reaches: the sandbox's three and a copy of the lead. */
const BUSINESSES = 4;
const ALL_BUSINESSES = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const NODE = 'Accounting Service';
/** The sandbox's answer to the node's list of businesses, in the log. */
const BUSINESSES_PATH = /\/businesses(\?|$)/;
const SALES_INVOICES_PATH = /\/sales_invoices(\?|$)/;

export type Way = 'side by side' | 'one after another';
const WAYS: Way[] = ['side by side', 'one after another'];

interface Business {
	id: string;
	name: string;
}

export interface BusinessCount {
	name: string;
	requests: number;
	tooMany: number;
}

export interface WayResult {
	way: Way;
	/** Median wall time over the runs. */
	ms: number;
	times: number[];
	/** CPU time of this process (n8n and the node; the sandbox runs in its own) during the read, median. */
	cpuMs: number;
	/** CPU time of the sandbox's process (the service) during the read, median; absent without /proc. */
	serviceCpuMs?: number;
	/** The least time the latency and the node's concurrency allow (`budgetFloorMs`, plus the list of businesses). */
	floorMs: number;
	items: number;
	/** Per business, summed over the runs: requests for its invoices and 429s among them. */
	perBusiness: BusinessCount[];
	/** Requests beyond the invoices (the list of businesses), per run. */
	otherRequests: number;
	/** Most requests the sandbox was serving at once, over the runs. */
	mostAtOnce: number;
}

export interface AcrossBusinesses {
	records: number;
	latencyMs: number;
	limit: { requests: number; windowSeconds: number };
	runs: number;
	ways: WayResult[];
	/** Median over the runs of one after another's time ÷ side by side's in the same run. */
	ratio: number;
}

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;

const getMany = (business: INodeParameters, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'salesInvoice',
	operation: 'getAll',
	returnAll: true,
	business,
	...extra,
});
const byId = (business: Business) => ({ __rl: true, mode: 'id', value: business.id });

async function runNode(connected: Connected, parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await runWorkflow({
		store: connected.store,
		nodes: [accountingServiceNode(connected.credential, parameters)],
	});
	if (result.error) throw result.error;
	return result.json(NODE);
}

/** The businesses as the service lists them, read directly (outside the node and its budget). */
async function listBusinesses(sandbox: SandboxProcess, connected: Connected): Promise<Business[]> {
	const token = connected.store.oauthTokenData(connected.credential.id).access_token as string;
	const response = await fetch(`${sandbox.urls.baseUrl}/businesses?items_per_page=200`, {
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
	});
	const { $items } = (await response.json()) as { $items: Array<{ id: string; displayed_as: string }> };
	return $items.map((business) => ({ id: business.id, name: business.displayed_as }));
}

/** The invoice ids of each business: the side-by-side rows grouped by business in the service's order. */
function idsBySideBySide(rows: IDataObject[], businesses: Business[]): Map<string, string[]> {
	const ids = new Map(businesses.map((business) => [business.id, [] as string[]]));
	let position = 0;
	for (const row of rows) {
		const keys = Object.keys(row).slice(0, 2).join(',');
		if (keys !== 'business_id,business_name') throw new Error(`a row began with ${keys}`);
		const at = businesses.findIndex((business) => business.id === row.business_id);
		if (at < position) throw new Error(`rows of ${String(row.business_name)} came after a later business's`);
		if (businesses[at].name !== row.business_name)
			throw new Error(`a row of ${businesses[at].id} named ${String(row.business_name)}`);
		position = at;
		ids.get(businesses[at].id)!.push(String(row.sales_invoice_id));
	}
	return ids;
}

function checkExact(ids: string[], records: number, what: string): void {
	const distinct = new Set(ids).size;
	if (ids.length !== records || distinct !== records)
		throw new Error(`${what} returned ${ids.length} invoices (${distinct} distinct) of ${records}`);
}

/**
 * One way's reads against a sandbox of its own: the same reads with a Limit of one page first (the
 * node's code and the sandbox's lists warm, 1 request per business, far from either budget), the
 * log cleared, then the measured reads. Returns the invoice ids per business and the log.
 */
async function measureWay(
	way: Way,
	options: { records: number; latencyMs: number; limit: { requests: number; windowSeconds: number } },
) {
	const sandbox = await startSandboxProcess({
		scale: options.records,
		businesses: BUSINESSES,
		scaleAllBusinesses: true,
		latencyMs: options.latencyMs,
		rateLimit: options.limit,
	});
	try {
		const connected = await connectToSandbox(sandbox);
		const businesses = await listBusinesses(sandbox, connected);
		if (businesses.length !== BUSINESSES) throw new Error(`the sandbox lists ${businesses.length} businesses`);
		const read = async (extra: INodeParameters) => {
			if (way === 'side by side')
				return idsBySideBySide(await runNode(connected, getMany(ALL_BUSINESSES, extra)), businesses);
			const ids = new Map<string, string[]>();
			// As n8n runs a branch's nodes: each read once the one before has finished.
			for (const business of businesses) {
				const rows = await runNode(connected, getMany(byId(business), extra));
				ids.set(
					business.id,
					rows.map((row) => String(row.sales_invoice_id)),
				);
			}
			return ids;
		};
		await read({ returnAll: false, limit: PAGE_SIZE });
		await clearLog(sandbox);
		const cpuBefore = process.cpuUsage();
		const serviceCpuBefore = processCpuMs(sandbox.pid);
		const run = await timed(async () => await read({}));
		const cpu = process.cpuUsage(cpuBefore);
		const serviceCpuAfter = processCpuMs(sandbox.pid);
		for (const business of businesses)
			checkExact(run.result.get(business.id) ?? [], options.records, `${way}, ${business.name}`);
		const log = await apiRequestLog(sandbox);
		const leadId = sandbox.leadBusinessId;
		const perBusiness = businesses.map((business) => {
			const entries = log.filter(
				(entry) => SALES_INVOICES_PATH.test(entry.path) && (entry.business ?? leadId) === business.id,
			);
			const answered = entries.filter((entry) => entry.status === 200).length;
			const expected = requestsOfStillRead(options.records);
			if (answered !== expected)
				throw new Error(`${way}: ${business.name} answered ${answered} requests, not ${expected}`);
			return {
				name: business.name,
				requests: entries.length,
				tooMany: entries.filter((entry) => entry.status === 429).length,
			};
		});
		const other = log.filter((entry) => !SALES_INVOICES_PATH.test(entry.path));
		const expectedOther = way === 'side by side' ? 1 : 0;
		if (other.length !== expectedOther || other.some((entry) => !BUSINESSES_PATH.test(entry.path)))
			throw new Error(`${way}: other requests ${other.map((entry) => entry.path).join(', ') || 'none'}`);
		return {
			ms: run.ms,
			cpuMs: (cpu.user + cpu.system) / 1000,
			serviceCpuMs:
				serviceCpuBefore === undefined || serviceCpuAfter === undefined
					? undefined
					: serviceCpuAfter - serviceCpuBefore,
			ids: run.result,
			businesses,
			perBusiness,
			otherRequests: other.length,
			mostAtOnce: Math.max(...log.map((entry) => entry.concurrent ?? 1)),
		};
	} finally {
		await sandbox.stop();
	}
}

export async function measureAcrossBusinesses(
	options: { records: number; latencyMs: number; limit: { requests: number; windowSeconds: number }; runs: number },
	log: (line: string) => void,
): Promise<AcrossBusinesses> {
	const pages = Math.ceil(options.records / PAGE_SIZE);
	const oneRead = budgetFloorMs({
		readers: 1,
		pagesPerRead: pages,
		latencyMs: options.latencyMs,
		changeChecks: CHANGE_CHECKS,
	});
	const floors: Record<Way, number> = {
		// The list of businesses, then the four reads at once, each as one read alone.
		'side by side': options.latencyMs + oneRead,
		'one after another': BUSINESSES * oneRead,
	};
	const results = new Map<Way, Array<Awaited<ReturnType<typeof measureWay>>>>(WAYS.map((way) => [way, []]));
	const ratios: number[] = [];
	for (let run = 0; run < options.runs; run++) {
		// The order alternates, so neither way always runs on a machine the other has just warmed.
		const order = run % 2 ? [...WAYS].reverse() : WAYS;
		const thisRun = new Map<Way, Awaited<ReturnType<typeof measureWay>>>();
		for (const way of order) thisRun.set(way, await measureWay(way, options));
		const side = thisRun.get('side by side')!;
		const sequential = thisRun.get('one after another')!;
		// The same invoices of each business either way (the same seeded data in each sandbox).
		for (const business of side.businesses) {
			if (side.ids.get(business.id)!.join() !== sequential.ids.get(business.id)!.join())
				throw new Error(`${business.name}: side by side read other invoices, or in another order, than by ID`);
		}
		for (const way of WAYS) results.get(way)!.push(thisRun.get(way)!);
		ratios.push(sequential.ms / side.ms);
		log(
			`  run ${run + 1}: side by side ${seconds(side.ms)}, one after another ${seconds(sequential.ms)} ` +
				`(${factor(ratios.at(-1)!)}), 429s ${side.perBusiness.reduce((sum, count) => sum + count.tooMany, 0)} / ` +
				`${sequential.perBusiness.reduce((sum, count) => sum + count.tooMany, 0)}`,
		);
	}
	const ways = WAYS.map((way): WayResult => {
		const runs = results.get(way)!;
		const times = runs.map((run) => run.ms);
		return {
			way,
			ms: median(times),
			times,
			cpuMs: median(runs.map((run) => run.cpuMs)),
			serviceCpuMs: runs.every((run) => run.serviceCpuMs !== undefined)
				? median(runs.map((run) => run.serviceCpuMs!))
				: undefined,
			floorMs: floors[way],
			items: BUSINESSES * options.records,
			perBusiness: runs[0].perBusiness.map((count, index) => ({
				name: count.name,
				requests: runs.reduce((sum, run) => sum + run.perBusiness[index].requests, 0),
				tooMany: runs.reduce((sum, run) => sum + run.perBusiness[index].tooMany, 0),
			})),
			otherRequests: runs[0].otherRequests,
			mostAtOnce: Math.max(...runs.map((run) => run.mostAtOnce)),
		};
	});
	const result = { ...options, ways, ratio: median(ratios) };
	for (const way of ways)
		log(
			`  ${way.way}: ${seconds(way.ms)} (floor ${seconds(way.floorMs)}, CPU ${seconds(way.cpuMs)}, the sandbox's ${way.serviceCpuMs === undefined ? '?' : seconds(way.serviceCpuMs)}), up to ${way.mostAtOnce} at once, ` +
				way.perBusiness.map((count) => `${count.name} ${count.requests} requests, ${count.tooMany} × 429`).join('; '),
		);
	log(`  one after another ÷ side by side: ${factor(result.ratio)} (goal ≥ 3×)`);
	return result;
}

/** The goal missed in this run, if it was: side by side at least 3× as fast, and no 429. */
export function acrossBusinessesProblems(measured: AcrossBusinesses, { ratio }: { ratio: boolean }): string[] {
	const problems: string[] = [];
	if (ratio && measured.ratio < 3)
		problems.push(`All Businesses only ${factor(measured.ratio)} as fast as the reads one after another (goal ≥ 3×)`);
	for (const way of measured.ways)
		for (const count of way.perBusiness)
			if (count.tooMany) problems.push(`${way.way}: ${count.tooMany} × 429 for ${count.name} (goal 0)`);
	return problems;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const factor = (value: number) => `${value.toFixed(2)}×`;

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only businesses`). */
export function acrossBusinessesMarkdown(measured: AcrossBusinesses, standalone = false): string {
	const records = measured.records.toLocaleString('en');
	const pages = Math.ceil(measured.records / PAGE_SIZE);
	const side = measured.ways.find((way) => way.way === 'side by side');
	const table = [
		`| Reads | Time (median of ${measured.runs}) | Each run | CPU of n8n and the node (median) | CPU of the sandbox (median) | Floor (latency and concurrency) | Time ÷ side by side (median of the runs’ ratios) | Requests per business per run | 429s per business (all runs) | Most at once |`,
		'|---|---|---|---|---|---|---|---|---|---|',
		...measured.ways.map((way) =>
			[
				'',
				way.way === 'side by side'
					? `**All Businesses**: one node run, the businesses side by side (+ 1 request for the list of businesses)`
					: `**By business ID**, four node runs one after another`,
				seconds(way.ms),
				way.times.map(seconds).join(', '),
				seconds(way.cpuMs),
				way.serviceCpuMs === undefined ? '' : seconds(way.serviceCpuMs),
				seconds(way.floorMs),
				side ? factor(way.way === 'side by side' ? 1 : measured.ratio) : '',
				way.perBusiness.map((count) => String(count.requests / measured.runs)).join(' / '),
				way.perBusiness.map((count) => String(count.tooMany)).join(' / '),
				String(way.mostAtOnce),
				'',
			]
				.join(' | ')
				.trim(),
		),
	].join('\n');
	const names = (side ?? measured.ways[0]).perBusiness.map((count) => count.name).join(' / ');
	const when = standalone ? measuredAlone('businesses') : '';
	const run = `### ${nodeRun()}\n\n${when.trim() ? `${when.trim()}\n\n` : ''}${table}\n`;
	return (
		`## All Businesses: four businesses side by side against one after another (4 × ${records} sales invoices, ${measured.latencyMs} ms per answer)\n\n` +
		`Get Many of the sales invoices with Return All, default Output, through n8n-core's \`WorkflowExecute\` with the ` +
		`node's defaults (${DEFAULT_CONCURRENCY} pages of a business at once, ${DEFAULT_PER_MINUTE} requests a minute per ` +
		`business, up to 5 businesses at once), against a sandbox of four businesses (\`--businesses 4 ` +
		`--scale-all-businesses\`: ${names}, in this order in the columns), each holding ${records} sales invoices (${pages} pages), every answer ` +
		`taking ${measured.latencyMs} ms, each business held to ${measured.limit.requests} requests in any ` +
		`${measured.limit.windowSeconds} s (\`--rate-limit\`, 429 beyond it). **Side by side**: Business → All ` +
		`Businesses, one node run. **One after another**: the same four reads by business ID, one node run after ` +
		`the other (the workflow before All Businesses). Each way against a sandbox of its own in every run (every ` +
		`business's budget starts empty), the order alternating run by run; the same reads with a Limit of one page ` +
		`warmed the node and the sandbox first. Checked: every business's invoices once and the same as its read ` +
		`by ID, the side-by-side rows grouped in the service's order of the businesses and naming their business; ` +
		`exactly ${requestsOfStillRead(measured.records)} answered requests per business, its ${pages} pages and ${CHANGE_CHECKS === 1 ? 'one' : CHANGE_CHECKS} asking what changed meanwhile (the sandbox's log, by X-Business). **Floor**: a read of ` +
		`${pages} pages at ${DEFAULT_CONCURRENCY} at once takes its first page, then ⌈${pages - 1} ÷ ` +
		`${DEFAULT_CONCURRENCY}⌉ rounds, then ${CHANGE_CHECKS === 1 ? 'the request' : `the ${CHANGE_CHECKS} requests, one after the other,`} asking what changed meanwhile; side by side one such read after the list of businesses, one after another ` +
		`four. **CPU**: user and system time of the bench's process (n8n-core and the node; the sandbox runs in its own) ` +
		`during the read: side by side, the rows of up to 12 pages a round are parsed and shaped on the one event loop, ` +
		`which delays the next requests' start; the sandbox's CPU is its own process's (it runs on Node 24 whatever Node runs the bench: it stands for the service, whose speed is not the node's). Goal: side by side ≥ 3× as fast, no 429, under Node 20 (the engine of ` +
		`n8n 1.x; from a shell whose \`node\` is 20: \`node_modules/.bin/tsx bench/run.ts --only businesses\`) and ` +
		`Node 24 alike: V8 11 is slow to copy rows of a hundred columns, so the node sets the business columns as it ` +
		`shapes each row. One table per Node major version; a run replaces its own version's.\n\n${run}`
	);
}

/** The heading of one Node version's runs in the section. */
const nodeRun = (version = process.version) => `Node ${version.replace(/^v/, '').split('.')[0]}`;

/**
 * The section measured now, with the tables of the other Node major versions kept from the section
 * as it stands in RESULTS.md (`current`), in the order of their versions.
 */
export function withOtherNodeRuns(section: string, current: string): string {
	const runsOf = (text: string) =>
		text
			.split(/\n(?=### Node \d+\n)/)
			.slice(1)
			.map((block) => ({ major: Number(/^### Node (\d+)/.exec(block)?.[1]), block: block.trimEnd() }));
	const measured = runsOf(section);
	const kept = runsOf(current).filter((run) => !measured.some((each) => each.major === run.major));
	const runs = [...measured, ...kept].sort((a, b) => a.major - b.major);
	const head = section.split(/\n(?=### Node \d+\n)/)[0].trimEnd();
	return `${head}\n\n${runs.map((run) => run.block).join('\n\n')}\n`;
}
