// The trigger reading a list that moves while it is paged (issue 38.2, 38.3): between every two
// page reads one record already read is deleted and one created, so `$total` stays the same while
// the record at a page boundary slides onto the page already read. Every record still comes
// exactly once, and each deletion once.
import type { IDataObject } from 'n8n-workflow';

import { useTriggerSandbox, type TriggerSandbox } from '../trigger-sandbox';

const KEY = 'sales_invoice_id';

/** Each record's change types, in the order they came. */
function changesById(items: IDataObject[], into = new Map<string, string[]>()) {
	for (const item of items) {
		const id = String(item[KEY]);
		into.set(id, [...(into.get(id) ?? []), String(item.change_type)]);
	}
	return into;
}

/** The service's live sales invoice ids, in the list's order. */
const liveIds = async (env: TriggerSandbox) => await env.allIdsDirect('/sales_invoices');

/**
 * Before every page read of the sales invoices matching `which` but the first, deletes the next
 * of `doomed` and creates an invoice: the list keeps its length, its records slide back a place.
 */
function deleteAndCreateBetweenPageReads(env: TriggerSandbox, which: (query: string) => boolean, doomed: string[]) {
	const deleted: string[] = [];
	const created: string[] = [];
	let reads = 0;
	const stop = env.sandbox.beforeApiRequest((request: { method: string; path: string; query: string }) => {
		if (request.path !== '/sales_invoices' || !/items_per_page=200/.test(request.query) || !which(request.query))
			return;
		if (reads++ === 0 || deleted.length === doomed.length) return;
		const id = doomed[deleted.length];
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', id);
		deleted.push(id);
		created.push(String(env.create().id));
	});
	return { deleted, created, stop };
}

describe('the backfill of 1,000 records', () => {
	const env = useTriggerSandbox({ scale: 1000 });

	it('with a deletion and a creation between every two page reads: every record once as created, each deletion once', async () => {
		const before = await liveIds(env);
		expect(before).toHaveLength(1000);
		// Deleted: records the backfill has read already (its first page).
		const moving = deleteAndCreateBetweenPageReads(env, (query) => !query.includes('_since='), before.slice(0, 6));
		const trigger = env.poller({
			event: 'anyChange',
			startFrom: 'all',
			output: 'simplified',
			// Two pages a poll: boundaries within a poll and between two polls.
			options: { startBatchSize: 400 },
		});
		const seen = changesById((await trigger.activate()).json);
		// Five pages, two a poll; then, the list held still, a poll more reads the last deletion.
		const backfilling = () => Boolean((trigger.nodeStaticData('live').position as IDataObject).backfill);
		for (let poll = 0; poll < 10 && backfilling(); poll++) {
			env.clock.advance(60);
			const next = await trigger.poll();
			expect(next.error).toBeUndefined();
			changesById(next.json, seen);
		}
		expect(backfilling()).toBe(false);
		moving.stop();
		expect(moving.deleted.length).toBeGreaterThanOrEqual(4);
		env.clock.advance(60);
		changesById((await trigger.poll()).json, seen);

		const gone = new Set(moving.deleted);
		for (const id of before)
			expect([id, seen.get(id)]).toEqual([id, gone.has(id) ? ['created', 'deleted'] : ['created']]);
		for (const id of moving.created) expect([id, seen.get(id)]).toEqual([id, ['created']]);
		expect(seen.size).toBe(before.length + moving.created.length);
	});
});

describe('a change window of 450 records', () => {
	const env = useTriggerSandbox({ scale: 450 });

	it('with a deletion and a creation between every two page reads: every change once, each deletion once', async () => {
		const trigger = env.poller({ event: 'anyChange', output: 'simplified' });
		await trigger.activate();
		env.clock.advance(60);
		const before = await liveIds(env);
		expect(before).toHaveLength(450);
		for (const id of before) env.update('sales_invoices', id, { fields: { notes: 'changed in one window' } });

		const moving = deleteAndCreateBetweenPageReads(env, (query) => query.includes('updated_or_created_since='), [
			before[10],
			before[11],
		]);
		const seen = changesById((await trigger.poll()).json);
		moving.stop();
		expect(moving.deleted).toHaveLength(2);
		for (let poll = 0; poll < 2; poll++) {
			env.clock.advance(60);
			changesById((await trigger.poll()).json, seen);
		}

		const gone = new Set(moving.deleted);
		for (const id of before) {
			const changes = seen.get(id) ?? [];
			// A record changed and then deleted comes once, deleted (or changed, then deleted).
			if (gone.has(id)) expect(changes.at(-1)).toBe('deleted');
			else expect([id, changes]).toEqual([id, ['updated']]);
		}
		for (const id of moving.created) expect([id, seen.get(id)]).toEqual([id, ['created']]);
	});
});
