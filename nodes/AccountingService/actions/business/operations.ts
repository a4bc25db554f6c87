import { returnAllOrLimit } from '../../descriptions/common';
import { apiRequest, apiRequestAllItems } from '../../transport';
import { toItems } from '../output';
import type { OperationModule, ResourceOption } from '../types';

export const businessResource: ResourceOption = {
	name: 'Business',
	value: 'business',
	description: 'The businesses the account can reach',
	businessScoped: false,
};

/** The businesses the account can reach. They are not business-scoped, so no X-Business is sent. */
export const businessOperations: OperationModule[] = [
	{
		resource: 'business',
		option: {
			name: 'Get Lead',
			value: 'getLead',
			description: 'Get the lead business: the one used when no business is chosen',
			action: 'Get the lead business',
		},
		properties: [],
		async execute(_parameters, itemIndex) {
			const response = await apiRequest.call(this, { path: '/businesses/lead', itemIndex });
			return toItems([response.body], undefined, false);
		},
	},
	{
		resource: 'business',
		option: {
			name: 'Get Many',
			value: 'getAll',
			description: 'Get the businesses the account can reach',
			action: 'Get many businesses',
		},
		properties: returnAllOrLimit(),
		async execute(parameters, itemIndex) {
			const limit = parameters.limit();
			const response = await apiRequestAllItems.call(this, { path: '/businesses', itemIndex }, limit);
			return toItems(response.body, undefined, false);
		},
	},
];
