// A hunt (issue 52, Invoice Paid), as a property: invoices owing when a Paid trigger is activated
// (UNPAID or PART_PAID), some of them settled or unsettled as the activation's owing lists are
// requested (the sandbox's own settle, between the change window and the lists, or between two
// lists), each still owing or paid by the end of it; then every one still owing is paid in full.
// Each invoice owed something when the trigger's position was taken and is paid in full after
// it: each comes as Paid exactly once, over the polls that follow.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { invoiceBooks, invoiceEventPoller, passTime } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { settle } = require('../../../sandbox/api/writes/books') as {
	settle: (ctx: unknown, space: string, index: number, delta: number, day: number, now: number) => void;
};

const env = useTriggerSandbox();
const DAY = '2026-01-15';
type Request = { method: string; path: string; query: string };
/** What happens to an invoice as the n-th owing list is requested: nothing, its part payment taken back, or paid in full. */
const change = fc.record({
	partPaid: fc.boolean(),
	at: fc.integer({ min: 0, max: 2 }),
	what: fc.constantFrom('none', 'unsettle', 'settle'),
});

// Right answer: every invoice once. The package loses the Paid of an invoice settled before the
// lists are read, or moved from the list read second to the one read first.
it('property: invoices owing at activation, moved or paid during it, each Paid once after', async () => {
	const books = invoiceBooks(env, 'sales');
	const contact = await books.contact();
	const { dataset } = env.sandbox;
	const ctx = dataset.contextOf(dataset.leadBusinessId) as { find: (space: string, id: string) => number };
	await fc.assert(
		fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
			const invoices: string[] = [];
			for (const each of changes) {
				const invoice = await books.invoice(contact, DAY, '2026-02-14', 100);
				if (each.partPaid) await books.pay(contact, invoice, 40, DAY);
				invoices.push(invoice);
			}
			await passTime(env, 300);
			let lists = 0;
			const stop = env.sandbox.beforeApiRequest((request: Request) => {
				if (request.method !== 'GET' || request.path !== '/sales_invoices' || !/status_id=/.test(request.query)) return;
				changes.forEach((each, index) => {
					if (each.at !== lists || each.what === 'none') return;
					const row = ctx.find('sales_invoices', invoices[index]);
					const delta = each.what === 'settle' ? (each.partPaid ? 6000 : 10_000) : each.partPaid ? -4000 : 0;
					if (delta) settle(ctx, 'sales_invoices', row, delta, 0, env.clock.now());
				});
				lists++;
			});
			const poller = invoiceEventPoller(env, { event: 'paid' });
			expect((await poller.activate()).error).toBeUndefined();
			stop();
			await passTime(env, 300);
			const held = await books.held();
			for (const invoice of invoices) {
				const now = held.get(invoice)!;
				if (now.outstanding > 0) await books.pay(contact, invoice, now.outstanding / 100, DAY);
			}
			const rows: IDataObject[] = [];
			for (let poll = 0; poll < 2; poll++) {
				await passTime(env, 300);
				rows.push(...(await poller.poll()).json);
			}
			expect(rows.map((row) => String(row.id)).sort()).toEqual([...invoices].sort());
		}),
		{ numRuns: 15 },
	);
});
