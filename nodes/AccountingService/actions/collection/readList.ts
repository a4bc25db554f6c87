import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { apiRequestAllItems } from '../../transport';
import { listed } from '../../tool/answer';
import { attributesFor } from '../../output/output';
import { acrossBusinesses, led } from '../acrossBusinesses';
import { recordItems } from '../output';
import type { ParameterReader } from '../parameters';

/**
 * Get Many and Search are one read of the list; Search only adds `search=`. The items carry the
 * list's total, which an AI tool's answer counts what it left out by (tool/answer.ts).
 */
export async function readList(
	this: IExecuteFunctions,
	row: CollectionDefinition,
	parameters: ParameterReader,
	extraQuery: IDataObject,
): Promise<INodeExecutionData[]> {
	const limit = parameters.limit();
	const output = parameters.output(row, 'field');
	const { query, includeBusiness } = parameters.listOptions();
	const attributes = attributesFor(row, output);
	if (attributes !== undefined) query.attributes = attributes;
	const filters = parameters.filters(row);
	return await acrossBusinesses.call(this, parameters, async (business, leading) => {
		const response = await apiRequestAllItems.call(
			this,
			{ path: `/${row.path}`, qs: { ...filters, ...query, ...extraQuery }, business, ...parameters.requestScope() },
			limit,
		);
		const items = recordItems(row, response.body, {
			output,
			business: response.business,
			includeBusiness,
			legacyId: query.show_legacy_id === true,
			leading,
		});
		return led(listed(items, response.total));
	});
}
