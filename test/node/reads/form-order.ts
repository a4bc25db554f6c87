import type { INodeProperties } from 'n8n-workflow';

import { inFormOrder, sameFor } from '../../../nodes/AccountingService/descriptions/blocks';

const block = (name: string) => sameFor([{ displayName: name, name, type: 'string', default: '' } as INodeProperties]);

describe('the node’s list of fields, from the operations’ own lists', () => {
	const [locator, searchText, paging, filters] = ['id', 'searchText', 'returnAll', 'filters'].map(block);

	it('lists a block that operations share once, keeping every operation’s order', () => {
		const get = [locator];
		const getAll = [paging, filters];
		const search = [searchText, paging, filters];
		expect(inFormOrder([get, getAll, search])).toEqual([locator, searchText, paging, filters]);
	});

	it('refuses operations that order the same fields differently', () => {
		expect(() =>
			inFormOrder([
				[paging, filters],
				[filters, paging],
			]),
		).toThrow('different orders');
	});
});
