// The neighbour of the hunts on Paid at activation (hunt-paid-during-activation.ts): the trigger
// starts over from now when the lead business changes under "Lead Business" (pollChanges.ts). That
// start stored the position and no Paid memory, and the poll after it read the owing invoices as
// they were then, dropping the changes its feed read: an invoice owing when the trigger started
// over and paid in full before the next poll was in no owing list, was not created since, and
// its Paid was lost.
import type { IDataObject } from 'n8n-workflow';

import { invoiceBooks, invoiceEventPoller, passTime } from '../invoice-event-books';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();
const DAY = '2026-01-15';
const ids = (json: IDataObject[]) => json.map((row) => String(row.id));

describe('hunt: Paid when the lead business changes under "Lead Business"', () => {
	// Right answer: [X] at the poll after the payment; the package output [] on every poll.
	it('owing when the trigger starts over, paid in full after: one Paid', async () => {
		const books = invoiceBooks(env, 'sales');
		const contact = await books.contact();
		const invoice = await books.invoice(contact, DAY, '2026-02-14', 90);
		await passTime(env, 300);
		const poller = invoiceEventPoller(env, { event: 'paid' });
		expect((await poller.activate()).error).toBeUndefined();
		await passTime(env, 60);

		// As if the service had answered for another lead business when the position was taken.
		const lead = env.sandbox.dataset.leadBusinessId as string;
		const before = poller.storedStaticData.replace(`"business":"${lead}"`, '"business":"formerLeadBusiness"');
		expect(before).not.toBe(poller.storedStaticData);
		const moved = invoiceEventPoller(env, { event: 'paid' }, { staticData: before });
		const restart = await moved.poll();
		expect(restart.error).toBeUndefined();
		expect(restart.json).toEqual([]);

		await passTime(env, 60);
		await books.pay(contact, invoice, 90, DAY);
		const rows: IDataObject[] = [];
		for (let poll = 0; poll < 2; poll++) {
			await passTime(env, 60);
			const outcome = await moved.poll();
			expect(outcome.error).toBeUndefined();
			rows.push(...outcome.json);
		}
		expect(ids(rows)).toEqual([invoice]);
	});
});
