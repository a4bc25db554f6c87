import * as fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { findCollection } from '../../nodes/AccountingService/collections/table';
import { shapeRecords, type Output } from '../../nodes/AccountingService/output/output';
import { shapeOf } from '../../nodes/AccountingService/output/shape';

/**
 * Rows are made as copies of blank rows kept per shape and per the names around its columns
 * (output/rows.ts): whatever leading and trailing names a call brings, and however they vary
 * from record to record, a row holds exactly its leading names, its columns and the node's own
 * names, each once where it first comes, with the value set last (the node's own over a column,
 * a column over a leading one). Checked against the rows the same record gives alone, with no
 * names around them, and against the record itself for Raw.
 */

const invoices = findCollection('salesInvoice')!;
const shape = shapeOf(invoices);
const columnNames = shape.columns.map((column) => column.name);
const lineNames = shape.lines
	? [...shape.lines.document.map((column) => column.name), 'line_number', ...shape.lines.columns.map((c) => c.name)]
	: [];

/** Names of the node's own, of columns, of the record's members and of neither. */
const name = fc.constantFrom(
	'business_id',
	'business_name',
	'change_type',
	'legacy_id',
	'sales_invoice_id',
	'invoice_number',
	'total_amount',
	'line_number',
	'line_description',
	'notes',
	'id',
	'7',
	'extra_column',
);
const values = fc.dictionary(name, fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxKeys: 4 });

const record = fc.record(
	{
		id: fc.uuid(),
		invoice_number: fc.string(),
		total_amount: fc.constantFrom('120.50', '0.00', 'n/a'),
		notes: fc.option(fc.string()),
		contact: fc.record({ id: fc.string(), displayed_as: fc.string() }),
		invoice_lines: fc.array(fc.record({ id: fc.string(), description: fc.string() }), { maxLength: 2 }),
	},
	{ requiredKeys: ['id'] },
);

/** Each name once, in the order it first comes. */
const firstPlaces = (...lists: string[][]) => [...new Set(lists.flat())];

function expectedRows(records: IDataObject[], output: Output, leading: IDataObject, extras: IDataObject[]) {
	return records.flatMap((each, index) => {
		const extra = extras[index];
		const alone = output === 'raw' ? [each] : shapeRecords(invoices, [each], output);
		return alone.map((bare) => {
			const own = output === 'raw' ? Object.keys(bare) : output === 'lines' ? lineNames : columnNames;
			const row: IDataObject = {};
			for (const key of firstPlaces(Object.keys(leading), own, Object.keys(extra)))
				row[key] = key in extra ? extra[key] : own.includes(key) ? bare[key] : leading[key];
			return row;
		});
	});
}

const entriesOf = (rows: IDataObject[]) => rows.map((row) => Object.entries(row));

describe('rows copied from blank rows', () => {
	it('hold their leading names, columns and the node’s own names once each, the last value set', () => {
		fc.assert(
			fc.property(
				fc.array(record, { minLength: 1, maxLength: 4 }),
				fc.constantFrom<Output>('simplified', 'lines', 'raw'),
				values,
				fc.array(values, { minLength: 4, maxLength: 4 }),
				(generated, output, leading, extras) => {
					const records: IDataObject[] = generated;
					const rows = shapeRecords(invoices, records, output, (each) => extras[records.indexOf(each)], leading);
					expect(entriesOf(rows)).toEqual(entriesOf(expectedRows(records, output, leading, extras)));
				},
			),
			{ numRuns: 40 },
		);
	});
});
