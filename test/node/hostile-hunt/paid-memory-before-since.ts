// The review brief: state that does not make sense is refused with a clear error, not silently
// followed. The trigger stamps its Paid memory (`paid.at`) with the service's clock of the poll
// that wrote it: never before the position's `since` (a minute before that same clock). An import
// that stamps it years earlier passes the shape check (storedPositionCheck.ts only refuses a time
// after the service's clock), and paidEvents then takes every invoice as "created since the last
// poll": an invoice paid and output long ago, written again (its reference corrected), is output
// as Paid a second time.
import type { IDataObject } from 'n8n-workflow';

import { invoiceBooks, invoiceEventPoller } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();

const NODE_KEY = 'node:Accounting Service Trigger';
const REFUSED = /stored position/i;
const DAY = '2026-01-15';

function withPaidAt(stored: string, at: string): string {
	const staticData = JSON.parse(stored) as IDataObject;
	const position = (staticData[NODE_KEY] as IDataObject).position as IDataObject;
	position.paid = { ...(position.paid as IDataObject), at };
	return JSON.stringify(staticData);
}

describe('Invoice Paid: a memory stamped before the position it belongs to', () => {
	// Right answer: refused ("The trigger's stored position cannot be followed: "position.paid.at"
	// … is before "position.since" …"), or at least the invoice already output is not output again.
	it('is refused, not followed into a second Paid event for an invoice paid long ago', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const poller = invoiceEventPoller(env, { event: 'paid' });
		expect((await poller.activate()).error).toBeUndefined();
		env.clock.advance(60);
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 120);
		expect((await poller.poll()).error).toBeUndefined();
		env.clock.advance(60);
		await books.pay(contact, invoice, 120, DAY);
		const paid = await poller.poll();
		expect(paid.json.map((row) => row.id)).toEqual([invoice]);

		const stored = poller.storedStaticData;
		const forged = withPaidAt(stored, '2000-01-01T00:00:00.000Z');
		env.clock.advance(60);
		env.update('sales_invoices', invoice, { fields: { reference: 'corrected' } });
		// The memory as the trigger wrote it: the invoice written again is no Paid event.
		const honest = await invoiceEventPoller(env, { event: 'paid' }, { staticData: stored }).poll();
		expect(honest.error).toBeUndefined();
		expect(honest.json.map((row) => row.id)).not.toContain(invoice);
		const outcome = await invoiceEventPoller(env, { event: 'paid' }, { staticData: forged }).poll();

		const refused = REFUSED.test(outcome.error?.message ?? '');
		const outputAgain = outcome.json.map((row) => row.id).includes(invoice);
		expect({ refused, outputAgain }).not.toEqual({ refused: false, outputAgain: true });
	});
});
