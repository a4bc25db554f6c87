import type { INodeProperties } from 'n8n-workflow';

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
