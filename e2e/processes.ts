import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, openSync, readFileSync, type WriteStream } from 'node:fs';

/**
 * Every child runs in its own process group (n8n starts a task runner, npm starts node-gyp), so
 * stopping one means signalling its group by id. Groups still alive when the e2e ends, however
 * it ends, are killed here: a failed run must not leave n8n holding a port.
 */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// Already gone.
	}
}

process.on('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});

export class CommandError extends Error {}

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	timeoutMs: number;
	/** What the failure message calls the command. */
	label: string;
	/** Print the command's output as it runs (long installs), besides capturing it. */
	echo?: boolean;
	/**
	 * Send standard output to this file, read back when the command ends: a process that exits
	 * right after printing a large block loses its end on a pipe (Node writes pipes
	 * asynchronously), never on a file (n8n execute's run data of thousands of rows).
	 */
	stdoutFile?: string;
}

export interface RunResult {
	stdout: string;
	stderr: string;
}

/** The last lines of a command's output, for a failure message that says what went wrong. */
export function tail(text: string, lines = 40): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Runs a command to its end; rejects on a non-zero exit or when it outlives `timeoutMs`. */
export function runCommand(command: string, args: string[], options: RunOptions): Promise<RunResult> {
	return new Promise((resolvePromise, reject) => {
		const stdoutFd = options.stdoutFile ? openSync(options.stdoutFile, 'w') : undefined;
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			detached: true,
			stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
		});
		if (stdoutFd !== undefined) closeSync(stdoutFd);
		running.add(child);
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => {
			stdout.push(chunk);
			if (options.echo) process.stdout.write(chunk);
		});
		child.stderr?.on('data', (chunk: Buffer) => {
			stderr.push(chunk);
			if (options.echo) process.stderr.write(chunk);
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child, 'SIGKILL');
		}, options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			running.delete(child);
			reject(new CommandError(`${options.label}: could not start ${command}: ${error.message}`));
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			running.delete(child);
			// The group may hold children that outlived their parent (a task runner).
			killGroup(child, 'SIGKILL');
			const printed = options.stdoutFile ? readFileSync(options.stdoutFile) : Buffer.concat(stdout);
			const result = { stdout: printed.toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
			if (timedOut) {
				reject(
					new CommandError(
						`${options.label}: no result after ${options.timeoutMs / 1000} s, stopped.\n${tail(result.stdout + result.stderr)}`,
					),
				);
			} else if (code !== 0) {
				reject(
					new CommandError(
						`${options.label}: exited with ${code ?? signal}.\n${tail(result.stdout + '\n' + result.stderr)}`,
					),
				);
			} else {
				resolvePromise(result);
			}
		});
	});
}

export interface Service {
	readonly child: ChildProcess;
	/** Resolves when the service has exited, with why. */
	readonly exited: Promise<string>;
	/** SIGTERM to the group, SIGKILL after `graceMs`. */
	stop(graceMs?: number): Promise<void>;
}

/** Starts a long-running command whose output goes to `logFile`. */
export function startService(
	command: string,
	args: string[],
	options: { cwd?: string; env: NodeJS.ProcessEnv; logFile: string },
): Service {
	const log: WriteStream = createWriteStream(options.logFile);
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	running.add(child);
	child.stdout?.pipe(log, { end: false });
	child.stderr?.pipe(log, { end: false });
	const exited = new Promise<string>((resolveExit) => {
		child.on('error', (error) => resolveExit(`could not start: ${error.message}`));
		child.on('close', (code, signal) => {
			running.delete(child);
			killGroup(child, 'SIGKILL');
			log.end();
			resolveExit(`exited with ${code ?? signal}`);
		});
	});
	return {
		child,
		exited,
		async stop(graceMs = 10_000) {
			killGroup(child, 'SIGTERM');
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
			await exited;
			clearTimeout(timer);
		},
	};
}

/** Env for a child without npm's script variables, which would point npm at this repository. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
	}
	return { ...env, ...extra };
}
