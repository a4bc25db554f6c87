// A hunt (issue 52, Invoice Paid): activation stores the feed's position at the service's "now",
// reads the change window, and only then reads the owing invoices (pollChanges.ts start, then
// invoicePoll.ts). An invoice owing at that "now" and paid in full before the owing lists are
// read is in no owing list, was not created since, and its PAID version in the next poll's feed
// is judged never seen owing: its outstanding amount reached 0 while the trigger watched, and no
// Paid comes. The payment lands as the first owing list is requested (the sandbox's own settle,
// the one its payment writes use), so it is after the position and before the lists.
import type { IDataObject } from 'n8n-workflow';

import { invoiceBooks, invoiceEventPoller, passTime } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { settle } = require('../../../sandbox/api/writes/books') as {
	settle: (ctx: unknown, space: string, index: number, delta: number, day: number, now: number) => void;
};

const env = useTriggerSandbox();
const DAY = '2026-01-15';
const ids = (json: IDataObject[]) => json.map((row) => String(row.id));
type Request = { method: string; path: string; query: string };

describe('hunt: an invoice paid in full during the activation read', () => {
	// Right answer: [X] (owing when the trigger's position was taken, paid in full after it); the
	// package outputs [] on every poll: the Paid is lost.
	it('paid between the change window and the owing lists: one Paid at the next poll', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 100);
		await passTime(env, 60);

		const { dataset } = env.sandbox;
		const ctx = dataset.contextOf(dataset.leadBusinessId) as { find: (space: string, id: string) => number };
		let paidAt: number | undefined;
		const stop = env.sandbox.beforeApiRequest((request: Request) => {
			if (paidAt !== undefined || request.method !== 'GET' || request.path !== '/sales_invoices') return;
			if (!/status_id=/.test(request.query)) return;
			paidAt = env.clock.now();
			settle(ctx, 'sales_invoices', ctx.find('sales_invoices', invoice), 10_000, 0, paidAt);
		});
		const poller = invoiceEventPoller(env, { event: 'paid' });
		expect((await poller.activate()).error).toBeUndefined();
		stop();
		expect(paidAt).toBeDefined();
		const held = (await books.held()).get(invoice);
		expect([held?.status, held?.outstanding]).toEqual(['PAID', 0]);

		await passTime(env, 60);
		const after = await poller.poll();
		expect(after.error).toBeUndefined();
		expect(ids(after.json)).toEqual([invoice]);
	});
});
