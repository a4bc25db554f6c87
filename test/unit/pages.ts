import type { IDataObject } from 'n8n-workflow';

import {
	decidePass,
	edgeOf,
	firstSuspect,
	joinFollowedPages,
	lastPage,
	MAX_REPAIRS,
	Records,
	type PageRead,
	type Pass,
	type ReadSoFar,
} from '../../nodes/AccountingService/transport/pages';
import { MAX_PAGE_SIZE } from '../../nodes/AccountingService/transport/types';

/**
 * The decisions of a read of several pages (transport/pages.ts), on pages written by hand: no
 * request is made. Lists are ids `r1`, `r2`, …; pages hold MAX_PAGE_SIZE (200) records.
 */

function ids(from: number, to: number, prefix = 'r'): string[] {
	return Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);
}

/** Page `page` of a list held still: the records that page holds at that `$total`. */
function stillPage(list: string[], page: number, arrived: number): PageRead {
	const items = list.slice((page - 1) * MAX_PAGE_SIZE, page * MAX_PAGE_SIZE).map((id) => ({ id }));
	return { page, served: page, total: list.length, items, arrived };
}

/** Pages `start`..`last` of a list held still, answered in page order from `firstArrived`. */
function stillPass(list: string[], start: number, last: number, firstArrived = 1): Pass {
	const pages = new Map<number, PageRead>();
	for (let page = start; page <= last; page++) pages.set(page, stillPage(list, page, firstArrived + page - start));
	return { start, pages };
}

const nothingYet: ReadSoFar = { accepted: undefined, repairs: 0 };

const pageNumbers = (pages: PageRead[]) => pages.map((page) => page.page);

describe('a pass of a list that held still', () => {
	const list = ids(1, 1000);

	it('is accepted whole and completes the read', () => {
		const decision = decidePass(stillPass(list, 1, 5), nothingYet, undefined);
		expect(decision).toMatchObject({ moved: false, restart: false, reread: undefined });
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 3, 4, 5]);
	});

	it('with a limit, only the pages the limit needs count', () => {
		expect(lastPage(1000, 450)).toBe(3);
		const decision = decidePass(stillPass(list, 1, 3), nothingYet, 450);
		expect(decision.reread).toBeUndefined();
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 3]);
	});
});

describe('the first suspect page and the re-read it leads to', () => {
	const list = ids(1, 1000);
	const grown = ['new', ...list];

	it('a page with another $total: accepted up to the page before, re-read from the page before it', () => {
		const pass = stillPass(list, 1, 2);
		for (const page of [3, 4, 5]) pass.pages.set(page, stillPage(grown, page, page));
		expect(firstSuspect(pass, 1000, undefined)).toBe(3);

		const decision = decidePass(pass, nothingYet, undefined);
		expect(decision.moved).toBe(true);
		expect(pageNumbers(decision.accept)).toEqual([1, 2]);
		// The re-read reaches as far as the latest answer's $total (1001 records: 6 pages).
		expect(decision.reread).toEqual({ from: 2, to: 6 });
		expect(decision.accepted).toEqual(new Set(ids(1, 400)));
	});

	it('a page answered after the list changed is suspect even at the reference $total', () => {
		const pass = stillPass(list, 1, 5);
		pass.pages.set(3, stillPage(grown, 3, 2));
		pass.pages.set(2, stillPage(list, 2, 3));
		expect(firstSuspect(pass, 1000, undefined)).toBe(2);
		const decision = decidePass(pass, nothingYet, undefined);
		expect(pageNumbers(decision.accept)).toEqual([1]);
		expect(decision.reread).toEqual({ from: 1, to: 5 });
	});

	it('a page served as another one (past the end) is suspect', () => {
		const pass = stillPass(list, 1, 5);
		pass.pages.set(5, { ...stillPage(list, 4, 5), page: 5 });
		const decision = decidePass(pass, nothingYet, undefined);
		expect(decision.moved).toBe(true);
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 3, 4]);
		expect(decision.reread).toEqual({ from: 4, to: 5 });
	});

	it('a page less full than the $total makes it is suspect', () => {
		const pass = stillPass(list, 1, 5);
		const short = pass.pages.get(2)!;
		pass.pages.set(2, { ...short, items: short.items.slice(1) });
		expect(firstSuspect(pass, 1000, undefined)).toBe(2);
		const decision = decidePass(pass, nothingYet, undefined);
		expect(pageNumbers(decision.accept)).toEqual([1]);
		expect(decision.reread).toEqual({ from: 1, to: 5 });
	});

	it('a missing page is suspect', () => {
		const pass = stillPass(list, 1, 5);
		pass.pages.delete(4);
		expect(firstSuspect(pass, 1000, undefined)).toBe(4);
	});

	it('a list that shrank: the re-read ends at its new last page', () => {
		const shrunk = list.slice(0, 300);
		const pass = stillPass(list, 1, 4);
		pass.pages.set(5, { ...stillPage(shrunk, 2, 5), page: 5 });
		const decision = decidePass(pass, nothingYet, undefined);
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 3, 4]);
		expect(decision.reread).toEqual({ from: 2, to: 2 });
	});
});

describe('the record beside each boundary, read again after the pass', () => {
	const list = ids(1, 1000);

	it('is the last of the page before the boundary when that page was answered first', () => {
		const pass = stillPass(list, 1, 3);
		expect(edgeOf(pass, 1)).toEqual({ place: 200, id: 'r200' });
		expect(edgeOf(pass, 3)).toBeUndefined();
	});

	it('is the first of the page after it when that one was answered first', () => {
		const pass = stillPass(list, 1, 3);
		pass.pages.set(2, { ...pass.pages.get(2)!, arrived: 9 });
		expect(edgeOf(pass, 2)).toEqual({ place: 401, id: 'r401' });
	});

	it('found where it was: the list held still across that boundary; found elsewhere: the page after it is suspect', () => {
		const held = { ...stillPass(list, 1, 5), edges: new Map([1, 2, 3, 4].map((page) => [page, `r${page * 200}`])) };
		expect(firstSuspect(held, 1000, undefined)).toBeUndefined();
		// One deleted before the boundary and one created at the end: `$total` holds, records slid back.
		const slid = { ...held, edges: new Map(held.edges).set(3, 'r601') };
		expect(firstSuspect(slid, 1000, undefined)).toBe(4);
		const decision = decidePass(slid, nothingYet, undefined);
		expect(decision.moved).toBe(true);
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 3]);
		expect(decision.reread).toEqual({ from: 3, to: 5 });
	});
});

describe('a re-read', () => {
	const before = ids(1, 1000);
	const acceptedFirst: ReadSoFar = { accepted: new Set(ids(1, 400)), repairs: 1 };

	it('that overlaps what was accepted is accepted and completes the read', () => {
		const after = ['new', ...before];
		const decision = decidePass(stillPass(after, 2, 6, 7), acceptedFirst, undefined);
		expect(decision).toMatchObject({ moved: false, restart: false, reread: undefined });
		expect(pageNumbers(decision.accept)).toEqual([2, 3, 4, 5, 6]);
	});

	it('that shares no record with what was accepted is not accepted: the read starts over from page 1', () => {
		const replaced = ids(1, 1000, 'x');
		const decision = decidePass(stillPass(replaced, 2, 5, 7), acceptedFirst, undefined);
		expect(decision.accept).toEqual([]);
		expect(decision.restart).toBe(false);
		expect(decision.reread).toEqual({ from: 1, to: 5 });
		expect(decision.accepted).toBe(acceptedFirst.accepted);
	});

	it('from page 1 without a link stands on its own: what was accepted before is dropped', () => {
		const replaced = ids(1, 1000, 'x');
		const decision = decidePass(stillPass(replaced, 1, 5, 7), acceptedFirst, undefined);
		expect(decision).toMatchObject({ restart: true, reread: undefined });
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 3, 4, 5]);
	});

	it('whose first page is suspect starts one page further back', () => {
		const pass = stillPass(before, 3, 5, 7);
		pass.pages.set(3, { ...pass.pages.get(3)!, served: 2 });
		const decision = decidePass(pass, { accepted: new Set(ids(1, 600)), repairs: 1 }, undefined);
		expect(decision.accept).toEqual([]);
		expect(decision.reread).toEqual({ from: 2, to: 5 });
	});

	it('that overlaps but moved again: accepted up to its suspect page, re-read from the page before', () => {
		const pass = stillPass(before, 2, 5, 7);
		pass.pages.set(4, { ...pass.pages.get(4)!, total: 999 });
		pass.pages.set(5, { ...pass.pages.get(5)!, total: 999 });
		const decision = decidePass(pass, acceptedFirst, undefined);
		expect(decision).toMatchObject({ moved: true, restart: false });
		expect(pageNumbers(decision.accept)).toEqual([2, 3]);
		expect(decision.accepted).toEqual(new Set(ids(201, 600)));
		expect(decision.reread).toEqual({ from: 3, to: 5 });
	});
});

describe('the number of repairs is bounded', () => {
	const list = ids(1, 1000);
	const moving = () => {
		const pass = stillPass(list, 1, 5);
		pass.pages.set(3, { ...pass.pages.get(3)!, total: 1001 });
		return pass;
	};

	it('before the last repair, a moving list is read again', () => {
		const decision = decidePass(moving(), { accepted: undefined, repairs: MAX_REPAIRS - 1 }, undefined);
		expect(decision.reread).toEqual({ from: 2, to: 5 });
	});

	it('at the last repair, the read ends with what it accepted and every page read last', () => {
		const decision = decidePass(moving(), { accepted: undefined, repairs: MAX_REPAIRS }, undefined);
		expect(decision.moved).toBe(true);
		expect(decision.reread).toBeUndefined();
		expect(pageNumbers(decision.accept)).toEqual([1, 2, 1, 2, 3, 4, 5]);
	});
});

describe('records', () => {
	it('each id once, its first occurrence kept, in order of arrival', () => {
		const records = new Records();
		records.add([{ id: 'a', seen: 1 }, { id: 'b' }]);
		records.add([{ id: 'a', seen: 2 }, { id: 'c' }]);
		expect(records.list()).toEqual([{ id: 'a', seen: 1 }, { id: 'b' }, { id: 'c' }]);
	});

	it('records without an id are all kept', () => {
		const records = new Records();
		records.add([{ name: 'same' }, { name: 'same' }]);
		records.add([{ name: 'same' }]);
		expect(records.list()).toHaveLength(3);
	});

	it('cleared, an id is taken again', () => {
		const records = new Records();
		records.add([{ id: 'a', seen: 1 }]);
		records.clear();
		records.add([{ id: 'a', seen: 2 }]);
		expect(records.list()).toEqual([{ id: 'a', seen: 2 }]);
	});
});

describe('pages followed by $next links', () => {
	const small = (page: number, total: number, items: IDataObject[]): PageRead => ({
		page,
		served: page,
		total,
		items,
		arrived: page,
	});

	it('that add up to the $total are not moved', () => {
		const pass: Pass = {
			start: 1,
			pages: new Map([
				[2, small(2, 3, [{ id: 'c' }])],
				[1, small(1, 3, [{ id: 'a' }, { id: 'b' }])],
			]),
		};
		expect(joinFollowedPages(pass, 3, undefined)).toEqual({
			items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
			moved: false,
		});
	});

	it('that repeat a record, or saw another $total, are moved', () => {
		const repeated: Pass = {
			start: 1,
			pages: new Map([
				[1, small(1, 3, [{ id: 'a' }, { id: 'b' }])],
				[2, small(2, 3, [{ id: 'b' }])],
			]),
		};
		expect(joinFollowedPages(repeated, 3, undefined)).toEqual({ items: [{ id: 'a' }, { id: 'b' }], moved: true });
		// With a limit the count is not expected to reach the $total.
		expect(joinFollowedPages(repeated, 3, 2).moved).toBe(false);

		const otherTotal: Pass = { start: 1, pages: new Map([[1, small(1, 4, [{ id: 'a' }])]]) };
		expect(joinFollowedPages(otherTotal, 1, undefined).moved).toBe(true);
	});
});
