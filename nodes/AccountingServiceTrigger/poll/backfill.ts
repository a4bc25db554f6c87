import type { IDataObject } from 'n8n-workflow';

import { implausibleTotal } from '../../AccountingService/transport/pages';

/**
 * The records that were already there when the trigger started (Start From: All Existing Records
 * or A Date), read a batch per poll in the list's own order, so that a backfill of many thousand
 * records stays within the business's request budget and keeps its place across polls.
 *
 * The backfill and the change feed split the records between them by `updated_at` (`created_at`
 * when the trigger watches new records only): a record changed before `before` is the backfill's,
 * one changed at or after it the feed's (the feed reads from `before`). A record that changes
 * while the backfill runs therefore comes once, from the feed, as it is then; one the backfill
 * already gave comes again from the feed only because it changed.
 *
 * The list moves under the backfill both ways. A record leaving it before the backfill's place (a
 * deletion) moves the records after it back, onto a page that may have been read already; one
 * entering it before the place (an old record deleted, in the list of deletions) moves them
 * forward, onto a page not read yet. The backfill keeps its place by the IDs of the last page it
 * read (its anchors): each poll finds the last anchor still listed, looking the way the list's
 * creation order says when the list moved by more than a page, reads on from there, and never
 * outputs an anchor again. Within a poll, after each page it reads again the last record of the
 * page before, and finds its place again when that is another record. Records entering the list
 * meanwhile changed after `before`: they are the feed's.
 */

/** The largest page the service gives. */
export const BACKFILL_PAGE_SIZE = 200;

/**
 * Pages of one poll's backfill that bring no record it has not taken yet, past which the list is
 * refused. Only records moving back across pages already read (a deletion before the place)
 * bring such pages while the list keeps to its contract; more than this many in one poll, and the
 * next poll finds its place again from where this one started.
 */
export const MAX_PAGES_WITHOUT_NEW = 5;

export interface Backfill {
	/**
	 * What "changed" means: `updated_at`, or `created_at` when only new records are watched; for
	 * the list of deletions (Deleted Record, or New, Updated or Deleted from a date), `deleted_at`.
	 */
	field: 'updated_at' | 'created_at' | 'deleted_at';
	/** A Date: only records changed at or after this (epoch ms); null for every existing record. */
	from: number | null;
	/** Records changed at or after this are the change feed's. */
	before: number;
	/** The last page read (1-based; 0 before the first). */
	page: number;
	/** The IDs on that page as it was read, in order: where the backfill stands in the list. */
	anchors: string[];
	/**
	 * The `created_at` (epoch ms) of the last record read: the list is in creation order, so a
	 * record created later has not been reached yet. Undefined before the first page.
	 */
	reached?: number;
	/** Records not reached yet that the feed output as new already: a later change of one is an update. */
	handed?: string[];
	/** The backfill that follows this one (the deletions since A Date, after the records). */
	then?: Backfill;
}

export interface ListPage {
	items: IDataObject[];
	/** The list's `$total` when the page was read. */
	total: number;
	/** No page follows. */
	last: boolean;
}

/** Page `page` of the list at `size` records a page (BACKFILL_PAGE_SIZE, or 1 to read one record). */
export type ReadPage = (page: number, size?: number) => Promise<ListPage>;

export interface BackfillStep {
	/** The backfill's records of this poll, in the list's order. */
	records: IDataObject[];
	/** Where the next poll continues; null when the backfill is complete. */
	next: Backfill | null;
}

const idOf = (record: IDataObject) => String(record.id);

/** Whether the backfill outputs the record: changed before the feed's start, and since A Date. */
function isBackfills(record: IDataObject, backfill: Backfill): boolean {
	const changed = Date.parse(String(record[backfill.field] ?? ''));
	if (!Number.isFinite(changed)) return backfill.from === null;
	return changed < backfill.before && (backfill.from === null || changed >= backfill.from);
}

/**
 * One poll's share of the backfill: about `limit` records (whole pages). Any failed read throws
 * before anything is decided, so the next poll starts from the same place.
 */
export async function backfillStep(
	backfill: Backfill,
	readList: ReadPage,
	limit: number,
	refuse: Refuse,
): Promise<BackfillStep> {
	const readPage = boundedPages(readList, refuse);
	const read: IDataObject[] = [];
	// The last page read was output by the poll before: records sliding forward bring its records
	// onto the next page.
	const taken = new Set<string>(backfill.anchors);
	const take = (items: IDataObject[]) => {
		for (const item of items) {
			if (taken.has(idOf(item))) continue;
			taken.add(idOf(item));
			read.push(item);
		}
	};

	let place: Place = { page: backfill.page, anchors: backfill.anchors, reached: backfill.reached };
	const moveTo = (found: Found) => {
		take(found.after);
		place = {
			page: found.page,
			anchors: found.items.map(idOf),
			reached: createdAt(found.items.at(-1)) ?? place.reached,
		};
	};
	if (place.page >= 1 && place.anchors.length) {
		// Since the last poll, records may have left the list before its place or entered it.
		const found = await locate(readPage, place);
		moveTo(found);
		if (found.last) return finish(read, backfill, null);
	}

	// At least one page further each poll, whatever the re-read above gave.
	let withoutNew = 0;
	for (let pages = 0, had = -1; pages === 0 || read.length < limit; pages++, had = read.length) {
		if (read.length === had && ++withoutNew > MAX_PAGES_WITHOUT_NEW) {
			throw refuse(
				`answered ${withoutNew} pages with no record the backfill had not read already, none of them the last`,
			);
		}
		const next = await readPage(place.page + 1);
		if (place.page >= 1 && (await movedSince(readPage, place.page, place.anchors))) {
			const found = await locate(readPage, place);
			const from = place.page;
			moveTo(found);
			if (found.last) return finish(read, backfill, null);
			// Moved by more than a page: the pages after its new place are read again.
			if (found.page !== from) continue;
		}
		take(next.items);
		place = {
			page: place.page + 1,
			anchors: next.items.map(idOf),
			reached: createdAt(next.items.at(-1)) ?? place.reached,
		};
		if (next.last) return finish(read, backfill, null);
	}
	return finish(read, backfill, { ...backfill, ...place });
}

/** The error that stops a poll on a list out of contract, naming the list: `what` says how. */
export type Refuse = (what: string) => Error;

/**
 * The list's pages, each checked against the `$total`s read so far: a plausible count (at most
 * the records a read accepts), and no page past the records the largest of them holds that is not
 * the last. However the place moves, a step then reads no further than the list reaches.
 */
function boundedPages(readPage: ReadPage, refuse: Refuse): ReadPage {
	let largestTotal = 0;
	return async (page, size = BACKFILL_PAGE_SIZE) => {
		const answer = await readPage(page, size);
		const why = implausibleTotal(answer.total);
		if (why) throw refuse(`was answered with a $total of ${String(answer.total)}, which ${why}`);
		largestTotal = Math.max(largestTotal, answer.total);
		// One page more than the total fills, as a service may link an empty page after a full last one.
		if (!answer.last && page > Math.ceil(largestTotal / size) + 1) {
			throw refuse(
				`has pages past page ${page - 1}, more than its $total of ${largestTotal} records at ${size} a page allows`,
			);
		}
		return answer;
	};
}

/** Where the backfill stands: the last page it read, that page's IDs, and its last record's `created_at`. */
type Place = Pick<Backfill, 'page' | 'anchors' | 'reached'>;

/** The page that holds the backfill's place now, and its records after that place. */
interface Found {
	page: number;
	items: IDataObject[];
	after: IDataObject[];
	last: boolean;
}

/**
 * Finds the backfill's place in the list as it is now: the last of its anchors still listed. A
 * record leaving the list before it moves it back; one entering the list before it (an old
 * record deleted, in the list of deletions) moves it forward; by more than a page, no anchor is
 * on the page it was on, and the list's creation order says which way to look. When every anchor
 * has left the list, the place is where records created after `reached` begin.
 */
async function locate(readPage: ReadPage, place: Place): Promise<Found> {
	let way: -1 | 1 | undefined;
	let at = place.page;
	for (;;) {
		const page = await readPage(at);
		const index = lastIndexOf(page.items, place.anchors);
		if (index >= 0) return { page: at, items: page.items, after: page.items.slice(index + 1), last: page.last };
		const towards = wayTo(page.items, place.reached);
		const turned = way !== undefined && towards !== way;
		const end = (towards === -1 && at === 1) || (towards === 1 && page.last);
		if (towards === undefined || turned || end) {
			const after = page.items.filter((record) => !readBefore(record, place));
			return { page: at, items: page.items, after, last: page.last };
		}
		way = towards;
		at += way;
	}
}

function lastIndexOf(items: IDataObject[], known: readonly string[]): number {
	const ids = new Set(known);
	for (let index = items.length - 1; index >= 0; index--) if (ids.has(idOf(items[index]))) return index;
	return -1;
}

/**
 * Which way the records created at `reached` lie from a page that holds none of the anchors:
 * forward when all its records are older, back when all are newer (or `reached` is unknown: a
 * position stored before it was kept, read back to the first page as it was then).
 */
function wayTo(items: IDataObject[], reached: number | undefined): -1 | 1 | undefined {
	if (reached === undefined) return -1;
	const times = items.map(createdAt);
	if (times.length && times.every((at) => at !== undefined && at < reached)) return 1;
	if (times.every((at) => at === undefined || at > reached)) return -1;
	return undefined;
}

/** Whether the backfill read the record before its place, by the list's creation order. */
function readBefore(record: IDataObject, place: Place): boolean {
	const created = createdAt(record);
	if (created === undefined || place.reached === undefined) return false;
	return created < place.reached || (created === place.reached && place.anchors.includes(idOf(record)));
}

const createdAt = (record: IDataObject | undefined) => {
	const at = Date.parse(String(record?.created_at ?? ''));
	return Number.isFinite(at) ? at : undefined;
};

/**
 * Whether the backfill has yet to reach a record it would have output, had it not changed since
 * the backfill started: created before the feed's start, after the last record the backfill read.
 */
export function notReachedYet(backfill: Backfill, record: IDataObject): boolean {
	const created = createdAt(record);
	if (backfill.field === 'deleted_at') return false;
	if (created === undefined || created >= backfill.before || backfill.handed?.includes(idOf(record))) return false;
	if (backfill.reached === undefined) return true;
	return created > backfill.reached || (created === backfill.reached && !backfill.anchors.includes(idOf(record)));
}

/**
 * Whether records slid back across the end of `page` since it was read (its last record, read
 * again after the next page, is another one): a deletion before it moves them back whether or not
 * a creation keeps `$total` as it was. Then the records after the anchors are on `page` now.
 */
async function movedSince(readPage: ReadPage, page: number, anchors: readonly string[]): Promise<boolean> {
	const end = await readPage(page * BACKFILL_PAGE_SIZE, 1);
	const id = end.items[0] === undefined ? undefined : idOf(end.items[0]);
	return id !== anchors[anchors.length - 1];
}

const finish = (read: IDataObject[], backfill: Backfill, next: Backfill | null): BackfillStep => ({
	records: read.filter((record) => isBackfills(record, backfill)),
	next: next ?? backfill.then ?? null,
});
