import type { IDataObject } from 'n8n-workflow';

import { addDays, leadingDay } from '../../reports/calendar';
import type { SettlingRecord } from '../../reports/onTheDay';
import { STAMP_RESOLUTION_MS } from '../../transport/changeCheck';

/**
 * As at a past day, a kind of document larger than one page is read as its documents open now
 * and those created or edited since X, not whole (agedReads.ts). X is the earliest of the end of
 * the day and the entry of every payment and allocation dated after it (one entered ahead of its
 * date pulls X back to its entry). The service bumps a document's `updated_at` whenever a payment or
 * allocation naming it is made, edited or deleted, so a document dated up to the day in neither
 * set is closed now and untouched since before X: every settlement naming it was entered before X,
 * so dated up to the day. It owed nothing on the day unless one of them does not count then (it
 * also names a document dated after the day): `unsoundPlacing` says when, and the kind is read whole.
 */

const instantOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/**
 * X less the stamps' resolution, in ms: what `updated_or_created_since` is asked from. `firstAfter`
 * is the payment dated after the day entered first (any type: an earlier X only reads more), if any;
 * undefined when one of them has no readable `created_at`.
 */
export function changedSince(
	day: string,
	allocations: readonly IDataObject[],
	firstAfter: IDataObject | undefined,
): number | undefined {
	let since = Date.parse(`${addDays(day, 1)}T00:00:00Z`);
	const after = [
		...allocations.filter((record) => (leadingDay(record.date) ?? '') > day),
		...(firstAfter ? [firstAfter] : []),
	];
	for (const record of after) {
		const created = instantOf(record.created_at);
		if (!Number.isFinite(created)) return undefined;
		since = Math.min(since, created);
	}
	return since - STAMP_RESOLUTION_MS;
}

/** A payment or allocation read: its lines, and its record for the lines' `$path`s and its `updated_at`. */
export interface Naming {
	settling: SettlingRecord;
	record: IDataObject;
}

/** The collection an artefact reference's `$path` names (`/sales_invoices/{id}`): undefined without one. */
const collectionOf = (reference: unknown) => {
	const path = (reference as IDataObject | null | undefined)?.$path;
	return typeof path === 'string' ? path.replace(/^\/+/, '').split('/')[0] : undefined;
};

/** The collection of each artefact a payment's or allocation's lines name, by id. */
export const artefactCollections = (record: IDataObject) =>
	new Map(
		((record.allocated_artefacts as IDataObject[] | null | undefined) ?? []).map((line) => [
			String((line.artefact as IDataObject | null | undefined)?.id),
			collectionOf(line.artefact),
		]),
	);

/** The payments and allocations read, as records naming artefacts. */
export const namingRecordsOf = (
	payments: ReadonlyArray<{ record: IDataObject; settling: SettlingRecord }>,
	allocations: readonly IDataObject[],
	allocationRecords: readonly SettlingRecord[],
): Naming[] => [
	...payments.map(({ record, settling }) => ({ record, settling })),
	...allocations.map((record, index) => ({ record, settling: allocationRecords[index] })),
];

/** How many distinct artefacts of each collection the records name. */
export function namedDocuments(records: readonly Naming[]): Map<string, number> {
	const named = new Map<string, Set<string>>();
	for (const { record } of records)
		for (const [artefact, collection] of artefactCollections(record)) {
			if (collection === undefined) continue;
			const ids = named.get(collection) ?? new Set<string>();
			ids.add(artefact);
			named.set(collection, ids);
		}
	return new Map([...named].map(([collection, ids]) => [collection, ids.size]));
}

export interface UnreadNamed {
	/**
	 * Documents of the partly read kinds, not read, named by a payment or allocation last written
	 * before X (by collection): each existed before X, so is dated up to the day unless it is a
	 * document dated after it entered before X (the kind's `datedAhead` list says which).
	 */
	writtenBefore: Map<string, string>;
	/** A record naming an unread artefact whose kind or last write cannot be told: the kinds are read whole. */
	unplaceable: boolean;
}

/**
 * The artefacts of the partly read kinds (`partial`, by collection) that the payments and
 * allocations name and no list read (`known`). One named only by records written since X is dated
 * after the day: dated up to it, the record's write would have put it among those read.
 */
export function unreadNamed(
	records: readonly Naming[],
	known: (artefact: string) => boolean,
	partial: ReadonlySet<string>,
	since: number,
): UnreadNamed {
	const writtenBefore = new Map<string, string>();
	let unplaceable = false;
	for (const { settling, record } of records) {
		const references = artefactCollections(record);
		const written = instantOf(record.updated_at);
		for (const { artefact } of settling.lines) {
			if (known(artefact)) continue;
			const collection = references.get(artefact);
			if (collection === undefined) {
				unplaceable = true;
				continue;
			}
			if (!partial.has(collection)) continue;
			if (!Number.isFinite(written)) unplaceable = true;
			else if (written < since) writtenBefore.set(artefact, collection);
		}
	}
	return { writtenBefore, unplaceable };
}

/**
 * Whether the documents read this way leave out one that was owed on the day: a document placed
 * up to the day and not read (`unread`) named by an allocation that does not count on the day, or
 * left unsettled by a payment that set a document dated after the day against it.
 */
export function unsoundPlacing(
	unread: ReadonlySet<string>,
	allocations: readonly SettlingRecord[],
	counts: ReadonlyMap<string, boolean>,
	unsettled: ReadonlyMap<string, ReadonlyMap<string, number>>,
	day: string,
): boolean {
	const names = (record: SettlingRecord) => record.lines.some((line) => unread.has(line.artefact));
	return (
		allocations.some(
			(allocation) => (allocation.date ?? '') <= day && !counts.get(allocation.id) && names(allocation),
		) || [...unsettled.values()].some((byArtefact) => [...byArtefact.keys()].some((artefact) => unread.has(artefact)))
	);
}

/**
 * Whether a page of a kind's documents dated after the day, in the order they were entered,
 * holds every one entered before X: it holds them all, or one entered since.
 */
export const holdsAllEnteredBefore = (page: readonly IDataObject[], total: number, since: number) =>
	total <= page.length || page.some((document) => instantOf(document.created_at) >= since);
