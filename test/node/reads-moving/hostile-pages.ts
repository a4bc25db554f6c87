// Return All against a hostile or broken service (issue 48.2, 48.3): a `$next` that leads back to
// a page already read, or on and on past what `$total` allows, and a `$total` no list can have.
// The read stops with an error naming the list, after a bounded number of requests, and never
// allocates by a number the service claims.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { listEnvelope, startHostileList, type HostileAnswer } from '../hostile-list';

const env = useConnectedSandbox({ scale: 10 });

/** The hostile server stops answering lists after this many requests, so a read that loops ends. */
const GIVE_UP_AFTER = 60;

async function readAllFrom(answer: HostileAnswer) {
	const hostile = await startHostileList(env, (request) =>
		request.number > GIVE_UP_AFTER
			? { status: 400, body: [{ $severity: 'error', $message: 'gave up' }] }
			: answer(request),
	);
	try {
		const result = await hostile.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			output: 'raw',
		});
		return { result, requests: hostile.requests.filter((path) => path.includes('/sales_invoices')) };
	} finally {
		await hostile.close();
	}
}

const record = (id: string): IDataObject => ({ id, displayed_as: id });

describe('a `$next` that does not lead to the end', () => {
	it('pointing at itself: the read stops at the link already followed, with an error naming the list', async () => {
		const self = '/sales_invoices?items_per_page=200&page=2';
		const { result, requests } = await readAllFrom(({ query }) =>
			query.get('page') === '2'
				? { body: listEnvelope([record('b')], 3, self, 2) }
				: { body: listEnvelope([record('a')], 3, self) },
		);
		expect(result.error?.message).toMatch(/Sales Invoices|\/sales_invoices/);
		expect(result.error?.message).toMatch(/\$next/);
		expect(requests.length).toBeLessThanOrEqual(3);
	});

	it('two links pointing at each other: stopped at the first link seen again', async () => {
		const link = (page: number) => `/sales_invoices?items_per_page=200&page=${page}`;
		const { result, requests } = await readAllFrom(({ query }) => {
			const page = Number(query.get('page') ?? 1);
			return { body: listEnvelope([record(`r${page}`)], 5, link(page === 2 ? 3 : 2), page) };
		});
		expect(result.error?.message).toMatch(/\/sales_invoices/);
		expect(result.error?.message).toMatch(/\$next/);
		expect(requests.length).toBeLessThanOrEqual(4);
	});

	it('new links on and on past what `$total` allows: stopped at the pages `$total` and the page size allow', async () => {
		// One record a page (the service's own page size), `$total` 3: three pages, one more at most.
		const { result, requests } = await readAllFrom(({ query }) => {
			const page = Number(query.get('page') ?? 1);
			return {
				body: listEnvelope([record(`r${page}`)], 3, `/sales_invoices?items_per_page=200&page=${page + 1}`, page),
			};
		});
		expect(result.error?.message).toMatch(/\/sales_invoices/);
		expect(result.error?.message).toMatch(/\$total/);
		expect(requests.length).toBeLessThanOrEqual(5);
	});

	it('a `$next` that ends: the same service read whole, as before', async () => {
		const { result, requests } = await readAllFrom(({ query }) => {
			// Asked what changed since the read began: nothing.
			if (query.has('updated_or_created_since') || query.has('deleted_since'))
				return { body: listEnvelope([], 0, null) };
			const page = Number(query.get('page') ?? 1);
			const next = page < 3 ? `/sales_invoices?items_per_page=200&page=${page + 1}` : null;
			return { body: listEnvelope([record(`r${page}`)], 3, next, page) };
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Accounting Service').map((item) => item.id)).toEqual(['r1', 'r2', 'r3']);
		expect(requests.filter((path) => !path.includes('_since=')).length).toBe(3);
	});
});

describe('a `$total` no list can have', () => {
	// In a process of its own with a small heap: allocating by the claimed number kills it.
	it.each([2e11, 1e12])('$total %d: a clear error naming the list, a small heap, no second page', (claimed) => {
		const child = spawnSync(
			process.execPath,
			[
				'--max-old-space-size=160',
				'--import',
				'tsx',
				join(__dirname, '../children/claimed-total-read.ts'),
				String(claimed),
			],
			{ encoding: 'utf8', timeout: 60_000 },
		);
		expect(child.status).toBe(0);
		const outcome = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
			error?: string;
			requests: number;
			peakHeapMiB: number;
		};
		expect(outcome.error).toMatch(/\/sales_invoices/);
		expect(outcome.error).toMatch(/\$total/);
		expect(outcome.requests).toBe(1);
		expect(outcome.peakHeapMiB).toBeLessThan(80);
	});
});
