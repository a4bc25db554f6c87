import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { findCollection } from '../collections/table';
import { includedFieldNames } from '../output/includedFields';

/**
 * The Column Names or IDs list of Select Included Fields for the chosen resource, from the collection table:
 * answered in n8n's backend without a request to the service, so it opens with no credential.
 */
export async function getIncludedFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const row = findCollection(String(this.getCurrentNodeParameter('resource')));
	return row ? includedFieldNames(row).map((name) => ({ name, value: name })) : [];
}
