import type { INodeProperties } from 'n8n-workflow';

import { toItems } from '../actions/output';
import type { ParameterReader } from '../actions/parameters';
import { LEAD_BUSINESS, businessSelector } from '../descriptions/business';
import { returnAllOrLimit } from '../descriptions/common';
import { updateFieldsProperty, type UpdatableField } from '../descriptions/updateFields';
import { apiRequest, apiRequestAllItems } from '../transport';
import { resourceOperation } from './define';
import type { Operation, ResourceOption } from './types';

export const businessResource: ResourceOption = {
	name: 'Business',
	value: 'business',
	description: 'The businesses the account can reach',
	businessScoped: false,
};

const UPDATABLE: UpdatableField[] = [
	{ name: 'name', displayName: 'Name' },
	{ name: 'address_line_1', displayName: 'Address Line 1' },
	{ name: 'address_line_2', displayName: 'Address Line 2' },
	{ name: 'city', displayName: 'City' },
	{ name: 'postal_code', displayName: 'Postal Code' },
	{ name: 'telephone', displayName: 'Telephone' },
	{ name: 'mobile', displayName: 'Mobile' },
	{ name: 'website', displayName: 'Website', placeholder: 'e.g. https://example.com' },
];

/** Which business to get or update; "Lead business" reads `/businesses/lead`. */
const businessIdLocator = (action: string): INodeProperties => ({
	...businessSelector,
	displayName: 'Business',
	name: 'businessId',
	required: true,
	description: `The business to ${action}`,
});

/** The business id as a path segment; the lead business has its own path. */
function businessPath(parameters: ParameterReader): string {
	const id = parameters.business('businessId');
	return `/businesses/${id === undefined ? LEAD_BUSINESS : encodeURIComponent(id)}`;
}

/** The businesses the account can reach. They are not business-scoped, so no X-Business is sent. */
export const businessOperations: Operation[] = [
	resourceOperation({
		resource: 'business',
		value: 'get',
		option: {
			name: 'Get',
			description: 'Get one business by its ID',
			action: 'Get a business',
		},
		properties: [businessIdLocator('get')],
		async execute(parameters) {
			const response = await apiRequest.call(this, { path: businessPath(parameters), ...parameters.requestScope() });
			return toItems([response.body], undefined, false);
		},
	}),
	resourceOperation({
		resource: 'business',
		value: 'getLead',
		option: {
			name: 'Get Lead',
			description: 'Get the lead business: the one used when no business is chosen',
			action: 'Get the lead business',
		},
		properties: [],
		async execute(parameters) {
			const response = await apiRequest.call(this, {
				path: `/businesses/${LEAD_BUSINESS}`,
				...parameters.requestScope(),
			});
			return toItems([response.body], undefined, false);
		},
	}),
	resourceOperation({
		resource: 'business',
		value: 'getAll',
		option: {
			name: 'Get Many',
			description: 'Get the businesses the account can reach',
			action: 'Get many businesses',
		},
		properties: returnAllOrLimit(),
		async execute(parameters) {
			const limit = parameters.limit();
			const response = await apiRequestAllItems.call(
				this,
				{ path: '/businesses', ...parameters.requestScope() },
				limit,
			);
			return toItems(response.body, undefined, false);
		},
	}),
	resourceOperation({
		resource: 'business',
		value: 'update',
		option: {
			name: 'Update',
			description: 'Change a business’s address or contact details; only its owner may',
			action: 'Update a business',
		},
		properties: [businessIdLocator('update (you must be its owner)'), updateFieldsProperty(UPDATABLE)],
		async execute(parameters) {
			const business = parameters.updateFields(UPDATABLE.map((field) => field.name));
			const path = businessPath(parameters);
			const response = await apiRequest.call(this, {
				method: 'PUT',
				path,
				body: { business },
				...parameters.requestScope(),
			});
			return toItems([response.body], undefined, false);
		},
	}),
];
