import type { INodeProperties } from 'n8n-workflow';

import {
	EDITOR_LISTS,
	editorFieldsFor,
	editorTarget,
	type EditorField,
	type EditorList,
} from '../../actions/write/editorLists';
import { lookupsOffered } from '../../actions/write/lookups';
import { writeSchemaOf, type CollectionDefinition } from '../../collections/table';
import { lower } from '../../collections/wording';
import { byShape, rowUses, sameFor, type BlockUse, type PropertyBlock } from '../../descriptions/blocks';
import { includedFieldsProperty } from '../../output/includedFields';
import { outputProperty } from '../../output/output';
import { optionsCollection } from '../../descriptions/common';

/**
 * The one resource mapper of a write, its fields read per resource and operation from the
 * OpenAPI's request schema (methods/resourceMapping.ts); `mode` is n8n's mapper mode.
 */
export function fieldsMapper(mode: 'add' | 'upsert', description: string): PropertyBlock {
	return sameFor([
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			description,
			typeOptions: {
				loadOptionsDependsOn: ['resource', 'operation'],
				resourceMapper: {
					resourceMapperMethod: 'getWriteFields',
					mode,
					fieldWords: { singular: 'attribute', plural: 'attributes' },
					addAllFields: false,
					multiKeyMatch: false,
					supportAutoMap: true,
				},
			},
		},
	]);
}

/** The record's attributes of a create or update. */
export const recordFields = fieldsMapper(
	'add',
	'The record’s attributes, named as the service names them. Map Automatically takes each from the input field of the same name (e.g. spreadsheet columns contact_id, date) and ignores the other input fields. A nested value (an address, lines) can be an object, a list, or their JSON text.',
);

function editorFieldProperty(field: EditorField): INodeProperties {
	const common = {
		displayName: field.displayName,
		name: field.name,
		description: field.description,
		...(field.required ? { required: true } : {}),
	};
	switch (field.kind) {
		case 'locator':
			return {
				...common,
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						typeOptions: { searchListMethod: field.searchListMethod, searchable: true },
					},
					{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 0a1b2c3d4e5f60718293a4b5c6d7e8f9' },
				],
			};
		case 'number':
			return { ...common, type: 'number', default: Number(field.default ?? 0) };
		case 'boolean':
			return {
				...common,
				description: `Whether ${lower(field.description.replace(/^Whether /, ''))}`,
				type: 'boolean',
				default: field.default === true,
			};
		default:
			return { ...common, type: 'string', default: String(field.default ?? '') };
	}
}

/** The Lines (or Allocations) collection for the list attribute `target`. */
function editorListProperty(list: EditorList, fields: EditorField[]): INodeProperties {
	const always = fields.filter((field) => !field.additional).map(editorFieldProperty);
	const additional = fields.filter((field) => field.additional).map(editorFieldProperty);
	const values = additional.length
		? [
				...always,
				{
					displayName: 'Additional Fields',
					name: 'additionalFields',
					type: 'collection',
					placeholder: 'Add Field',
					default: {},
					options: additional,
				} as INodeProperties,
			]
		: always;
	return {
		displayName: list.displayName,
		name: list.parameter,
		type: 'fixedCollection',
		placeholder: `Add ${list.displayName.replace(/s$/, '')}`,
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		description:
			list.parameter === 'lines'
				? 'The document’s lines, built here without JSON. Give lines either here or as an attribute in Fields, not both.'
				: 'What the payment settles: each invoice or credit note and how much of it. Give allocations either here or as allocated_artefacts in Fields, not both.',
		options: [{ displayName: list.displayName.replace(/s$/, ''), name: list.entry, values }],
	};
}

const isRecordWrite = (operation: string): operation is 'create' | 'update' =>
	operation === 'create' || operation === 'update';

/** One Lines (Allocations) property per distinct shape, shown for the creates and updates of every resource with it. */
function editorListProperties(list: EditorList, uses: readonly BlockUse[]): INodeProperties[] {
	const groups = new Map<string, { fields: EditorField[]; resources: string[]; operations: Set<string> }>();
	for (const { row, operations } of rowUses(uses)) {
		for (const operation of operations.filter(isRecordWrite)) {
			const target = editorTarget(row, list, operation);
			if (!target) continue;
			const fields = editorFieldsFor(list, target);
			const shape = fields.map((field) => field.name).join(',');
			const group = groups.get(shape) ?? { fields, resources: [], operations: new Set<string>() };
			if (!group.resources.includes(row.resource)) group.resources.push(row.resource);
			group.operations.add(operation);
			groups.set(shape, group);
		}
	}
	return [...groups.values()].map(({ fields, resources, operations }) => ({
		...editorListProperty(list, fields),
		displayOptions: { show: { resource: resources, operation: [...operations] } },
	}));
}

/** Lines and Allocations, for the creates and updates whose request schema has them. */
export const editorLists: PropertyBlock = {
	build: (uses) => EDITOR_LISTS.flatMap((list) => editorListProperties(list, uses)),
};

/**
 * Options of a document's or payment's create or update that say how its contact and its lines'
 * items and ledger accounts are given, where its request schema has them. In Options rather than
 * next to Fields: most writes give IDs (the default), and one line under "Add Option" keeps the
 * form short while staying an explicit choice.
 */
function lookupOptions(row: CollectionDefinition, operation: 'create' | 'update'): INodeProperties[] {
	const schema = writeSchemaOf(row, operation);
	if (!schema) return [];
	const offered = lookupsOffered(schema);
	const fromList = 'A value picked From List under Lines is an ID whatever is chosen here.';
	return [
		...(offered.contact
			? [
					{
						displayName: 'Contact Given By',
						name: 'contactGivenBy',
						type: 'options',
						default: 'id',
						description:
							'What contact_id holds. A reference or e-mail is looked up once per node run; one that names no contact, or several, fails the item before anything is written.',
						options: [
							{ name: 'ID', value: 'id', description: 'The contact’s ID, sent as given' },
							{
								name: 'Reference',
								value: 'reference',
								description: 'The contact’s reference, e.g. ACME001, matched exactly',
							},
							{
								name: 'E-Mail',
								value: 'email',
								description: 'The e-mail address of the contact, matched ignoring case',
							},
						],
					} as INodeProperties,
				]
			: []),
		...(offered.lineItems
			? [
					{
						displayName: 'Line Items Given By',
						name: 'lineItemsGivenBy',
						type: 'options',
						default: 'id',
						description: `What each line’s product_id and service_id (Product and Service under Lines) hold. An item code is looked up once per node run; one that names no product or service, or several, fails the item before anything is written. ${fromList}`,
						options: [
							{ name: 'ID', value: 'id', description: 'The product’s or service’s ID, sent as given' },
							{ name: 'Item Code', value: 'itemCode', description: 'Its item code, e.g. WID-001, matched exactly' },
						],
					} as INodeProperties,
				]
			: []),
		...(offered.ledgerAccounts
			? [
					{
						displayName: 'Ledger Accounts Given By',
						name: 'ledgerAccountsGivenBy',
						type: 'options',
						default: 'id',
						description: `What each line’s ledger_account_id (Ledger Account under Lines) holds. A nominal code is looked up in the business’s ledger accounts, read once per node run. ${fromList}`,
						options: [
							{ name: 'ID', value: 'id', description: 'The ledger account’s ID, sent as given' },
							{ name: 'Nominal Code', value: 'nominalCode', description: 'Its nominal code, e.g. 4000' },
						],
					} as INodeProperties,
				]
			: []),
	];
}

/** The Options of a create or update: `others` and the lookup options, in the alphabetical order n8n lists options in. */
export function writeOptions(
	row: CollectionDefinition,
	operation: 'create' | 'update',
	others: INodeProperties[] = [],
): INodeProperties {
	const options = [...others, ...lookupOptions(row, operation), outputProperty(row), includedFieldsProperty].sort(
		(a, b) => a.displayName.localeCompare(b.displayName),
	);
	return optionsCollection(options);
}

/** The Options of a write that has no other: what it outputs of the record it wrote. */
export const outputOptions = byShape((row) => optionsCollection([includedFieldsProperty, outputProperty(row)]));
