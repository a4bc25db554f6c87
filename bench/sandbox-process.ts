import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The sandbox stands for the service, whose speed is not the node's: it runs on the Node that
 * `npm ci` brings (24) whatever Node the bench measures the node on, so that a bench run from a
 * shell whose `node` is 20 measures the node on 20 against a service no slower than on 24.
 */
const SERVICE_NODE = (() => {
	const brought = resolve(__dirname, '..', 'node_modules', 'node', 'bin', 'node');
	return existsSync(brought) ? brought : process.execPath;
})();

/** User and system CPU the process `pid` has used so far (ms), from /proc; undefined where there is none. */
export function processCpuMs(pid: number | undefined): number | undefined {
	if (pid === undefined) return undefined;
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
		// utime and stime, the 14th and 15th fields of stat (the 12th and 13th after the name).
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
	} catch {
		return undefined;
	}
}

export interface SandboxProcess {
	urls: { origin: string; baseUrl: string; authUrl: string; tokenUrl: string; revokeUrl: string; controlUrl: string };
	client: { clientId: string; clientSecret: string; redirectUris: string[] };
	leadBusinessId: string;
	/** The sandbox's process id (its CPU: processCpuMs). */
	pid?: number;
	stop(): Promise<void>;
}

/**
 * The sandbox in its own process, so its CPU and memory never count as the node's.
 */
export async function startSandboxProcess(options: {
	scale: number;
	bigAttachmentMiB?: number;
	/** Every API answer takes this long (the sandbox's --latency-ms). */
	latencyMs?: number;
	/** Per business, at most `requests` in any `windowSeconds` (--rate-limit, --rate-limit-window). */
	rateLimit?: { requests: number; windowSeconds: number };
	/** How many businesses the user reaches (--businesses; the sandbox's default is 3). */
	businesses?: number;
	/** Every business holds `scale` sales invoices, not only the lead (--scale-all-businesses). */
	scaleAllBusinesses?: boolean;
}): Promise<SandboxProcess> {
	const args = [
		resolve(__dirname, '..', 'sandbox', 'cli.js'),
		'--port',
		'0',
		'--json',
		'--scale',
		String(options.scale),
	];
	if (options.bigAttachmentMiB) args.push('--big-attachment-mib', String(options.bigAttachmentMiB));
	if (options.latencyMs) args.push('--latency-ms', String(options.latencyMs));
	if (options.businesses) args.push('--businesses', String(options.businesses));
	if (options.scaleAllBusinesses) args.push('--scale-all-businesses');
	if (options.rateLimit) {
		args.push(
			'--rate-limit',
			String(options.rateLimit.requests),
			'--rate-limit-window',
			String(options.rateLimit.windowSeconds),
		);
	}
	const child = spawn(SERVICE_NODE, args, { stdio: ['ignore', 'pipe', 'inherit'] });
	const line = await new Promise<string>((resolveLine, reject) => {
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			const end = output.indexOf('\n');
			if (end >= 0) resolveLine(output.slice(0, end));
		});
		child.once('exit', (code) => reject(new Error(`the sandbox exited with ${String(code)} before it started`)));
	});
	const started = JSON.parse(line) as Omit<SandboxProcess, 'stop' | 'pid'>;
	return {
		...started,
		pid: child.pid,
		stop: async () => {
			if (child.exitCode !== null) return;
			const exited = new Promise((done) => child.once('exit', done));
			child.kill('SIGTERM');
			await exited;
		},
	};
}

/**
 * An idempotent call to the sandbox's controls, made again once if the connection fails: after a
 * read that kept the event loop busy for longer than the sandbox keeps an idle connection open
 * (5 s), fetch may reuse a kept-alive connection the sandbox has already closed ("other side closed").
 */
async function control(
	sandbox: SandboxProcess,
	path: string,
	method: 'GET' | 'DELETE' | 'POST' = 'GET',
	body?: unknown,
): Promise<Response> {
	const init: RequestInit =
		body === undefined
			? { method }
			: { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
	try {
		return await fetch(`${sandbox.urls.controlUrl}${path}`, init);
	} catch {
		return await fetch(`${sandbox.urls.controlUrl}${path}`, init);
	}
}

/** The sandbox's clock (epoch ms): the time its answers' `Date` headers and records' stamps tell. */
export async function sandboxNow(sandbox: SandboxProcess): Promise<number> {
	const { epochSeconds } = (await (await control(sandbox, '/clock')).json()) as { epochSeconds: number };
	return epochSeconds * 1000;
}

/** Moves the sandbox's clock `seconds` forward (its access tokens expire by it too). */
export async function advanceClock(sandbox: SandboxProcess, seconds: number): Promise<void> {
	const response = await control(sandbox, '/clock/advance', 'POST', { seconds });
	if (!response.ok) throw new Error(`the sandbox's clock did not advance: ${response.status}`);
}

/** How many API requests the sandbox has served (its request log, read over HTTP). */
export async function apiRequestCount(sandbox: SandboxProcess): Promise<number> {
	return (await apiRequestStatuses(sandbox)).length;
}

/** An API request as the sandbox logged it. */
export interface ApiLogEntry {
	/** When it arrived (sandbox time, ISO 8601). */
	at: string;
	path: string;
	/** null while in flight or when the connection was reset. */
	status: number | null;
	/** Requests the sandbox was serving when it arrived, itself included. */
	concurrent?: number;
	/** The X-Business header sent (null without it: the lead business). */
	business?: string | null;
}

/** Every API request the sandbox has logged (its request log, read over HTTP), oldest first. */
export async function apiRequestLog(sandbox: SandboxProcess): Promise<ApiLogEntry[]> {
	const response = await control(sandbox, '/log');
	const { entries } = (await response.json()) as { entries: ApiLogEntry[] };
	const prefix = new URL(sandbox.urls.baseUrl).pathname;
	return entries.filter((entry) => entry.path.startsWith(prefix));
}

/** The status of every API request the sandbox has logged, oldest first. */
export async function apiRequestStatuses(sandbox: SandboxProcess): Promise<Array<number | null>> {
	return (await apiRequestLog(sandbox)).map((entry) => entry.status);
}

export async function clearLog(sandbox: SandboxProcess): Promise<void> {
	await control(sandbox, '/log', 'DELETE');
}
