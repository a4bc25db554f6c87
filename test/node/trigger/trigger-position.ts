import {
	advance,
	OVERLAP_MS,
	startAt,
	type Change,
	type Position,
} from '../../../nodes/AccountingServiceTrigger/poll/position';

/** The rule that decides what a poll emits and where the next one starts, without any service. */
const T = Date.UTC(2026, 0, 15, 9, 0, 0);
const s = (seconds: number) => T + seconds * 1000;
const change = (id: string, at: number): Change => ({ id, at, record: { id }, deleted: false });
const ids = (changes: Change[]) => changes.map((c) => c.id);
const read = (changes: Change[], serverTime: number, consistent = true) => ({ changes, serverTime, consistent });

describe('trigger position', () => {
	it('starts "now" on the service clock and counts what is already in the overlap window as seen', () => {
		const position = startAt(s(0), read([change('old', s(-30)), change('older', s(-3600))], s(0)));
		expect(position.since).toBe(s(0) - OVERLAP_MS);
		expect([...position.seen.keys()]).toEqual(['old']);
		const { emit } = advance(position, read([change('old', s(-30)), change('new', s(5))], s(10)));
		expect(ids(emit)).toEqual(['new']);
	});

	it('emits each record once across polls, also two records sharing a timestamp read in different polls', () => {
		let position: Position = { since: s(0), seen: new Map() };
		const first = advance(position, read([change('a', s(60))], s(60)));
		expect(ids(first.emit)).toEqual(['a']);
		position = first.next;
		// b lands in the same second as a, after a was read: the inclusive window reads both again.
		const second = advance(position, read([change('a', s(60)), change('b', s(60))], s(61)));
		expect(ids(second.emit)).toEqual(['b']);
		const third = advance(second.next, read([change('a', s(60)), change('b', s(60))], s(62)));
		expect(third.emit).toEqual([]);
	});

	it('emits an update again only when its time is later than the emitted one', () => {
		const position: Position = { since: s(0), seen: new Map([['a', s(10)]]) };
		expect(ids(advance(position, read([change('a', s(10))], s(20))).emit)).toEqual([]);
		expect(ids(advance(position, read([change('a', s(5))], s(20))).emit)).toEqual([]);
		expect(ids(advance(position, read([change('a', s(11))], s(20))).emit)).toEqual(['a']);
	});

	it('keeps the window where it was after a read that moved while paged, and never moves it back', () => {
		const position: Position = { since: s(100), seen: new Map() };
		expect(advance(position, read([], s(500), false)).next.since).toBe(s(100));
		expect(advance(position, read([], s(500))).next.since).toBe(s(500) - OVERLAP_MS);
		// A Date header from a server whose clock is behind does not move the window backwards.
		expect(advance(position, read([], s(120))).next.since).toBe(s(100));
	});

	it('forgets seen records only once they are older than the window, and ignores records before it', () => {
		const position: Position = {
			since: s(0),
			seen: new Map([
				['gone', s(1)],
				['kept', s(500)],
			]),
		};
		const { emit, next } = advance(position, read([change('before', s(-1)), change('kept', s(500))], s(520)));
		expect(emit).toEqual([]);
		expect([...next.seen.keys()]).toEqual(['kept']);
	});

	it('emits oldest first and a record listed twice (the list shifted) once, with its latest time', () => {
		const { emit } = advance(
			{ since: s(0), seen: new Map() },
			read([change('b', s(20)), change('a', s(10)), change('b', s(30)), change('c', s(20))], s(40)),
		);
		expect(emit.map((c) => [c.id, c.at])).toEqual([
			['a', s(10)],
			['c', s(20)],
			['b', s(30)],
		]);
	});
});
