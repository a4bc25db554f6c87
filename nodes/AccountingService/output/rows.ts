import type { IDataObject } from 'n8n-workflow';

import type { Column, ColumnValue } from './columns';
import { LINE_NUMBER, type RecordShape } from './shape';

export type Cell = string | number | boolean | null;

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A plain value for a cell. Amounts the service sends as decimal strings ("120.50") become the
 * number of that decimal, so a sheet can sum them; anything not plain that arrives where the
 * OpenAPI promised a value is reduced to its label (or id), never passed on as an object.
 */
function plain(value: unknown, numeric: boolean): Cell {
	if (value === undefined || value === null) return null;
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value === 'string') return numeric && DECIMAL.test(value) ? Number(value) : value;
	if (typeof value === 'boolean') return value;
	if (Array.isArray(value)) return joined(value, 'displayed_as');
	const object = value as IDataObject;
	return plain(object.displayed_as ?? object.id ?? JSON.stringify(value), false);
}

/** A list as one cell: its entries (or each reference's id or label), joined by ", "; empty → null. */
function joined(list: unknown[], part: 'id' | 'displayed_as'): Cell {
	const entries = list
		.map((entry) =>
			entry && typeof entry === 'object' ? plain((entry as IDataObject)[part], false) : plain(entry, false),
		)
		.filter((entry) => entry !== null && entry !== '');
	return entries.length ? entries.join(', ') : null;
}

function at(record: IDataObject, path: readonly string[]): unknown {
	let value: unknown = record;
	for (const key of path) {
		if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

function cell(record: IDataObject, column: Column): Cell {
	const value = at(record, column.path);
	const read: ColumnValue = column.value;
	if (read.from === 'value') return plain(value, read.type === 'number' || read.type === 'integer');
	if (!Array.isArray(value)) return plain(value, false);
	return joined(value, read.from === 'references' ? read.part : 'displayed_as');
}

export function fill(row: IDataObject, record: IDataObject, columns: readonly Column[]): IDataObject {
	for (const column of columns) row[column.name] = cell(record, column);
	return row;
}

/**
 * A new row holding the `leading` columns (a business's, under All Businesses), for the rest of
 * its columns to follow: set as the row is made, so that no copy of a wide row is needed to put
 * them in front. Set one by one on an empty object, not spread: on Node 20's V8 a row begun by a
 * spread, or copied by one, is several times slower to fill with a hundred more columns
 * (20,000 sales invoice rows: about 0.6 s set one by one, 4 s begun by a spread, 35 s copied).
 */
export function startingWith(leading: IDataObject): IDataObject {
	const row: IDataObject = {};
	for (const name of Object.keys(leading)) row[name] = leading[name];
	return row;
}

/** One flat row: the `leading` columns, then every column of the shape, null where the record has no value. */
export const simplifiedRow = (record: IDataObject, shape: RecordShape, leading: IDataObject = {}): IDataObject =>
	fill(startingWith(leading), record, shape.columns);

/**
 * One row per line, each with the document's key, number, date and contact; a document without
 * lines gives one row whose line columns are empty. Every row has the same columns.
 */
export function lineRows(record: IDataObject, shape: RecordShape, leading: IDataObject = {}): IDataObject[] {
	const lines = shape.lines;
	if (!lines) return [simplifiedRow(record, shape, leading)];
	const entries = lineEntries(record, shape);
	const document = fill(startingWith(leading), record, lines.document);
	if (!entries.length) return [fill({ ...document, [LINE_NUMBER]: null }, {}, lines.columns)];
	return entries.map((line, index) => fill({ ...document, [LINE_NUMBER]: index + 1 }, line, lines.columns));
}

/** A document's lines as objects (anything else in the list counts as an empty line). */
export function lineEntries(record: IDataObject, shape: RecordShape): IDataObject[] {
	const list = shape.lines ? record[shape.lines.field] : undefined;
	if (!Array.isArray(list)) return [];
	return list.map((line) => (line && typeof line === 'object' ? (line as IDataObject) : {}));
}
