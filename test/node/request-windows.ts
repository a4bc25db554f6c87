import type { LogEntry } from './connected-sandbox';

/** When a request reached the sandbox, on the sandbox's clock. */
export const arrivedAt = (entry: LogEntry) => Date.parse(entry.at);

/** The most requests that arrived at the sandbox within any 60 s. */
export function busiestMinute(requests: LogEntry[]): number {
	const times = requests.map(arrivedAt).sort((a, b) => a - b);
	let most = 0;
	for (let first = 0, last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= 60_000) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

/**
 * What a request answered `status` with a Retry-After of `seconds` says of the requests after it:
 * which arrived before that time had passed though they started after it arrived (requests
 * already on their way — up to `onTheirWay` — may arrive), and how many came after it.
 */
export function heldBy(requests: LogEntry[], status: number, seconds: number, onTheirWay: number) {
	const refused = requests.findIndex((entry) => entry.status === status);
	const heldUntil = arrivedAt(requests[refused]) + seconds * 1000;
	const later = requests.slice(refused + 1);
	return {
		refused,
		tooEarly: later.filter((entry) => arrivedAt(entry) < heldUntil && entry.seq > requests[refused].seq + onTheirWay),
		afterwards: later.filter((entry) => arrivedAt(entry) >= heldUntil).length,
	};
}
