import { RECORD_FIELDS } from '../collections/generated-records';
import { DOCUMENT_COLUMNS_ON_LINES, LEADING_COLUMNS } from '../collections/overlay';
import type { CollectionDefinition } from '../collections/table';
import type { RecordField } from '../collections/types';
import { attributesOf, columnsOf, type Column } from './columns';

/** The columns of a collection's Simplified rows and, for documents with lines, of its line rows. */
export interface RecordShape {
	/** The record's key column, `<singular>_id` (`sales_invoice_id`). */
	key: string;
	columns: readonly Column[];
	/** The top-level attributes a Simplified row reads. */
	attributes: readonly string[];
	lines?: LineShape;
}

export interface LineShape {
	/** The record's list of lines (`invoice_lines`). */
	field: string;
	/** The document's columns repeated on each line row, its key first. */
	document: readonly Column[];
	/** The line's own columns, `line_` and the line's field names. */
	columns: readonly Column[];
	attributes: readonly string[];
}

/** The column of a line's position in its document, counted from 1. */
export const LINE_NUMBER = 'line_number';
export const LINE_PREFIX = 'line_';

/** "Sales Invoice" → "sales_invoice". */
export const snakeCase = (text: string) =>
	text
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_|_$/g, '');

export const keyColumnOf = (row: CollectionDefinition) => `${snakeCase(row.singular)}_id`;

/** A document's own number (`invoice_number`): a `<x>_number` that has a `<x>_number_prefix`. */
const isDocumentNumber = (name: string, names: ReadonlySet<string>) =>
	name.endsWith('_number') && names.has(`${name}_prefix`);

/** The named columns, in the order of `order` (`*_number` as above), that the record has. */
function pick(columns: readonly Column[], order: readonly string[]): Column[] {
	const names = new Set(columns.map((column) => column.name));
	const picked: Column[] = [];
	for (const wanted of order) {
		for (const column of columns) {
			const matches = wanted === '*_number' ? isDocumentNumber(column.name, names) : column.name === wanted;
			if (matches && !picked.includes(column)) picked.push(column);
		}
	}
	return picked;
}

/** The key column first (where the record has one), then the named columns of `order` it has. */
const keyThen = (columns: readonly Column[], key: string, order: readonly string[]): Column[] => [
	...columns.filter((column) => column.name === key),
	...pick(columns, order).filter((column) => column.name !== key),
];

/** Key first, then the leading columns the record has, then the rest in the OpenAPI's order. */
function inReadingOrder(columns: readonly Column[], key: string): Column[] {
	const first = keyThen(columns, key, LEADING_COLUMNS);
	return [...first, ...columns.filter((column) => !first.includes(column))];
}

/** A document's lines: its list named `<…>_lines`, whose objects exist only inside it. */
const lineFieldOf = (fields: readonly RecordField[]) =>
	fields.find(
		(field): field is Extract<RecordField, { kind: 'records' }> =>
			field.kind === 'records' && field.name.endsWith('_lines'),
	);

function lineShape(fields: readonly RecordField[], columns: readonly Column[], key: string): LineShape | undefined {
	const field = lineFieldOf(fields);
	if (!field) return undefined;
	const document = keyThen(columns, key, DOCUMENT_COLUMNS_ON_LINES);
	const lineColumns = columnsOf(RECORD_FIELDS[field.definition] ?? [], `${LINE_PREFIX}id`, LINE_PREFIX).filter(
		(column) => column.name !== LINE_NUMBER,
	);
	return { field: field.name, document, columns: lineColumns, attributes: [...attributesOf(document), field.name] };
}

/** Every record of a list is listed with its `id`, also where its definition leaves it out (exchange rates). */
const ID: RecordField = { name: 'id', kind: 'value', type: 'string' };

function shapeOfRow(row: CollectionDefinition): RecordShape {
	const declared = RECORD_FIELDS[row.definition] ?? [];
	const fields = row.singleton || declared.some((field) => field.name === 'id') ? declared : [ID, ...declared];
	const key = keyColumnOf(row);
	const columns = inReadingOrder(columnsOf(fields, key), key);
	return { key, columns, attributes: attributesOf(columns), lines: lineShape(fields, columns, key) };
}

const shapes = new Map<string, RecordShape>();

/** The shape of a collection's rows, worked out once per collection. */
export function shapeOf(row: CollectionDefinition): RecordShape {
	let shape = shapes.get(row.resource);
	if (!shape) {
		shape = shapeOfRow(row);
		shapes.set(row.resource, shape);
	}
	return shape;
}
