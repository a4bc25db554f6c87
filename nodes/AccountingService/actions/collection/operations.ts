import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { apiRequest, apiRequestAllItems } from '../../transport';
import { toItems } from '../output';
import type { ParameterReader } from '../parameters';
import type { OperationHandler } from '../types';

/** Get Many and Search are one read of the list; Search only adds `search=`. */
async function readList(
	this: IExecuteFunctions,
	row: CollectionDefinition,
	parameters: ParameterReader,
	extraQuery: IDataObject,
): Promise<INodeExecutionData[]> {
	const limit = parameters.limit();
	const business = parameters.business();
	const { query, includeBusiness } = parameters.listOptions();
	const filters = parameters.filters(row);
	const response = await apiRequestAllItems.call(
		this,
		{ path: `/${row.path}`, qs: { ...filters, ...query, ...extraQuery }, business, ...parameters.requestScope() },
		limit,
	);
	return toItems(response.body, response.business, includeBusiness);
}

/**
 * The generic operations that serve every row of the collection table.
 * Each takes the row and returns the handler for it.
 */
export const collectionOperations = {
	getAll: (row: CollectionDefinition): OperationHandler =>
		async function (parameters) {
			return await readList.call(this, row, parameters, {});
		},

	search: (row: CollectionDefinition): OperationHandler =>
		async function (parameters) {
			return await readList.call(this, row, parameters, { search: parameters.searchText() });
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
