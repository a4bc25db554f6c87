import type { IDataObject } from 'n8n-workflow';

/**
 * The records that were already there when the trigger started (Start From: All Existing Records
 * or A Date), read a batch per poll in the list's own order, so that a backfill of many thousand
 * records stays within the business's request budget and keeps its place across polls.
 *
 * The backfill and the change feed split the records between them by `updated_at` (`created_at`
 * when the trigger watches new records only): a record
 * changed before `before` is the backfill's, one changed at or after it the feed's (the feed
 * reads from `before`). A record that changes while the backfill runs therefore comes once, from
 * the feed, as it is then; one the backfill already gave comes again from the feed only because
 * it changed. Records created meanwhile are appended to the list and are the feed's; a deletion
 * moves the records after it one place back, onto a page that may have been read already, so
 * the backfill finds its place again by the IDs of the last page it read. Within a poll, after
 * each page it reads again the last record of the page before: found elsewhere, records slid
 * back across that boundary meanwhile (a deletion, with or without a creation keeping `$total`),
 * and it reads that page again for the records after its anchors.
 */

/** The largest page the service gives. */
export const BACKFILL_PAGE_SIZE = 200;

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

/** The items after the last of `known` on the page, or undefined when none of them is there. */
function itemsAfter(items: IDataObject[], known: readonly string[]): IDataObject[] | undefined {
	const ids = new Set(known);
	for (let index = items.length - 1; index >= 0; index--) {
		if (ids.has(idOf(items[index]))) return items.slice(index + 1);
	}
	return undefined;
}

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
export async function backfillStep(backfill: Backfill, readPage: ReadPage, limit: number): Promise<BackfillStep> {
	const read: IDataObject[] = [];
	const taken = new Set<string>();
	const take = (items: IDataObject[]) => {
		for (const item of items) {
			if (taken.has(idOf(item))) continue;
			taken.add(idOf(item));
			read.push(item);
		}
	};

	let page = backfill.page;
	let anchors = backfill.anchors;
	if (page >= 1 && anchors.length) {
		// Deletions since the last poll may have moved records back onto the pages read before.
		for (let at = page; ; at--) {
			const again = await readPage(at);
			const after = itemsAfter(again.items, anchors);
			if (after || at === 1) {
				// Every record the last page held is gone: start over from the first page rather than lose any.
				take(after ?? again.items);
				page = at;
				anchors = again.items.map(idOf);
				if (again.last) return finish(read, backfill, null);
				break;
			}
		}
	}

	// At least one page further each poll, whatever the re-read above gave.
	for (let pages = 0; pages === 0 || read.length < limit; pages++) {
		const next = await readPage(page + 1);
		if (page >= 1 && (await movedSince(readPage, page, anchors))) {
			const again = await readPage(page);
			take(itemsAfter(again.items, anchors) ?? again.items);
		}
		take(next.items);
		page += 1;
		anchors = next.items.map(idOf);
		if (next.last) return finish(read, backfill, null);
	}
	return finish(read, backfill, { ...backfill, page, anchors, reached: createdAt(read.at(-1)) ?? backfill.reached });
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
