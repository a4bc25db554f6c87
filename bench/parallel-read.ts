/**
 * Return All at the service's pace: the node at Concurrent Requests 1, 3 and 5 against a sandbox
 * that takes `latencyMs` to answer each request, next to a sequential `$next` walk (what other
 * connectors do) and a raw undici loop reading the same pages with the same concurrency; then
 * against the sandbox's rate limit set to the node's budget.
 */
import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { timed } from './measure';
import { rawNextLoop, rawPagedLoop } from './raw-loops';
import { apiRequestStatuses, clearLog, startSandboxProcess } from './sandbox-process';

/** The node's defaults (nodes/AccountingService/transport/read.ts, DEFAULT_READ_PACE). */
export const DEFAULT_CONCURRENCY = 3;
export const DEFAULT_PER_MINUTE = 200;

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
}

export interface RateLimitRow {
	latencyMs: number;
	limit: string;
	perMinute: number;
	ms: number;
	requests: number;
	tooMany: number;
	expectedMs: number;
}

async function nodeRunner(sandbox: Awaited<ReturnType<typeof startSandboxProcess>>) {
	const { store, credential } = await connectToSandbox(sandbox);
	const tokens = { store, credentialId: credential.id };
	const runNode = async (limit: number, requestOptions: Record<string, number>, connected = { store, credential }) => {
		const result = await runWorkflow({
			store: connected.store,
			nodes: [
				accountingServiceNode(connected.credential, {
					resource: 'salesInvoice',
					operation: 'getAll',
					limit,
					requestOptions,
				}),
			],
		});
		if (result.error) throw result.error;
		return result.items('Accounting Service').length;
	};
	/**
	 * One node run, checked: every record, exactly ⌈N/200⌉ requests (or counted 429s). Each run
	 * gets a freshly connected credential: a 5-minute token running out mid-run would add a 401
	 * per concurrent request (and one renewal), which is not what is measured here.
	 */
	const measureNode = async (records: number, requestOptions: Record<string, number>) => {
		const fresh = await connectToSandbox(sandbox);
		await clearLog(sandbox);
		const run = await timed(() => runNode(records, requestOptions, fresh));
		if (run.result !== records) throw new Error(`the node returned ${run.result} of ${records}`);
		const statuses = await apiRequestStatuses(sandbox);
		return { ms: run.ms, requests: statuses.length, tooMany: statuses.filter((status) => status === 429).length };
	};
	return { tokens, runNode, measureNode };
}

export async function measureParallelRead(
	records: number,
	latencies: number[],
	log: (line: string) => void,
): Promise<ParallelRow[]> {
	const rows: ParallelRow[] = [];
	const pages = Math.ceil(records / 200);
	for (const latencyMs of latencies) {
		const sandbox = await startSandboxProcess({ scale: records, latencyMs });
		try {
			const { tokens, runNode, measureNode } = await nodeRunner(sandbox);
			await runNode(200, {});
			const sequentialMs = (await timed(() => rawNextLoop(sandbox, tokens, records))).ms;
			const raw = new Map<number, number>([[1, sequentialMs]]);
			const add = (row: Omit<ParallelRow, 'latencyMs' | 'sequentialMs'>) => {
				rows.push({ ...row, latencyMs, sequentialMs });
				log(
					`  ${latencyMs} ms, ${row.reader}, ${row.concurrency} at once: ${(row.ms / 1000).toFixed(1)} s${row.requests === undefined ? '' : `, ${row.requests} requests`}`,
				);
			};
			add({ reader: 'sequential `$next` walk (raw undici)', concurrency: 1, ms: sequentialMs });
			for (const concurrency of [3, 5]) {
				const ms = (await timed(() => rawPagedLoop(sandbox, tokens, records, concurrency))).ms;
				raw.set(concurrency, ms);
				add({ reader: 'raw undici loop, `page=N`, no pacing', concurrency, ms });
			}
			for (const concurrency of [1, 3, 5]) {
				const run = await measureNode(records, { concurrentRequests: concurrency });
				if (run.requests !== pages) throw new Error(`the node made ${run.requests} requests, not ${pages}`);
				add({
					reader: `node, ${DEFAULT_PER_MINUTE} requests/min (default)`,
					concurrency,
					ms: run.ms,
					requests: run.requests,
					rawMs: raw.get(concurrency),
				});
			}
			// Where the default budget is what holds the node back, the same runs with it out of the way.
			if (latencyMs * DEFAULT_PER_MINUTE < 60_000 * DEFAULT_CONCURRENCY) {
				for (const concurrency of [3, 5]) {
					const run = await measureNode(records, { concurrentRequests: concurrency, maxRequestsPerMinute: 60_000 });
					if (run.requests !== pages) throw new Error(`the node made ${run.requests} requests, not ${pages}`);
					add({
						reader: 'node, budget out of the way (60,000/min)',
						concurrency,
						ms: run.ms,
						requests: run.requests,
						rawMs: raw.get(concurrency),
					});
				}
			}
		} finally {
			await sandbox.stop();
		}
	}
	return rows;
}

/** The node at its defaults against the sandbox's rate limit set to the node's budget. */
export async function measureRateLimited(
	records: number,
	latencyMs: number,
	limits: Array<{ requests: number; windowSeconds: number }>,
	log: (line: string) => void,
): Promise<RateLimitRow[]> {
	const rows: RateLimitRow[] = [];
	const pages = Math.ceil(records / 200);
	for (const limit of limits) {
		const sandbox = await startSandboxProcess({ scale: records, latencyMs, rateLimit: limit });
		try {
			const { measureNode } = await nodeRunner(sandbox);
			// The window starts empty: the credential's connection made no API request.
			const run = await measureNode(records, {});
			const perMinute = DEFAULT_PER_MINUTE;
			const row = {
				latencyMs,
				limit: `${limit.requests} per ${limit.windowSeconds} s`,
				perMinute,
				ms: run.ms,
				requests: run.requests,
				tooMany: run.tooMany,
				expectedMs: (pages / (perMinute / 60)) * 1000,
			};
			rows.push(row);
			log(`  rate limit ${row.limit}: ${(row.ms / 1000).toFixed(1)} s, ${row.requests} requests, ${row.tooMany} × 429`);
		} finally {
			await sandbox.stop();
		}
	}
	return rows;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The two tables and the note on the default, as Markdown. */
export function parallelReadMarkdown(records: number, rows: ParallelRow[], limited: RateLimitRow[]): string {
	const n = records.toLocaleString('en');
	const pages = Math.ceil(records / 200);
	/** The default budget's floor: one start every 306 ms after the first. */
	const budgetFloor = (pages - 1) * (60_000 / DEFAULT_PER_MINUTE) * 1.02;
	const versusRaw = (row: ParallelRow) => {
		if (row.rawMs === undefined) return '';
		const ratio = `${(row.ms / row.rawMs).toFixed(2)}×`;
		return row.reader.startsWith('node, 200') && row.rawMs < budgetFloor
			? `${ratio} (the budget binds: ≥ ${seconds(budgetFloor)})`
			: ratio;
	};
	const table = [
		`| Latency per request | Reader | At once | Time | × faster than the sequential walk | Node / raw loop (same latency and concurrency) | Requests |`,
		'|---|---|---|---|---|---|---|',
		...rows.map((row) =>
			[
				'',
				`${row.latencyMs} ms`,
				row.reader,
				String(row.concurrency),
				seconds(row.ms),
				`${(row.sequentialMs / row.ms).toFixed(2)}×`,
				versusRaw(row),
				row.requests === undefined ? '' : String(row.requests),
				'',
			]
				.join(' | ')
				.trim(),
		),
	].join('\n');
	const limitTable = [
		'| Sandbox rate limit (per business) | Node | Time | ⌈N/200⌉ ÷ budget per second | 429s | Requests |',
		'|---|---|---|---|---|---|',
		...limited.map(
			(row) =>
				`| ${row.limit} | defaults (${DEFAULT_CONCURRENCY} at once, ${row.perMinute}/min) | ${seconds(row.ms)} | ${seconds(row.expectedMs)} | ${row.tooMany} | ${row.requests} |`,
		),
	].join('\n');

	const find = (latencyMs: number, concurrency: number) =>
		rows.find(
			(row) => row.latencyMs === latencyMs && row.concurrency === concurrency && row.reader.startsWith('node, 200'),
		);
	const slowest = Math.max(...rows.map((row) => row.latencyMs));
	const c1 = find(slowest, 1);
	const c3 = find(slowest, 3);
	const c5 = find(slowest, 5);
	const note =
		c1 && c3 && c5
			? `**Why 3 at once by default.** At ${slowest} ms a page, 1 at a time takes ${seconds(c1.ms)}, 3 at once ${seconds(c3.ms)} ` +
				`(${(c1.ms / c3.ms).toFixed(2)}×) and 5 at once ${seconds(c5.ms)} (${(c1.ms / c5.ms).toFixed(2)}×): ` +
				`the budget of ${DEFAULT_PER_MINUTE} requests a minute (one start every ${(60_000 / DEFAULT_PER_MINUTE) * 1.02} ms, ` +
				`at least ${seconds(budgetFloor)} for ${pages} pages) caps anything above ⌈latency × budget⌉ ≈ ${Math.ceil((slowest / 1000) * (DEFAULT_PER_MINUTE / 60))} at once. ` +
				`3 at once takes ${Math.round((3 / (slowest / 1000) / (DEFAULT_PER_MINUTE / 60)) * 100)} % of the business's budget at ${slowest} ms, ` +
				`which leaves some to the business's other workflows (the budget is per business, the pace per read); ` +
				`5 gains ${(((c3.ms - c5.ms) / c3.ms) * 100).toFixed(0)} % more and spends it all. At shorter latencies the budget binds ` +
				`even at 1 at a time (${DEFAULT_PER_MINUTE} a minute is one request every 300 ms).`
			: '';
	return (
		`## Return All at the service's pace (${n} sales invoices, ${pages} pages)\n\n` +
		`Each sandbox answer takes the latency shown (\`--latency-ms\`); the node runs through n8n-core with its defaults ` +
		`unless the row says otherwise. Times from one run.\n\n${table}\n\n${note}\n\n` +
		`### Against the service's rate limit\n\nThe sandbox refuses a business's requests beyond its limit with 429 and Retry-After ` +
		`(\`--rate-limit\`, \`--rate-limit-window\`); each answer takes ${limited[0]?.latencyMs ?? 0} ms. ` +
		`The node's budget is its default, ${DEFAULT_PER_MINUTE} a minute: 200 in any 60 s is the service's version 3 rule; ` +
		`20 in any 6 s is the same rate with no room for a burst.\n\n${limitTable}\n`
	);
}
