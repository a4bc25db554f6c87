import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { writeSchemaOf, type CollectionDefinition } from '../../collections/table';
import type { WriteSchema } from '../../collections/types';
import { withArticle } from '../../collections/wording';
import type { ParameterReader } from '../parameters';
import { AttributeChecker, isUnset } from './attributes';
import { mappedValues } from './record';
import { naturalKeysOf, upsertShorthands, withShorthandsApplied } from './upsertKeys';

/** What one item of Create or Update asks for, checked before any request. */
export interface UpsertRequest {
	schema: WriteSchema;
	/** The column matched on, and its value as the record will hold it. */
	column: string;
	value: string | number;
	/**
	 * The attributes to send to the record found (nothing is required), its key as the record
	 * holds it: the key found it, so the comparison's leniency (spaces, case) never rewrites it.
	 */
	update(stored: IDataObject): IDataObject;
	/** The attributes to send when none has it, checked as a create only then: its required attributes are needed only to create. */
	create(): IDataObject;
}

/**
 * The item's attributes (the mapper's, or the input item's with Map Automatically) and the column
 * to match on, checked against the request schema of the resource's create (its update takes the
 * same attributes) and the shorthands Create or Update adds (a contact's `email`).
 */
export function upsertRequest(
	context: IExecuteFunctions,
	row: CollectionDefinition,
	parameters: ParameterReader,
	itemIndex: number,
): UpsertRequest {
	const schema = writeSchemaOf(row, 'create');
	const keys = naturalKeysOf(row);
	if (!schema || !writeSchemaOf(row, 'update') || !keys.length) {
		return parameters.fail('Operation', `${row.plural} cannot be created or updated by a key`);
	}
	const { values, automatic, matchingColumns } = mappedValues(context, parameters, itemIndex);
	const column = matchingColumn(matchingColumns, keys, parameters);

	const fields = [...schema.fields, ...upsertShorthands(row)];
	const noun = withArticle(row.singular);
	const fail = parameters.fail.bind(parameters);
	const checked = (required: boolean) =>
		withShorthandsApplied(
			row,
			new AttributeChecker(fail).record(fields, values, {
				required,
				unknown: automatic ? 'ignore' : 'refuse',
				noun,
				missingHint: automatic ? ' (Map Automatically found no input field of that name)' : '',
			}),
			fail,
		);
	const update = checked(false);
	const value = keyValueOf(update, column);
	if (isUnset(value) || !String(value).trim()) {
		parameters.fail(
			column,
			`it is the column to match on and it is empty for this item${automatic ? ' (Map Automatically found no input field of that name)' : ''}; ${noun} is found by it`,
		);
	}
	return {
		schema,
		column,
		value: value as string | number,
		update: (stored) => withKey(update, column, stored[column]),
		create: () => checked(true),
	};
}

/** One column, one of the resource's natural keys: the editor offers only those. */
function matchingColumn(chosen: unknown, keys: readonly string[], parameters: ParameterReader): string {
	const columns = Array.isArray(chosen) ? chosen : [];
	if (columns.length !== 1 || typeof columns[0] !== 'string' || !keys.includes(columns[0])) {
		parameters.fail(
			'Columns to Match On',
			`choose one of ${keys.join(', ')} (got ${columns.length ? columns.join(', ') : 'none'}); refresh the field list if it shows another`,
		);
	}
	return columns[0] as string;
}

/** The key as the record to send holds it: the contact's e-mail sits in its main contact person. */
const keyValueOf = (record: IDataObject, column: string): unknown =>
	column === 'email' ? (record.main_contact_person as IDataObject | undefined)?.email : record[column];

function withKey(record: IDataObject, column: string, value: IDataObject[string]): IDataObject {
	if (column !== 'email') return { ...record, [column]: value };
	return { ...record, main_contact_person: { ...(record.main_contact_person as IDataObject), email: value } };
}
