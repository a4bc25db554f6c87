import { runItems } from '../../nodes/AccountingService/actions/itemRunner';

/**
 * Virtual time that wakes sleepers in the order of their wake-up times, one at a time, once
 * everything awake has run: items of different lengths finish in the order real time would
 * finish them.
 */
class EventClock {
	private time = 0;
	private order = 0;
	private timers: Array<{ at: number; order: number; wake: () => void }> = [];
	private pending = false;

	sleep(ms: number): Promise<void> {
		return new Promise((wake) => {
			this.timers.push({ at: this.time + ms, order: this.order++, wake });
			this.fireSoon();
		});
	}

	private fireSoon() {
		if (this.pending) return;
		this.pending = true;
		setImmediate(() => {
			this.pending = false;
			this.timers.sort((a, b) => a.at - b.at || a.order - b.order);
			const next = this.timers.shift();
			if (!next) return;
			this.time = next.at;
			next.wake();
			if (this.timers.length) this.fireSoon();
		});
	}
}

/** Items that each take `ms[i]` of virtual time, recording how many run at once. */
function timedItems(clock: EventClock, ms: number[], fails: number[] = []) {
	const log = { running: 0, most: 0, started: [] as number[], finished: [] as number[] };
	const run = async (index: number) => {
		log.started.push(index);
		log.running++;
		log.most = Math.max(log.most, log.running);
		await clock.sleep(ms[index]);
		log.running--;
		log.finished.push(index);
		if (fails.includes(index)) throw new Error(`item ${index} failed`);
		return `result ${index}`;
	};
	return { log, run };
}

describe('items run several at once, their outcomes in input order (virtual time)', () => {
	it('reaches the concurrency and never exceeds it; outcomes keep input order', async () => {
		const clock = new EventClock();
		const ms = [300, 100, 200, 50, 300, 100, 10, 200];
		const { log, run } = timedItems(clock, ms);
		const outcomes = await runItems({ count: ms.length, concurrency: 3, run, stopOnFailure: true });
		expect(log.most).toBe(3);
		expect(outcomes).toEqual(ms.map((_, index) => ({ ok: true, value: `result ${index}` })));
		expect(log.started).toEqual(ms.map((_, index) => index));
		expect(log.finished).not.toEqual(log.started);
	});

	it('stops starting items after a failure; those under way finish', async () => {
		const clock = new EventClock();
		const ms = [300, 100, 200, 200, 200, 200];
		const { log, run } = timedItems(clock, ms, [1]);
		const outcomes = await runItems({ count: ms.length, concurrency: 3, run, stopOnFailure: true });
		expect(outcomes[1]).toEqual({ ok: false, error: new Error('item 1 failed') });
		// Items 0 and 2 were under way when item 1 failed: they finish, and nothing else starts.
		expect(log.started).toEqual([0, 1, 2]);
		expect(log.finished.sort()).toEqual([0, 1, 2]);
		expect(outcomes.slice(3)).toEqual([undefined, undefined, undefined]);
	});

	it('with continue-on-fail every item runs; the failure stands in its place', async () => {
		const clock = new EventClock();
		const { run } = timedItems(clock, [50, 50, 50, 50], [2]);
		const outcomes = await runItems({ count: 4, concurrency: 2, run, stopOnFailure: false });
		expect(outcomes.map((outcome) => outcome?.ok)).toEqual([true, true, false, true]);
	});

	it('items of one record run one after another in input order, the others beside them', async () => {
		const clock = new EventClock();
		const ms = [300, 50, 50, 50];
		const keys = ['A', 'B', 'A', 'C'];
		const { log, run } = timedItems(clock, ms);
		await runItems({ count: 4, concurrency: 3, run, keyOf: (index) => keys[index], stopOnFailure: true });
		expect(log.finished.indexOf(2)).toBeGreaterThan(log.finished.indexOf(0));
		expect(log.finished.indexOf(1)).toBeLessThan(log.finished.indexOf(0));
	});

	it('an item waiting for a failed item of its record never starts', async () => {
		const clock = new EventClock();
		const keys = ['A', 'B', 'A'];
		const { log, run } = timedItems(clock, [50, 300, 10], [0]);
		const outcomes = await runItems({
			count: 3,
			concurrency: 3,
			run,
			keyOf: (index) => keys[index],
			stopOnFailure: true,
		});
		expect(log.started).toEqual([0, 1]);
		expect(outcomes.map((outcome) => outcome?.ok)).toEqual([false, true, undefined]);
	});

	it('one at a time is the sequential loop', async () => {
		const clock = new EventClock();
		const { log, run } = timedItems(clock, [30, 10, 20]);
		await runItems({ count: 3, concurrency: 1, run, stopOnFailure: true });
		expect(log.most).toBe(1);
		expect(log.finished).toEqual([0, 1, 2]);
	});
});
