// A business that refuses for minutes under All Businesses (issue 49.4): its window stays open
// however long it fails, from activation or from its last position, and what was made meanwhile
// comes once it answers.
import type { IDataObject } from 'n8n-workflow';

import { useTriggerSandbox } from '../trigger-sandbox';

const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const env = useTriggerSandbox();

type Business = { id: string; key: string; name: string };
const business = (key: string) => (env.sandbox.dataset.businesses as Business[]).find((b) => b.key === key)!;
const invoicesOf = (rows: IDataObject[], businessId: string) =>
	rows
		.filter((row) => row.business_id === businessId && row.change_type !== 'error')
		.map((row) => row.sales_invoice_id);

const allPoller = () => env.poller({ business: ALL, output: 'fields', fields: ['invoice_number'], startFrom: 'now' });

/** Polls a minute apart until `until` seconds have passed; the rows of each poll. */
async function pollEveryMinute(poller: ReturnType<typeof allPoller>, polls: number) {
	const rows: IDataObject[] = [];
	for (let poll = 0; poll < polls; poll++) {
		env.clock.advance(60);
		const outcome = await poller.poll();
		expect(outcome.error).toBeUndefined();
		rows.push(...outcome.json);
	}
	return rows;
}

describe('a business refusing for minutes (issue 49.4)', () => {
	it.each([3, 10])(
		'lapsed from activation for %i minutes: what was made meanwhile comes once it answers, once',
		async (minutes) => {
			const second = business('second');
			env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
			const poller = allPoller();
			await poller.activate();
			env.clock.advance(60);
			const during = env.create('sales_invoices', { business: second.id });
			env.clock.advance(60 * (minutes - 1) - 60);
			// Refused at every poll until access comes back, `minutes` after activation.
			const refused = await pollEveryMinute(poller, 1);
			expect(invoicesOf(refused, second.id)).toEqual([]);

			env.sandbox.dataset.setBusinessAccess(second.id, 'active');
			const after = await pollEveryMinute(poller, 3);
			expect(invoicesOf(after, second.id)).toEqual([during.id]);
		},
	);

	it('failing for ten minutes after it had a position: every change meanwhile once', async () => {
		const second = business('second');
		const poller = allPoller();
		await poller.activate();
		env.clock.advance(60);
		await poller.poll();
		env.sandbox.dataset.setBusinessAccess(second.id, 'lapsed');
		const made: string[] = [];
		for (let minute = 0; minute < 10; minute++) {
			made.push(String(env.create('sales_invoices', { business: second.id }).id));
			const rows = await pollEveryMinute(poller, 1);
			expect(invoicesOf(rows, second.id)).toEqual([]);
		}
		env.sandbox.dataset.setBusinessAccess(second.id, 'active');
		const after = await pollEveryMinute(poller, 3);
		expect(invoicesOf(after, second.id).sort()).toEqual([...made].sort());
	});
});
