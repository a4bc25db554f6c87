/** Small measuring tools: medians, wall time, the peak memory of a piece of work, and a memory worker. */
import { spawn } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';

import type { SandboxProcess } from './sandbox-process';

export const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
	const started = performance.now();
	const result = await work();
	return { ms: performance.now() - started, result };
}

/**
 * Peak resident memory above the level before `work`, sampled every 2 ms and checked against the
 * process's lifetime peak (which catches a spike between samples if it is a new high).
 */
export async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ growthBytes: number; result: T }> {
	const before = process.memoryUsage.rss();
	const lifetimePeakBefore = process.resourceUsage().maxRSS * 1024;
	let peak = before;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage.rss());
	}, 2);
	try {
		const result = await work();
		const lifetimePeakAfter = process.resourceUsage().maxRSS * 1024;
		if (lifetimePeakAfter > lifetimePeakBefore) peak = Math.max(peak, lifetimePeakAfter);
		return { growthBytes: Math.max(0, peak - before), result };
	} finally {
		clearInterval(sampler);
	}
}

export const MiB = 1024 * 1024;

/**
 * One measurement of bench/memory-worker.ts in a fresh process (its peak memory is its own), with
 * `gc` exposed so the worker can weigh the heap a result holds; its last line of output, parsed.
 */
export async function memoryWorker(
	sandbox: SandboxProcess,
	scenario: Record<string, unknown>,
): Promise<Record<string, number | string>> {
	const { stop: _stop, ...reachable } = sandbox;
	const child = spawn(
		process.execPath,
		[
			'--expose-gc',
			'--import',
			'tsx',
			resolve(__dirname, 'memory-worker.ts'),
			JSON.stringify({ ...scenario, sandbox: reachable }),
		],
		{ stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, N8N_USER_FOLDER: '' } },
	);
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const code = await new Promise<number | null>((done) => child.once('exit', done));
	if (code !== 0) throw new Error(`memory worker ${JSON.stringify(scenario)} failed (${String(code)})`);
	return JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<string, number | string>;
}

/** The machine a result was measured on, as RESULTS.md names it. */
export const machineDescription = () =>
	`${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`;

/** The sentence of a section measured on its own (`npm run bench -- --only <name>`): how, when and where. */
/** The machine's load averages (1, 5 and 15 minutes) as a run began and as it ended: the times are that busy. */
export const loadSentence = (start: number[], end: number[] = loadavg()) => {
	const three = (load: number[]) => load.map((value) => value.toFixed(2)).join(' / ');
	return `Load average (1 / 5 / 15 min) ${three(start)} as the run began, ${three(end)} as it ended (${cpus().length} cores, shared with other jobs).`;
};

export const measuredAlone = (only: string) =>
	` Measured on its own (\`npm run bench -- --only ${only}\`), ${new Date().toISOString().slice(0, 10)}, ${machineDescription()}.`;
