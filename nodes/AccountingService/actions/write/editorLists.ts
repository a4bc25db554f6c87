import type { IDataObject } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { writeSchemaOf } from '../../collections/table';
import type { WriteField } from '../../collections/types';
import { isUnset } from './attributes';

/**
 * The lists of a record that the editor builds entry by entry, without JSON: a document's lines
 * (product or service, ledger account and tax rate from lists; quantity, unit price, discount)
 * and a payment's allocations (which invoice, how much). Each editor field stands for one
 * attribute of the list's elements.
 */
export interface EditorField {
	/** The editor's parameter name inside the entry. */
	name: string;
	/** The attribute of the list element it gives. */
	attribute: string;
	displayName: string;
	kind: 'string' | 'number' | 'boolean' | 'locator';
	/** listSearch method of a locator. */
	searchListMethod?: string;
	description: string;
	default?: number | boolean | string;
	/** A number left at this value is not sent (a discount of 0). */
	omitWhen?: number;
	/** Shown inside the entry's "Additional Fields" rather than always. */
	additional?: boolean;
	required?: boolean;
	/**
	 * Required unless the entry names a product or service, which provides it (lineDefaults.ts).
	 * Not marked required in n8n: n8n would refuse to run a line that leaves it to its item.
	 */
	requiredWithoutItem?: boolean;
}

export interface EditorList {
	/** The node parameter: `lines` or `allocations`. */
	parameter: 'lines' | 'allocations';
	displayName: string;
	/** The entry's name inside the fixedCollection: `line` or `allocation`. */
	entry: string;
	/** Which list attribute of the record schema it fills, and which element attributes it needs. */
	matches: (field: WriteField) => boolean;
	fields: EditorField[];
}

const LINE_FIELDS: EditorField[] = [
	{
		name: 'description',
		attribute: 'description',
		displayName: 'Description',
		kind: 'string',
		description: 'What the line is for, as the document shows it. Left empty, the product’s or service’s description.',
		default: '',
		requiredWithoutItem: true,
	},
	{
		name: 'product',
		attribute: 'product_id',
		displayName: 'Product',
		kind: 'locator',
		searchListMethod: 'searchProducts',
		description: 'The product sold or bought on this line, if any',
	},
	{
		name: 'service',
		attribute: 'service_id',
		displayName: 'Service',
		kind: 'locator',
		searchListMethod: 'searchServices',
		description: 'The service sold or bought on this line, if any',
	},
	{
		name: 'ledgerAccount',
		attribute: 'ledger_account_id',
		displayName: 'Ledger Account',
		kind: 'locator',
		searchListMethod: 'searchLedgerAccounts',
		description:
			'The ledger account the line is posted to. Left empty, the product’s or service’s sales or purchase ledger account.',
		requiredWithoutItem: true,
	},
	{
		name: 'quantity',
		attribute: 'quantity',
		displayName: 'Quantity',
		kind: 'number',
		description: 'How many',
		default: 1,
	},
	{
		name: 'unitPrice',
		attribute: 'unit_price',
		displayName: 'Unit Price',
		kind: 'number',
		description: 'Price of one, in the document’s currency',
		default: 0,
	},
	{
		name: 'discountAmount',
		attribute: 'discount_amount',
		displayName: 'Discount',
		kind: 'number',
		description: 'Amount taken off the line (0 for none)',
		default: 0,
		omitWhen: 0,
	},
	{
		name: 'taxRate',
		attribute: 'tax_rate_id',
		displayName: 'Tax Rate',
		kind: 'locator',
		searchListMethod: 'searchTaxRates',
		description:
			'The tax rate of the line (left empty, the product’s or service’s); its tax amount is computed from it unless given below',
	},
	{
		name: 'taxAmount',
		attribute: 'tax_amount',
		displayName: 'Tax Amount',
		kind: 'number',
		description:
			'The line’s tax, sent as given; without it, it is computed from the tax rate and the net amount, to the cent',
		default: 0,
		additional: true,
	},
	{
		name: 'unitPriceIncludesTax',
		attribute: 'unit_price_includes_tax',
		displayName: 'Unit Price Includes Tax',
		kind: 'boolean',
		description: 'Whether the unit price already includes the tax',
		default: false,
		additional: true,
	},
];

const ALLOCATION_FIELDS: EditorField[] = [
	{
		name: 'artefact',
		attribute: 'artefact_id',
		displayName: 'Invoice or Credit Note',
		kind: 'locator',
		searchListMethod: 'searchArtefacts',
		description: 'The invoice or credit note the payment settles',
		required: true,
	},
	{
		name: 'amount',
		attribute: 'amount',
		displayName: 'Amount',
		kind: 'number',
		description: 'How much of it the payment settles',
		default: 0,
		required: true,
	},
	{
		name: 'discount',
		attribute: 'discount',
		displayName: 'Discount',
		kind: 'number',
		description: 'Settlement discount granted on it (0 for none)',
		default: 0,
		omitWhen: 0,
	},
];

const hasAll = (field: WriteField, names: string[]) =>
	names.every((name) => field.fields?.some((child) => child.name === name));

export const EDITOR_LISTS: EditorList[] = [
	{
		parameter: 'lines',
		displayName: 'Lines',
		entry: 'line',
		matches: (field) =>
			field.type === 'array' &&
			/_lines$/.test(field.name) &&
			hasAll(field, ['description', 'ledger_account_id', 'unit_price']),
		fields: LINE_FIELDS,
	},
	{
		parameter: 'allocations',
		displayName: 'Allocations',
		entry: 'allocation',
		matches: (field) =>
			field.type === 'array' && field.name === 'allocated_artefacts' && hasAll(field, ['artefact_id', 'amount']),
		fields: ALLOCATION_FIELDS,
	},
];

/** The list attribute of the row's write schema that an editor list fills, if any. */
export function editorTarget(
	row: CollectionDefinition,
	list: EditorList,
	operation: 'create' | 'update',
): WriteField | undefined {
	return writeSchemaOf(row, operation)?.fields.find(list.matches);
}

/** The editor fields that apply to a list attribute: those whose attribute its elements have. */
export const editorFieldsFor = (list: EditorList, target: WriteField) =>
	list.fields.filter((field) => target.fields?.some((child) => child.name === field.attribute));

/** How the editor names an element attribute in errors ("Unit Price"), or its API name where it has no field. */
export const editorNaming = (list: EditorList) => (attribute: string) =>
	list.fields.find((field) => field.attribute === attribute)?.displayName ?? attribute;

/** A locator's id, whatever form n8n hands it in (`{ __rl, mode, value }` or plain text). */
function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value)
		return (value as IDataObject).value;
	return value;
}

/** The entries of an editor list as list elements with the API's attribute names; empty values left out. */
export function fromEditor(list: EditorList, target: WriteField, value: unknown): IDataObject[] {
	const entries = ((value as IDataObject | undefined)?.[list.entry] ?? []) as IDataObject[];
	const fields = editorFieldsFor(list, target);
	return (Array.isArray(entries) ? entries : []).map((entry) => {
		const element: IDataObject = {};
		const additional = (entry.additionalFields ?? {}) as IDataObject;
		for (const field of fields) {
			const raw = field.additional ? additional[field.name] : entry[field.name];
			const given = field.kind === 'locator' ? locatorValue(raw) : raw;
			const text = typeof given === 'string' ? given.trim() : given;
			if (isUnset(text) || (field.omitWhen !== undefined && text === field.omitWhen)) continue;
			element[field.attribute] = text as IDataObject[string];
		}
		return element;
	});
}

/**
 * For each entry, the attributes whose locator was picked From List: those are IDs whatever the
 * operation's options say values are given by (an item code, a nominal code).
 */
export function pickedFromList(list: EditorList, target: WriteField, value: unknown): Array<Set<string>> {
	const entries = ((value as IDataObject | undefined)?.[list.entry] ?? []) as IDataObject[];
	const locators = editorFieldsFor(list, target).filter((field) => field.kind === 'locator' && !field.additional);
	return (Array.isArray(entries) ? entries : []).map(
		(entry) =>
			new Set(
				locators
					.filter((field) => (entry[field.name] as IDataObject | undefined)?.mode === 'list')
					.map((field) => field.attribute),
			),
	);
}
