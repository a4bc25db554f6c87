// A hunt (issue 52, Invoice Paid): "Paid (its outstanding amount reached 0) ... exactly once per
// invoice". An invoice paid and output as Paid stays paid; when a bookkeeper corrects the payment
// that settled it months later (its reference), the service writes the invoice again (its
// updated_at moves) and the change feed lists it, still PAID with nothing outstanding: its
// outstanding amount did not reach 0 again, so it is no second Paid (no second thank-you mail).
// The invoices' states are read straight from the service and judged here.
import type { IDataObject } from 'n8n-workflow';

import { writeDirect } from '../direct-writes';
import { invoiceBooks, invoiceEventPoller, paidInFull, passTime } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const DAY = '2026-01-15';
const ids = (json: IDataObject[]) => json.map((row) => row.id);

/** Paid and output as Paid; `days` later its payment's reference corrected: no second Paid. */
async function correctedLater(days: number) {
	const books = invoiceBooks(env, 'sales');
	const contact = await books.contact();
	const invoice = await books.invoice(contact, DAY, '2026-02-14', 80);
	const poller = invoiceEventPoller(env, { event: 'paid' });
	expect((await poller.activate()).error).toBeUndefined();

	await passTime(env, 60);
	const payment = await books.pay(contact, invoice, 80, DAY);
	expect(ids((await poller.poll()).json)).toEqual([invoice]);

	// n8n polls on through the days (every ten days here); nothing happens to the invoice.
	for (let day = 0; day < days; day += 10) {
		await passTime(env, 10 * 86_400);
		const quiet = await poller.poll();
		expect(quiet.error).toBeUndefined();
		expect(quiet.json).toEqual([]);
	}

	const corrected = await writeDirect(env, 'PUT', `/contact_payments/${payment}`, {
		contact_payment: { reference: 'Corrected reference' },
	});
	expect(corrected.status).toBe(200);
	const held = (await books.held()).get(invoice);
	expect(paidInFull(held)).toBe(true);

	await passTime(env, 60);
	const after = await poller.poll();
	expect(after.error).toBeUndefined();
	expect(ids(after.json)).toEqual([]);
}

describe('hunt: Invoice Paid exactly once', () => {
	it('its payment corrected 10 days later: no second Paid', async () => {
		await correctedLater(10);
	});

	// Past the 90 days the trigger once remembered a Paid for: a payment corrected (or anything else
	// that writes the invoice) sent the thank-you mail again.
	it('its payment corrected 100 days later: no second Paid', async () => {
		await correctedLater(100);
	});

	// An invoice paid before the trigger was activated was never seen owing: its payment corrected
	// afterwards is no Paid, though nothing reached 0 while the trigger watched.
	it('paid before the trigger started, its payment corrected after: no Paid', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 45);
		const payment = await books.pay(contact, invoice, 45, DAY);
		await passTime(env, 60);
		const poller = invoiceEventPoller(env, { event: 'paid' });
		expect((await poller.activate()).error).toBeUndefined();
		await passTime(env, 60);
		expect((await poller.poll()).json).toEqual([]);

		const corrected = await writeDirect(env, 'PUT', `/contact_payments/${payment}`, {
			contact_payment: { reference: 'Corrected reference' },
		});
		expect(corrected.status).toBe(200);
		expect(paidInFull((await books.held()).get(invoice))).toBe(true);
		await passTime(env, 60);
		const after = await poller.poll();
		expect(after.error).toBeUndefined();
		expect(ids(after.json)).toEqual([]);
	});
});
