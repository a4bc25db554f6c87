import { processState, useClock } from '../../nodes/AccountingService/state';
import { VirtualClock } from './virtual-clock';

interface SandboxView {
	clock: { now(): number; advance(seconds: number): number };
	log: { entries(): Array<{ path: string }> };
}

/** Requests the transport has started, over every budget of the process. */
const startedRequests = () =>
	[...new Set(processState.budgets.values())].reduce((sum, budget) => sum + budget.startedInAll, 0);

const realSleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The transport waits on the sandbox's clock: a wait for the budget or a Retry-After moves the
 * sandbox's time forward, so the sandbox counts its rate limit and stamps its log in the same
 * (virtual) time as the node paces. Before time jumps, the requests already started are let
 * reach the sandbox, so none of them is stamped after a jump it did not wait for. Returns the
 * undo: back to the suite's own virtual clock.
 */
export function shareClockWith(sandbox: SandboxView, apiPrefix = '/v3.1/'): () => void {
	const arrivedBefore = sandbox.log.entries().filter((entry) => entry.path.startsWith(apiPrefix)).length;
	useClock({
		now: () => sandbox.clock.now(),
		sleep: async (ms) => {
			const arrived = () =>
				sandbox.log.entries().filter((entry) => entry.path.startsWith(apiPrefix)).length - arrivedBefore;
			for (let waited = 0; arrived() < startedRequests() && waited < 5_000; waited += 2) await realSleep(2);
			sandbox.clock.advance(Math.max(0, ms) / 1000);
		},
	});
	return () => useClock(new VirtualClock(() => Date.now()));
}
