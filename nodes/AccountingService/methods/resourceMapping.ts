import type {
	FieldType,
	ILoadOptionsFunctions,
	INodePropertyOptions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { EDITOR_LISTS } from '../actions/write/editorLists';
import { naturalKeysOf, upsertShorthands } from '../actions/write/upsertKeys';
import { findCollection, writeSchemaOf, type CollectionDefinition } from '../collections/table';
import type { WriteField, WriteFieldType } from '../collections/types';
import { referenceOptions, type ReferenceOptions } from './referenceOptions';

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

/** At most this many entries are named in the label of a list of references (the mapper cannot pick several). */
const MAX_NAMED_IN_LABEL = 6;

/**
 * An attribute naming an entry of a reference list: a dropdown of the entries by name, ids as
 * values. An expression still gives any id (the node reads the mapper with n8n's check skipped);
 * a fixed value must be one of the entries loaded, which n8n checks before the workflow runs. A
 * list of such ids stays a list (the mapper picks one option only), its few entries named in the
 * label: "Contact Type Ids (Customer: CUSTOMER, Supplier: VENDOR)".
 */
function withReferences(field: ResourceMapperField, entries: INodePropertyOptions[]): ResourceMapperField {
	if (field.type === 'string') return { ...field, type: 'options', options: entries };
	if (field.type === 'array' && entries.length <= MAX_NAMED_IN_LABEL) {
		const named = entries.map((entry) => `${entry.name}: ${String(entry.value)}`).join(', ');
		return { ...field, displayName: `${field.displayName} (${named})` };
	}
	return field;
}

function mapperField(field: WriteField, required: boolean, references: ReferenceOptions): ResourceMapperField {
	const mapped: ResourceMapperField = {
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
	const entries = references.get(field.name);
	return entries ? withReferences(mapped, entries) : mapped;
}

/**
 * The attributes of the selected resource's create or update, from the OpenAPI's request schema:
 * id = the attribute name inside the wrapper. Required exactly where the OpenAPI requires it for a
 * create, except a list the editor can build instead (Lines, Allocations): the node checks that
 * one of the two gives it. Nothing is required for an update. Attributes naming an entry of a
 * short list of the business (tax rate, currency, status…) offer that list's entries by name.
 */
export async function getWriteFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const resource = this.getCurrentNodeParameter('resource') as string;
	const operation = this.getCurrentNodeParameter('operation') as string;
	const row = findCollection(resource);
	if (row && operation === 'upsert') return await upsertFields(this, row);
	const schema = row && (operation === 'create' || operation === 'update') ? writeSchemaOf(row, operation) : undefined;
	if (!row || !schema) return { fields: [], emptyFieldsNotice: 'This resource and operation take no attributes' };
	const references = await referenceOptions(this, row.path, schema.fields);
	const byEditor = (field: WriteField) => EDITOR_LISTS.some((list) => list.matches(field));
	const fields = schema.fields.map((field) =>
		mapperField(field, operation === 'create' && !!field.required && !byEditor(field), references),
	);
	return { fields: [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)] };
}

/**
 * Create or Update's attributes: the create's (its update takes the same), none required (an
 * update needs none; the node checks a create's when it creates), those a create needs shown
 * first. The natural keys can be matched on, the first preselected.
 */
async function upsertFields(context: ILoadOptionsFunctions, row: CollectionDefinition): Promise<ResourceMapperFields> {
	const schema = writeSchemaOf(row, 'create');
	const keys = naturalKeysOf(row);
	if (!schema || !keys.length) return { fields: [], emptyFieldsNotice: 'This resource has no key to match on' };
	const references = await referenceOptions(context, row.path, schema.fields);
	const fields = [...schema.fields, ...upsertShorthands(row)].map((field) => ({
		...mapperField(field, false, references),
		removed: !field.required && !keys.includes(field.name),
		canBeUsedToMatch: keys.includes(field.name),
		defaultMatch: field.name === keys[0],
	}));
	const shown = (field: ResourceMapperField) => field.canBeUsedToMatch || !field.removed;
	return { fields: [...fields.filter(shown), ...fields.filter((field) => !shown(field))] };
}
