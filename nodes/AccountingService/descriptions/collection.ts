import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { sortProperty, type FilterDefinition } from '../collections/filters';
import { COLLECTIONS, isSearchable, type CollectionDefinition } from '../collections/table';
import { returnAllOrLimit, showFor } from './common';

export const lower = (text: string) => text.toLowerCase();
/** "a sales invoice", "an attachment": the article the action text needs. */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${lower(noun)}`;
const listed = COLLECTIONS.filter((row) => !row.singleton);
const readById = COLLECTIONS.filter((row) => row.getById);
const resourcesOf = (rows: readonly CollectionDefinition[]) => rows.map((row) => row.resource);

export function collectionOperationOptions(row: CollectionDefinition): INodePropertyOptions[] {
	if (row.singleton) {
		return [
			{
				name: 'Get',
				value: 'get',
				description: `Get the ${lower(row.singular)} of the business`,
				action: `Get ${lower(row.singular)}`,
			},
		];
	}
	const options: INodePropertyOptions[] = [];
	if (row.getById) {
		options.push({
			name: 'Get',
			value: 'get',
			description: `Get one ${lower(row.singular)} by its ID`,
			action: `Get ${withArticle(row.singular)}`,
		});
	}
	options.push({
		name: 'Get Many',
		value: 'getAll',
		description: `Get many ${lower(row.plural)}`,
		action: `Get many ${lower(row.plural)}`,
	});
	if (isSearchable(row)) {
		options.push({
			name: 'Search',
			value: 'search',
			description: `Find ${lower(row.plural)} by the start of a word in their ${row.searchMatches}`,
			action: `Search ${lower(row.plural)}`,
		});
	}
	return options;
}

/**
 * The `id` locator of a record of `row`: From List (searchRecords, which reads the resource
 * parameter) or By ID. Without display conditions, so hand-written operations can reuse it.
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

function idLocator(row: CollectionDefinition): INodeProperties {
	return {
		...recordLocator(row, `The ${lower(row.singular)} to get`),
		displayOptions: { show: { resource: [row.resource], operation: ['get'] } },
	};
}

function filterProperty(filter: FilterDefinition): INodeProperties {
	const common = {
		displayName: filter.displayName,
		name: filter.name,
		description: filter.description,
	};
	switch (filter.kind) {
		case 'boolean':
			return { ...common, type: 'boolean', default: true };
		case 'options':
			return { ...common, type: 'options', options: filter.options ?? [], default: filter.options?.[0]?.value ?? '' };
		case 'date':
			return { ...common, type: 'dateTime', default: '', hint: 'Only the day counts' };
		case 'dateTime':
			return { ...common, type: 'dateTime', default: '', hint: 'A time without a time zone counts as UTC' };
		case 'number':
			return { ...common, type: 'number', default: 0 };
		case 'integer':
			return { ...common, type: 'number', typeOptions: { numberPrecision: 0 }, default: 0 };
		default:
			return { ...common, type: 'string', default: '' };
	}
}

function filtersCollection(row: CollectionDefinition): INodeProperties | undefined {
	if (!row.filters.length) return undefined;
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: row.filters.map(filterProperty),
	};
}

/**
 * One property per distinct shape, shown for every resource that has it: 85 resources share a
 * few dozen filter and option sets, and the editor receives each set once.
 */
function sharedByShape(
	rows: readonly CollectionDefinition[],
	operations: string[],
	build: (row: CollectionDefinition) => INodeProperties | undefined,
): INodeProperties[] {
	const groups = new Map<string, { property: INodeProperties; resources: string[] }>();
	for (const row of rows) {
		const property = build(row);
		if (!property) continue;
		const shape = JSON.stringify(property);
		const group = groups.get(shape) ?? { property, resources: [] };
		group.resources.push(row.resource);
		groups.set(shape, group);
	}
	return [...groups.values()].map(({ property, resources }) => ({
		...property,
		displayOptions: { show: { resource: resources, operation: operations } },
	}));
}

const showLegacyId: INodeProperties = {
	displayName: 'Show Legacy ID',
	name: 'showLegacyId',
	type: 'boolean',
	default: true,
	description: 'Whether to add each record’s API v2 identifier as legacy_id',
};

const includeBusiness: INodeProperties = {
	displayName: 'Include Business',
	name: 'includeBusiness',
	type: 'boolean',
	default: true,
	description:
		'Whether to add business_id to each item: the business the service says it used, so a flow can notice when the lead business changes',
};

const attributes: INodeProperties = {
	displayName: 'Attributes',
	name: 'attributes',
	type: 'string',
	default: 'all',
	placeholder: 'e.g. contact_name,total_amount,outstanding_amount',
	description:
		'Fields to return besides ID and label: "all" for complete records, or a comma-separated list of field names',
};

function listOptions(row: CollectionDefinition): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [attributes, includeBusiness, showLegacyId, ...(row.sort.length ? [sortProperty(row.sort)] : [])],
	};
}

const sharedProperties: INodeProperties[] = [
	{
		displayName: 'Search Text',
		name: 'searchText',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ashdown or 1042',
		hint: 'Matches the start of words only ("ash" finds "Ashdown", "down" does not). Letters, digits and spaces; special characters cannot be searched.',
		displayOptions: { show: { resource: resourcesOf(COLLECTIONS.filter(isSearchable)), operation: ['search'] } },
	},
	...showFor(resourcesOf(listed), ['getAll', 'search'], returnAllOrLimit()),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: resourcesOf(readById), operation: ['get'] } },
		options: [includeBusiness, showLegacyId],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: resourcesOf(COLLECTIONS.filter((row) => row.singleton)), operation: ['get'] } },
		options: [includeBusiness],
	},
];

/** The fields of every collection resource (operations aside), generated from the collection table. */
export const collectionProperties: INodeProperties[] = [
	...readById.map(idLocator),
	...sharedProperties,
	...sharedByShape(listed, ['getAll', 'search'], filtersCollection),
	...sharedByShape(listed, ['getAll', 'search'], listOptions),
];
