import { apiRequest, apiRequestAllItems } from '../../transport';
import { toItems } from '../output';
import type { OperationHandler } from '../types';

/** The businesses the account can reach. They are not business-scoped, so no X-Business is sent. */
export const businessOperations: Record<string, OperationHandler> = {
	async getAll(parameters, itemIndex) {
		const limit = parameters.limit();
		const response = await apiRequestAllItems.call(this, { path: '/businesses', itemIndex }, limit);
		return toItems(response.body, undefined, false);
	},

	async getLead(_parameters, itemIndex) {
		const response = await apiRequest.call(this, { path: '/businesses/lead', itemIndex });
		return toItems([response.body], undefined, false);
	},
};
