import type { Clock } from './clock';

/** The service counts the requests of a business in any 60 s (its version 3 rule: 200). */
export const WINDOW_MS = 60_000;

/**
 * A request reaches the service a little after it starts here (reading the credential, the
 * network): a start is kept in the window this much longer, so that late arrivals of one window
 * never meet early ones of the next. Over a minute that is 1 s of slack.
 */
export const ARRIVAL_MARGIN_MS = 1_000;

/**
 * The request budget of one business: at most `perMinute` request starts in any window of
 * `WINDOW_MS` (a sliding window, as the service counts), shared by every request made for that
 * business. A request waits only while the window is full, so a small read starts at once and a
 * large one at full concurrency until the window is spent. Requests take their turn in the
 * order they asked for it, so no caller starves another. After a 429 every waiting request is
 * held until the service's Retry-After has passed.
 */
export class RequestBudget {
	/** Start times still inside the window, oldest first. */
	private readonly starts: number[] = [];

	private queue: Promise<void> = Promise.resolve();

	private heldUntil = Number.NEGATIVE_INFINITY;

	/** Requests started under this budget since it was made. */
	private started = 0;

	constructor(private readonly clock: Clock) {}

	/** Resolves when this request may start, with the start time counted for it. */
	async take(perMinute: number): Promise<number> {
		const turn = this.queue.then(async () => await this.waitForRoom(perMinute));
		this.queue = turn.then(
			() => undefined,
			() => undefined,
		);
		return await turn;
	}

	/** Holds every request that has not started until `ms` from now (the service's Retry-After). */
	holdFor(ms: number): void {
		this.heldUntil = Math.max(this.heldUntil, this.clock.now() + ms);
	}

	/** Requests started under this budget since it was made. */
	get startedInAll(): number {
		return this.started;
	}

	/** Starts counted in the window now: what a reader or test can see of the budget. */
	spent(): number {
		this.forget(this.clock.now());
		return this.starts.length;
	}

	private async waitForRoom(perMinute: number): Promise<number> {
		for (;;) {
			const now = this.clock.now();
			this.forget(now);
			const full = this.starts.length >= perMinute;
			const roomAt = full ? this.starts[this.starts.length - perMinute] + WINDOW_MS + ARRIVAL_MARGIN_MS : now;
			const at = Math.max(roomAt, this.heldUntil);
			if (at <= now) {
				this.starts.push(now);
				this.started += 1;
				return now;
			}
			await this.clock.sleep(at - now);
		}
	}

	private forget(now: number): void {
		const oldest = now - WINDOW_MS - ARRIVAL_MARGIN_MS;
		let expired = 0;
		while (expired < this.starts.length && this.starts[expired] <= oldest) expired++;
		if (expired) this.starts.splice(0, expired);
	}
}
