import { readList } from '../../actions/collection/readList';
import { lower } from '../../collections/wording';
import { collectionOperation } from '../define';
import { filters, listOptions, paging } from './listFields';
import { outputField } from './outputOptions';

export const getAll = collectionOperation({
	value: 'getAll',
	appliesTo: (row) => !row.singleton,
	option: (row) => ({
		name: 'Get Many',
		description: `Get many ${lower(row.plural)}`,
		action: `Get many ${lower(row.plural)}`,
	}),
	properties: [paging, outputField, filters, listOptions],
	acrossBusinesses: true,
	handler: (row) =>
		async function (parameters) {
			return await readList.call(this, row, parameters, {});
		},
});
