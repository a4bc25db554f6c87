// A hunt (issue 52, the paging brief): the owing invoices are read as three lists, UNPAID,
// PART_PAID and DISPUTED, side by side (owingInvoices.ts). Each list of one page skips the change
// check (read.ts: "none for a list of one page"), so nothing notices an invoice that leaves the
// list read second for the list read first between the two reads: it is in neither, though it
// owed something for the whole read. Here invoice X is PART_PAID at activation; as the PART_PAID
// list is requested (the UNPAID one served), its part payment's allocation is taken back (the
// sandbox's own settle, as a deleted allocation does), so X is UNPAID throughout the rest of
// the read. X owed something for the whole activation read, so paying it in full afterwards is
// a Paid, and it was overdue at activation, so it never "became" overdue under the trigger.
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

/** As the PART_PAID list is requested after the UNPAID one, `invoice` loses its part payment: it moves to the list already read. */
function unsettleBetweenLists(invoice: string, cents: number) {
	const { dataset } = env.sandbox;
	const ctx = dataset.contextOf(dataset.leadBusinessId) as {
		find: (space: string, id: string) => number;
	};
	const seen: string[] = [];
	let moved = false;
	const stop = env.sandbox.beforeApiRequest((request: Request) => {
		if (request.method !== 'GET' || request.path !== '/sales_invoices') return;
		const status = /status_id=([A-Z_]+)/.exec(request.query)?.[1];
		if (!status) return;
		seen.push(status);
		if (!moved && status === 'PART_PAID' && seen.includes('UNPAID')) {
			settle(ctx, 'sales_invoices', ctx.find('sales_invoices', invoice), -cents, 0, env.clock.now());
			moved = true;
		}
	});
	return { stop, moved: () => moved };
}

describe('hunt: an invoice moving between the owing lists as they are read', () => {
	// Right answer: [X] (X owed something for the whole activation read and is paid in full after
	// it); the package outputs [] because X was in neither owing list, so no Paid is ever sent.
	it('Paid: owing throughout activation, paid in full after: one Paid', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 100);
		await books.pay(contact, invoice, 40, DAY);
		expect((await books.held()).get(invoice)?.status).toBe('PART_PAID');

		// A minute on: X is not "created since" the activation, which would make any Paid of it one.
		await passTime(env, 60);
		const move = unsettleBetweenLists(invoice, 4000);
		const poller = invoiceEventPoller(env, { event: 'paid' });
		expect((await poller.activate()).error).toBeUndefined();
		move.stop();
		expect(move.moved()).toBe(true);
		expect((await books.held()).get(invoice)?.status).toBe('UNPAID');

		await passTime(env, 60);
		await books.pay(contact, invoice, 100, DAY);
		expect((await books.held()).get(invoice)?.status).toBe('PAID');
		await passTime(env, 60);
		const after = await poller.poll();
		expect(after.error).toBeUndefined();
		expect(ids(after.json)).toEqual([invoice]);
	});

	// Right answer: [] on the next day (X was past due at activation: it is what the first
	// judgement notes as already overdue); the package outputs [X] because the first judgement
	// never saw it.
	it('Became Overdue: overdue at activation, missed by the lists: no event the next day', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, '2026-01-01', '2026-01-10', 100);
		await books.pay(contact, invoice, 40, DAY);
		expect((await books.held()).get(invoice)?.status).toBe('PART_PAID');

		await passTime(env, 60);
		const move = unsettleBetweenLists(invoice, 4000);
		const poller = invoiceEventPoller(env, { event: 'becameOverdue' });
		expect((await poller.activate()).error).toBeUndefined();
		move.stop();
		expect(move.moved()).toBe(true);

		// 2026-01-16 00:00:30 UTC: the business's next day; X has been past due and owing since before activation.
		await passTime(env, 15 * 3600 - 30);
		const next = await poller.poll();
		expect(next.error).toBeUndefined();
		expect(ids(next.json)).not.toContain(invoice);
	});
	// Not only at activation: on a later day's judgement the same move drops X from the memory of
	// what is already overdue, and X, overdue since before activation, comes as Became Overdue.
	// Right answer: no row for X on any day; the package outputs it once the move is read.
	it('Became Overdue: overdue since activation, missed by a later day’s lists: never an event', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, '2026-01-01', '2026-01-10', 100);
		await books.pay(contact, invoice, 40, DAY);
		await passTime(env, 60);
		const poller = invoiceEventPoller(env, { event: 'becameOverdue' });
		expect((await poller.activate()).error).toBeUndefined();

		// 2026-01-16 00:00:30 UTC: the next day's judgement reads the owing lists as X moves.
		await passTime(env, 15 * 3600 - 30);
		const move = unsettleBetweenLists(invoice, 4000);
		const rows: IDataObject[] = [...(await poller.poll()).json];
		move.stop();
		expect(move.moved()).toBe(true);
		for (let poll = 0; poll < 3; poll++) {
			await passTime(env, 60);
			rows.push(...(await poller.poll()).json);
		}
		expect(ids(rows)).not.toContain(invoice);
	});
});
