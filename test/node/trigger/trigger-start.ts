import type { IDataObject } from 'n8n-workflow';

import { T0, useTriggerSandbox, type TriggerSandbox } from '../trigger-sandbox';

/**
 * Start From (Now, A Date, All Existing Records) and the New, Updated or Deleted Record event,
 * through n8n-core's poll path against the sandbox on a frozen clock. The property that matters
 * for a table kept equal to the books: applying every item in order (upsert by the key column,
 * delete on "deleted") gives exactly the service's records as they are now.
 */

const KEY = 'sales_invoice_id';
const SCALE = 450;

/** A table kept by the trigger's items: key → the row's updated_at. */
class MirrorTable {
	readonly rows = new Map<string, string>();
	/** How often each state of a record (key@updated_at) came as created or updated. */
	readonly emissions = new Map<string, number>();

	apply(items: IDataObject[]) {
		for (const item of items) {
			const key = String(item[KEY]);
			expect(['created', 'updated', 'deleted']).toContain(item.change_type);
			expect(key).toMatch(/\S/);
			if (item.change_type === 'deleted') {
				this.rows.delete(key);
				continue;
			}
			const state = `${key}@${String(item.updated_at)}`;
			this.emissions.set(state, (this.emissions.get(state) ?? 0) + 1);
			this.rows.set(key, String(item.updated_at));
		}
	}

	repeated() {
		return [...this.emissions].filter(([, count]) => count > 1).map(([state]) => state);
	}
}

/** The service's sales invoices now: id → updated_at, read directly. */
const serviceState = async (env: TriggerSandbox) => await env.fieldByIdDirect('/sales_invoices', 'updated_at');

/** New, Updated or Deleted from All Existing Records, one record per backfill poll. */
const backfillOneByOne = (env: TriggerSandbox) =>
	env.poller({ event: 'anyChange', startFrom: 'all', output: 'simplified', options: { startBatchSize: 1 } });

const sortedEntries = (map: Map<string, string>) => [...map].sort(([a], [b]) => a.localeCompare(b));

describe('All Existing Records', () => {
	const env = useTriggerSandbox({ scale: SCALE });

	it('outputs every invoice once as "created", a batch per poll, then keeps the table equal to the books', async () => {
		const trigger = backfillOneByOne(env);
		const table = new MirrorTable();
		const batches: number[] = [];

		const first = await trigger.activate();
		expect(first.error).toBeUndefined();
		table.apply(first.json);
		batches.push(first.json.length);
		for (let poll = 0; poll < 5; poll++) {
			env.clock.advance(60);
			const next = await trigger.poll();
			expect(next.error).toBeUndefined();
			table.apply(next.json);
			batches.push(next.json.length);
		}
		// Whole pages of 200 per poll: 450 invoices in three polls, then nothing.
		expect(batches).toEqual([200, 200, 50, 0, 0, 0]);
		expect(sortedEntries(table.rows)).toEqual(sortedEntries(await serviceState(env)));
		expect(table.repeated()).toEqual([]);
		// Then every later change, each with its change_type and key.
		const created = env.create();
		env.clock.advance(60);
		const afterCreate = (await trigger.poll()).json;
		expect(afterCreate.map((item) => [item[KEY], item.change_type])).toEqual([[created.id, 'created']]);
		table.apply(afterCreate);
	});

	it('records created, changed and deleted while it runs, and a poll failing midway: nothing lost, nothing repeated', async () => {
		const trigger = env.poller({
			event: 'anyChange',
			startFrom: 'all',
			output: 'simplified',
			options: { startBatchSize: 1 },
			requestOptions: { maxRetries: 0 },
		});
		const table = new MirrorTable();
		const before = await serviceState(env);
		const ids = [...before.keys()];
		table.apply((await trigger.activate()).json);
		expect(table.rows.size).toBe(200);

		// Between polls: deletions on the page already read move records back onto it; a record
		// not read yet and one already read change; a new record arrives.
		env.clock.advance(30);
		for (const id of ids.slice(10, 15)) env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', id);
		env.update('sales_invoices', ids[300], { fields: { notes: 'changed before it was read' } });
		env.update('sales_invoices', ids[20], { fields: { notes: 'changed after it was read' } });
		env.create();
		env.clock.advance(30);

		// A poll that fails on a page: it outputs nothing and the next one starts from the same place.
		env.sandbox.faults.inject({ kind: '503', pathPrefix: '/sales_invoices', skip: 2 });
		const failed = await trigger.poll();
		expect(failed.error).toBeDefined();
		expect(failed.items).toEqual([]);

		for (let poll = 0; poll < 4; poll++) {
			env.clock.advance(60);
			// Deletions during the backfill, ahead of it and behind it.
			if (poll === 0) {
				env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', ids[400]);
				env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', ids[5]);
			}
			const next = await trigger.poll();
			expect(next.error).toBeUndefined();
			table.apply(next.json);
		}
		expect(sortedEntries(table.rows)).toEqual(sortedEntries(await serviceState(env)));
		expect(table.repeated()).toEqual([]);
	});
});

describe('All Existing Records: the type of a record changed while the backfill runs (issue 38.5)', () => {
	const env = useTriggerSandbox({ scale: SCALE });

	it('one not reached yet comes once as "created" with its latest values; one already output comes as "updated"', async () => {
		const trigger = backfillOneByOne(env);
		const types = new Map<string, string[]>();
		const collect = (items: IDataObject[]) => {
			for (const item of items)
				types.set(String(item[KEY]), [...(types.get(String(item[KEY])) ?? []), String(item.change_type)]);
		};
		collect((await trigger.activate()).json);
		const ids = [...(await serviceState(env)).keys()];
		env.clock.advance(30);
		const ahead = env.update('sales_invoices', ids[300], { fields: { notes: 'changed before it was read' } });
		env.update('sales_invoices', ids[20], { fields: { notes: 'changed after it was read' } });
		const rows: IDataObject[] = [];
		for (let poll = 0; poll < 4; poll++) {
			env.clock.advance(60);
			if (poll === 1) env.update('sales_invoices', ids[300], { fields: { notes: 'changed again, still not read' } });
			const next = (await trigger.poll()).json;
			rows.push(...next);
			collect(next);
		}
		expect(types.get(ids[300])).toEqual(['created', 'updated']);
		expect(rows.find((row) => row[KEY] === ids[300])?.updated_at).toBe(ahead.updated_at);
		expect(types.get(ids[20])).toEqual(['created', 'updated']);
		for (const id of ids.filter((id) => id !== ids[20] && id !== ids[300]))
			expect([id, types.get(id)]).toEqual([id, ['created']]);
	});

	it('with A Date, one created after the date and changed before the backfill reached it comes once as "created"', async () => {
		const date = T0 - 86_400_000;
		const made = Array.from({ length: 250 }, (_, index) =>
			env.create('sales_invoices', { at: date + (index + 1) * 1000 }),
		);
		const trigger = env.poller({
			event: 'newOrUpdated',
			startFrom: 'date',
			startDate: new Date(date).toISOString(),
			output: 'simplified',
			options: { startBatchSize: 1 },
		});
		const types = new Map<string, string[]>();
		const collect = (items: IDataObject[]) => {
			for (const item of items)
				types.set(String(item[KEY]), [...(types.get(String(item[KEY])) ?? []), String(item.change_type)]);
		};
		collect((await trigger.activate()).json);
		const last = String(made.at(-1)?.id);
		env.clock.advance(30);
		env.update('sales_invoices', last, { fields: { notes: 'changed before the backfill got here' } });
		for (let poll = 0; poll < 5; poll++) {
			env.clock.advance(60);
			collect((await trigger.poll()).json);
		}
		expect(types.get(last)).toEqual(['created']);
		for (const record of made) expect([record.id, types.get(String(record.id))]).toEqual([record.id, ['created']]);
	});
});

describe('A Date', () => {
	const env = useTriggerSandbox({ scale: 60 });

	it('outputs what changed since the date (created since then as "created", older as "updated"), then every later change', async () => {
		const all = await serviceState(env);
		const ids = [...all.keys()];
		const date = T0 - 3 * 86_400_000;
		// Two records touched after the date: one made then, one older but changed then.
		const made = env.create('sales_invoices', { at: date + 3_600_000 });
		env.update('sales_invoices', ids[0], { at: date + 7_200_000, fields: { notes: 'changed after the date' } });
		const trigger = env.poller({ event: 'newOrUpdated', startFrom: 'date', startDate: new Date(date).toISOString() });

		const first = (await trigger.activate()).json;
		const since = [...(await serviceState(env))].filter(([, updated]) => Date.parse(updated) >= date);
		expect(first.map((item) => item.id).sort()).toEqual(since.map(([id]) => id).sort());
		const byId = new Map(first.map((item) => [item.id, item.change_type]));
		expect(byId.get(made.id)).toBe('created');
		expect(byId.get(ids[0])).toBe('updated');

		env.clock.advance(60);
		expect((await trigger.poll()).json).toEqual([]);
		const later = env.create();
		env.clock.advance(60);
		expect((await trigger.poll()).json.map((item) => item.id)).toEqual([later.id]);
	});

	it('a Start Date that is not a date is refused, naming the field', async () => {
		const bad = env.poller({ event: 'newOrUpdated', startFrom: 'date', startDate: 'next Tuesday' });
		const outcome = await bad.activate();
		expect(outcome.error?.message).toMatch(/Invalid "Start Date"/);
	});
});

describe('New, Updated or Deleted Record from now', () => {
	const env = useTriggerSandbox({ scale: 60 });

	it('created, updated and deleted, each with the key column; a record changed then deleted comes once, deleted', async () => {
		const trigger = env.poller({ event: 'anyChange', output: 'simplified' });
		expect((await trigger.activate()).json).toEqual([]);
		const [existing, doomed] = [...(await serviceState(env)).keys()];

		env.clock.advance(60);
		const created = env.create();
		env.update('sales_invoices', existing, { fields: { notes: 'changed' } });
		env.update('sales_invoices', doomed, { fields: { notes: 'changed, then deleted' } });
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', doomed);
		const items = (await trigger.poll()).json;
		const changes = Object.fromEntries(items.map((item) => [item[KEY], item.change_type]));
		expect(changes).toEqual({ [created.id as string]: 'created', [existing]: 'updated', [doomed]: 'deleted' });
		for (const item of items) expect(item).not.toHaveProperty('id');

		env.clock.advance(60);
		expect((await trigger.poll()).json).toEqual([]);
	});

	it('is offered only where the service lists deletions, and Start From is refused when unknown', async () => {
		const contacts = env.poller({ resource: 'ledgerEntry', event: 'anyChange' });
		expect((await contacts.activate()).error?.message).toMatch(/Invalid "Event"/);
		const start = env.poller({ event: 'anyChange', startFrom: 'yesterday' });
		expect((await start.activate()).error?.message).toMatch(/Invalid "Start From"/);
	});
});

describe('One Row per Line from the trigger', () => {
	const env = useTriggerSandbox({ scale: 60 });

	it('each line of a new invoice is a row with change_type; a deletion is one row with the key', async () => {
		const trigger = env.poller({ event: 'anyChange', output: 'lines' });
		await trigger.activate();
		env.clock.advance(60);
		const created = env.create();
		const lines = (await env.fetchDirect(`/sales_invoices/${String(created.id)}`)).body.invoice_lines as IDataObject[];
		const rows = (await trigger.poll()).json;
		expect(rows.map((row) => [row[KEY], row.line_number, row.line_id, row.change_type])).toEqual(
			lines.map((line, index) => [created.id, index + 1, line.id, 'created']),
		);
		env.clock.advance(60);
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', String(created.id));
		const gone = (await trigger.poll()).json;
		expect(gone).toHaveLength(1);
		expect(gone[0]).toMatchObject({ [KEY]: created.id, change_type: 'deleted', line_id: null });
	});

	it('Select Included Fields with a line column: each line a row, a deletion one row (issue 38.7)', async () => {
		const trigger = env.poller({ event: 'anyChange', output: 'fields', fields: ['invoice_number', 'line_id'] });
		await trigger.activate();
		env.clock.advance(60);
		const created = env.create();
		const lines = (await env.fetchDirect(`/sales_invoices/${String(created.id)}`)).body.invoice_lines as IDataObject[];
		expect(lines.length).toBeGreaterThan(1);
		const rows = (await trigger.poll()).json;
		expect(rows.map((row) => [row[KEY], row.line_id, row.change_type])).toEqual(
			lines.map((line) => [created.id, line.id, 'created']),
		);
		env.clock.advance(60);
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', String(created.id));
		expect((await trigger.poll()).json).toEqual([
			{ [KEY]: created.id, invoice_number: created.invoice_number, line_id: null, change_type: 'deleted' },
		]);
	});
});

describe('deletions before activation (issue 38.4, and the Deleted Record bound)', () => {
	const env = useTriggerSandbox({ scale: 300 });

	/** Every deletion the service lists: id → deleted_at. */
	const deletions = async () =>
		await env.fieldByIdDirect(
			`/sales_invoices?deleted_since=${encodeURIComponent('1970-01-01T00:00:00Z')}`,
			'deleted_at',
		);

	it('New, Updated or Deleted from A Date emits the deletions since the date, each once, and none before it', async () => {
		const ids = [...(await serviceState(env)).keys()];
		const date = T0 - 3 * 86_400_000;
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', ids[0], { at: date - 3_600_000 });
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', ids[1], { at: date + 3_600_000 });
		const trigger = env.poller({
			event: 'anyChange',
			startFrom: 'date',
			startDate: new Date(date).toISOString(),
			output: 'simplified',
		});
		const rows = [...(await trigger.activate()).json];
		for (let poll = 0; poll < 3; poll++) {
			env.clock.advance(60);
			if (poll === 1) env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', ids[2]);
			const next = await trigger.poll();
			expect(next.error).toBeUndefined();
			rows.push(...next.json);
		}
		const deleted = rows.filter((row) => row.change_type === 'deleted').map((row) => row[KEY]);
		const since = [...(await deletions())].filter(([, at]) => Date.parse(at) >= date).map(([id]) => id);
		expect(deleted.sort()).toEqual(since.sort());
		expect(deleted).toContain(ids[1]);
		expect(deleted).toContain(ids[2]);
		expect(deleted).not.toContain(ids[0]);
	});

	it('Deleted Record from All Existing Records reads the deletions a batch per poll, each once', async () => {
		const ids = [...(await serviceState(env)).keys()];
		for (const id of ids.slice(0, 250))
			env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', id, { at: T0 - 86_400_000 });
		const existing = await deletions();
		expect(existing.size).toBeGreaterThan(200);
		const trigger = env.poller({ event: 'deleted', startFrom: 'all', options: { startBatchSize: 1 } });
		const position = env.sandbox.log.entries().length;
		const batches = [(await trigger.activate()).json.map((row) => String(row.id))];
		for (let poll = 0; poll < 3; poll++) {
			env.clock.advance(60);
			batches.push((await trigger.poll()).json.map((row) => String(row.id)));
		}
		// Whole pages of 200 per poll, not every deletion at once.
		expect(batches[0]).toHaveLength(200);
		const emitted = batches.flat();
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted.sort()).toEqual([...existing.keys()].sort());
		const largest = Math.max(
			...env.apiRequestsSince(position).map((entry) => Number(/items_per_page=(\d+)/.exec(entry.path)?.[1] ?? 0)),
		);
		expect(largest).toBeLessThanOrEqual(200);
	});
});
