const NOT_STARTED = Symbol('not started');

/** How one item ended: its value, or what it failed with. */
export type ItemOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface ItemRun<T> {
	count: number;
	/** Items under way at once, at least 1. */
	concurrency: number;
	run(index: number): Promise<T>;
	/**
	 * The record an item writes, where it has one (an id, a Create or Update key): items with the
	 * same key run one after another in input order, as a sequential loop runs them.
	 */
	keyOf?(index: number): string | undefined;
	/** Without continue-on-fail no item starts after one has failed. */
	stopOnFailure: boolean;
}

/**
 * Runs items up to `concurrency` at once, started in input order, and gives their outcomes in
 * input order: what a sequential loop gives, sooner. After a failure with `stopOnFailure`, no
 * further item starts; those under way finish (a write already sent is not abandoned half-way),
 * and the items never started have no outcome.
 */
export async function runItems<T>(items: ItemRun<T>): Promise<Array<ItemOutcome<T> | undefined>> {
	const outcomes: Array<ItemOutcome<T> | undefined> = new Array(items.count);
	const lastOfKey = new Map<string, Promise<unknown>>();
	let next = 0;
	let failed = false;

	const runOne = async (index: number) => {
		const key = items.keyOf?.(index);
		const before = key === undefined ? undefined : lastOfKey.get(key);
		const own = (async () => {
			await before?.catch(() => undefined);
			// Waiting for an item of its record, it has not started: after a failure it never does.
			if (failed && items.stopOnFailure) return NOT_STARTED;
			return await items.run(index);
		})();
		if (key !== undefined) lastOfKey.set(key, own);
		try {
			const value = await own;
			if (value !== NOT_STARTED) outcomes[index] = { ok: true, value: value as T };
		} catch (error) {
			outcomes[index] = { ok: false, error };
			failed = true;
		}
	};

	const lane = async () => {
		while (next < items.count && !(failed && items.stopOnFailure)) await runOne(next++);
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(items.concurrency, items.count)) }, lane));
	return outcomes;
}

/**
 * Runs every task, up to `concurrency` at once, and gives their values in order; the first
 * failure (in task order) fails the whole, and no task starts after it.
 */
export async function runAllOrFail<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
	const outcomes = await runItems({
		count: tasks.length,
		concurrency,
		run: async (index) => await tasks[index](),
		stopOnFailure: true,
	});
	const failure = outcomes.find((outcome) => outcome && !outcome.ok);
	if (failure && !failure.ok) throw failure.error;
	return outcomes.flatMap((outcome) => (outcome?.ok ? [outcome.value] : []));
}
