// Invoice Paid: an invoice whose outstanding amount reached 0 (status PAID) comes once, from the
// change feed; a part payment is an Updated event, not Paid; paid across two payments comes at
// the second; a restart between polls and All Businesses change nothing of it.
import type { IDataObject } from 'n8n-workflow';

import { invoiceBooks, invoiceEventPoller, paidInFull, passTime, type Side } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const DAY = '2026-01-15';
const ids = (json: IDataObject[]) => json.map((row) => row.id);

/** A sales invoice of 50.00 paid in full a minute after a Paid trigger was activated, and that Paid polled. */
async function paidAndPolled() {
	const books = invoiceBooks(env, 'sales');
	const contact = await books.contact();
	const invoice = await books.invoice(contact, DAY, DAY, 50);
	const poller = invoiceEventPoller(env, { event: 'paid' });
	await poller.activate();
	env.clock.advance(60);
	const payment = await books.pay(contact, invoice, 50, DAY);
	expect(ids((await poller.poll()).json)).toEqual([invoice]);
	return { books, contact, invoice, poller, payment };
}

describe('Invoice Paid', () => {
	it.each<Side>(['sales', 'purchase'])(
		'%s: paid in full comes once, as change_type "paid", with the invoice as Raw gives it',
		async (side) => {
			const books = invoiceBooks(env, side);
			const contact = await books.contact();
			const invoice = await books.invoice(contact, DAY, '2026-02-14', 120);
			const poller = invoiceEventPoller(env, { resource: books.resource, event: 'paid' });
			expect((await poller.activate()).error).toBeUndefined();

			env.clock.advance(60);
			await books.pay(contact, invoice, 120, DAY);
			const first = await poller.poll();
			expect(first.error).toBeUndefined();
			expect(ids(first.json)).toEqual([invoice]);
			expect(first.json[0]).toMatchObject({ change_type: 'paid', status: { id: 'PAID' } });
			expect(paidInFull((await books.held()).get(invoice))).toBe(true);

			for (let poll = 0; poll < 3; poll++) {
				env.clock.advance(30);
				expect((await poller.poll()).json).toEqual([]);
			}
		},
	);

	it('a part payment is no Paid (New or Updated Record gives it as "updated"); the payment that settles it is', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 100);
		const paid = invoiceEventPoller(env, { event: 'paid' });
		const changes = invoiceEventPoller(env, { event: 'newOrUpdated' });
		await paid.activate();
		await changes.activate();

		env.clock.advance(60);
		await books.pay(contact, invoice, 40, DAY);
		expect((await paid.poll()).json).toEqual([]);
		const updated = (await changes.poll()).json;
		expect(updated.map((row) => [row.id, row.change_type, (row.status as IDataObject).id])).toEqual([
			[invoice, 'updated', 'PART_PAID'],
		]);

		await passTime(env, 3600);
		await books.pay(contact, invoice, 60, '2026-01-16');
		const settled = await paid.poll();
		expect(ids(settled.json)).toEqual([invoice]);
		expect(settled.json[0]).toMatchObject({ outstanding_amount: 0, total_paid: 100 });
		env.clock.advance(60);
		expect((await paid.poll()).json).toEqual([]);
	});

	it('created and paid between two polls is Paid once; a voided invoice and one still owing are not', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const poller = invoiceEventPoller(env, { event: 'paid', output: 'simplified' });
		await poller.activate();

		env.clock.advance(60);
		const settled = await books.invoice(contact, DAY, DAY, 75.5);
		await books.pay(contact, settled, 75.5, DAY);
		const voided = await books.invoice(contact, DAY, DAY, 10);
		await books.voidInvoice(voided);
		await books.invoice(contact, DAY, DAY, 20);
		const { json } = await poller.poll();
		expect(json.map((row) => [row.sales_invoice_id, row.change_type, row.outstanding_amount])).toEqual([
			[settled, 'paid', 0],
		]);
	});

	it('paid, a payment deleted (owing again), paid again: Paid again, each time it is settled', async () => {
		const { books, contact, invoice, poller, payment } = await paidAndPolled();
		env.clock.advance(60);
		await books.deletePayment(payment);
		expect((await poller.poll()).json).toEqual([]);
		env.clock.advance(60);
		await books.pay(contact, invoice, 50, DAY);
		expect(ids((await poller.poll()).json)).toEqual([invoice]);
	});

	it('a payment deleted and entered again between two polls is not another Paid (the trigger saw it paid throughout)', async () => {
		const { books, contact, invoice, poller, payment } = await paidAndPolled();
		env.clock.advance(120);
		await books.deletePayment(payment);
		env.clock.advance(1);
		await books.pay(contact, invoice, 50, '2026-01-14');
		expect((await poller.poll()).json).toEqual([]);
	});

	it('across a restart between polls: each Paid once, from the position n8n saved', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const [a, b] = [await books.invoice(contact, DAY, DAY, 10), await books.invoice(contact, DAY, DAY, 20)];
		const before = invoiceEventPoller(env, { event: 'paid' });
		await before.activate();
		env.clock.advance(60);
		await books.pay(contact, a, 10, DAY);
		expect(ids((await before.poll()).json)).toEqual([a]);

		env.clock.advance(60);
		await books.pay(contact, b, 20, DAY);
		const after = invoiceEventPoller(env, { event: 'paid' }, { staticData: before.storedStaticData });
		expect(ids((await after.poll()).json)).toEqual([b]);
		env.clock.advance(60);
		expect((await after.poll()).json).toEqual([]);
		const again = invoiceEventPoller(env, { event: 'paid' }, { staticData: after.storedStaticData });
		expect((await again.poll()).json).toEqual([]);
	});

	it('Fetch Test Event shows the invoice paid in full most recently, as the event gives it, in one request', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, DAY, 12);
		env.clock.advance(60);
		await books.pay(contact, invoice, 12, DAY);
		const position = env.sandbox.log.entries().length;
		const run = await env.fetchTestEvent({ event: 'paid' });
		expect(run.status).toBe('success');
		expect(run.json('Accounting Service Trigger')).toEqual([
			expect.objectContaining({ id: invoice, change_type: 'paid', outstanding_amount: 0 }),
		]);
		expect(env.apiRequestsSince(position)).toHaveLength(1);
	});

	it('under All Businesses: each business’s Paid once, naming its business', async () => {
		type Business = { id: string; key: string; name: string };
		const businesses = env.sandbox.dataset.businesses as Business[];
		const [lead, second] = ['lead', 'second'].map((key) => businesses.find((business) => business.key === key)!);
		const books = [invoiceBooks(env, 'sales'), invoiceBooks(env, 'sales', second.id)];
		const contacts = [await books[0].contact(), await books[1].contact()];
		const invoices = [
			await books[0].invoice(contacts[0], DAY, DAY, 30),
			await books[1].invoice(contacts[1], DAY, DAY, 40),
		];
		const poller = invoiceEventPoller(env, {
			event: 'paid',
			business: ALL,
			output: 'fields',
			fields: ['invoice_number', 'outstanding_amount'],
		});
		expect((await poller.activate()).error).toBeUndefined();

		env.clock.advance(60);
		await books[0].pay(contacts[0], invoices[0], 30, DAY);
		await books[1].pay(contacts[1], invoices[1], 15, DAY);
		const first = await poller.poll();
		expect(first.json.map((row) => [row.business_id, row.sales_invoice_id, row.change_type])).toEqual([
			[lead.id, invoices[0], 'paid'],
		]);

		env.clock.advance(60);
		await books[1].pay(contacts[1], invoices[1], 25, DAY);
		const second_ = await poller.poll();
		expect(second_.json).toEqual([
			expect.objectContaining({
				business_id: second.id,
				business_name: second.name,
				sales_invoice_id: invoices[1],
				change_type: 'paid',
				outstanding_amount: 0,
			}),
		]);
		env.clock.advance(60);
		expect((await poller.poll()).json).toEqual([]);
	});
});
