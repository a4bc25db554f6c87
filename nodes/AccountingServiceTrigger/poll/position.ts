import type { IDataObject } from 'n8n-workflow';

/**
 * Where the trigger stands, and the rule that moves it. Pure functions only: the poll reads,
 * these decide what is new, and the poll stores the result in one write at the very end.
 *
 * All times are the service's: `since` comes from the `Date` header of the service's answers,
 * event times from the records. n8n's own clock is never compared with them, so a skew between
 * n8n and the service cannot lose or repeat records.
 */

/**
 * How far behind the service's "now" the next read starts. The read that produced a record list
 * ran a moment before the `Date` header was stamped (which is whole seconds), and a record can
 * become visible a moment after the time written on it (a transaction still committing, or the
 * service's web and database clocks differing slightly). Re-reading the last minute catches such
 * records; `seen` keeps them from being emitted twice. Records that appear more than this long
 * after their own timestamp are outside the window.
 */
export const OVERLAP_MS = 60_000;

/**
 * "new": a record was created (its `created_at`); "newOrUpdated": created or changed
 * (`updated_at`); "deleted": deleted (`deleted_at`, read with `deleted_since`); "anyChange":
 * created, changed or deleted, the last two read side by side.
 */
export type TriggerEvent = 'new' | 'newOrUpdated' | 'deleted' | 'anyChange';

export type EventTimeField = 'created_at' | 'updated_at' | 'deleted_at';

export const EVENT_TIME_FIELD: Record<Exclude<TriggerEvent, 'anyChange'>, EventTimeField> = {
	new: 'created_at',
	newOrUpdated: 'updated_at',
	deleted: 'deleted_at',
};

export interface Position {
	/** The next read asks for `updated_or_created_since` = this (inclusive); epoch ms, service clock. */
	since: number;
	/**
	 * Records already emitted (or, at the start, already there) whose event time is at or after
	 * `since`, with that event time. A record whose event time is not later than its entry here is
	 * not emitted again; one updated since then is.
	 */
	seen: Map<string, number>;
}

/** One record as read, with the time of the event the trigger watches. */
export interface Change {
	id: string;
	at: number;
	record: IDataObject;
	/** Read from the list of deletions. */
	deleted: boolean;
}

/** What one complete read told the trigger. */
export interface Read {
	changes: Change[];
	/** The service's clock when the read began (the `Date` of its first answer); epoch ms. */
	serverTime: number;
	/**
	 * False when the list moved while it was paged through (its `$total` changed between pages):
	 * a record may then have slid from a page not yet read onto one already read.
	 */
	consistent: boolean;
}

/**
 * The records of `read` that have not been emitted yet, oldest event first, and the position for
 * the next poll. `since` only moves forward, and only after a consistent read: after a list that
 * moved while being paged, the same window is read again next time, and `seen` filters what was
 * already emitted.
 */
export function advance(position: Position, read: Read): { emit: Change[]; next: Position } {
	const latest = new Map<string, Change>();
	for (const change of read.changes) {
		if (change.at < position.since) continue;
		const earlier = latest.get(change.id);
		// A record changed and deleted in the same second is gone: the deletion is its last change.
		if (!earlier || change.at > earlier.at || (change.at === earlier.at && change.deleted))
			latest.set(change.id, change);
	}

	const emit: Change[] = [];
	const seen = new Map(position.seen);
	for (const change of latest.values()) {
		const emittedAt = seen.get(change.id);
		if (emittedAt !== undefined && change.at <= emittedAt) continue;
		emit.push(change);
		seen.set(change.id, change.at);
	}

	const since = read.consistent ? Math.max(position.since, read.serverTime - OVERLAP_MS) : position.since;
	for (const [id, at] of seen) if (at < since) seen.delete(id);

	// Array.prototype.sort is stable: records with the same time keep the service's order.
	emit.sort((a, b) => a.at - b.at);
	return { emit, next: { since, seen } };
}

/**
 * The starting position: "now" on the service's clock, with the records of the overlap window
 * that were there at the start counted as seen, so that the first poll floods nothing and the
 * next one emits only what happened after the start. The first poll reads the clock and then the
 * window, `readingMs` apart (seconds on a loaded machine): a record stamped after "now" and
 * within that time was created in between, so it is left for the next poll instead of being
 * counted as already there. A record stamped later still was there all along (a service whose
 * record stamps run ahead of its `Date`), and is seen.
 */
export function startAt(serverTime: number, read: Read, readingMs = 0): Position {
	const createdWhileReading = (change: Change) =>
		change.at > serverTime && change.at <= serverTime + readingMs + STAMP_RESOLUTION_MS;
	const existing = read.changes.filter((change) => !createdWhileReading(change));
	return advance({ since: serverTime - OVERLAP_MS, seen: new Map() }, { ...read, changes: existing }).next;
}

/** The service's `Date` and record stamps are whole seconds. */
const STAMP_RESOLUTION_MS = 1_000;
