/** Small measuring tools: medians, wall time, and the peak memory of a piece of work. */
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
