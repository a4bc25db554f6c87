import type { IDataObject } from 'n8n-workflow';

import { COLLECTIONS } from '../collections/table';
import { serviceDateTime } from '../helpers/values';
import type { ListEnvelope } from './types';

/**
 * Whether anything in a collection was created, edited or deleted since a time, asked of the
 * service itself: most lists take `updated_or_created_since` (inclusive, creations and edits,
 * voids included) and `deleted_since` (deletions); which ones is the OpenAPI's word, through the
 * collection table (collections/generated.ts), not a list kept here.
 *
 * A read of several pages is sound when nothing changed between its first page and its last:
 * one request to each feed after the pages, since the read's start on the service's clock, asks
 * exactly that, whatever the pages, their order or the read's filters (read.ts).
 */

/** The change feeds a collection offers. */
export interface ChangeFeed {
	/** `updated_or_created_since`: creations and edits (a void is an edit). */
	updated: boolean;
	/** `deleted_since`: deletions. */
	deleted: boolean;
}

/**
 * The service stamps records in whole seconds, and the `Date` header is whole seconds too: a change
 * made in the same second as the first page, or stamped by a clock a little behind the one that
 * wrote the header, may carry a stamp up to a second before the header's.
 */
export const STAMP_RESOLUTION_MS = 1000;

/** The feeds of the collection a list path reads (`/sales_invoices`), none for a path the table does not know. */
export function changeFeedOf(path: string): ChangeFeed | undefined {
	const name = path.split('?')[0].replace(/^\/+/, '');
	const row = COLLECTIONS.find((collection) => collection.path === name && !collection.singleton);
	const has = (query: string) => row?.filters.some((filter) => filter.query === query) === true;
	if (!has('updated_or_created_since')) return undefined;
	return { updated: true, deleted: has('deleted_since') };
}

/**
 * How far the service's `Date` may run ahead of this process's clock before the check stops
 * trusting it. What it guards against is a forged or broken date (the year 9999), after which
 * every change would be "before" the check and go unseen; clocks kept in step differ by seconds,
 * and a bound far wider than any real clock error (ten years) leaves room for a process whose
 * "today" is set apart from the service's, as tests and replays do.
 */
export const MAX_SERVICE_CLOCK_LEAD_MS = 10 * 366 * 24 * 60 * 60 * 1000;

/**
 * Where the check starts: the read's first page's `Date` header less the stamps' resolution;
 * none (the read then compares readings instead) without a readable header, or with one too far
 * ahead of `now` (this process's clock) to be the service's own.
 */
export function changesSince(dateHeader: string | undefined, now: number): number | undefined {
	const start = Date.parse(dateHeader ?? '');
	if (!Number.isFinite(start) || start > now + MAX_SERVICE_CLOCK_LEAD_MS) return undefined;
	return start - STAMP_RESOLUTION_MS;
}

/** One list request of the check: the collection's path with this query, answered as a list. */
export type ListFetch = (query: IDataObject) => Promise<ListEnvelope>;

/** A list the check covers: its query (filters kept) and the `$total` every page of its reading saw. */
export interface CheckedList {
	query: IDataObject;
	total: number;
}

/**
 * True when the service lists nothing created, edited or deleted in the collection since
 * `since`: one record of each feed (`items_per_page=1`, `$total` is all that counts). Without
 * the lists' filters: a record leaving or entering a filtered set is an edit too. One check
 * answers for every list of the collection read since `since`, however many.
 *
 * Where the collection lists no deletions, each list itself (its filters kept) stands in: with
 * nothing created or edited, only a deletion can change its `$total`, and a deletion that leaves
 * the filtered set alone moves nothing in it. `total` is the `$total` every page of the read saw.
 *
 * The edits' feed goes first, and the deletions' is asked only once it has answered: a record
 * edited (or created) during the read is either still there when the edits' answer is made, and
 * listed in it, or deleted before, and then listed in the deletions' answer made after it. Sent
 * together, a record edited during the read and deleted between the two answers escaped both,
 * and a record it moved across a page boundary was lost (the cost of the order: one round trip).
 */
export async function nothingChangedSince(
	fetch: ListFetch,
	feed: ChangeFeed,
	since: number,
	lists: CheckedList[],
	{ edits }: { edits: boolean } = { edits: true },
): Promise<boolean> {
	const from = serviceDateTime(new Date(since));
	// A list only a deletion can move (read.ts, appendOnly) asks for deletions alone.
	if (edits && (await fetch({ updated_or_created_since: from, items_per_page: 1 })).$total !== 0) return false;
	if (feed.deleted) return (await fetch({ deleted_since: from, items_per_page: 1 })).$total === 0;
	const totals = await Promise.all(
		lists.map(async (list) => (await fetch({ ...list.query, items_per_page: 1, page: 1 })).$total),
	);
	return totals.every((total, index) => total === lists[index].total);
}

/** Query parameters that choose what a record shows, not which records a list holds or their order. */
const POSITIONAL = ['attributes', 'items_per_page', 'page'];

/**
 * Whether only a deletion can move a list read with this query: the service lists records in
 * creation order when no sort is asked, so what is created meanwhile joins the end and an edit
 * moves nothing — unless a sort, a search or a filter (which an edit may make a record leave or
 * enter) orders or narrows the list.
 */
export function onlyDeletionsMove(feed: ChangeFeed | undefined, query: IDataObject = {}): boolean {
	return (
		feed?.deleted === true && Object.keys(query).every((key) => POSITIONAL.includes(key) || key.startsWith('show_'))
	);
}
