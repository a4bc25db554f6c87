/**
 * The shapes of the collection table: what the generator reads from the OpenAPI (`generated.ts`)
 * and what the curated overlay (`overlay.ts`) may add or correct.
 */

export type FilterKind = 'dateTime' | 'date' | 'string' | 'number' | 'integer' | 'boolean' | 'options';

export interface FilterOption {
	name: string;
	value: string;
}

/**
 * One typed query parameter: a list filter, or an option of Get. `name` is the public parameter
 * name inside "Filters" or Get's "Options" (saved workflows depend on it): the camelCase of
 * `query`, the service's query parameter.
 */
export interface FilterDefinition {
	name: string;
	query: string;
	displayName: string;
	kind: FilterKind;
	description: string;
	options?: FilterOption[];
	/** Query parameters the service refuses this one without, when it is on (`show_balance_details`). */
	requires?: string[];
	/** The OpenAPI declares it required: the service refuses the request without it. */
	required?: true;
}

/** Operations beyond the read side that the OpenAPI declares for a path (the write side's input). */
export interface WriteMethods {
	/** `POST /{path}` with its request definition. */
	create?: string;
	/** `PUT /{path}/{key}` (or `PUT /{path}` for a settings object) with its request definition. */
	update?: string;
	delete?: boolean;
	/** The query parameters `DELETE /{path}/{key}` declares, e.g. `void_reason` where delete voids the record. */
	deleteQuery?: string[];
	/** `POST /{path}/{key}/<action>`, e.g. `release`. */
	actions: string[];
}

export type WriteFieldType =
	'string' | 'number' | 'integer' | 'boolean' | 'date' | 'dateTime' | 'options' | 'object' | 'array';

/** One attribute of a request body inside the resource's wrapper, as the OpenAPI's request schema gives it. */
export interface WriteField {
	name: string;
	type: WriteFieldType;
	description: string;
	/** Required by the OpenAPI (for a create; nothing is required for an update). */
	required?: boolean;
	options?: string[];
	maxLength?: number;
	/** The attributes of an object, or of each element of an array of objects. */
	fields?: WriteField[];
	/** The element type of an array of plain values. */
	items?: WriteFieldType;
}

/** A request definition of the OpenAPI (`postSalesInvoices`): the wrapper and what goes inside it. */
export interface WriteSchema {
	wrapper: string;
	fields: WriteField[];
}

/** One row per list collection and settings object of the OpenAPI, as `npm run generate` derives it. */
export interface GeneratedCollection {
	path: string;
	/** Public `resource` value: camelCase of the OpenAPI's singular title. Saved workflows depend on it. */
	resource: string;
	singular: string;
	plural: string;
	/** A settings object: `GET /{path}` answers one object, there are no ids. */
	singleton: boolean;
	/** `GET /{path}/{key}` exists. */
	getById: boolean;
	/** The OpenAPI's words for what `search=` matches, when the list accepts it. */
	search?: string;
	attributes: boolean;
	filters: FilterDefinition[];
	/**
	 * The query parameters of the record's GET (the settings object's GET for a settings object):
	 * Get's own options. Without `mark_as_sent`, which marks a document as sent (Download PDF's).
	 */
	getOptions: FilterDefinition[];
	/** The record's GET declares `mark_as_sent`: the service renders the document as a PDF there. */
	markAsSent?: true;
	sort: string[];
	/** Where the OpenAPI says the endpoint exists, when that is narrower than the service as a whole. */
	availability?: string;
	/** The record's definition in the OpenAPI. */
	definition: string;
	writes: WriteMethods;
}

/**
 * What the overlay may set for one row. A filter override applies to the query parameter of that
 * name, both the list's filter and Get's option.
 */
export interface CollectionOverlay {
	singular?: string;
	plural?: string;
	description?: string;
	/** Words for the Search hint; `false` turns Search off where the spec does not list the collection as searchable. */
	searchMatches?: string | false;
	filters?: Record<string, Partial<Omit<FilterDefinition, 'name' | 'query'>>>;
}

export type RecordValueType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'dateTime';

/**
 * One field of a record as the OpenAPI's read definition gives it (openapi/records.js): a plain
 * value, a reference to another record, an object that exists only inside the record (an
 * invoice's address), or a list of values, of references, or of objects (lines, allocations).
 */
export type RecordField =
	| { name: string; kind: 'value' | 'values'; type: RecordValueType }
	| { name: string; kind: 'reference' | 'references' }
	| { name: string; kind: 'object'; fields: RecordField[] }
	| { name: string; kind: 'records'; definition: string };
