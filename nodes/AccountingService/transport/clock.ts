import { sleep } from 'n8n-workflow';

/**
 * The time the transport waits on: pacing, Retry-After holds, backoff. Tests give the transport
 * a clock that moves time forward instead of sleeping (state.ts, `useClock`).
 */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
	now: () => Date.now(),
	sleep: async (ms) => await sleep(ms),
};
