// A change in the same second as a version already emitted (issue 38.6): the service's stamps are
// whole seconds, so the trigger compares versions, not only instants.
import type { IDataObject } from 'n8n-workflow';

import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();

describe('a change within the second of an emitted version', () => {
	it('a deletion in the same second as the emitted creation comes, once', async () => {
		const trigger = env.poller({ event: 'anyChange' });
		await trigger.activate();
		env.clock.advance(60);
		const created = env.create();
		expect((await trigger.poll()).json.map((row) => [row.id, row.change_type])).toEqual([[created.id, 'created']]);

		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', String(created.id));
		expect((await trigger.poll()).json.map((row) => [row.id, row.change_type])).toEqual([[created.id, 'deleted']]);
		env.clock.advance(60);
		expect((await trigger.poll()).json).toEqual([]);
	});

	it('a second update in the same second comes with its values, once; reading the same version again emits nothing', async () => {
		const trigger = env.poller({ event: 'newOrUpdated' });
		await trigger.activate();
		const [invoice] = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$items as IDataObject[];
		env.clock.advance(60);
		env.update('sales_invoices', String(invoice.id), { fields: { notes: 'first' } });
		expect((await trigger.poll()).json.map((row) => [row.id, row.notes])).toEqual([[invoice.id, 'first']]);
		expect((await trigger.poll()).json).toEqual([]);

		env.update('sales_invoices', String(invoice.id), { fields: { notes: 'second' } });
		expect((await trigger.poll()).json.map((row) => [row.id, row.notes])).toEqual([[invoice.id, 'second']]);
		expect((await trigger.poll()).json).toEqual([]);
	});
});
