import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordItems } from '../../actions/output';
import { recordPath } from '../../actions/recordPath';
import { lower, withArticle } from '../../collections/wording';
import { perRow } from '../../descriptions/blocks';
import { recordLocator } from '../../descriptions/recordLocator';
import { apiRequest } from '../../transport';
import { collectionOperation } from '../define';
import { attributesFor } from '../../output/output';
import { getOptions, getQuery } from './getOptions';
import { outputField } from './outputOptions';

/** One record by its ID, or a settings object, which has no ID. */
export const get = collectionOperation({
	value: 'get',
	appliesTo: (row) => row.singleton || row.getById,
	option: (row) =>
		row.singleton
			? {
					name: 'Get',
					description: `Get the ${lower(row.singular)} of the business`,
					action: `Get ${lower(row.singular)}`,
				}
			: {
					name: 'Get',
					description: `Get one ${lower(row.singular)} by its ID`,
					action: `Get ${withArticle(row.singular)} by ID`,
				},
	properties: [
		perRow((row) => (row.singleton ? undefined : recordLocator(row, `The ${lower(row.singular)} to get`))),
		outputField,
		getOptions,
	],
	handler: (row) =>
		async function (parameters) {
			const path = recordPath(row, parameters);
			const business = parameters.business();
			const options = parameters.options();
			const output = parameters.output(row, 'field');
			const qs = getQuery(row, parameters, options);
			const attributes = attributesFor(row, output);
			if (attributes !== undefined && row.getOptions.some((option) => option.query === 'attributes')) {
				qs.attributes = attributes;
			}
			const scope = parameters.requestScope();
			const response = await apiRequest.call(this, { path, qs, business, ...scope });
			if (!isRecord(response.body)) throw notRecord(this, path, scope.itemIndex);
			return recordItems(row, [response.body], {
				output,
				business: response.business,
				includeBusiness: options.includeBusiness === true,
				legacyId: qs.show_legacy_id === true,
			});
		},
});

const isRecord = (body: unknown) => typeof body === 'object' && body !== null && !Array.isArray(body);

/** A 200 that is not a record (a proxy's page, an empty answer, a string): out of contract, never an item. */
function notRecord(context: IExecuteFunctions, path: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(context.getNode(), `The service did not answer ${path.split('?')[0]} with a record`, {
		itemIndex,
		description:
			'The service answered out of contract. Run the workflow again; if it persists, check the credential’s Base URL.',
	});
}
