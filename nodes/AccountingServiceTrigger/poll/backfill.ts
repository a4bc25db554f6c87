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
 * the backfill finds its place again by the IDs of the last page it read, and reads a page again
 * when the list shrank between two of its pages.
 */

/** The largest page the service gives. */
export const BACKFILL_PAGE_SIZE = 200;

export interface Backfill {
	/** What "changed" means: `updated_at`, or `created_at` when only new records are watched. */
	field: 'updated_at' | 'created_at';
	/** A Date: only records changed at or after this (epoch ms); null for every existing record. */
	from: number | null;
	/** Records changed at or after this are the change feed's. */
	before: number;
	/** The last page read (1-based; 0 before the first). */
	page: number;
	/** The IDs on that page as it was read, in order: where the backfill stands in the list. */
	anchors: string[];
}

export interface ListPage {
	items: IDataObject[];
	/** The list's `$total` when the page was read. */
	total: number;
	/** No page follows. */
	last: boolean;
}

export type ReadPage = (page: number) => Promise<ListPage>;

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
	let total: number | undefined;
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
				total = again.total;
				if (again.last) return finish(read, backfill, null);
				break;
			}
		}
	}

	while (read.length < limit) {
		const next = await readPage(page + 1);
		if (total !== undefined && next.total < total && page >= 1) {
			const again = await readPage(page);
			take(itemsAfter(again.items, anchors) ?? again.items);
		}
		take(next.items);
		total = next.total;
		page += 1;
		anchors = next.items.map(idOf);
		if (next.last) return finish(read, backfill, null);
	}
	return finish(read, backfill, { ...backfill, page, anchors });
}

const finish = (read: IDataObject[], backfill: Backfill, next: Backfill | null): BackfillStep => ({
	records: read.filter((record) => isBackfills(record, backfill)),
	next,
});
