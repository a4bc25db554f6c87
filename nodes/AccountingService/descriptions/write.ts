import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	EDITOR_LISTS,
	editorFieldsFor,
	editorTarget,
	type EditorField,
	type EditorList,
} from '../actions/write/editorLists';
import { COLLECTIONS, type CollectionDefinition } from '../collections/table';
import { lower, recordLocator, withArticle } from './collection';

/**
 * The write side's fields, from the collection table: Create, Update and Delete where the
 * OpenAPI has POST, PUT and DELETE for the collection, Release (and a journal's Reissue) where it
 * has `/{key}/<action>`. The record's attributes are one resource mapper (`fields`) whose fields
 * the node reads from the OpenAPI's request schema (methods/resourceMapping.ts).
 */

export const WRITE_OPERATIONS = ['create', 'update', 'delete'] as const;

/** Record actions (`POST /{path}/{key}/<action>`) the node offers, by the OpenAPI's path segment. */
export const RECORD_ACTIONS: Record<string, { name: string; verb: string; description: (noun: string) => string }> = {
	release: {
		name: 'Release',
		verb: 'Release',
		description: (noun) => `Release ${noun} that was saved as a draft, so it is issued and posted`,
	},
	reissue: {
		name: 'Reissue',
		verb: 'Reissue',
		description: (noun) => `Reissue ${noun}`,
	},
};

/** Whether DELETE voids the record (the OpenAPI's DELETE takes a `void_reason`). */
export const deleteVoids = (row: CollectionDefinition) => !!row.writes.deleteQuery?.includes('void_reason');

export const recordActionsOf = (row: CollectionDefinition) =>
	row.writes.actions.filter((action) => action in RECORD_ACTIONS);

export function writeOperationOptions(row: CollectionDefinition): INodePropertyOptions[] {
	const noun = row.singleton ? lower(row.singular) : withArticle(row.singular);
	const the = row.singleton ? `the ${lower(row.singular)}` : noun;
	const options: INodePropertyOptions[] = [];
	if (row.writes.create) {
		options.push({ name: 'Create', value: 'create', description: `Create ${noun}`, action: `Create ${noun}` });
	}
	if (row.writes.update) {
		options.push({
			name: 'Update',
			value: 'update',
			description: row.singleton ? `Change ${the} of the business` : `Change ${noun}: only the attributes you set`,
			action: `Update ${noun}`,
		});
	}
	if (row.writes.delete) {
		options.push({
			name: 'Delete',
			value: 'delete',
			description: deleteVoids(row)
				? `Void ${noun}: the service keeps it, marked void (a draft is deleted)`
				: `Delete ${noun}`,
			action: `Delete ${noun}`,
		});
	}
	for (const action of recordActionsOf(row)) {
		const { name, verb, description } = RECORD_ACTIONS[action];
		options.push({ name, value: action, description: description(noun), action: `${verb} ${noun}` });
	}
	return options;
}

const creatable = COLLECTIONS.filter((row) => row.writes.create);
const mapped = COLLECTIONS.filter((row) => row.writes.create || row.writes.update);

/** The record's attributes: one resource mapper, its fields read per resource and operation from the OpenAPI. */
const fieldsProperty: INodeProperties = {
	displayName: 'Fields',
	name: 'fields',
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	required: true,
	description:
		'The record’s attributes, named as the service names them. Map Automatically takes each from the input field of the same name (e.g. spreadsheet columns contact_id, date) and ignores the other input fields. A nested value (an address, lines) can be an object, a list, or their JSON text.',
	typeOptions: {
		loadOptionsDependsOn: ['resource', 'operation'],
		resourceMapper: {
			resourceMapperMethod: 'getWriteFields',
			mode: 'add',
			fieldWords: { singular: 'attribute', plural: 'attributes' },
			addAllFields: false,
			multiKeyMatch: false,
			supportAutoMap: true,
		},
	},
	displayOptions: { show: { resource: mapped.map((row) => row.resource), operation: ['create', 'update'] } },
};

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

/** One Lines (Allocations) property per distinct shape, shown for create and update of every resource with it. */
function editorListProperties(list: EditorList): INodeProperties[] {
	const groups = new Map<string, { fields: EditorField[]; resources: string[]; operations: Set<string> }>();
	for (const row of mapped) {
		for (const operation of ['create', 'update'] as const) {
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

/** What the record locator of a write names: "The sales invoice to update, delete or release". */
function writeLocators(): INodeProperties[] {
	return COLLECTIONS.filter(
		(row) => !row.singleton && (row.writes.update || row.writes.delete || recordActionsOf(row).length),
	).map((row) => {
		const operations = [
			...(row.writes.update ? ['update'] : []),
			...(row.writes.delete ? ['delete'] : []),
			...recordActionsOf(row),
		];
		const verbs = operations.map((operation) => (operation === 'delete' && deleteVoids(row) ? 'void' : operation));
		const listed = verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} or ${verbs[verbs.length - 1]}` : verbs[0];
		return {
			...recordLocator(row, `The ${lower(row.singular)} to ${listed}`),
			displayOptions: { show: { resource: [row.resource], operation: operations } },
		};
	});
}

const voidReason: INodeProperties = {
	displayName: 'Void Reason',
	name: 'voidReason',
	type: 'string',
	default: '',
	placeholder: 'e.g. Issued to the wrong customer',
	description:
		'Why the document is voided. The service requires a reason unless the document is a draft; left empty, the node checks that it is a draft before deleting it.',
	displayOptions: {
		show: { resource: COLLECTIONS.filter(deleteVoids).map((row) => row.resource), operation: ['delete'] },
	},
};

const createOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: {
		show: {
			resource: creatable.filter((row) => row.idempotentCreate).map((row) => row.resource),
			operation: ['create'],
		},
	},
	options: [
		{
			displayName: 'Idempotency Key',
			name: 'idempotencyKey',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.orderNumber }}',
			description:
				'A value that identifies this record in your flow, such as a shop’s order number. The same key creates one record only, even when the workflow runs again. Without it, a create is protected against repeats within its own retries only.',
		},
	],
};

/** Every field of the write operations. */
export const writeProperties: INodeProperties[] = [
	...writeLocators(),
	fieldsProperty,
	...EDITOR_LISTS.flatMap(editorListProperties),
	voidReason,
	createOptions,
];
