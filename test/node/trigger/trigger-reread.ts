// A window in which anything changed during the read is not advanced past (issue 49): the next
// poll reads it again, and what it already emitted is known by id and version.
import type { IDataObject } from 'n8n-workflow';

import {
	advance,
	OVERLAP_MS,
	versionOf,
	type Change,
	type Position,
} from '../../../nodes/AccountingServiceTrigger/poll/position';
import { T0, useTriggerSandbox } from '../trigger-sandbox';

const s = (seconds: number) => T0 + seconds * 1000;
const change = (record: IDataObject, at: number, deleted = false): Change => ({
	id: String(record.id),
	at,
	record,
	deleted,
	version: versionOf(record, deleted),
});
const ids = (changes: Change[]) => changes.map((each) => `${each.id}${each.deleted ? ' deleted' : ''}`);

describe('the position after a read that changed while it was made', () => {
	const a = { id: 'a', notes: 'first' };
	const b = { id: 'b', notes: 'first' };
	const c = { id: 'c', notes: 'first' };
	const start: Position = { since: s(0), seen: new Map() };

	it('stays where it was however many reads in a row change, and emits each version once', () => {
		// Read 1 moved: c slid onto a page already read and was missed.
		const first = advance(start, {
			changes: [change(a, s(10)), change(b, s(20))],
			serverTime: s(600),
			consistent: false,
		});
		expect(ids(first.emit)).toEqual(['a', 'b']);
		expect(first.next.since).toBe(s(0));
		// Read 2 moved as well: c is there now; a and b, the same versions, are not emitted again.
		const second = advance(first.next, {
			changes: [change(a, s(10)), change(b, s(20)), change(c, s(30))],
			serverTime: s(660),
			consistent: false,
		});
		expect(ids(second.emit)).toEqual(['c']);
		expect(second.next.since).toBe(s(0));
		// Read 3 held still: the window moves on.
		const third = advance(second.next, {
			changes: [change(a, s(10)), change(b, s(20)), change(c, s(30))],
			serverTime: s(720),
			consistent: true,
		});
		expect(third.emit).toEqual([]);
		expect(third.next.since).toBe(s(720) - OVERLAP_MS);
	});

	it('a record changed again within the same second during the read comes again, in its new version only', () => {
		const first = advance(start, { changes: [change(a, s(10))], serverTime: s(60), consistent: false });
		const edited = { ...a, notes: 'second' };
		const again = advance(first.next, { changes: [change(edited, s(10))], serverTime: s(61), consistent: false });
		expect(again.emit.map((each) => each.record.notes)).toEqual(['second']);
		const once = advance(again.next, { changes: [change(edited, s(10))], serverTime: s(62), consistent: true });
		expect(once.emit).toEqual([]);
	});

	it('a record deleted in the second of its emitted version comes once more, as the deletion', () => {
		const first = advance(start, { changes: [change(a, s(10))], serverTime: s(60), consistent: false });
		const gone = advance(first.next, { changes: [change(a, s(10), true)], serverTime: s(61), consistent: false });
		expect(ids(gone.emit)).toEqual(['a deleted']);
		expect(advance(gone.next, { changes: [change(a, s(10), true)], serverTime: s(62), consistent: true }).emit).toEqual(
			[],
		);
	});
});

describe('a read during which records change (through the engine)', () => {
	const env = useTriggerSandbox();

	it('records edited and created while the pages are read: every version once across polls', async () => {
		const trigger = env.poller({ event: 'newOrUpdated', output: 'raw' });
		await trigger.activate();
		const batch = Array.from({ length: 250 }, () => env.create('sales_invoices', { at: T0 + 10_000 }));
		env.clock.advance(120);
		// As page 2 is asked for, one record of page 1 is edited and one created.
		let edited: IDataObject | undefined;
		let created: IDataObject | undefined;
		const stop = env.sandbox.beforeApiRequest((request: { path: string; query: string }) => {
			if (edited || request.path !== '/sales_invoices' || !/[?&]page=2(&|$)/.test(request.query)) return;
			edited = env.update('sales_invoices', String(batch[3].id), { fields: { notes: 'edited during the read' } });
			created = env.create('sales_invoices');
		});
		const emitted: string[] = [];
		const note = (json: IDataObject[]) =>
			emitted.push(...json.map((row) => `${String(row.id)}@${String(row.updated_at)}@${String(row.notes)}`));
		note((await trigger.poll()).json);
		stop();
		for (let poll = 0; poll < 3; poll++) {
			env.clock.advance(60);
			note((await trigger.poll()).json);
		}
		expect(edited).toBeDefined();
		const expected = [
			...batch.slice(0, 3),
			...batch.slice(4),
			batch[3],
			edited as IDataObject,
			created as IDataObject,
		].map((row) => `${String(row.id)}@${String(row.updated_at)}@${String(row.notes)}`);
		// The edit may land before page 1 was read or after: its first version then comes or not,
		// but never twice, and the edited version comes once.
		expect(new Set(emitted).size).toBe(emitted.length);
		for (const each of expected.filter((row) => !row.startsWith(`${String(batch[3].id)}@`) || row.includes('edited')))
			expect(emitted).toContain(each);
		expect(emitted.every((row) => expected.includes(row))).toBe(true);
	});
});
