import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { CollectionDefinition } from '../collections/table';
import { attributesOf, type Column } from './columns';
import { fill, lineEntries, startingWith, type Cell } from './rows';
import { LINE_NUMBER, shapeOf } from './shape';

/**
 * Select Included Fields (n8n's third Output, as in Outlook v2): rows of exactly the record's key
 * and the columns a person chose, in the order chosen, from the names a Simplified row has. A
 * line's columns (`line_*`) make one row per line, as One Row per Line does.
 */

/** The Output value, and the name of the list of chosen columns. */
export const INCLUDED_FIELDS = 'fields';

/** The business a row came from: offered among the columns, filled by the node, not the record. */
export const BUSINESS_ID = 'business_id';

/**
 * The record's API v2 id, which Show Legacy ID asks the service for: not among the columns to
 * choose (Column Names or IDs), added right after the key whenever that option is on.
 */
export const LEGACY_ID = 'legacy_id';

export interface IncludedFields {
	fields: readonly string[];
}

/** The names Column Names or IDs offers for a collection: its Simplified columns but the key, then its lines'. */
export function includedFieldNames(row: CollectionDefinition): string[] {
	const shape = shapeOf(row);
	const names = shape.columns.map((column) => column.name).filter((name) => name !== shape.key);
	if (shape.lines) names.push(LINE_NUMBER, ...shape.lines.columns.map((column) => column.name));
	return [...names, BUSINESS_ID];
}

/**
 * The chosen names, checked against what the collection offers: an expression, a model's ✨
 * argument or an older workflow can give anything. Text is names separated by commas, or a JSON
 * list of names (as a model often writes a list).
 */
export function readIncludedFields(
	row: CollectionDefinition,
	value: unknown,
	refuse: (problem: string) => never,
): IncludedFields {
	const allowed = includedFieldNames(row);
	const chosen = typeof value === 'string' ? namesInText(value) : value;
	if (!Array.isArray(chosen) || chosen.length === 0) {
		refuse(`choose at least one of the ${row.plural.toLowerCase()}' columns: ${allowed.join(', ')}`);
	}
	const unknown = chosen.filter((name) => typeof name !== 'string' || !allowed.includes(name));
	if (unknown.length) {
		refuse(
			`${unknown.map((name) => JSON.stringify(name)).join(', ')} ${unknown.length === 1 ? 'is not a column' : 'are not columns'} of ${row.plural.toLowerCase()}; allowed: ${allowed.join(', ')}`,
		);
	}
	const key = shapeOf(row).key;
	return { fields: [...new Set(chosen as string[])].filter((name) => name !== key) };
}

function namesInText(text: string): unknown {
	if (/^\s*\[/.test(text)) {
		try {
			return JSON.parse(text) as unknown;
		} catch {
			// Not JSON: read as names separated by commas; the check names whatever is not a column.
		}
	}
	return text
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
}

/** Where each chosen column's value comes from. */
interface Selection {
	key: Column | undefined;
	record: Map<string, Column>;
	line: Map<string, Column>;
	/** A line's column was chosen: one row per line. */
	perLine: boolean;
}

function selectionOf(row: CollectionDefinition, { fields }: IncludedFields): Selection {
	const shape = shapeOf(row);
	const byName = (columns: readonly Column[]) => new Map(columns.map((column) => [column.name, column]));
	const recordColumns = byName(shape.columns);
	const lineColumns = byName(shape.lines?.columns ?? []);
	const pick = (columns: Map<string, Column>) =>
		new Map(fields.flatMap((name) => (columns.has(name) ? [[name, columns.get(name)!] as const] : [])));
	const line = pick(lineColumns);
	return {
		key: recordColumns.get(shape.key),
		record: pick(recordColumns),
		line,
		perLine: shape.lines !== undefined && (line.size > 0 || fields.includes(LINE_NUMBER)),
	};
}

/** The attributes a read asks for: only what the chosen columns read, never the whole Simplified set. */
export function includedAttributes(row: CollectionDefinition, output: IncludedFields): string[] {
	const selection = selectionOf(row, output);
	const lineField = selection.perLine ? shapeOf(row).lines?.field : undefined;
	return [...attributesOf([...selection.record.values()]), ...(lineField ? [lineField] : [])];
}

/**
 * The rows of each record, the chosen columns worked out once for all of them; `added` are the
 * node's own values (business_id, legacy_id, change_type).
 */
export function includedRowsOf(
	row: CollectionDefinition,
	output: IncludedFields,
): (record: IDataObject, added: IDataObject, leading?: IDataObject) => IDataObject[] {
	const selection = selectionOf(row, output);
	const key = selection.key ? [selection.key] : [];
	const recordColumns = [...selection.record.values()];
	const lineColumns = [...selection.line.values()];
	const shape = shapeOf(row);
	return (record, added, leading = {}) => {
		const keyed = fill({}, record, key);
		const documentValues = fill({}, record, recordColumns);
		const inOrder = (lineValues: IDataObject, lineNumber: Cell): IDataObject => {
			const result = Object.assign(startingWith(leading), keyed);
			if (LEGACY_ID in added) result[LEGACY_ID] = added[LEGACY_ID];
			for (const name of output.fields) {
				if (name === BUSINESS_ID) result[name] = (added[BUSINESS_ID] as Cell | undefined) ?? null;
				else if (name === LINE_NUMBER) result[name] = lineNumber;
				else if (name in documentValues) result[name] = documentValues[name];
				else if (name in lineValues) result[name] = lineValues[name];
			}
			for (const [name, value] of Object.entries(added))
				if (name !== BUSINESS_ID && name !== LEGACY_ID) result[name] = value;
			return result;
		};
		if (!selection.perLine) return [inOrder({}, null)];
		const lines = lineEntries(record, shape);
		if (!lines.length) return [inOrder(fill({}, {}, lineColumns), null)];
		return lines.map((line, index) => inOrder(fill({}, line, lineColumns), index + 1));
	};
}

/** The method that answers the Column Names or IDs list from the collection table: no request, no credential. */
export const INCLUDED_FIELDS_METHOD = 'getIncludedFields';

/**
 * Column Names or IDs: shown when Output is Select Included Fields. Not "Fields", which in a write
 * form is the resource mapper; n8n's rule for a loaded list asks for "Names or IDs", and the
 * description says an ID is the column's name, which is what a model's ✨ argument named after the
 * label (Column_Names_or_IDs) must give. One property for every collection, its
 * list loaded by `getIncludedFields` from the collection table when it opens rather than sent in
 * the description: 85 collections' names, copied per read, write and trigger, were three quarters
 * of the description every editor downloads (docs/development.md, "The description's weight").
 */
export const includedFieldsProperty: INodeProperties = {
	displayName: 'Column Names or IDs',
	name: INCLUDED_FIELDS,
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: INCLUDED_FIELDS_METHOD, loadOptionsDependsOn: ['resource'] },
	default: [],
	description:
		'The columns each row holds, in this order, after the record’s ID: the names a Simplified row has; a line’s columns (line_…) give one row per line. A column’s ID is its name (invoice_number, total_amount). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	displayOptions: { show: { output: [INCLUDED_FIELDS] } },
};
