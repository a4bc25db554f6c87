import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { apiRequestAllItems } from '../../transport';
import { toItems } from '../output';
import type { ParameterReader } from '../parameters';

/** Get Many and Search are one read of the list; Search only adds `search=`. */
export async function readList(
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
