import { readList } from '../../actions/collection/readList';
import { isSearchable } from '../../collections/table';
import { lower } from '../../collections/wording';
import { sameFor } from '../../descriptions/blocks';
import { collectionOperation } from '../define';
import { filters, listOptions, paging } from './listFields';
import { outputField } from './outputOptions';

const searchText = sameFor([
	{
		displayName: 'Search Text',
		name: 'searchText',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ashdown or 1042',
		description:
			'One or more starts of words; a record matches when each is the start of a word of it. Letters, digits and spaces only: for the number SI-1042 search "SI 1042" or "1042".',
		hint: 'Matches the start of words only ("ash" finds "Ashdown", "down" does not). Letters, digits and spaces; special characters cannot be searched.',
	},
]);

export const search = collectionOperation({
	value: 'search',
	acrossBusinesses: true,
	appliesTo: isSearchable,
	option: (row) => ({
		name: 'Search',
		description: `Find ${lower(row.plural)} by the start of a word in their ${row.searchMatches}`,
		action: `Search ${lower(row.plural)} by ${row.searchMatches}`,
	}),
	properties: [searchText, paging, outputField, filters, listOptions],
	handler: (row) =>
		async function (parameters) {
			return await readList.call(this, row, parameters, { search: parameters.searchText() });
		},
});
