import { printTimings } from './log';

/**
 * Cleanup that runs however the script ends: normally, on an error, on Ctrl+C or SIGTERM, or
 * when the watchdog fires. Children still running are then killed by processes.ts's exit hook.
 */
const cleanups: Array<() => Promise<void>> = [];
let stopping: Promise<void> | undefined;

export function onShutdown(cleanup: () => Promise<void>): void {
	cleanups.unshift(cleanup);
}

/** Runs the cleanups once, newest first, each at most `graceMs`. */
export function shutdown(graceMs = 15_000): Promise<void> {
	stopping ??= (async () => {
		for (const cleanup of cleanups.splice(0)) {
			await Promise.race([
				cleanup().catch(() => undefined),
				new Promise((resolveLater) => setTimeout(resolveLater, graceMs).unref()),
			]);
		}
	})();
	return stopping;
}

export function exitOnSignals(onSignal?: (signal: NodeJS.Signals) => void): void {
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.on(signal, () => {
			onSignal?.(signal);
			void shutdown().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
		});
	}
}

/** Fails the whole run when it takes longer than `ms`: a hung step must not hang CI. */
export function watchdog(ms: number, what: string): void {
	setTimeout(() => {
		console.error(`\n${what}: still running after ${Math.round(ms / 60_000)} minutes, stopping.`);
		void shutdown().then(() => process.exit(1));
	}, ms).unref();
}

/**
 * Runs a script's `main` to its end: what it started is stopped however it ends (done, failed,
 * Ctrl+C, SIGTERM, or still running after `limitMs`); exits 0 when it passed, 1 when not.
 */
export function runScript(name: string, main: () => Promise<void>, limitMs: number, stopping: string): void {
	exitOnSignals((signal) => console.error(`\n${signal}: stopping ${stopping}.`));
	watchdog(limitMs, name);
	main()
		.then(async () => {
			printTimings();
			await shutdown();
			process.exit(0);
		})
		.catch(async (error: unknown) => {
			printTimings();
			console.error(`\n${name} FAILED: ${error instanceof Error ? error.message : String(error)}`);
			await shutdown();
			process.exit(1);
		});
}
