import type { RecordField, RecordValueType } from '../collections/types';

/**
 * The one rule that turns a record's fields (as the OpenAPI declares them) into flat columns a
 * spreadsheet or n8n's Data Table takes: plain values only, names of letters, digits and
 * underscores of at most 63 characters, and never a bare `id`.
 */

/** How a column's value is read from the record. */
export type ColumnValue =
	/** A plain value; amounts and counts (`number`, `integer`) become numbers. */
	| { from: 'value'; type: RecordValueType }
	/** A list of plain values, as text joined by ", ". */
	| { from: 'values' }
	/** The ids or the labels of a list of references, joined by ", ". */
	| { from: 'references'; part: 'id' | 'displayed_as' };

export interface Column {
	name: string;
	/** Where the value sits in the record: a top-level attribute, then keys inside it. */
	path: readonly string[];
	value: ColumnValue;
}

export const COLUMN_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
export const MAX_COLUMN_NAME = 63;

export const isColumnName = (name: string) => COLUMN_NAME.test(name) && name.length <= MAX_COLUMN_NAME;

/** "contact_types" → "contact_type": the column of a list of references names one of them. */
const singular = (name: string) => name.replace(/s$/, '');

/** A plain value's column: the record's `id` is its key; inside an object, `displayed_as` is its name. */
function valueColumnName(field: string, prefix: string, key: string): string {
	if (field === 'id') return key;
	if (field === 'displayed_as' && prefix) return `${prefix}name`;
	return `${prefix}${field}`;
}

/**
 * The columns of one level of a record. `key` names the record's own `id`; inside an object or a
 * reference, `id` and `displayed_as` become `<field>_id` and `<field>_name`.
 */
function columnsAt(fields: readonly RecordField[], path: readonly string[], prefix: string, key: string): Column[] {
	const columns: Column[] = [];
	for (const field of fields) {
		const at = [...path, field.name];
		switch (field.kind) {
			case 'value':
				columns.push({
					name: valueColumnName(field.name, prefix, key),
					path: at,
					value: { from: 'value', type: field.type },
				});
				break;
			case 'reference':
				columns.push(
					{ name: `${prefix}${field.name}_id`, path: [...at, 'id'], value: { from: 'value', type: 'string' } },
					{
						name: `${prefix}${field.name}_name`,
						path: [...at, 'displayed_as'],
						value: { from: 'value', type: 'string' },
					},
				);
				break;
			case 'object':
				columns.push(...columnsAt(field.fields, at, `${prefix}${field.name}_`, `${prefix}${field.name}_id`));
				break;
			case 'values':
				columns.push({ name: `${prefix}${field.name}`, path: at, value: { from: 'values' } });
				break;
			case 'references':
				columns.push(
					{ name: `${prefix}${singular(field.name)}_ids`, path: at, value: { from: 'references', part: 'id' } },
					{
						name: `${prefix}${singular(field.name)}_names`,
						path: at,
						value: { from: 'references', part: 'displayed_as' },
					},
				);
				break;
			case 'records':
				break;
		}
	}
	return columns;
}

/**
 * The columns of a record (or of a line, with `prefix` "line_"): valid names only, each once, a
 * record's own plain value winning over a column derived from a nested one of the same name
 * (an invoice's `contact_name` over its contact reference's label).
 */
export function columnsOf(fields: readonly RecordField[], key: string, prefix = ''): Column[] {
	const columns = columnsAt(fields, [], prefix, key).filter((column) => isColumnName(column.name));
	const own = new Set(columns.filter(isOwnValue).map((column) => column.name));
	const taken = new Set<string>();
	return columns.filter((column) => {
		if (taken.has(column.name) || (!isOwnValue(column) && own.has(column.name))) return false;
		taken.add(column.name);
		return true;
	});
}

/** A plain value of the record itself, not one derived from a nested object or a list. */
const isOwnValue = (column: Column) => column.path.length === 1 && column.value.from === 'value';

/** The top-level attributes the columns read: what a read asks the service for. */
export const attributesOf = (columns: readonly Column[]) => [...new Set(columns.map((column) => column.path[0]))];
