import type { IDataObject } from 'n8n-workflow';

import type { Column, ColumnValue } from './columns';
import { LINE_NUMBER, type LineShape, type RecordShape } from './shape';

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
 * its columns to follow: set one by one on an empty object, not spread (on Node 20's V8 a row
 * begun by a spread is several times slower to fill). For rows of a few columns; wide rows are
 * copies of a blank row (`blankRow`).
 */
export function startingWith(leading: IDataObject): IDataObject {
	const row: IDataObject = {};
	for (const name of Object.keys(leading)) row[name] = leading[name];
	return row;
}

function setAll(row: IDataObject, values: IDataObject): IDataObject {
	for (const name of Object.keys(values)) row[name] = values[name];
	return row;
}

/** An object of `names` in that order, every value null, that V8 keeps in its fast layout (JSON.parse makes it so). */
function blankOf(names: readonly string[]): IDataObject {
	const nulls: IDataObject = {};
	for (const name of names) nulls[name] = null;
	return JSON.parse(JSON.stringify(nulls)) as IDataObject;
}

/** Blank rows by the shape (or line shape) they are of, then by the names around its columns. */
const blanks = new WeakMap<object, Map<string, IDataObject>>();

/**
 * A new row with every column a row of `shape` will have, in the order it will have them (the
 * `leading` names, the shape's `columnsOf`, then the `trailing` names; a name repeated keeps its
 * first place), every value null: a copy of a blank row made once. V8 turns an object given
 * more than about sixteen properties by computed name (`row[name] = …`) into a hash table
 * (dictionary mode), several times slower to fill and larger, and slower for everything that
 * reads the rows after (n8n's copies of the items, JSON); a copy of an object made by JSON.parse
 * keeps V8's fast layout, shared by every row, whose values are then only set. 20,000 sales
 * invoice rows of 125 columns took 1.0 s of CPU on Node 20 and 1.2 s on Node 24 filled by name,
 * 0.37 s on either as copies of a blank row.
 */
function blankRow<Shape extends object>(
	shape: Shape,
	columnsOf: (shape: Shape) => readonly string[],
	leading: IDataObject,
	trailing: IDataObject,
): IDataObject {
	let byNames = blanks.get(shape);
	if (!byNames) {
		byNames = new Map();
		blanks.set(shape, byNames);
	}
	const around = JSON.stringify([Object.keys(leading), Object.keys(trailing)]);
	let blank = byNames.get(around);
	if (!blank) {
		blank = blankOf([...Object.keys(leading), ...columnsOf(shape), ...Object.keys(trailing)]);
		byNames.set(around, blank);
	}
	return { ...blank };
}

const namesOf = (columns: readonly Column[]) => columns.map((column) => column.name);
const simplifiedColumns = (shape: RecordShape) => namesOf(shape.columns);
const lineColumns = (lines: LineShape) => [...namesOf(lines.document), LINE_NUMBER, ...namesOf(lines.columns)];

/**
 * One flat row: the `leading` columns, then every column of the shape, null where the record has
 * no value, then the `trailing` ones (the node's own, where not among the columns already).
 */
export function simplifiedRow(
	record: IDataObject,
	shape: RecordShape,
	leading: IDataObject = {},
	trailing: IDataObject = {},
): IDataObject {
	const row = setAll(blankRow(shape, simplifiedColumns, leading, trailing), leading);
	return setAll(fill(row, record, shape.columns), trailing);
}

/** The most sets of names one read's Raw copies keep a blank row for: a list's records share one. */
const MOST_RAW_BLANKS = 16;

/**
 * Copies of records as they came (Raw) with the `leading` columns first and the `trailing` ones
 * after, as `Object.assign(startingWith(leading), record, trailing)` makes them, but each a copy
 * of a blank row of the same names (`blankRow` says why: a record of fifty members copied name by
 * name is a hash table), made once for the records that share their names. A record naming a
 * member `__proto__` is copied name by name, so that it sets the copy's prototype as before.
 */
export function recordCopies(leading: IDataObject): (record: IDataObject, trailing: IDataObject) => IDataObject {
	const blanks = new Map<string, IDataObject>();
	return (record, trailing) => {
		const names = [...Object.keys(leading), ...Object.keys(record), ...Object.keys(trailing)];
		const key = JSON.stringify(names);
		let blank = blanks.get(key);
		if (!blank && blanks.size < MOST_RAW_BLANKS && !names.includes('__proto__')) {
			blank = blankOf(names);
			blanks.set(key, blank);
		}
		return setAll(setAll(setAll(blank ? { ...blank } : {}, leading), record), trailing);
	};
}

/**
 * One row per line, each with the document's key, number, date and contact; a document without
 * lines gives one row whose line columns are empty. Every row has the same columns.
 */
export function lineRows(
	record: IDataObject,
	shape: RecordShape,
	leading: IDataObject = {},
	trailing: IDataObject = {},
): IDataObject[] {
	const lines = shape.lines;
	if (!lines) return [simplifiedRow(record, shape, leading, trailing)];
	const entries = lineEntries(record, shape);
	const document = fill(startingWith(leading), record, lines.document);
	const lineRow = (line: IDataObject, number: number | null) => {
		const row = setAll(blankRow(lines, lineColumns, leading, trailing), document);
		row[LINE_NUMBER] = number;
		return setAll(fill(row, line, lines.columns), trailing);
	};
	if (!entries.length) return [lineRow({}, null)];
	return entries.map((line, index) => lineRow(line, index + 1));
}

/** A document's lines as objects (anything else in the list counts as an empty line). */
export function lineEntries(record: IDataObject, shape: RecordShape): IDataObject[] {
	const list = shape.lines ? record[shape.lines.field] : undefined;
	if (!Array.isArray(list)) return [];
	return list.map((line) => (line && typeof line === 'object' ? (line as IDataObject) : {}));
}
