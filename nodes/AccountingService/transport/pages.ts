import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, type ListEnvelope } from './types';

/**
 * What a read of several pages makes of the pages it read (read.ts does the reading): which pages
 * fit together, which to read again when the list moved meanwhile, and the records they add up to.
 * Nothing here sends a request, so every decision can be tested with pages written by hand.
 */

/** A page as read: which page was asked for, which the service served, at what `$total`. */
export interface PageRead {
	page: number;
	served: number;
	total: number;
	items: IDataObject[];
	/** In which order the answer arrived, among all answers of the read. */
	arrived: number;
}

/**
 * A pass reads pages `start`..`last`; at the first pass `start` is 1. Then, for each boundary
 * between two of its pages, it reads again the one record beside the boundary on the page
 * answered first (`edges`: the page before the boundary → the id found there, null for none),
 * to learn whether records slid across the boundary meanwhile.
 */
export interface Pass {
	start: number;
	pages: Map<number, PageRead>;
	edges?: Map<number, string | null>;
}

/** What the read has decided before the pass in hand. */
export interface ReadSoFar {
	/** The ids of the pages accepted last, all read while the list held still; none before anything was accepted. */
	accepted: Set<string> | undefined;
	/** Passes read after the first. */
	repairs: number;
}

/** What to do with a pass, and after it. */
export interface PassDecision {
	/** The pass saw the list change. */
	moved: boolean;
	/** The records taken so far may be out of place: drop them before adding `accept`. */
	restart: boolean;
	/** Pages whose records join the read, in this order. */
	accept: PageRead[];
	/** The ids the next re-read must share a record with. */
	accepted: Set<string> | undefined;
	/** The pages to read as the next pass; none when the read is complete. */
	reread: { from: number; to: number } | undefined;
}

/** Passes after the first before the read gives up waiting for the list to hold still. */
export const MAX_REPAIRS = 4;

/**
 * A pass accepted up to its first suspect page, and where to read again. A re-read is accepted
 * once it holds still and overlaps what was accepted before: a record present for the whole read
 * keeps its place relative to the others, so if one record of the re-read is among the accepted
 * pages, every record before it is too (see README, "Get Many and limits").
 */
export function decidePass(pass: Pass, soFar: ReadSoFar, limit: number | undefined): PassDecision {
	const byArrival = [...pass.pages.values()].sort((a, b) => a.arrived - b.arrived);
	const reference = byArrival[0].total;
	const suspect = firstSuspect(pass, reference, limit);
	const good = range(pass.start, (suspect ?? lastPage(reference, limit) + 1) - 1).map((page) => pass.pages.get(page)!);
	const { accepted } = soFar;
	// A re-read must share a record with the pages accepted last; one from page 1 stands on its own.
	const linked =
		accepted !== undefined &&
		good.some((page) => page.items.some((item) => typeof item.id === 'string' && accepted.has(item.id)));
	const usable = good.length > 0 && (accepted === undefined || linked || pass.start === 1);
	const decision: PassDecision = {
		moved: suspect !== undefined,
		// Starting over from page 1 without a link: what was accepted before may be out of place.
		restart: usable && accepted !== undefined && !linked,
		accept: usable ? good : [],
		accepted: usable && suspect !== undefined ? idsOf(good) : accepted,
		reread: undefined,
	};
	if (usable && suspect === undefined) return decision;
	if (soFar.repairs === MAX_REPAIRS) {
		// The list never held still: keep whatever was read last too, as a sequential read would.
		return { ...decision, accept: [...decision.accept, ...inPageOrder(pass)] };
	}
	// The pass's last answer is the read's latest word on the list's length.
	const last = lastPage(byArrival[byArrival.length - 1].total, limit);
	// Re-read from the last page accepted, so that the re-read overlaps it; from one page further
	// back when the first page re-read did not fit, from page 1 without an overlap.
	const from = Math.min(last, usable ? Math.max(1, suspect! - 1) : good.length === 0 ? Math.max(1, pass.start - 1) : 1);
	return { ...decision, reread: { from, to: last } };
}

/**
 * The first page of the pass that may not belong to the list as the pass's first answer saw
 * it (`reference` = that answer's `$total`): missing, another `$total`, served as another
 * page (past the end the service serves the last one), less full than that total makes it,
 * or answered after the first answer that saw the list change. Pages are answered in any
 * order, and a later change can bring `$total` back: a page answered after a change may show
 * the same total and still hold records that moved.
 *
 * `$total` alone misses a deletion and a creation (or an edit that moves a record in a sorted
 * list) between two pages: the list keeps its length while records slide from one page onto
 * another already read. So a page whose predecessor's last record is no longer last there
 * (`ends`, read after every page of the pass) is suspect too: the list moved across that
 * boundary since the predecessor was read.
 */
export function firstSuspect(pass: Pass, reference: number, limit: number | undefined): number | undefined {
	const last = lastPage(reference, limit);
	const changed = Math.min(
		...[...pass.pages.values()]
			.filter((read) => read.total !== reference || read.served !== read.page)
			.map((read) => read.arrived),
	);
	for (let page = pass.start; page <= last; page++) {
		const read = pass.pages.get(page);
		const expected = Math.min(MAX_PAGE_SIZE, Math.max(0, reference - (page - 1) * MAX_PAGE_SIZE));
		if (!read || read.total !== reference || read.served !== page || read.arrived > changed) return page;
		if (read.items.length < expected) return page;
		if (page > pass.start && pass.edges?.has(page - 1) && pass.edges.get(page - 1) !== edgeOf(pass, page - 1)?.id)
			return page;
	}
	return undefined;
}

/**
 * The record beside the boundary after `page`, on whichever of the two pages was answered first:
 * its place in the list (1-based, as `page` of `items_per_page=1` addresses it) and its id then.
 * Read again after the pass, the same id there means the boundary did not move between the
 * two pages' answers (unless moves undid each other in between); another means records slid
 * across it, and the page after it is suspect. Undefined where either page is missing.
 */
export function edgeOf(pass: Pass, page: number): { place: number; id: string | null } | undefined {
	const before = pass.pages.get(page);
	const after = pass.pages.get(page + 1);
	if (!before || !after) return undefined;
	if (before.arrived < after.arrived) return { place: page * MAX_PAGE_SIZE, id: idAt(before, before.items.length - 1) };
	return { place: page * MAX_PAGE_SIZE + 1, id: idAt(after, 0) };
}

/** The boundaries of a pass: every page but its last. */
export function boundaries(pass: Pass): number[] {
	return [...pass.pages.keys()].filter((page) => pass.pages.has(page + 1)).sort((a, b) => a - b);
}

function idAt(page: PageRead, index: number): string | null {
	const id = page.items[index]?.id;
	return typeof id === 'string' ? id : null;
}

/**
 * The records of pages read by following the service's `$next` links (pages smaller than asked,
 * or one request at a time): no re-read can address them, so the read is `moved` when any page
 * saw another `$total` or, read whole, the records do not add up to it.
 */
export function joinFollowedPages(
	pass: Pass,
	total: number,
	limit: number | undefined,
): { items: IDataObject[]; moved: boolean } {
	const records = new Records();
	const pages = inPageOrder(pass);
	for (const page of pages) records.add(page.items);
	const moved = pages.some((page) => page.total !== total) || (limit === undefined && records.list().length !== total);
	return { items: records.list(), moved };
}

/** The last page a read of `total` records (at most `limit`) needs. */
export function lastPage(total: number, limit: number | undefined): number {
	const wanted = limit === undefined ? total : Math.min(limit, total);
	return Math.max(1, Math.ceil(wanted / MAX_PAGE_SIZE));
}

/**
 * The requests of a read of `total` records (at most `limit`) while the list holds still: its
 * pages, and one record beside each boundary between two of them (read.ts).
 */
export function requestsOfStillRead(total: number, limit?: number): number {
	if (limit !== undefined && limit < MAX_PAGE_SIZE) return 1;
	return 2 * lastPage(total, limit) - 1;
}

/** A page as read; a service that does not say which page it served is taken to serve the one asked for. */
export function pageRead(page: number, envelope: ListEnvelope, arrived: number): PageRead {
	const served = typeof envelope.$page === 'number' ? envelope.$page : page;
	return { page, served, total: envelope.$total, items: envelope.$items, arrived };
}

export function range(from: number, to: number): number[] {
	return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** Records in order of arrival, each `id` once (records without an id are all kept). */
export class Records {
	private items: IDataObject[] = [];

	private ids = new Set<string>();

	add(items: IDataObject[]): void {
		for (const item of items) {
			if (typeof item.id === 'string') {
				if (this.ids.has(item.id)) continue;
				this.ids.add(item.id);
			}
			this.items.push(item);
		}
	}

	clear(): void {
		this.items = [];
		this.ids.clear();
	}

	list(): IDataObject[] {
		return this.items;
	}
}

function inPageOrder(pass: Pass): PageRead[] {
	return [...pass.pages.values()].sort((a, b) => a.page - b.page);
}

function idsOf(pages: PageRead[]): Set<string> {
	return new Set(
		pages.flatMap((page) => page.items.map((item) => item.id).filter((id): id is string => typeof id === 'string')),
	);
}
