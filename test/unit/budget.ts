import { ARRIVAL_MARGIN_MS, RequestBudget, WINDOW_MS } from '../../nodes/AccountingService/transport/budget';
import { VirtualClock } from '../harness/virtual-clock';

/** The most starts within any window of the service's length. */
function busiestWindow(starts: number[]): number {
	const sorted = [...starts].sort((a, b) => a - b);
	let most = 0;
	for (let first = 0, last = 0; last < sorted.length; last++) {
		while (sorted[last] - sorted[first] >= WINDOW_MS) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

async function startAll(budget: RequestBudget, count: number, perMinute: number) {
	const starts: number[] = [];
	await Promise.all(Array.from({ length: count }, async () => starts.push(await budget.take(perMinute))));
	return starts;
}

describe('the request budget of a business (sliding window, virtual time)', () => {
	it('a read that fits the window starts at once: nothing waits', async () => {
		const clock = new VirtualClock();
		const starts = await startAll(new RequestBudget(clock), 200, 200);
		expect(starts.every((at) => at === 0)).toBe(true);
		expect(clock.sleeps).toEqual([]);
	});

	it('beyond the window: full speed until it is spent, then never more than the limit in any 60 s', async () => {
		const clock = new VirtualClock();
		const starts = await startAll(new RequestBudget(clock), 450, 200);
		expect(busiestWindow(starts)).toBe(200);
		expect(starts.filter((at) => at === 0)).toHaveLength(200);
		// The 201st waits for the first to leave the window (with the arrival margin), no longer.
		expect([...new Set(starts)].sort((a, b) => a - b)).toEqual([
			0,
			WINDOW_MS + ARRIVAL_MARGIN_MS,
			2 * (WINDOW_MS + ARRIVAL_MARGIN_MS),
		]);
	});

	it('a lower limit is kept as exactly', async () => {
		const clock = new VirtualClock();
		const starts = await startAll(new RequestBudget(clock), 50, 7);
		expect(busiestWindow(starts)).toBe(7);
	});

	it('callers sharing one budget share its window: two reads together stay under the limit', async () => {
		const clock = new VirtualClock();
		const budget = new RequestBudget(clock);
		const [first, second] = await Promise.all([startAll(budget, 150, 200), startAll(budget, 150, 200)]);
		expect(busiestWindow([...first, ...second])).toBe(200);
		// Separate budgets would each let 150 through at once: 300 in one window.
		const apart = await Promise.all([
			startAll(new RequestBudget(clock), 150, 200),
			startAll(new RequestBudget(clock), 150, 200),
		]);
		expect(busiestWindow(apart.flat())).toBe(300);
	});

	it('turns are taken in the order asked: a caller that came later never overtakes', async () => {
		const clock = new VirtualClock();
		const budget = new RequestBudget(clock);
		const order: string[] = [];
		await Promise.all(
			['a', 'b', 'c', 'd', 'e', 'f'].map(async (name) => {
				await budget.take(2);
				order.push(name);
			}),
		);
		expect(order).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
	});

	it('a 429 holds every waiting request until its Retry-After has passed', async () => {
		const clock = new VirtualClock();
		const budget = new RequestBudget(clock);
		await budget.take(200);
		clock.advance(100);
		budget.holdFor(5_000);
		const starts = await startAll(budget, 3, 200);
		expect(Math.min(...starts)).toBeGreaterThanOrEqual(5_100);
		expect(budget.spent()).toBe(4);
	});
});
