import type { INodeProperties } from 'n8n-workflow';

import { isSearchable, type CollectionDefinition } from '../collections/table';

/**
 * The `id` locator of a record of `row`: From List (searchRecords, which reads the resource
 * parameter) or By ID. Without display conditions: the operations that name a record add them.
 */
export function recordLocator(row: CollectionDefinition, description: string): INodeProperties {
	return {
		displayName: row.singular,
		name: 'id',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchRecords', searchable: isSearchable(row) },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 0a1b2c3d4e5f60718293a4b5c6d7e8f9',
			},
		],
	};
}
