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
