import type { LogEntry, SandboxView } from './checks/types';
import type { RunData } from './n8n-cli';

export interface RunRequests {
	/** The workflow's execution as n8n timed it (without the CLI's start-up). */
	milliseconds: number;
	/** The API requests (under /v3.1) that arrived while it ran, oldest first. */
	requests: LogEntry[];
}

const API_PREFIX = '/v3.1/';

/**
 * The API requests an `n8n execute` run made, told by time: n8n's run data has the execution's
 * start and stop by the system clock, the request log the sandbox's clock (the system clock plus
 * whatever `clock.advance` added; call this before moving it). An execute run is the only client
 * of the sandbox while it runs: the checks read only before and after.
 */
export function requestsOfRun(run: RunData, sandbox: SandboxView): RunRequests {
	const { startedAt, stoppedAt } = run as RunData & { startedAt?: string; stoppedAt?: string };
	if (!startedAt || !stoppedAt) throw new Error('the run data has no startedAt and stoppedAt to find its requests by');
	const start = Date.parse(startedAt);
	const stop = Date.parse(stoppedAt);
	// The two clocks read a moment apart may differ by a millisecond more than the offset.
	const sandboxAhead = sandbox.clock.now() - Date.now();
	const requests = sandbox.log.entries().filter((entry) => {
		const at = Date.parse(entry.at) - sandboxAhead;
		return entry.path.startsWith(API_PREFIX) && at >= start - 1 && at <= stop + 1;
	});
	return { milliseconds: stop - start, requests };
}

/** "POST /sales_invoices": the method and the collection, without the record's id or the query. */
export const endpointOf = (entry: LogEntry) =>
	`${entry.method} /${entry.path.slice(API_PREFIX.length).split(/[/?]/)[0]}`;

/** How many requests went to each endpoint, the most asked first: "POST /sales_invoices 50, GET /contacts 12". */
export function endpointCounts(requests: LogEntry[]): string {
	const counts = new Map<string, number>();
	for (const entry of requests) counts.set(endpointOf(entry), (counts.get(endpointOf(entry)) ?? 0) + 1);
	return [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([endpoint, count]) => `${endpoint} ${count}`)
		.join(', ');
}
