// A hunt (issue 52, Invoice Paid under All Businesses): a business that cannot be read at
// activation (its subscription lapsed) starts later from the moment it should have started
// (pollBusiness's `startedAt`): what changed since is new to it and that poll outputs it. For
// Paid, though, that late start reads the owing invoices as they are at the late start, not at
// `startedAt`: an invoice owing at activation and paid in full while the business could not be
// read is in no owing list, was not created since, and its PAID version in the feed since
// `startedAt` is judged never seen owing. Its outstanding amount reached 0 after the trigger's
// start for that business, so it is one Paid, and none comes. Its neighbour: an invoice paid before
// activation whose payment's reference is corrected while the business cannot be read is written
// again in that time too, and reached 0 before the start: no Paid.
import type { IDataObject } from 'n8n-workflow';

import { writeDirect } from '../direct-writes';
import { invoiceBooks, invoiceEventPoller, paidInFull, passTime } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const DAY = '2026-01-15';

describe('hunt: Paid under All Businesses, a business lapsed at activation', () => {
	// Right answer: one row, the second business's invoice as Paid; the package outputs none.
	it('owing at activation, paid while it could not be read: one Paid when it answers again', async () => {
		const second = secondBusiness();
		const books = invoiceBooks(env, 'sales', second.id);
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 70);
		await passTime(env, 60);

		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		const poller = invoiceEventPoller(env, { event: 'paid', business: ALL });
		await poller.activate();

		await passTime(env, 60);
		env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		await books.pay(contact, invoice, 70, DAY);
		await passTime(env, 60);
		const rows: IDataObject[] = [];
		for (let poll = 0; poll < 3; poll++) {
			const outcome = await poller.poll();
			expect(outcome.error).toBeUndefined();
			rows.push(...outcome.json);
			await passTime(env, 60);
		}
		expect(rows.map((row) => [row.business_id, row.id])).toEqual([[second.id, invoice]]);
	});

	// Right answer: no row (the invoice owed nothing when the trigger started for the business).
	it('paid before activation, its payment corrected while it could not be read: no Paid', async () => {
		const second = secondBusiness();
		const books = invoiceBooks(env, 'sales', second.id);
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 55);
		const payment = await books.pay(contact, invoice, 55, DAY);
		await passTime(env, 60);

		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		const poller = invoiceEventPoller(env, { event: 'paid', business: ALL });
		await poller.activate();

		await passTime(env, 60);
		env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		const corrected = await writeDirect(
			env,
			'PUT',
			`/contact_payments/${payment}`,
			{ contact_payment: { reference: 'Corrected reference' } },
			{ 'X-Business': second.id },
		);
		expect(corrected.status).toBe(200);
		expect(paidInFull((await books.held()).get(invoice))).toBe(true);
		await passTime(env, 60);
		const rows: IDataObject[] = [];
		for (let poll = 0; poll < 3; poll++) {
			const outcome = await poller.poll();
			expect(outcome.error).toBeUndefined();
			rows.push(...outcome.json);
			await passTime(env, 60);
		}
		expect(rows.map((row) => row.id)).not.toContain(invoice);
	});
});

function secondBusiness() {
	type Business = { id: string; key: string };
	return (env.sandbox.dataset.businesses as Business[]).find((business) => business.key === 'second')!;
}
