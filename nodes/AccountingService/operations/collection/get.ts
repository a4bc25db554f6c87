import { toItems } from '../../actions/output';
import { recordPath } from '../../actions/recordPath';
import { lower, withArticle } from '../../collections/wording';
import { perRow } from '../../descriptions/blocks';
import { recordLocator } from '../../descriptions/recordLocator';
import { apiRequest } from '../../transport';
import { collectionOperation } from '../define';
import { getOptions, getQuery } from './getOptions';

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
					action: `Get ${withArticle(row.singular)}`,
				},
	properties: [
		perRow((row) => (row.singleton ? undefined : recordLocator(row, `The ${lower(row.singular)} to get`))),
		getOptions,
	],
	handler: (row) =>
		async function (parameters) {
			const path = recordPath(row, parameters);
			const business = parameters.business();
			const options = parameters.options();
			const qs = getQuery(row, parameters, options);
			const response = await apiRequest.call(this, { path, qs, business, ...parameters.requestScope() });
			return toItems([response.body], response.business, options.includeBusiness === true);
		},
});
