import type { IDataObject } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { apiRequest, apiRequestAllItems } from '../../transport';
import { toItems } from '../output';
import type { OperationHandler } from '../types';

/**
 * The generic operations that serve every row of the collection table.
 * Each takes the row and returns the handler for it.
 */
export const collectionOperations = {
	getAll: (row: CollectionDefinition): OperationHandler =>
		async function (parameters) {
			const limit = parameters.limit();
			const business = parameters.business();
			const { query, includeBusiness } = parameters.listOptions();
			const filters = parameters.filters(row);
			const response = await apiRequestAllItems.call(
				this,
				{ path: `/${row.path}`, qs: { ...filters, ...query }, business, ...parameters.requestScope() },
				limit,
			);
			return toItems(response.body, response.business, includeBusiness);
		},

	search: (row: CollectionDefinition): OperationHandler =>
		async function (parameters) {
			const search = parameters.searchText();
			const limit = parameters.limit();
			const business = parameters.business();
			const { query, includeBusiness } = parameters.listOptions();
			const filters = parameters.filters(row);
			const response = await apiRequestAllItems.call(
				this,
				{ path: `/${row.path}`, qs: { ...filters, ...query, search }, business, ...parameters.requestScope() },
				limit,
			);
			return toItems(response.body, response.business, includeBusiness);
		},

	get: (row: CollectionDefinition): OperationHandler =>
		async function (parameters) {
			const path = row.singleton ? `/${row.path}` : `/${row.path}/${parameters.recordId(row)}`;
			const business = parameters.business();
			const options = parameters.options();
			const qs: IDataObject = options.showLegacyId === true ? { show_legacy_id: true } : {};
			const response = await apiRequest.call(this, { path, qs, business, ...parameters.requestScope() });
			return toItems([response.body], response.business, options.includeBusiness === true);
		},
};
