// Return All of a list sorted by updated_at while two moves cancel each other where the read
// would look for a move (issue 49, case 1): 300 invoices, `updated_at:desc`; invoice #250 is
// edited as page 2 is requested (it jumps onto page 1, already read, and the records before it
// slide back), and invoice #5 deleted at the next request (the records slide forward again).
// Every invoice present for the whole read comes exactly once, the edited one with it.
import type { ConnectedSandbox } from '../connected-sandbox';
import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 }, { fresh: true });

type Request = { method: string; path: string; query: string };
const isInvoiceRead = (request: Request) => request.method === 'GET' && request.path === '/sales_invoices';
const isPage = (request: Request, page: number) =>
	isInvoiceRead(request) &&
	/items_per_page=200/.test(request.query) &&
	new RegExp(`(^|&)page=${page}(&|$)`).test(request.query);

/** Runs `edit` as page 2 is requested, and `remove` at the next request to the list after it. */
function editThenDelete(sandbox: ConnectedSandbox['sandbox'], edit: () => void, remove: () => void) {
	let stage = 0;
	return sandbox.beforeApiRequest((request: Request) => {
		if (stage === 0 && isPage(request, 2)) {
			edit();
			stage = 1;
		} else if (stage === 1 && isInvoiceRead(request)) {
			remove();
			stage = 2;
		}
	});
}

it('300 invoices by updated_at:desc, #250 edited as page 2 is read, #5 deleted next: every invoice present throughout once', async () => {
	const { dataset } = env.sandbox;
	const lead = dataset.leadBusinessId as string;
	const before = await env.allIdsDirect(`/sales_invoices?sort=${encodeURIComponent('updated_at:desc')}`);
	expect(before).toHaveLength(300);
	const edited = before[249];
	const deleted = before[4];
	const stop = editThenDelete(
		env.sandbox,
		() => dataset.updateRecord(lead, 'sales_invoices', edited, { notes: 'edited while read' }),
		() => dataset.deleteRecord(lead, 'sales_invoices', deleted),
	);
	const result = await env.runNode({
		resource: 'salesInvoice',
		operation: 'getAll',
		returnAll: true,
		output: 'raw',
		options: { sort: 'updated_at:desc' },
	});
	stop();
	expect(result.error).toBeUndefined();

	const output = result.json(NODE).map((item) => item.id as string);
	expect(new Set(output).size).toBe(output.length);
	const seen = new Set(output);
	expect(seen.has(edited)).toBe(true);
	expect(before.filter((id) => id !== deleted && !seen.has(id))).toEqual([]);
	expect(output.every((id) => before.includes(id))).toBe(true);
});
