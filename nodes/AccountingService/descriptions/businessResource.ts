import type { INodeProperties } from 'n8n-workflow';

export const businessResourceProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['business'] } },
		options: [
			{
				name: 'Get Lead',
				value: 'getLead',
				description: 'Get the lead business: the one used when no business is chosen',
				action: 'Get the lead business',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the businesses the account can reach',
				action: 'Get many businesses',
			},
		],
		default: 'getAll',
	},
];
