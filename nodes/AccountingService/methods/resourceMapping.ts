import type { FieldType, ILoadOptionsFunctions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { EDITOR_LISTS } from '../actions/write/editorLists';
import { naturalKeysOf, upsertShorthands } from '../actions/write/upsertKeys';
import { findCollection, writeSchemaOf, type CollectionDefinition } from '../collections/table';
import type { WriteField, WriteFieldType } from '../collections/types';

const ACRONYMS: Record<string, string> = {
	id: 'ID',
	eu: 'EU',
	cis: 'CIS',
	vat: 'VAT',
	gst: 'GST',
	pst: 'PST',
	itc: 'ITC',
	itr: 'ITR',
	url: 'URL',
};

/** "contact_id" → "Contact ID", "base_currency_net_amount" → "Base Currency Net Amount". */
export const attributeDisplayName = (name: string) =>
	name
		.split('_')
		.filter(Boolean)
		.map((word) => ACRONYMS[word] ?? word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');

/** How n8n's mapper shows each kind of attribute: dates get the date picker, nested values a JSON editor. */
const FIELD_TYPES: Record<WriteFieldType, FieldType> = {
	string: 'string',
	number: 'number',
	integer: 'number',
	boolean: 'boolean',
	date: 'dateTime',
	dateTime: 'dateTime',
	options: 'options',
	object: 'object',
	array: 'array',
};

/** "CUSTOMER_RECEIPT" → "Customer Receipt", "sales" → "Sales". */
const optionName = (value: string) =>
	value
		.split(/[_\s]+/)
		.filter(Boolean)
		.map((word) =>
			word.length <= 3 && word === word.toUpperCase()
				? word
				: word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
		)
		.join(' ');

function mapperField(field: WriteField, required: boolean): ResourceMapperField {
	return {
		id: field.name,
		displayName: attributeDisplayName(field.name),
		required,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: FIELD_TYPES[field.type],
		// Optional attributes start hidden ("Add attribute" shows them): a shown boolean would be sent as false.
		removed: !required,
		...(field.options
			? {
					options: field.options.map((value) => ({
						name: optionName(value),
						value,
						description: field.description || undefined,
					})),
				}
			: {}),
	};
}

/**
 * The attributes of the selected resource's create or update, from the OpenAPI's request schema:
 * id = the attribute name inside the wrapper. Required exactly where the OpenAPI requires it for a
 * create, except a list the editor can build instead (Lines, Allocations): the node checks that
 * one of the two gives it. Nothing is required for an update.
 */
export async function getWriteFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const resource = this.getCurrentNodeParameter('resource') as string;
	const operation = this.getCurrentNodeParameter('operation') as string;
	const row = findCollection(resource);
	if (row && operation === 'upsert') return upsertFields(row);
	const schema = row && (operation === 'create' || operation === 'update') ? writeSchemaOf(row, operation) : undefined;
	if (!schema) return { fields: [], emptyFieldsNotice: 'This resource and operation take no attributes' };
	const byEditor = (field: WriteField) => EDITOR_LISTS.some((list) => list.matches(field));
	const fields = schema.fields.map((field) =>
		mapperField(field, operation === 'create' && !!field.required && !byEditor(field)),
	);
	return { fields: [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)] };
}

/**
 * Create or Update's attributes: the create's (its update takes the same), none required (an
 * update needs none; the node checks a create's when it creates), those a create needs shown
 * first. The natural keys can be matched on, the first preselected.
 */
function upsertFields(row: CollectionDefinition): ResourceMapperFields {
	const schema = writeSchemaOf(row, 'create');
	const keys = naturalKeysOf(row);
	if (!schema || !keys.length) return { fields: [], emptyFieldsNotice: 'This resource has no key to match on' };
	const fields = [...schema.fields, ...upsertShorthands(row)].map((field) => ({
		...mapperField(field, false),
		removed: !field.required && !keys.includes(field.name),
		canBeUsedToMatch: keys.includes(field.name),
		defaultMatch: field.name === keys[0],
	}));
	const shown = (field: ResourceMapperField) => field.canBeUsedToMatch || !field.removed;
	return { fields: [...fields.filter(shown), ...fields.filter((field) => !shown(field))] };
}
