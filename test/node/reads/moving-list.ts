// Return All of a list that moves while it is paged, through n8n's engine against the sandbox:
// between two page reads a record is edited (in a list sorted by updated_at it moves to one
// end), one already read is deleted and one created, so `$total` stays the same while records
// slide from one page onto another. Every record present for the whole read comes exactly once
// (docs/reliability.md), issue 38.10.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox, type ConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const INVOICES = 600;
const env = useConnectedSandbox({ scale: INVOICES }, { fresh: true });

const isPageRead = (request: { path: string; query: string }) =>
	request.path === '/sales_invoices' && /(^|&)page=\d+/.test(request.query) && /items_per_page=200/.test(request.query);

/**
 * Before each of the next page reads (after the first page), runs the next of `changes`: the
 * list moves between two page reads, and only then.
 */
function betweenPageReads(sandbox: ConnectedSandbox['sandbox'], changes: Array<() => void>): () => void {
	const pending = [...changes];
	return sandbox.beforeApiRequest((request: { method: string; path: string; query: string }) => {
		if (request.method === 'GET' && isPageRead(request)) pending.shift()?.();
	});
}

async function idsInOrder(sort: string): Promise<string[]> {
	return await env.allIdsDirect(`/sales_invoices?sort=${encodeURIComponent(sort)}`);
}

describe.each([
	['updated_at:asc', 'an edited record moves to the end'],
	['updated_at:desc', 'an edited record jumps to the first page'],
	['date:asc', 'a new record is dated today, at the end'],
])('Return All sorted by %s while %s', (sort) => {
	it('every record present for the whole read comes exactly once', async () => {
		const { dataset } = env.sandbox;
		const lead = dataset.leadBusinessId as string;
		const before = await idsInOrder(sort);
		expect(before).toHaveLength(INVOICES);
		const deleted = new Set<string>();
		const created = new Set<string>();
		// Each change: an edit of a record on page 1 (ascending) or page 3 (descending), the deletion
		// of a record already read, and a creation.
		const change = (round: number) => () => {
			dataset.updateRecord(lead, 'sales_invoices', sort.endsWith('desc') ? before[500 + round] : before[10 + round], {
				notes: `edited while read (${round})`,
			});
			dataset.deleteRecord(lead, 'sales_invoices', before[50 + round]);
			deleted.add(before[50 + round]);
			created.add(String((dataset.createRecord(lead, 'sales_invoices') as IDataObject).id));
		};
		const stop = betweenPageReads(env.sandbox, [change(0), change(1)]);
		const [field, direction] = sort.split(':');
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			output: 'raw',
			options: { sort: `${field}:${direction}` },
		});
		stop();
		expect(result.error).toBeUndefined();

		const output = result.json(NODE).map((item) => item.id as string);
		expect(new Set(output).size).toBe(output.length);
		const seen = new Set(output);
		expect(before.filter((id) => !deleted.has(id) && !seen.has(id))).toEqual([]);
		for (const id of output) expect(before.includes(id) || created.has(id)).toBe(true);
	});
});
