import type { Clock } from '../../nodes/AccountingService/transport/clock';

/**
 * A clock whose sleeps move time forward at once instead of waiting: each sleep advances it by
 * its length. The budget has one request waiting at a time (the head of its queue), so its
 * waits add up exactly; sleeps that overlap (backoffs of parallel requests) only make virtual
 * time pass faster, never a pace look faster than it was. `realNow` lets the clock also follow
 * real time, for a sandbox that stamps answers with it.
 */
export class VirtualClock implements Clock {
	private virtual = 0;

	/** Every sleep asked for, in virtual milliseconds: a test can see that nothing waited. */
	readonly sleeps: number[] = [];

	constructor(private readonly realNow: () => number = () => 0) {}

	now(): number {
		return this.realNow() + this.virtual;
	}

	async sleep(ms: number): Promise<void> {
		this.sleeps.push(ms);
		// What other callers have already been let do (their continuations) happens before time jumps.
		await new Promise((resolve) => setImmediate(resolve));
		this.advance(ms);
	}

	advance(ms: number): void {
		this.virtual += Math.max(0, ms);
	}
}
