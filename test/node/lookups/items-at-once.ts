// Per-item operations run up to Concurrent Requests items at once through n8n's engine against the
// sandbox: the concurrency reached and never exceeded, the output in input order and paired as a
// sequential loop gives it, a failure in its item's place or stopping the node, and every item's
// request within the business's one budget, however many executions run at once.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { shareClockWith } from '../../harness/shared-clock';
import { startConnectedSandbox, type ConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { busiestMinute } from '../request-windows';

const NODE = 'Accounting Service';

const getById = (requestOptions: INodeParameters): INodeParameters => ({
	resource: 'salesInvoice',
	operation: 'get',
	id: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	output: 'raw',
	requestOptions,
});

const invoiceIds = async (env: ConnectedSandbox, count: number) =>
	((await env.fetchDirect(`/sales_invoices?items_per_page=${count}`)).body.$items as IDataObject[]).map((invoice) =>
		String(invoice.id),
	);
const readsOfOne = (env: ConnectedSandbox, position: number) =>
	env.apiRequestsSince(position).filter((entry: LogEntry) => /^\/sales_invoices\/[^/?]+/.test(entry.path));

describe('items at once (answers 50 ms away)', () => {
	let env: ConnectedSandbox;
	beforeAll(async () => {
		env = await startConnectedSandbox({ latencyMs: 50 });
	});
	afterAll(async () => {
		await env.sandbox.stop();
	});

	it.each([1, 3, 5])(
		'Concurrent Requests %i: that many Gets at once, never more; output in input order, each paired',
		async (concurrency) => {
			const ids = await invoiceIds(env, 12);
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode(
				getById({ concurrentRequests: concurrency }),
				{},
				{ input: ids.map((id) => ({ id })) },
			);
			expect(result.error).toBeUndefined();
			expect(result.json(NODE).map((invoice) => invoice.id)).toEqual(ids);
			expect(result.items(NODE).map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
			const reads = readsOfOne(env, position);
			expect(reads).toHaveLength(ids.length);
			expect(Math.max(...reads.map((entry) => entry.concurrent))).toBe(concurrency);
		},
	);

	it('with Continue On Fail the error item stands in the failed item’s place', async () => {
		const ids = await invoiceIds(env, 5);
		const input = ids.map((id, index) => ({ id: index === 2 ? 'no-such-invoice' : id }));
		const result = await env.runNode(getById({ concurrentRequests: 3 }), { continueOnFail: true }, { input });
		expect(result.error).toBeUndefined();
		const output = result.json(NODE);
		expect(output.map((item) => item.id ?? 'error')).toEqual([ids[0], ids[1], 'error', ids[3], ids[4]]);
		// n8n 1.x hands the node no body of a 404 (see n8n-differences.ts).
		expect(String(output[2].error)).toMatch(/no-such-invoice|HTTP 404/);
		expect(result.items(NODE).map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
	});

	it('without it the first failure fails the node, and no item starts after it', async () => {
		const ids = await invoiceIds(env, 12);
		// Item 1's ID is refused before any request, while items 0 and 2 wait 50 ms for their answers:
		// the failure is known before any item ends, so which item starts next does not depend on timing.
		const input = ids.map((id, index) => ({ id: index === 1 ? '..' : id }));
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(getById({ concurrentRequests: 3 }), {}, { input });
		expect(result.error?.message).toMatch(/"\.\." is not an ID/);
		// Items 0 and 2 were under way when item 1 failed; none started after it.
		expect(readsOfOne(env, position).map((entry) => entry.path.split('?')[0])).toEqual(
			expect.arrayContaining([`/sales_invoices/${ids[0]}`, `/sales_invoices/${ids[2]}`]),
		);
		expect(readsOfOne(env, position)).toHaveLength(2);
	});
});

describe('one budget per business for every item of every execution (virtual time shared with the sandbox)', () => {
	const LIMIT = 10;
	let limited: ConnectedSandbox;
	let restoreClock: () => void;
	beforeAll(async () => {
		limited = await startConnectedSandbox({ rateLimit: { requests: LIMIT, windowSeconds: 60 } });
		restoreClock = shareClockWith(limited.sandbox);
	});
	afterAll(async () => {
		restoreClock();
		await limited.sandbox.stop();
	});

	it('three executions of 8 Gets at once, 5 items at a time: all answered, 0 × 429, never more than the budget a minute', async () => {
		// Made in the sandbox directly: a read over HTTP would count against its limit, not the node's budget.
		const { dataset } = limited.sandbox;
		const ids = Array.from({ length: 8 }, () =>
			String(dataset.createRecord(dataset.leadBusinessId, 'sales_invoices').id),
		);
		const position = limited.sandbox.log.entries().length;
		const runs = await Promise.all(
			Array.from(
				{ length: 3 },
				async () =>
					await limited.runNode(
						getById({ concurrentRequests: 5, maxRequestsPerMinute: LIMIT }),
						{},
						{ input: ids.map((id) => ({ id })) },
					),
			),
		);
		for (const run of runs) {
			expect(run.error).toBeUndefined();
			expect(run.json(NODE).map((invoice) => invoice.id)).toEqual(ids);
		}
		const reads = readsOfOne(limited, position);
		expect(reads.filter((entry) => entry.status === 429)).toEqual([]);
		expect(reads.filter((entry) => entry.status === 200)).toHaveLength(3 * ids.length);
		expect(busiestMinute(reads)).toBeLessThanOrEqual(LIMIT);
	});
});
