import type { INodeProperties } from 'n8n-workflow';

import {
	EDITOR_LISTS,
	editorFieldsFor,
	editorTarget,
	type EditorField,
	type EditorList,
} from '../../actions/write/editorLists';
import { lower } from '../../collections/wording';
import { rowUses, sameFor, type BlockUse, type PropertyBlock } from '../../descriptions/blocks';

/**
 * The record's attributes of a create or update: one resource mapper, its fields read per resource
 * and operation from the OpenAPI's request schema (methods/resourceMapping.ts).
 */
export const recordFields = sameFor([
	{
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
	},
]);

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
