import { GENERATED_COLLECTIONS } from './generated';
import { WRITE_SCHEMAS } from './generated-writes';
import { COLLECTION_OVERLAY, FILTER_OVERLAY, IDEMPOTENT_CREATES } from './overlay';
import type { FilterDefinition, GeneratedCollection, WriteMethods, WriteSchema } from './types';

/**
 * One row per collection of the Accounting Service API v3.1: every list path and settings object
 * of the production OpenAPI (generated.ts, by `npm run generate`) with the curated overlay
 * (overlay.ts) merged over it. Everything the node offers for a collection — resource option,
 * operations, ID locator, filters, list search, the trigger's choices, the README's operations
 * table and the test matrix — comes from this table.
 */
export interface CollectionDefinition {
	/** Public `resource` value: camelCase singular. Saved workflows depend on it. */
	resource: string;
	singular: string;
	plural: string;
	/** Path below the base URL, without the leading slash. */
	path: string;
	/** Accepts `search=`; the hint tells the user which fields it matches. */
	searchMatches?: string;
	/** The path returns one object (no list, no ID). */
	singleton: boolean;
	/** Records can be read one by one (`/{path}/{id}`). */
	getById: boolean;
	filters: readonly FilterDefinition[];
	/** Get's own options: the query parameters the record's GET declares (never `mark_as_sent`). */
	getOptions: readonly FilterDefinition[];
	/** The service renders the record as a PDF, and marks it as sent unless told not to (`mark_as_sent`). */
	markAsSent: boolean;
	sort: readonly string[];
	description: string;
	/** Countries or editions the endpoint is limited to, when narrower than the service's. */
	availability?: string;
	writes: WriteMethods;
	/** Creates carry an `idempotency_id` (overlay.ts's list of the service's idempotent creates). */
	idempotentCreate: boolean;
	/** The record's read definition in the OpenAPI: its fields are in generated-records.ts. */
	definition: string;
}

/** A filter or an option of Get with the overlay's texts and kind for its query parameter. */
function mergeQueryParameter(row: GeneratedCollection, parameter: FilterDefinition): FilterDefinition {
	return {
		...parameter,
		...FILTER_OVERLAY[parameter.query],
		...COLLECTION_OVERLAY[row.resource]?.filters?.[parameter.query],
	};
}

function searchMatches(row: GeneratedCollection): string | undefined {
	const curated = COLLECTION_OVERLAY[row.resource]?.searchMatches;
	if (curated === false || !row.search) return undefined;
	return curated ?? row.search.replace(/^Filter by (the )?/i, '');
}

function merge(row: GeneratedCollection): CollectionDefinition {
	const overlay = COLLECTION_OVERLAY[row.resource] ?? {};
	return {
		resource: row.resource,
		singular: overlay.singular ?? row.singular,
		plural: overlay.plural ?? row.plural,
		path: row.path,
		searchMatches: searchMatches(row),
		singleton: row.singleton,
		getById: row.getById,
		filters: row.filters.map((filter) => mergeQueryParameter(row, filter)),
		getOptions: row.getOptions.map((option) => mergeQueryParameter(row, option)),
		markAsSent: row.markAsSent === true,
		sort: row.sort,
		description: overlay.description ?? `${row.plural} of the business`,
		availability: row.availability,
		writes: row.writes,
		idempotentCreate: !!row.writes.create && IDEMPOTENT_CREATES.includes(WRITE_SCHEMAS[row.writes.create].wrapper),
		definition: row.definition,
	};
}

export const COLLECTIONS: readonly CollectionDefinition[] = GENERATED_COLLECTIONS.map(merge);

const byResource = new Map(COLLECTIONS.map((row) => [row.resource, row]));

export function findCollection(resource: string): CollectionDefinition | undefined {
	return byResource.get(resource);
}

export const isSearchable = (row: CollectionDefinition) => row.searchMatches !== undefined;

/** Whether DELETE voids the record (the OpenAPI's DELETE takes a `void_reason`). */
export const deleteVoids = (row: CollectionDefinition) => !!row.writes.deleteQuery?.includes('void_reason');

/** The one line the Resource list shows: what the records are, and where the endpoint exists when that is narrower. */
export const resourceDescription = (row: CollectionDefinition) =>
	row.availability ? `${row.description} (${lowerFirst(row.availability)})` : row.description;

const lowerFirst = (text: string) => text.replace(/^(Only|Not) /, (word) => word.toLowerCase());

export const hasFilter = (row: CollectionDefinition, query: string) =>
	row.filters.some((filter) => filter.query === query);

/** The request schema of a create or update of the row, when the service has that write. */
export function writeSchemaOf(row: CollectionDefinition, operation: 'create' | 'update'): WriteSchema | undefined {
	const definition = row.writes[operation];
	return definition ? WRITE_SCHEMAS[definition] : undefined;
}
