// The review briefs: a read fails on an answer out of contract, with a clear error naming the
// list, and records are never typed wrongly. A list envelope is checked for `$items` being an
// array and `$total` a number (read.ts, envelopeOf), not for its items being records: an item
// that is null failed the read with "Cannot read properties of null (reading 'id')", naming no
// list (pages.ts reads each item's `id`), and one that is a number, a string or an array came
// out as an n8n item whose `json` is not an object.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { listEnvelope, startHostileList } from '../hostile-list';

const env = useConnectedSandbox();

const record = (index: number): IDataObject => ({ id: `r${index}`, displayed_as: `r${index}` });

const reads: Record<string, INodeParameters> = {
	'Return All, pages side by side': { resource: 'contact', operation: 'getAll', returnAll: true, output: 'raw' },
	'a Limit within one page': { resource: 'contact', operation: 'getAll', limit: 5, output: 'raw' },
};

describe('a list whose items are not all records', () => {
	// Right answer: the read fails with an error naming the list, and outputs nothing.
	it.each(
		Object.keys(reads).flatMap((read) =>
			[null, 7, 'text', ['r1']].map((item) => [read, JSON.stringify(item), item] as const),
		),
	)('%s, an item %s on the last page: an error naming the list', async (read, _, item) => {
		const hostile = await startHostileList(env, ({ query }) => {
			if (query.has('deleted_since') || query.has('updated_or_created_since'))
				return { body: listEnvelope([], 0, null) };
			const page = Number(query.get('page') ?? '1');
			const size = Number(query.get('items_per_page') ?? '20');
			// 201 records: the odd one is the last item of the last page the read asks for.
			const total = 201;
			const items: unknown[] = Array.from({ length: total }, (_, index) => record(index));
			items[size === 200 ? total - 1 : size - 1] = item;
			return { body: listEnvelope(items.slice((page - 1) * size, page * size) as IDataObject[], total, null, page) };
		});
		try {
			const result = await hostile.runNode(reads[read]);
			expect(result.error?.message).toMatch(/\/contacts/);
			expect(result.json('Accounting Service') ?? []).toEqual([]);
		} finally {
			await hostile.close();
		}
	});
});
