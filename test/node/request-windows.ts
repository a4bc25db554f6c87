import type { LogEntry } from './connected-sandbox';

/** The most requests that arrived at the sandbox within any 60 s. */
export function busiestMinute(requests: LogEntry[]): number {
	const times = requests.map((entry) => Date.parse(entry.at)).sort((a, b) => a - b);
	let most = 0;
	for (let first = 0, last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= 60_000) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}
