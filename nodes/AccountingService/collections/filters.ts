import type { INodeProperties } from 'n8n-workflow';

import type { FilterDefinition } from './types';

export type { FilterDefinition, FilterKind } from './types';

/** The Sort option of a list: each field the service sorts by, ascending and descending. */
export function sortProperty(fields: readonly string[]): INodeProperties {
	const label = (field: string) => field.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		default: `${fields[0]}:asc`,
		description: 'Order in which the service returns the records',
		options: fields.flatMap((field) => [
			{ name: `${label(field)} (Oldest First)`, value: `${field}:asc` },
			{ name: `${label(field)} (Newest First)`, value: `${field}:desc` },
		]),
	};
}

/** The field of one typed query parameter: a list filter, or an option of Get. */
export function filterProperty(filter: FilterDefinition): INodeProperties {
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
