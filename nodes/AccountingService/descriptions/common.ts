import type { INodeProperties } from 'n8n-workflow';

/** Return All with its Limit, the pair every list operation shares. */
export function returnAllOrLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The "Options" collection of an operation: settings that have a default. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/** Adds "shown for these resources and operations" to properties, keeping their own conditions. */
export function showFor(resources: string[], operations: string[], properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, resource: resources, operation: operations },
		},
	}));
}

/** A period's From Date and To Date (only the day counts), shown as `displayOptions` says. */
export function periodDates(displayOptions?: INodeProperties['displayOptions']): INodeProperties[] {
	const day = (name: string, displayName: string, description: string): INodeProperties => ({
		displayName,
		name,
		type: 'dateTime',
		required: true,
		default: '',
		description,
		hint: 'Only the day counts',
		...(displayOptions ? { displayOptions } : {}),
	});
	return [
		day('fromDate', 'From Date', 'First day of the period'),
		day('toDate', 'To Date', 'Last day of the period, included'),
	];
}
