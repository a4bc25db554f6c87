// Invoice Became Overdue: an invoice owing something whose due date is before the business's day
// (the workflow's time zone) comes once, with days_overdue: judged once a business day over the
// owing invoices, and every poll over the change feed (created already past due, a due date moved
// back, a payment reversed). What each poll costs is counted in the sandbox's log. The expected
// events are the service's own invoices judged by the rule here, before and after.
import type { IDataObject } from 'n8n-workflow';

import {
	dayInZone,
	invoiceBooks,
	invoiceEventPoller,
	passTime,
	pastDueOn,
	type HeldInvoice,
	type InvoiceBooks,
} from '../invoice-event-books';
import { T0, useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const HOUR = 3600;
const OVERDUE = { event: 'becameOverdue' };
const ids = (json: IDataObject[]) => json.map((row) => String(row.id)).sort();

/** The invoices past due on `now` that were not on `before`, judged here from the service's records. */
function newlyPastDue(
	before: { held: Map<string, HeldInvoice>; day: string },
	now: { held: Map<string, HeldInvoice>; day: string },
): string[] {
	return [...now.held.values()]
		.filter((invoice) => pastDueOn(invoice, now.day) && !pastDueOn(before.held.get(invoice.id), before.day))
		.map((invoice) => invoice.id)
		.sort();
}

/** Whole days from a due date to the day, counted on UTC midnights. */
const daysFrom = (due: string, day: string) =>
	(Date.parse(`${day}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000;

async function snapshot(books: InvoiceBooks, timeZone = 'UTC') {
	return { held: await books.held(), day: dayInZone(env.clock.now(), timeZone) };
}

describe('Invoice Became Overdue', () => {
	it('each invoice once, the day after its due date, across days and a restart; with days_overdue', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const mine = await books.invoice(contact, '2026-01-10', '2026-01-15', 90);
		let poller = invoiceEventPoller(env, { ...OVERDUE, output: 'simplified' });
		expect((await poller.activate()).json).toEqual([]);
		let before = await snapshot(books);

		await passTime(env, 6 * HOUR);
		expect((await poller.poll()).json).toEqual([]);

		// 2026-01-16 00:00:30 UTC: the business's new day.
		await passTime(env, 9 * HOUR + 30);
		const now = await snapshot(books);
		const expected = newlyPastDue(before, now);
		expect(expected).toContain(mine);
		const judged = await poller.poll();
		expect(judged.error).toBeUndefined();
		expect(judged.json.map((row) => String(row.sales_invoice_id)).sort()).toEqual(expected);
		const row = judged.json.find((candidate) => candidate.sales_invoice_id === mine)!;
		expect(row).toMatchObject({
			change_type: 'became_overdue',
			days_overdue: 1,
			due_date: '2026-01-15',
			outstanding_amount: 90,
			contact_id: contact,
			status_id: 'UNPAID',
		});
		for (const each of judged.json) {
			expect(each.days_overdue).toBe(daysFrom(String(each.due_date), now.day));
		}
		before = now;

		await passTime(env, 5 * HOUR);
		expect((await poller.poll()).json).toEqual([]);
		poller = invoiceEventPoller(env, { ...OVERDUE, output: 'simplified' }, { staticData: poller.storedStaticData });
		expect((await poller.poll()).json).toEqual([]);

		// Two days on, after a restart: what fell due meanwhile, none of it again.
		await passTime(env, 48 * HOUR);
		const later = await snapshot(books);
		poller = invoiceEventPoller(env, { ...OVERDUE, output: 'simplified' }, { staticData: poller.storedStaticData });
		const next = await poller.poll();
		expect(next.json.map((candidate) => String(candidate.sales_invoice_id)).sort()).toEqual(
			newlyPastDue(before, later),
		);
		expect(next.json.map((candidate) => candidate.sales_invoice_id)).not.toContain(mine);
	});

	it('is judged on the business’s day: in Pacific/Auckland the due date passes at 11:00 UTC, in UTC at midnight', async () => {
		const books = invoiceBooks(env, 'purchase');
		const contact = await books.contact();
		// T0 is 2026-01-15 09:00 UTC, 22:00 in Auckland (UTC+13 in summer).
		expect(dayInZone(T0, 'Pacific/Auckland')).toBe('2026-01-15');
		const mine = await books.invoice(contact, '2026-01-01', '2026-01-15', 40);
		const auckland = invoiceEventPoller(
			env,
			{ ...OVERDUE, resource: 'purchaseInvoice' },
			{ timezone: 'Pacific/Auckland' },
		);
		const utc = invoiceEventPoller(env, { ...OVERDUE, resource: 'purchaseInvoice' });
		await auckland.activate();
		await utc.activate();

		await passTime(env, HOUR + 59 * 60);
		expect((await auckland.poll()).json).toEqual([]);
		const before = await snapshot(books, 'Pacific/Auckland');
		await passTime(env, 60);
		// 11:00 UTC: midnight in Auckland, still the 15th in UTC.
		const now = await snapshot(books, 'Pacific/Auckland');
		expect(now.day).toBe('2026-01-16');
		const inAuckland = await auckland.poll();
		expect(ids(inAuckland.json)).toEqual(newlyPastDue(before, now));
		expect(inAuckland.json.find((row) => row.id === mine)).toMatchObject({ days_overdue: 1 });
		expect((await utc.poll()).json).toEqual([]);

		await passTime(env, 13 * HOUR);
		expect(ids((await utc.poll()).json)).toContain(mine);
		expect((await auckland.poll()).json).toEqual([]);
	});

	it('an invoice created already past due comes at the next poll, once; one edited to be due in the past too', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const poller = invoiceEventPoller(env, OVERDUE);
		await poller.activate();

		await passTime(env, 60);
		const backdated = await books.invoice(contact, '2025-12-01', '2025-12-31', 25);
		const moved = await books.invoice(contact, '2026-01-05', '2026-02-14', 35);
		const first = await poller.poll();
		expect(ids(first.json)).toEqual([backdated]);
		expect(first.json[0]).toMatchObject({ change_type: 'became_overdue', days_overdue: 15 });

		await passTime(env, 60);
		await books.moveDue(moved, '2026-01-10');
		expect(ids((await poller.poll()).json)).toEqual([moved]);
		// Moved on again, it is not past due; moved back, it is again.
		await passTime(env, 60);
		await books.moveDue(moved, '2026-03-01');
		expect((await poller.poll()).json).toEqual([]);
		await passTime(env, 60);
		await books.moveDue(moved, '2026-01-12');
		expect(ids((await poller.poll()).json)).toEqual([moved]);

		// The next day's judgement knows them both.
		await passTime(env, 15 * HOUR);
		const judged = await poller.poll();
		expect(judged.error).toBeUndefined();
		expect(ids(judged.json)).not.toContain(backdated);
		expect(ids(judged.json)).not.toContain(moved);
	});

	it('after 100 days off, an invoice that fell due meanwhile comes once, though beyond the 90 days remembered', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, '2026-01-10', '2026-01-20', 60);
		await passTime(env, 60);
		let poller = invoiceEventPoller(env, OVERDUE);
		await poller.activate();
		const stored = poller.storedStaticData;

		// n8n off: the clock moves on 100 days (the tests' tokens renewed on the way).
		for (let days = 0; days < 100; days += 20) await passTime(env, 20 * 24 * HOUR);
		expect(dayInZone(env.clock.now(), 'UTC')).toBe('2026-04-25');
		poller = invoiceEventPoller(env, OVERDUE, { staticData: stored });
		const back = await poller.poll();
		expect(back.error).toBeUndefined();
		expect(back.json.filter((row) => row.id === invoice)).toEqual([
			expect.objectContaining({ change_type: 'became_overdue', days_overdue: 95 }),
		]);
		await passTime(env, 24 * HOUR);
		expect((await poller.poll()).json.map((row) => row.id)).not.toContain(invoice);
	});

	it('a part payment on an overdue invoice is no event; paid, then the payment deleted, it is overdue again', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, '2026-01-01', '2026-01-10', 100);
		const poller = invoiceEventPoller(env, OVERDUE);
		await poller.activate();

		await passTime(env, 60);
		await books.pay(contact, invoice, 30, '2026-01-15');
		expect((await poller.poll()).json).toEqual([]);
		await passTime(env, 60);
		const payment = await books.pay(contact, invoice, 70, '2026-01-15');
		expect((await poller.poll()).json).toEqual([]);
		await passTime(env, 60);
		await books.deletePayment(payment);
		const reopened = await poller.poll();
		expect(ids(reopened.json)).toEqual([invoice]);
		expect(reopened.json[0]).toMatchObject({ days_overdue: 5, outstanding_amount: 70, status: { id: 'PART_PAID' } });
		await passTime(env, 60);
		expect((await poller.poll()).json).toEqual([]);
	});

	it('costs the feed every poll, and the owing invoices’ pages (one read per owing status, one shared check) once a business day', async () => {
		const books = invoiceBooks(env, 'sales');
		const owing = async () =>
			[...(await books.held()).values()].filter((invoice) =>
				['UNPAID', 'PART_PAID', 'DISPUTED'].includes(invoice.status),
			);
		expect((await owing()).length).toBeLessThanOrEqual(200);
		const poller = invoiceEventPoller(env, OVERDUE);
		let mark = env.sandbox.log.entries().length;
		await poller.activate();
		const activation = env.apiRequestsSince(mark).map((entry) => entry.path);
		// The service's clock, the window, and the day's judgement: one page per owing status, and
		// the one check of what changed the three share (an invoice may move between them).
		expect(activation).toHaveLength(2 + 3 + 2);
		expect(
			activation.filter((path) => path.includes('status_id=')).map((path) => /status_id=(\w+)/.exec(path)![1]),
		).toEqual(['UNPAID', 'PART_PAID', 'DISPUTED']);

		for (let poll = 0; poll < 3; poll++) {
			await passTime(env, 60);
			mark = env.sandbox.log.entries().length;
			await poller.poll();
			const paths = env.apiRequestsSince(mark).map((entry) => entry.path);
			expect(paths).toHaveLength(1);
			expect(paths[0]).toContain('updated_or_created_since=');
		}

		await passTime(env, 15 * HOUR);
		mark = env.sandbox.log.entries().length;
		await poller.poll();
		const judgement = env.apiRequestsSince(mark).map((entry) => entry.path);
		// The feed's page, and the owing lists' check (one record).
		expect(judgement.filter((path) => path.includes('updated_or_created_since='))).toHaveLength(2);
		expect(judgement.filter((path) => path.includes('status_id='))).toHaveLength(3);
		expect(judgement.filter((path) => path.includes('deleted_since='))).toHaveLength(1);
		expect(judgement).toHaveLength(6);
	});

	it('Fetch Test Event shows the unpaid invoice due longest ago, with its days overdue on the workflow’s day', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		await books.invoice(contact, '2020-01-01', '2020-01-02', 5);
		const unpaid = [...(await books.held()).values()].filter((invoice) => invoice.status === 'UNPAID');
		const oldestDue = unpaid.map((invoice) => invoice.due).sort()[0];
		const run = await env.fetchTestEvent(OVERDUE);
		expect(run.status).toBe('success');
		const rows = run.json('Accounting Service Trigger');
		expect(rows).toHaveLength(1);
		// The engine's default time zone, as n8n's: America/New_York.
		const day = dayInZone(env.clock.now(), 'America/New_York');
		expect(rows[0]).toMatchObject({
			change_type: 'became_overdue',
			due_date: oldestDue,
			status: { id: 'UNPAID' },
			days_overdue: daysFrom(oldestDue, day),
		});
	});

	it('under All Businesses: each business’s overdue invoices once, naming the business', async () => {
		type Business = { id: string; key: string; name: string };
		const second = (env.sandbox.dataset.businesses as Business[]).find((business) => business.key === 'second')!;
		const books = [invoiceBooks(env, 'sales'), invoiceBooks(env, 'sales', second.id)];
		const contacts = [await books[0].contact(), await books[1].contact()];
		const poller = invoiceEventPoller(env, {
			...OVERDUE,
			business: ALL,
			output: 'fields',
			fields: ['invoice_number', 'due_date'],
		});
		await poller.activate();
		const before = await Promise.all(books.map(async (side) => await snapshot(side)));

		await passTime(env, 60);
		const theirs = await books[1].invoice(contacts[1], '2026-01-02', '2026-01-12', 10);
		const ours = await books[0].invoice(contacts[0], '2026-01-02', '2026-01-15', 20);
		const first = await poller.poll();
		expect(first.json.map((row) => [row.business_id, row.sales_invoice_id, row.days_overdue])).toEqual([
			[second.id, theirs, 3],
		]);

		await passTime(env, 15 * HOUR);
		const now = await Promise.all(books.map(async (side) => await snapshot(side)));
		const judged = await poller.poll();
		const leadId = env.lead;
		for (const [index, business] of [leadId, second.id].entries()) {
			const expected = newlyPastDue(before[index], now[index]).filter((id) => id !== theirs);
			const got = judged.json.filter((row) => row.business_id === business).map((row) => String(row.sales_invoice_id));
			expect(got.sort()).toEqual(expected);
		}
		expect(judged.json.map((row) => row.sales_invoice_id)).toContain(ours);
		await passTime(env, 60);
		expect((await poller.poll()).json).toEqual([]);
	});
});
