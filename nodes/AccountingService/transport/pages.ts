import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, type ListEnvelope } from './types';

/**
 * What a read of several pages makes of the pages it read (read.ts does the reading): the bounds
 * a read keeps whatever the service claims, the records the pages add up to, and whether two
 * readings of the list came out the same. Nothing here sends a request.
 */

/**
 * The most records one read accepts. Far above any list a small business's books hold (the
 * benchmark's largest is 20,000 invoices; 1,000,000 is 5,000 pages, 25 minutes of the business's
 * whole budget of 200 requests a minute, and more memory as n8n items than an instance has), and
 * low enough that a `$total` or a chain of `$next` links no list can have stops the read at once
 * rather than exhausting memory or running for days.
 */
export const MAX_RECORDS = 1_000_000;

/** The most pages of one reading at the service's page size, derived from MAX_RECORDS. */
export const MAX_PAGES = Math.ceil(MAX_RECORDS / MAX_PAGE_SIZE);

/**
 * Readings of the list one read makes at most: the first, and as many again while the list keeps
 * changing. A list that changes during five readings in a row is refused with an error.
 */
export const MAX_READINGS = 5;

/** Why a `$total` cannot be taken as it is; undefined when it can. */
export function implausibleTotal(total: unknown): string | undefined {
	if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) return 'is not a count of records';
	if (total > MAX_RECORDS) return `is more than the ${MAX_RECORDS.toLocaleString('en-US')} records a read accepts`;
	return undefined;
}

/**
 * How many pages following `$next` may take for a `$total` at the service's page size: the pages
 * that total fills, and one more (a service may link an empty page after a full last one).
 */
export function pagesAllowedByTotal(total: number, pageSize: number): number {
	return pageSize > 0 ? Math.min(MAX_PAGES, Math.ceil(total / pageSize) + 1) : 1;
}

/** The last page a read of `total` records (at most `limit`) needs. */
export function lastPage(total: number, limit: number | undefined): number {
	const wanted = limit === undefined ? total : Math.min(limit, total);
	return Math.max(1, Math.ceil(wanted / MAX_PAGE_SIZE));
}

/**
 * The requests of a read of `total` records (at most `limit`) of a collection with change feeds
 * while the list holds still: its pages, and when there are several, the two requests that ask
 * the service whether anything changed meanwhile (read.ts, changeCheck.ts).
 */
export function requestsOfStillRead(total: number, limit?: number, appendOnly = true): number {
	if (limit !== undefined && limit < MAX_PAGE_SIZE) return 1;
	const pages = lastPage(total, limit);
	// After several pages: what was deleted meanwhile, and for a sorted, searched or filtered list
	// what was created or edited too (read.ts, appendOnly).
	return pages > 1 ? pages + (appendOnly ? 1 : 2) : 1;
}

/** One reading of the list: its records in page order, each `id` once. */
export interface Reading {
	records: IDataObject[];
	/** Pages it took. */
	pages: number;
	/** The first page's `Date` header: the reading's start on the service's clock. */
	date: string | undefined;
	/** The first page's `$total`. */
	total: number;
	/**
	 * A page saw another `$total`, came back shorter than that total makes it, or the pages held a
	 * record twice (so, their total being one, missed another): the list moved.
	 */
	unsteady: boolean;
	/** The pages held a record twice: records slid forward across a boundary (not by growing at the end). */
	twice?: boolean;
}

/**
 * Two steady readings came out the same: the same records in the same order with the same values.
 * A reading that lost a record to a move has a reason for it the next reading cannot repeat
 * (a record deleted after it was read is gone, an edited one has a new `updated_at`, a created
 * one a new id), so two readings in a row that agree saw the list as it stood. Not so for a
 * reading known to have moved (`unsteady`: a record read twice is one lost): a record moved
 * across a boundary during each reading and back between them is missing from both alike.
 */
export function sameReading(a: Reading, b: Reading): boolean {
	if (a.unsteady || b.unsteady || a.records.length !== b.records.length) return false;
	return a.records.every((record, index) => JSON.stringify(record) === JSON.stringify(b.records[index]));
}

/**
 * The records of the reading accepted, with those only earlier readings had (records deleted, or
 * gone from the read's filters, while the list was read), each after the record it followed there.
 * A record the read saw existed then: a trigger emits it rather than miss it (a record created
 * or deleted during the read may appear; never twice, the ids being told apart).
 */
export function withRecordsSeenBefore(accepted: IDataObject[], earlier: IDataObject[][]): IDataObject[] {
	if (earlier.every((reading) => reading.length === 0)) return accepted;
	const taken = new Set(accepted.map((record) => record.id));
	const following = new Map<unknown, IDataObject[]>();
	for (const reading of earlier) {
		let anchor: unknown;
		for (const record of reading) {
			if (typeof record.id !== 'string') continue;
			if (!taken.has(record.id)) {
				taken.add(record.id);
				following.set(anchor, [...(following.get(anchor) ?? []), record]);
			}
			anchor = record.id;
		}
	}
	if (following.size === 0) return accepted;
	const merged: IDataObject[] = [];
	const place = (record: IDataObject) => {
		merged.push(record);
		for (const next of following.get(record.id) ?? []) place(next);
	};
	for (const record of following.get(undefined) ?? []) place(record);
	for (const record of accepted) place(record);
	return merged;
}

/**
 * The pages of one reading put together as they arrive, in page order (a page that comes early
 * waits for the ones before it): what the reading's records are and whether the list moved while
 * it was read. Done while later pages are still on their way, so the reading's end waits for
 * none of it.
 */
export class PageAssembly {
	private readonly pages = new Map<number, ListEnvelope>();

	private readonly ids = new Set<string>();

	private readonly records: IDataObject[] = [];

	/** The next page to add: every page before it is in `records`. */
	private next = 1;

	private served = 0;

	private moved = false;

	/**
	 * `firstSize` is what page 1 was asked for, `total` its `$total`; `followed` when the pages
	 * came by `$next` (the service's own page size and numbering).
	 */
	constructor(
		private readonly firstSize: number,
		private readonly total: number,
		private readonly followed: boolean,
	) {}

	/** Page `page` as it arrived. */
	add(page: number, envelope: ListEnvelope): void {
		this.pages.set(page, envelope);
		for (let waiting = this.pages.get(this.next); waiting; waiting = this.pages.get(this.next)) {
			this.pages.delete(this.next);
			this.take(this.next, waiting);
			this.next += 1;
		}
	}

	/** The reading: every page must have been added, with no page missing between them. */
	finish(limit: number | undefined): Omit<Reading, 'date'> {
		if (this.pages.size) throw new Error(`page ${this.next} of the reading never arrived`);
		const total = this.total;
		const pages = this.next - 1;
		let unsteady = this.moved;
		const twice = this.served > this.records.length;
		if (this.followed && limit === undefined && this.records.length !== total) unsteady = true;
		// Pages of one `$total` that share a record left out another one.
		if (!this.followed && this.records.length < Math.min(total, pages * this.firstSize)) unsteady = true;
		return {
			records: limit === undefined ? this.records : this.records.slice(0, limit),
			pages,
			total,
			unsteady,
			twice,
		};
	}

	private take(page: number, envelope: ListEnvelope): void {
		this.served += envelope.$items.length;
		for (const item of envelope.$items) {
			if (typeof item.id === 'string') {
				if (this.ids.has(item.id)) continue;
				this.ids.add(item.id);
			}
			this.records.push(item);
		}
		const expected = Math.min(this.firstSize, Math.max(0, this.total - (page - 1) * MAX_PAGE_SIZE));
		const served = typeof envelope.$page !== 'number' || envelope.$page === page;
		if (envelope.$total !== this.total || (!this.followed && (!served || envelope.$items.length < expected))) {
			this.moved = true;
		}
	}
}
