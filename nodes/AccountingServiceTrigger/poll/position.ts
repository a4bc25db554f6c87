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
 * created, changed or deleted, the last two read side by side; "paid" and "becameOverdue": an
 * invoice settled or past due (invoiceEvents.ts), read from its changes (`updated_at`).
 */
export type TriggerEvent = 'new' | 'newOrUpdated' | 'deleted' | 'anyChange' | 'paid' | 'becameOverdue';

export type EventTimeField = 'created_at' | 'updated_at' | 'deleted_at';

export const EVENT_TIME_FIELD: Record<Exclude<TriggerEvent, 'anyChange'>, EventTimeField> = {
	new: 'created_at',
	newOrUpdated: 'updated_at',
	deleted: 'deleted_at',
	paid: 'updated_at',
	becameOverdue: 'updated_at',
};

export interface Position {
	/** The next read asks for `updated_or_created_since` = this (inclusive); epoch ms, service clock. */
	since: number;
	/**
	 * Records already emitted (or, at the start, already there) whose event time is at or after
	 * `since`, with that event time. A record whose event time is earlier than its entry here is
	 * not emitted again, nor one at that time in the same version; one updated since then is.
	 */
	seen: Map<string, number>;
	/**
	 * The version of each record in `seen` as emitted (`versionOf`): a change at the same instant
	 * (the service's stamps are whole seconds) is emitted again when it is another version — a
	 * deletion, or a second update within the second. Absent for positions stored before it.
	 */
	versions?: Map<string, string>;
}

/** One record as read, with the time of the event the trigger watches. */
export interface Change {
	id: string;
	at: number;
	record: IDataObject;
	/** Read from the list of deletions. */
	deleted: boolean;
	/**
	 * Which version of the record's event this is, where the event time alone cannot tell two
	 * apart (readChanges.ts: versionOf the record for changes and deletions; the creation is one).
	 */
	version?: string;
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
	const versions = new Map(position.versions ?? []);
	for (const change of latest.values()) {
		const emittedAt = seen.get(change.id);
		const version = change.version ?? (change.deleted ? 'deleted' : 'live');
		const same = change.at === emittedAt && (versions.get(change.id) ?? version) === version;
		if (emittedAt !== undefined && (change.at < emittedAt || same)) continue;
		emit.push(change);
		seen.set(change.id, change.at);
		versions.set(change.id, version);
	}

	const since = read.consistent ? Math.max(position.since, read.serverTime - OVERLAP_MS) : position.since;
	for (const [id, at] of seen) {
		if (at >= since) continue;
		seen.delete(id);
		versions.delete(id);
	}

	// Array.prototype.sort is stable: records with the same time keep the service's order.
	emit.sort((a, b) => a.at - b.at);
	return { emit, next: { since, seen, versions } };
}

/**
 * A record's version as read: deleted or not, and a hash of the record as the service sent it.
 * Two reads of one version give the same; a change the stamp cannot show (within its second)
 * gives another.
 */
export function versionOf(record: IDataObject, deleted: boolean): string {
	const text = JSON.stringify(record);
	// FNV-1a, 32 bits: enough to tell two versions of one record apart.
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193);
	}
	return `${deleted ? 'deleted' : 'live'}:${(hash >>> 0).toString(16)}`;
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
