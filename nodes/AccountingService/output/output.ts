import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { CollectionDefinition } from '../collections/table';
import { toChoice } from '../helpers/values';
import {
	includedAttributes,
	includedRowsOf,
	INCLUDED_FIELDS,
	includedFieldsProperty,
	readIncludedFields,
	type IncludedFields,
} from './includedFields';
import { lineRows, recordCopies, simplifiedRow } from './rows';
import { shapeOf } from './shape';

/**
 * What a read or write outputs (n8n's Output convention, as in Outlook v2): flat rows for a
 * sheet or a Data Table, one row per line of a document, or the service's record as it is.
 */
export type Output = 'simplified' | 'lines' | 'raw' | IncludedFields;

/** The Output values a collection offers: Select Included Fields (`fields`) carries its chosen columns. */
export type OutputValue = 'simplified' | 'lines' | typeof INCLUDED_FIELDS | 'raw';

export const hasLines = (row: CollectionDefinition) => shapeOf(row).lines !== undefined;

export const outputsOf = (row: CollectionDefinition): OutputValue[] =>
	hasLines(row) ? ['simplified', 'lines', INCLUDED_FIELDS, 'raw'] : ['simplified', INCLUDED_FIELDS, 'raw'];

export const isIncludedFields = (output: Output): output is IncludedFields => typeof output === 'object';

/**
 * The chosen Output, checked against what the collection offers (an expression may give
 * anything); with Select Included Fields, its Fields too.
 */
export function outputFrom(
	row: CollectionDefinition,
	chosen: unknown,
	fields: () => unknown,
	fail: (field: string, problem: string) => never,
): Output {
	const value = toChoice(chosen, outputsOf(row), (problem) => fail('Output', problem));
	return value === INCLUDED_FIELDS
		? readIncludedFields(row, fields(), (problem) => fail(includedFieldsProperty.displayName, problem))
		: value;
}

/** The Output choice of a collection: One Row per Line only for documents with lines. */
export function outputProperty(row: CollectionDefinition): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'simplified',
		options: [
			{
				name: 'Simplified',
				value: 'simplified',
				description:
					'One flat row per record for a sheet or a Data Table: plain values only, the record’s ID named after it (sales_invoice_id, contact_id), each reference as two columns (contact_id and contact_name)',
			},
			...(hasLines(row)
				? [
						{
							name: 'One Row per Line',
							value: 'lines',
							description:
								'One row per line of each document: the document’s ID, number, date and contact, then line_number and the line’s own columns prefixed line_ (line_description, line_total_amount)',
						},
					]
				: []),
			{
				name: 'Select Included Fields',
				value: INCLUDED_FIELDS,
				description: `Only the columns you choose in ${includedFieldsProperty.displayName}, in that order, after the record’s ID: for a sheet or a Data Table with exactly those columns`,
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'The record exactly as the service sends it, nested objects and lists included',
			},
		],
	};
}

/** What every record of a list carries without being asked for. */
const SUMMARY = new Set(['id', 'displayed_as', '$path']);

/**
 * The attributes a read asks the service for: what the rows need beyond the summary every record
 * is listed with, not more. Undefined leaves the request as it was: Raw (the service's own
 * default, or the user's Attributes), or a record that is no more than its summary.
 */
export function attributesFor(row: CollectionDefinition, output: Output): string | undefined {
	const shape = shapeOf(row);
	if (output === 'raw') return undefined;
	if (isIncludedFields(output)) return includedAttributes(row, output).join(',') || undefined;
	const attributes = output === 'lines' && shape.lines ? shape.lines.attributes : shape.attributes;
	const beyondSummary = attributes.filter((name) => !SUMMARY.has(name));
	return beyondSummary.length ? beyondSummary.join(',') : undefined;
}

/**
 * The records as the chosen output gives them; `added` are the node's own fields of each record
 * (business_id, the upsert's operation), kept in every output; `leading` the columns every row
 * begins with (a business's, under All Businesses), set as the row is made: copying a row of a
 * hundred columns again to put two in front is slow on Node 20's V8.
 */
export function shapeRecords(
	row: CollectionDefinition,
	records: readonly IDataObject[],
	output: Output,
	added: (record: IDataObject) => IDataObject = () => ({}),
	leading: IDataObject = {},
): IDataObject[] {
	const leads = Object.keys(leading).length > 0;
	if (output === 'raw') {
		// The service's records as they came: copied only where the node adds a field.
		const copy = recordCopies(leading);
		return records.map((record) => {
			const extra = added(record);
			return leads || Object.keys(extra).length ? copy(record, extra) : record;
		});
	}
	if (isIncludedFields(output)) {
		const rowsOf = includedRowsOf(row, output);
		return records.flatMap((record) => rowsOf(record, added(record), leading));
	}
	const shape = shapeOf(row);
	return records.flatMap((record) =>
		output === 'lines'
			? lineRows(record, shape, leading, added(record))
			: [simplifiedRow(record, shape, leading, added(record))],
	);
}
