import type { IDataObject } from 'n8n-workflow';

import { WATCHABLE } from '../../../nodes/AccountingServiceTrigger/description';
import { loadAccountingServiceTrigger } from '../../harness';
import { T0, events, startTriggerSandbox, useTriggerSandbox, type TriggerSandbox } from '../trigger-sandbox';

/**
 * The Accounting Service Trigger through n8n-core's poll path (PollTriggerExecutor → poll()),
 * against the sandbox on a frozen clock. Static data survives between polls only as JSON.
 */

const env = useTriggerSandbox();
const ids = (json: IDataObject[]) => json.map((item) => item.id);
const SINCE = 'updated_or_created_since';

/** Waits until the sandbox has received a request matching `test` (it is then being served). */
async function requestArrived(env: TriggerSandbox, test: (path: string) => boolean) {
	for (let waited = 0; waited < 5000; waited += 10) {
		if (env.apiRequestsSince(0).some((entry) => test(entry.path))) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error('the request never arrived');
}

describe('first poll', () => {
	it('records where "now" is on the service and emits nothing, not even records already in the window', async () => {
		const justBefore = env.create('sales_invoices', { at: T0 - 10_000 });
		const poller = env.poller({ event: 'newOrUpdated' });
		const position = env.sandbox.log.entries().length;

		const first = await poller.activate();
		expect(first.error).toBeUndefined();
		expect(first.items).toEqual([]);
		expect(first.saved).toBe(true);
		// One request reads the service's clock, one reads the window before it.
		const requests = env.apiRequestsSince(position).map((entry) => entry.path);
		expect(requests).toHaveLength(2);
		expect(requests[1]).toContain(`${SINCE}=${encodeURIComponent('2026-01-15T08:59:00+00:00')}`);

		const second = await poller.poll();
		expect(second.items).toEqual([]);
		expect(ids(second.json)).not.toContain(justBefore.id);
		// From then on one request per poll.
		expect(env.apiRequestsSince(position)).toHaveLength(3);
	});

	it('a record created while the first poll reads, after the service’s "now", is emitted by the next poll', async () => {
		// The first poll reads the service's clock, then the window up to it. A record created in
		// between (on a loaded machine, seconds may pass) is newer than that "now": it did not
		// exist at activation, and the next poll must emit it (issue 17: the e2e's lost line).
		const poller = env.poller();
		env.sandbox.faults.inject({ kind: 'slow', delayMs: 300, skip: 1, pathPrefix: '/sales_invoices' });
		const activating = poller.activate();
		await requestArrived(env, (path) => path.includes(SINCE));
		env.clock.advance(1);
		const during = env.create();
		expect((await activating).items).toEqual([]);

		env.clock.advance(60);
		expect(ids((await poller.poll()).json)).toEqual([during.id]);
		expect((await poller.poll()).items).toEqual([]);
	});

	it('keeps the position as plain JSON in the node’s static data only', async () => {
		const poller = env.poller();
		await poller.activate();
		expect(poller.nodeStaticData()).toEqual({
			position: {
				version: 2,
				watching: 'salesInvoice|new|lead|now',
				business: env.lead,
				since: '2026-01-15T08:59:00.000Z',
				seen: {},
			},
		});
	});
});

describe('records between polls', () => {
	it('emits records created and updated between polls exactly once, oldest first', async () => {
		const poller = env.poller({ event: 'newOrUpdated' });
		await poller.activate();
		const seeded = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$items as IDataObject[];

		env.clock.advance(60);
		const a = env.create();
		env.clock.advance(5);
		const b = env.create();
		env.clock.advance(5);
		const updated = env.update('sales_invoices', seeded[0].id as string, { fields: { notes: 'paid in full' } });

		const first = await poller.poll();
		expect(ids(first.json)).toEqual([a.id, b.id, updated.id]);
		expect(first.json[2]).toMatchObject({ updated_at: '2026-01-15T09:01:10Z' });
		expect((await poller.poll()).items).toEqual([]);

		env.clock.advance(60);
		const again = env.update('sales_invoices', a.id as string);
		const second = await poller.poll();
		expect(events(second.json)).toEqual([`${a.id}@${again.updated_at}`]);
		expect((await poller.poll()).items).toEqual([]);
	});

	it('"New Record" emits only creations; "New or Updated Record" also changes', async () => {
		const created = env.poller({ event: 'new' });
		const changed = env.poller({ event: 'newOrUpdated' });
		await created.activate();
		await changed.activate();
		const [old] = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$items as IDataObject[];

		env.clock.advance(60);
		const fresh = env.create();
		env.clock.advance(1);
		env.update('sales_invoices', old.id as string);
		expect(ids((await created.poll()).json)).toEqual([fresh.id]);
		expect(ids((await changed.poll()).json)).toEqual([fresh.id, old.id]);

		env.clock.advance(60);
		env.update('sales_invoices', fresh.id as string, { fields: { notes: 'changed' } });
		expect((await created.poll()).items).toEqual([]);
		expect((await changed.poll()).json).toEqual([
			expect.objectContaining({ id: fresh.id, updated_at: '2026-01-15T09:02:01Z' }),
		]);
	});

	it.each([
		['salesInvoice', 'sales_invoices'],
		['salesCreditNote', 'sales_credit_notes'],
		['salesQuote', 'sales_quotes'],
		['purchaseInvoice', 'purchase_invoices'],
		['contact', 'contacts'],
		['product', 'products'],
		['service', 'services'],
		['otherPayment', 'other_payments'],
	])('%s: a created record is emitted once', async (resource, collection) => {
		const poller = env.poller({ resource });
		await poller.activate();
		env.clock.advance(60);
		const record = env.create(collection);
		expect(ids((await poller.poll()).json)).toEqual([record.id]);
		expect((await poller.poll()).items).toEqual([]);
	});

	it('bankAccount: an updated account is emitted once (the service’s accounts are set up, not created, here)', async () => {
		const poller = env.poller({ resource: 'bankAccount', event: 'newOrUpdated' });
		await poller.activate();
		const [account] = (await env.fetchDirect('/bank_accounts')).body.$items as IDataObject[];
		env.clock.advance(60);
		env.update('bank_accounts', account.id as string, { fields: { nominal_code: 1210 } });
		expect(ids((await poller.poll()).json)).toEqual([account.id]);
		expect((await poller.poll()).items).toEqual([]);
	});

	it('ledgerEntry: the entries a new invoice posts are emitted once', async () => {
		const poller = env.poller({ resource: 'ledgerEntry' });
		await poller.activate();
		env.clock.advance(60);
		const invoice = env.create('sales_invoices');
		const first = await poller.poll();
		expect(first.json.length).toBeGreaterThanOrEqual(2);
		for (const entry of first.json) expect(entry.created_at).toBe(invoice.created_at);
		expect(new Set(ids(first.json)).size).toBe(first.json.length);
		expect((await poller.poll()).items).toEqual([]);
	});
});

describe('same timestamp and the inclusive window', () => {
	it('a record sharing the timestamp of one already emitted comes in the next poll, and only it', async () => {
		const poller = env.poller();
		await poller.activate();
		env.clock.advance(60);
		const a = env.create();
		expect(ids((await poller.poll()).json)).toEqual([a.id]);

		// The clock stands still: b gets a's second, after a was read.
		const b = env.create();
		expect(b.created_at).toBe(a.created_at);
		expect(ids((await poller.poll()).json)).toEqual([b.id]);
		expect((await poller.poll()).items).toEqual([]);
	});

	it('a record stamped exactly at the window’s start is read (inclusive since), one a second earlier is outside', async () => {
		const poller = env.poller();
		await poller.activate();
		env.clock.advance(60);
		await poller.poll();
		// The window now starts at the service's time of that poll minus 60 s: T0.
		const since = env.apiRequestsSince(0).at(-1)?.path ?? '';
		expect(since).toContain(`${SINCE}=${encodeURIComponent('2026-01-15T08:59:00+00:00')}`);

		const atEdge = env.create('sales_invoices', { at: T0 });
		const tooLate = env.create('sales_invoices', { at: T0 - 1000 });
		const next = await poller.poll();
		expect(env.apiRequestsSince(0).at(-1)?.path).toContain(
			`${SINCE}=${encodeURIComponent('2026-01-15T09:00:00+00:00')}`,
		);
		expect(ids(next.json)).toEqual([atEdge.id]);
		// Appeared more than the 60 s overlap after its own timestamp: documented as outside the window.
		expect(ids(next.json)).not.toContain(tooLate.id);
	});
});

describe('records landing during a poll', () => {
	it('a record created while the poll’s read is on its way is emitted once, by this poll or the next', async () => {
		const poller = env.poller();
		await poller.activate();
		env.clock.advance(60);
		const before = env.create();

		env.sandbox.faults.inject({ kind: 'slow', delayMs: 600, pathPrefix: '/sales_invoices' });
		const polling = poller.poll();
		await requestArrived(env, (path) => path.startsWith('/sales_invoices?'));
		const during = env.create();
		const first = await polling;
		env.clock.advance(60);
		const second = await poller.poll();

		const all = [...ids(first.json), ...ids(second.json)];
		expect(all.sort()).toEqual([before.id, during.id].sort());
	});

	it('a record that becomes visible after the poll with a time inside it (a late commit) is emitted next poll', async () => {
		const poller = env.poller();
		await poller.activate();
		env.clock.advance(60);
		expect((await poller.poll()).items).toEqual([]);
		// Written "during" that poll (T0 + 50 s), visible only now.
		const late = env.create('sales_invoices', { at: T0 + 50_000 });
		env.clock.advance(60);
		expect(ids((await poller.poll()).json)).toEqual([late.id]);
		expect((await poller.poll()).items).toEqual([]);
	});

	it('paging across a create and an update: every event once, nothing lost between pages', async () => {
		const poller = env.poller({ event: 'newOrUpdated' });
		await poller.activate();
		env.clock.advance(60);
		const batch = Array.from({ length: 250 }, () => env.create());

		// Page 1 is served at once; page 2 waits while a record is created and one of page 1 changes.
		env.sandbox.faults.inject({ kind: 'slow', delayMs: 0, pathPrefix: '/sales_invoices' });
		env.sandbox.faults.inject({ kind: 'slow', delayMs: 600, pathPrefix: '/sales_invoices' });
		const polling = poller.poll();
		await requestArrived(env, (path) => /[?&]page=2(&|$)/.test(path));
		env.clock.advance(1);
		const created = env.create();
		const changed = env.update('sales_invoices', batch[3].id as string);
		const first = await polling;
		env.clock.advance(60);
		const second = await poller.poll();
		const third = await poller.poll();

		const emitted = [...events(first.json), ...events(second.json), ...events(third.json)];
		expect(new Set(emitted).size).toBe(emitted.length);
		// The record changed while the poll read is emitted as it was when the read settled (its
		// creation and its change came within one poll's reading: the service shows the latest).
		const expected = [
			...batch.filter((record) => record.id !== changed.id).map((record) => `${record.id}@${record.updated_at}`),
			`${created.id}@${created.updated_at}`,
			`${changed.id}@${changed.updated_at}`,
		];
		expect([...emitted].sort()).toEqual([...expected].sort());
	});
});

describe('a list that moves while it is paged', () => {
	it('a record deleted from page 1 while page 2 waits costs no other record its place: the poll re-reads, every record once', async () => {
		const poller = env.poller();
		await poller.activate();
		// Written long before this poll's window would end: a record skipped now would be lost for good.
		const batch = Array.from({ length: 250 }, () => env.create('sales_invoices', { at: T0 + 10_000 }));
		// 200 s: the records are well before the next window, and the 300 s access token still lives.
		env.clock.advance(200);

		env.sandbox.faults.inject({ kind: 'slow', delayMs: 0, pathPrefix: '/sales_invoices' });
		env.sandbox.faults.inject({ kind: 'slow', delayMs: 600, pathPrefix: '/sales_invoices' });
		const polling = poller.poll();
		await requestArrived(env, (path) => /[?&]page=2(&|$)/.test(path));
		// Everything after it slides back one place: record 201 moves onto page 1, already read.
		// The read notices (the service lists a deletion since it began) and reads the list again,
		// so record 201 is there; the deleted record was read before it went, and is kept.
		const position = env.sandbox.log.entries().length;
		env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', batch[0].id as string);
		const first = await polling;
		expect([...ids(first.json)].sort()).toEqual(batch.map((record) => record.id).sort());
		// The read asked what changed, saw the deletion, and read the list again from its first page.
		const pageReads = env.apiRequestsSince(position).filter((entry) => entry.path.includes('items_per_page=200'));
		expect(pageReads.filter((entry) => !/[?&]page=/.test(entry.path)).length).toBeGreaterThanOrEqual(1);
		// The list moved: the window is kept and read again, and nothing is emitted twice.
		env.clock.advance(60);
		expect((await poller.poll()).items).toEqual([]);
		expect((await poller.poll()).items).toEqual([]);
	});
});

describe('a poll that fails midway', () => {
	it.each(['503', 'reset'] as const)(
		'%s on page 2: emits nothing, keeps the position, the next poll emits every record once',
		async (kind) => {
			const poller = env.poller({ requestOptions: { maxRetries: 0 } });
			await poller.activate();
			env.clock.advance(60);
			const batch = Array.from({ length: 250 }, () => env.create());
			const stored = poller.storedStaticData;
			const live = poller.liveStaticData;

			env.sandbox.faults.inject({ kind: 'slow', delayMs: 0, pathPrefix: '/sales_invoices' });
			env.sandbox.faults.inject({ kind, pathPrefix: '/sales_invoices' });
			const failed = await poller.poll();
			expect(failed.error?.message).toMatch(
				kind === '503' ? /temporarily unavailable|503/i : /closed unexpectedly|ECONNRESET/i,
			);
			expect(failed.items).toEqual([]);
			expect(failed.saved).toBe(false);
			expect(poller.storedStaticData).toBe(stored);
			// Not even in the process's memory: the node wrote nothing before it failed.
			expect(poller.liveStaticData).toBe(live);
			expect(env.sandbox.faults.pending()).toEqual([]);

			const next = await poller.poll();
			expect(next.error).toBeUndefined();
			expect([...ids(next.json)].sort()).toEqual(batch.map((record) => record.id).sort());
			expect((await poller.poll()).items).toEqual([]);
		},
	);
});

describe('deleted records', () => {
	const deleted = (parameters: IDataObject = {}) =>
		env.poller({ resource: 'contact', event: 'deleted', ...parameters });
	const remove = (id: string) => env.sandbox.dataset.deleteRecord(env.lead, 'contacts', id);

	it('nothing at activation; each deletion once, with its id and deleted_at, also two at one second', async () => {
		const earlier = env.create('contacts');
		remove(String(earlier.id));
		const poller = deleted();
		expect((await poller.activate()).items).toEqual([]);

		env.clock.advance(60);
		const [a, b] = [env.create('contacts'), env.create('contacts')];
		remove(String(a.id));
		remove(String(b.id));
		const first = await poller.poll();
		expect(ids(first.json).sort()).toEqual([a.id, b.id].sort());
		for (const item of first.json)
			expect(item.deleted_at).toBe(new Date(env.clock.now()).toISOString().replace('.000Z', 'Z'));
		for (const item of first.json) expect(item.change_type).toBe('deleted');

		// Another deletion in the same second, after that poll: the next poll, alone.
		const c = env.create('contacts');
		remove(String(c.id));
		expect(ids((await poller.poll()).json)).toEqual([c.id]);
		env.clock.advance(60);
		expect((await poller.poll()).items).toEqual([]);
		const paths = env.apiRequestsSince(0).map((entry) => entry.path);
		expect(paths.some((path) => path.includes('deleted_since='))).toBe(true);
	});

	it('a deletion stamped at the window’s very start (visible late) is read, though deleted_since excludes its time', async () => {
		const poller = deleted();
		await poller.activate();
		env.clock.advance(60);
		expect((await poller.poll()).items).toEqual([]);
		// That poll's window starts at T0 next time; a deletion stamped T0 turns up only now.
		const late = env.create('contacts', { at: T0 - 10_000 });
		env.sandbox.dataset.deleteRecord(env.lead, 'contacts', String(late.id), { at: T0 });
		env.clock.advance(60);
		expect(ids((await poller.poll()).json)).toEqual([late.id]);
	});

	it('a failed poll loses no deletion: the next one emits each once', async () => {
		const poller = deleted({ requestOptions: { maxRetries: 0 } });
		await poller.activate();
		env.clock.advance(60);
		const gone = Array.from({ length: 3 }, () => env.create('contacts'));
		for (const record of gone) remove(String(record.id));
		env.sandbox.faults.inject({ kind: '503', pathPrefix: '/contacts' });
		const failed = await poller.poll();
		expect(failed.error).toBeDefined();
		expect(failed.items).toEqual([]);
		env.clock.advance(60);
		expect(ids((await poller.poll()).json).sort()).toEqual(gone.map((record) => record.id).sort());
		expect((await poller.poll()).items).toEqual([]);
	});

	it('a deletion through the node’s Delete appears as one made in the service', async () => {
		const poller = deleted();
		await poller.activate();
		env.clock.advance(60);
		// A contact with nothing booked against it: the service lets it be deleted.
		const record = env.create('contacts', { fields: { deletable: true } });
		const run = await env.runNode({
			resource: 'contact',
			operation: 'delete',
			id: { __rl: true, mode: 'id', value: String(record.id) },
		});
		expect(run.error).toBeUndefined();
		expect(ids((await poller.poll()).json)).toEqual([record.id]);
	});

	it('offers Deleted Record only for collections the service lists deletions of', () => {
		const { description } = loadAccountingServiceTrigger();
		const events = description.properties.filter((property) => property.name === 'event');
		// The invoices have an Event list of their own (with Invoice Paid and Became Overdue).
		const withDeleted = events.filter((property) =>
			property.options?.some((option) => 'value' in option && option.value === 'deleted'),
		);
		const resources = withDeleted.flatMap((property) => (property.displayOptions?.show?.resource ?? []) as string[]);
		expect(resources).toContain('contact');
		expect(resources).toContain('salesInvoice');
		expect(resources).toHaveLength(23);
		expect(resources).not.toContain('ledgerEntry');
	});
});

describe('options', () => {
	it('Raw outputs every field (attributes=all) and change_type; Simplified the same columns as Get Many', async () => {
		const raw = env.poller({ output: 'raw' });
		const simplified = env.poller({ output: 'simplified' });
		await raw.activate();
		await simplified.activate();
		env.clock.advance(60);
		const record = env.create('sales_invoices', { fields: { notes: 'for the sheet' } });

		expect((await raw.poll()).json).toEqual([{ ...record, change_type: 'created' }]);
		expect(record).toHaveProperty('total_amount');
		const [row] = (await simplified.poll()).json;
		const [fromGetMany] = (
			await env.runNode({
				resource: 'salesInvoice',
				operation: 'get',
				id: { __rl: true, mode: 'id', value: String(record.id) },
			})
		).json('Accounting Service');
		expect(row).toEqual({ ...fromGetMany, change_type: 'created' });
		expect(row.sales_invoice_id).toBe(record.id);
		const paths = env.apiRequestsSince(0).map((entry) => entry.path);
		expect(paths.filter((path) => path.includes('attributes=all'))).toHaveLength(2);
		expect(paths.filter((path) => path.includes('attributes=invoice_number'))).not.toHaveLength(0);
	});

	it('watches the chosen business (X-Business), not the lead', async () => {
		const second = env.sandbox.dataset.businesses.find((business) => business.key === 'second')!;
		for (const mode of ['id', 'list']) {
			const poller = env.poller({ business: { __rl: true, mode, value: second.id } });
			const position = env.sandbox.log.entries().length;
			await poller.activate();
			env.clock.advance(60);
			env.create('sales_invoices');
			const theirs = env.create('sales_invoices', { business: second.id });
			expect(ids((await poller.poll()).json)).toEqual([theirs.id]);
			expect(new Set(env.apiRequestsSince(position).map((entry) => entry.business))).toEqual(new Set([second.id]));
		}
	});

	it('the lead business sends no X-Business', async () => {
		const poller = env.poller();
		await poller.activate();
		await poller.poll();
		expect(new Set(env.apiRequestsSince(0).map((entry) => entry.business))).toEqual(new Set([null]));
	});

	it('when the lead business changes under "Lead Business", starts over from now in the new one', async () => {
		const poller = env.poller();
		await poller.activate();
		env.clock.advance(60);
		env.create();
		// As if the service had answered for another lead business when the position was taken.
		const before = poller.liveStaticData.replace(`"business":"${env.lead}"`, '"business":"formerLeadBusiness"');
		const moved = env.poller({}, before);
		expect((await moved.poll()).items).toEqual([]);
		expect(moved.nodeStaticData('live')).toMatchObject({
			position: { business: env.lead, since: '2026-01-15T09:00:00.000Z' },
		});
		env.clock.advance(60);
		const next = env.create();
		expect(ids((await moved.poll()).json)).toEqual([next.id]);
	});

	it('another collection or event starts over from now instead of replaying the old position', async () => {
		const invoices = env.poller();
		await invoices.activate();
		env.clock.advance(60);
		env.create('sales_invoices');
		env.create('contacts');

		// The same node (same name, same static data) after the user picked another resource.
		const contacts = env.poller({ resource: 'contact' }, invoices.liveStaticData);
		expect((await contacts.poll()).items).toEqual([]);
		expect(contacts.nodeStaticData('live')).toMatchObject({ position: { watching: 'contact|new|lead|now' } });
		env.clock.advance(60);
		const contact = env.create('contacts');
		expect(ids((await contacts.poll()).json)).toEqual([contact.id]);
	});
});

describe('state only in static data (queue mode)', () => {
	it('another instance given the stored static data continues exactly where the first stopped', async () => {
		const first = env.poller({ event: 'newOrUpdated' });
		await first.activate();
		env.clock.advance(60);
		const a = env.create();
		expect(ids((await first.poll()).json)).toEqual([a.id]);

		const b = env.create();
		const other = env.poller({ event: 'newOrUpdated' }, first.storedStaticData);
		expect(ids((await other.poll()).json)).toEqual([b.id]);
		expect((await other.poll()).items).toEqual([]);
	});
});

describe('manual mode (Fetch Test Event)', () => {
	it('returns the newest record, sorted by the service where it can sort', async () => {
		env.clock.advance(60);
		const newest = env.create();
		const position = env.sandbox.log.entries().length;
		const run = await env.fetchTestEvent();
		expect(run.status).toBe('success');
		expect(ids(run.json('Accounting Service Trigger'))).toEqual([newest.id]);
		const [request] = env.apiRequestsSince(position);
		expect(request.path).toContain('sort=created_at%3Adesc');
	});

	it('"New or Updated Record" returns the most recently updated', async () => {
		const [old] = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$items as IDataObject[];
		env.create();
		env.clock.advance(60);
		env.update('sales_invoices', old.id as string);
		const run = await env.fetchTestEvent({ event: 'newOrUpdated' });
		expect(ids(run.json('Accounting Service Trigger'))).toEqual([old.id]);
	});

	it('where the service cannot sort, returns the last created (the end of its default order)', async () => {
		env.clock.advance(60);
		const contact = env.create('contacts');
		const run = await env.fetchTestEvent({ resource: 'contact' });
		expect(run.json('Accounting Service Trigger')).toEqual([{ ...contact, change_type: 'created' }]);
	});
});

describe('the service’s clock, not n8n’s', () => {
	it.each([
		['five years ahead of n8n', Date.now() + 5 * 365 * 86_400_000],
		['five years behind n8n', Date.now() - 5 * 365 * 86_400_000],
	])('with the service %s, nothing is lost or repeated', async (_label, start) => {
		const skewed = await startTriggerSandbox({ start: Math.floor(start / 1000) * 1000 });
		try {
			const poller = skewed.poller();
			await poller.activate();
			skewed.clock.advance(60);
			const a = skewed.create();
			expect(ids((await poller.poll()).json)).toEqual([a.id]);
			const b = skewed.create();
			expect(ids((await poller.poll()).json)).toEqual([b.id]);
			expect((await poller.poll()).items).toEqual([]);
		} finally {
			await skewed.sandbox.stop();
		}
	});
});

it('offers at least the ten collections the issue names, all from the collection table', () => {
	const offered = WATCHABLE.map((row) => row.resource);
	for (const resource of [
		'salesInvoice',
		'salesCreditNote',
		'salesQuote',
		'purchaseInvoice',
		'contact',
		'product',
		'service',
		'otherPayment',
		'bankAccount',
		'ledgerEntry',
	]) {
		expect(offered).toContain(resource);
	}
	expect(WATCHABLE.every((row) => row.filters.some((filter) => filter.query === 'updated_or_created_since'))).toBe(
		true,
	);
});
