// The deletions before activation, read a page a poll, while old records are deleted between polls
// (issue 49.3): each new deletion enters the list of deletions at its place in the list's order,
// near the front for an old record, and the records the backfill has read slide forward. Every
// deletion still comes once: those before activation from the backfill, the new ones from the feed.
import type { IDataObject } from 'n8n-workflow';

import { T0, useTriggerSandbox } from '../trigger-sandbox';

const KEY = 'sales_invoice_id';
const env = useTriggerSandbox({ scale: 700 });

/** Every deletion the service lists, read directly: id → deleted_at. */
const deletions = async () =>
	await env.fieldByIdDirect(
		`/sales_invoices?deleted_since=${encodeURIComponent('1970-01-01T00:00:00Z')}`,
		'deleted_at',
	);

const liveIds = async () => [...(await env.fieldByIdDirect('/sales_invoices', 'updated_at')).keys()];

const idOf = (row: IDataObject) => String(row[KEY] ?? row.id);

/**
 * Deletes 450 live invoices a day before activation (from the 100th on, so that live invoices
 * older than all of them are left to delete later), and returns the live ones left, oldest first.
 */
async function deleteBeforeActivation(): Promise<string[]> {
	const ids = await liveIds();
	for (const id of ids.slice(100, 550))
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', id, { at: T0 - 86_400_000 });
	return [...ids.slice(0, 100), ...ids.slice(550)];
}

const parameters: Record<string, IDataObject> = {
	'Deleted Record from All Existing Records': { event: 'deleted', startFrom: 'all', output: 'raw' },
	'New, Updated or Deleted from A Date': {
		event: 'anyChange',
		startFrom: 'date',
		startDate: new Date(T0 - 2 * 86_400_000).toISOString(),
		output: 'simplified',
	},
};

describe('the deletions backfill while old records are deleted between polls (issue 49.3)', () => {
	it.each(Object.keys(parameters))('%s: every deletion once', async (name) => {
		const olderLive = await deleteBeforeActivation();
		const trigger = env.poller({ ...parameters[name], options: { startBatchSize: 1 } });
		const rows = [...(await trigger.activate()).json];
		// Old invoices deleted between polls enter the list of deletions before the backfill's place.
		let next = 0;
		for (let poll = 0; poll < 6; poll++) {
			env.clock.advance(30);
			for (let each = 0; each < 3; each++)
				env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', olderLive[next++]);
			env.clock.advance(30);
			const outcome = await trigger.poll();
			expect(outcome.error).toBeUndefined();
			rows.push(...outcome.json);
		}
		env.clock.advance(60);
		rows.push(...(await trigger.poll()).json);

		const deleted = rows.filter((row) => row.change_type === 'deleted').map(idOf);
		const since = name.includes('A Date') ? T0 - 2 * 86_400_000 : 0;
		const expected = [...(await deletions())].filter(([, at]) => Date.parse(at) >= since).map(([id]) => id);
		expect(expected.length).toBeGreaterThanOrEqual(450 + 18);
		expect([...deleted].sort()).toEqual([...expected].sort());
	});

	it('more old records deleted between two polls than a page holds: every deletion once', async () => {
		const olderLive = await deleteBeforeActivation();
		const trigger = env.poller({
			...parameters['Deleted Record from All Existing Records'],
			options: { startBatchSize: 1 },
		});
		const rows = [...(await trigger.activate()).json];
		env.clock.advance(30);
		// 250 new deletions, every one before the backfill's place: its page moves forward more than a page.
		for (const id of [...olderLive.slice(0, 100), ...olderLive.slice(100, 250)])
			env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', id);
		for (let poll = 0; poll < 5; poll++) {
			env.clock.advance(60);
			const outcome = await trigger.poll();
			expect(outcome.error).toBeUndefined();
			rows.push(...outcome.json);
		}
		const deleted = rows.map(idOf);
		const expected = [...(await deletions()).keys()];
		expect([...deleted].sort()).toEqual([...expected].sort());
	});
});
