export const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** Probes once a second until the probe gives a value; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, probe: () => T | undefined): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await sleep(1000);
	}
}
