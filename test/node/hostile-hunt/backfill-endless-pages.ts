// The review brief: every read is bounded in pages and time; a `$next` loop cannot run forever.
// The trigger's backfill (poll/backfill.ts, backfillStep) reads page after page until it has
// Start Batch Size new records or a page says it is the last (`$next` null or a short page). A
// service (or a proxy) that answers every page full, with `$next` set, and with records the
// backfill has already taken, gives it no new record and no last page: the poll reads pages
// 2, 3, 4… for ever (each page a read of its own, so no read's byte bound adds them up). The
// same flaw in finding its place again (backfill.ts, locate): a poll that starts where the last
// one stopped walks on while every page is full, not the last, and holds only records older than
// its place, however many pages the list's `$total` allows.
import type { IncomingMessage, ServerResponse } from 'node:http';

import { startGateway } from '../hostile-service';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const PAGE = 200;

/** A page's invoices: their IDs by page and place, and when they were created. */
interface Invoices {
	id: (page: number, index: number) => string;
	created: string;
}

/** The same invoices on every page, from 2020. */
const SAME: Invoices = { id: (_, index) => `hostile-${index}`, created: '2020-01-01T00:00:00Z' };

/** The sandbox's answer (its headers: its `Date`), with the body replaced by one full page of `invoices`, not the last. */
async function answerFullPage(
	target: string,
	req: IncomingMessage,
	res: ServerResponse,
	page: number,
	{ total = PAGE * 1000, invoices = SAME } = {},
) {
	const answer = await fetch(new URL(req.url ?? '/', target), {
		headers: Object.fromEntries(
			Object.entries(req.headers).filter(([name]) => !['host', 'connection'].includes(name)),
		) as Record<string, string>,
	});
	const headers = Object.fromEntries(
		[...answer.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
	);
	await answer.arrayBuffer();
	const items = Array.from({ length: PAGE }, (_, i) => ({
		id: invoices.id(page, i),
		displayed_as: `SI-${i}`,
		created_at: invoices.created,
		updated_at: invoices.created,
	}));
	const path = new URL(req.url ?? '/', target).pathname;
	res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(
		JSON.stringify({
			$total: total,
			$page: page,
			$next: `${path}?page=${page + 1}&items_per_page=${PAGE}`,
			$back: null,
			$itemsPerPage: PAGE,
			$items: items,
		}),
	);
}

describe('a backfill whose every page is full, not the last, and already taken', () => {
	// Measured: the first poll after activation read ~7,000 pages in 40 s and was still reading.
	// Right answer: the poll ends (an error naming the list, or the records it has) after a bounded
	// number of pages, e.g. when a page brings nothing new, or past the pages `$total` allows.
	it('ends its poll: it does not read pages for ever', async () => {
		const target = new URL(env.urls.baseUrl).origin;
		let hostile = false;
		let pagesRead = 0;
		const gateway = await startGateway(target, () => async (req, res) => {
			const url = new URL(req.url ?? '/', target);
			const page = Number(url.searchParams.get('page'));
			if (!hostile || req.method !== 'GET' || !/sales_invoices$/.test(url.pathname) || !page) return false;
			pagesRead++;
			await answerFullPage(target, req, res, page);
			return true;
		});
		try {
			const data = { ...env.store.data(env.credential.id) };
			data.baseUrl = String(data.baseUrl).replace(target, gateway.origin);
			env.store.replaceData(env.credential.id, data);
			hostile = true;
			const poller = env.poller({ event: 'new', startFrom: 'all', options: { startBatchSize: 1 } });
			expect((await poller.activate()).error).toBeUndefined();
			env.clock.advance(60);
			// Real time, from above: a poll still reading after 4 s (thousands of pages) has no bound.
			const polling = poller.poll();
			const outcome = await Promise.race([
				polling,
				new Promise<'still reading'>((resolve) => setTimeout(() => resolve('still reading'), 4_000).unref()),
			]);
			const pagesWhenChecked = pagesRead;
			hostile = false;
			// Answered honestly from here, the loop reaches a last page and the poll ends.
			const ended = await polling;
			expect({ outcome: outcome === 'still reading' ? outcome : 'ended', pagesRead: pagesWhenChecked }).toMatchObject({
				outcome: 'ended',
			});
			expect(ended.error?.message).toMatch(/^The list \/sales_invoices answered \d+ pages with no record/);
		} finally {
			hostile = false;
			const data = { ...env.store.data(env.credential.id) };
			data.baseUrl = String(data.baseUrl).replace(gateway.origin, target);
			env.store.replaceData(env.credential.id, data);
			await gateway.close();
		}
	}, 40_000);

	// Right answer: the poll that looks for its place stops past the 11 pages a $total of 2,000
	// allows (ten full ones and an empty one), with an error naming the list; it read on for ever.
	it('finding its place again: stops past the pages its $total allows', async () => {
		const target = new URL(env.urls.baseUrl).origin;
		let hostile = false;
		const pages: number[] = [];
		// Other invoices on every page, from 2021 at first, then older than any the backfill has read.
		let invoices: Invoices = { id: (page, index) => `first-${page}-${index}`, created: '2021-01-01T00:00:00Z' };
		const gateway = await startGateway(target, () => async (req, res) => {
			const url = new URL(req.url ?? '/', target);
			const page = Number(url.searchParams.get('page'));
			if (!hostile || req.method !== 'GET' || !/sales_invoices$/.test(url.pathname) || !page) return false;
			pages.push(page);
			await answerFullPage(target, req, res, page, { total: 10 * PAGE, invoices });
			return true;
		});
		try {
			const data = { ...env.store.data(env.credential.id) };
			data.baseUrl = String(data.baseUrl).replace(target, gateway.origin);
			env.store.replaceData(env.credential.id, data);
			const poller = env.poller({ event: 'new', startFrom: 'all', options: { startBatchSize: 1 } });
			hostile = true;
			// The first batch: the backfill stands after the first page, at a record from 2021.
			expect((await poller.activate()).error).toBeUndefined();
			expect(pages).toEqual([1]);
			env.clock.advance(60);
			invoices = { id: (page, index) => `older-${page}-${index}`, created: '2020-01-01T00:00:00Z' };
			const outcome = await poller.poll();
			expect(outcome.error?.message).toMatch(
				/^The list \/sales_invoices has pages past page 11, more than its \$total of 2000/,
			);
			expect(Math.max(...pages)).toBe(12);
		} finally {
			hostile = false;
			const data = { ...env.store.data(env.credential.id) };
			data.baseUrl = String(data.baseUrl).replace(gateway.origin, target);
			env.store.replaceData(env.credential.id, data);
			await gateway.close();
		}
	});
});
