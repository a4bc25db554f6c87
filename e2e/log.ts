/** Step output with timings, and a summary table at the end. */
const timings: Array<{ name: string; ms: number }> = [];

export function info(message: string): void {
	console.log(`   ${message}`);
}

export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
	const started = performance.now();
	console.log(`\n== ${name}`);
	const result = await work();
	const ms = performance.now() - started;
	timings.push({ name, ms });
	console.log(`   done in ${seconds(ms)}: ${name}`);
	return result;
}

export function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(1)} s`;
}

export function printTimings(): void {
	if (!timings.length) return;
	const width = Math.max(...timings.map(({ name }) => name.length));
	console.log('\nTimings');
	for (const { name, ms } of timings) console.log(`  ${name.padEnd(width)}  ${seconds(ms).padStart(8)}`);
}
