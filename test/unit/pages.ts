import type { IDataObject } from 'n8n-workflow';

import { changeFeedOf, changesSince } from '../../nodes/AccountingService/transport/changeCheck';
import {
	implausibleTotal,
	lastPage,
	MAX_PAGES,
	MAX_RECORDS,
	PageAssembly,
	pagesAllowedByTotal,
	requestsOfStillRead,
	sameReading,
	type Reading,
} from '../../nodes/AccountingService/transport/pages';
import type { ListEnvelope } from '../../nodes/AccountingService/transport/types';

/**
 * The pure parts of a read of several pages (transport/pages.ts, changeCheck.ts), on values
 * written by hand: no request is made. The reads themselves are tested against the sandbox and
 * hostile servers (test/node/reads, test/node/transport).
 */

const reading = (records: IDataObject[]): Reading => ({
	records,
	pages: Math.max(1, Math.ceil(records.length / 200)),
	date: undefined,
	total: records.length,
	unsteady: false,
});

describe('what a read accepts of the service’s claims', () => {
	it.each([2e11, 1e12, MAX_RECORDS + 1, -1, 1.5, Number.NaN, '300', null])('a $total of %p is refused', (total) => {
		expect(implausibleTotal(total)).toEqual(expect.any(String));
	});

	it.each([0, 1, 20_000, MAX_RECORDS])('a $total of %p is taken', (total) => {
		expect(implausibleTotal(total)).toBeUndefined();
	});

	it('following $next: the pages the largest $total fills at the service’s page size, and one more', () => {
		expect(pagesAllowedByTotal(3, 1)).toBe(4);
		expect(pagesAllowedByTotal(650, 100)).toBe(8);
		expect(pagesAllowedByTotal(0, 100)).toBe(1);
		// A first page with no records: no page size to go by, no second page.
		expect(pagesAllowedByTotal(1000, 0)).toBe(1);
		expect(pagesAllowedByTotal(MAX_RECORDS, 1)).toBe(MAX_PAGES);
	});
});

describe('the cost of a read while the list holds still', () => {
	it.each([
		[0, undefined, true, 1],
		[200, undefined, true, 1],
		[201, undefined, true, 3],
		[201, undefined, false, 4],
		[2150, undefined, true, 12],
		[20_000, undefined, true, 101],
		[20_000, undefined, false, 102],
		[20_000, 150, true, 1],
		[20_000, 450, true, 4],
		[20_000, 450, false, 5],
	])(
		'%i records, limit %p, in creation order %p: %i requests (its pages, and after several the deletions, and the creations and edits of a sorted or filtered list)',
		(total, limit, appendOnly, requests) => {
			expect(requestsOfStillRead(total, limit, appendOnly)).toBe(requests);
			const pages = lastPage(total, limit);
			expect(requests).toBeLessThanOrEqual(pages === 1 ? 1 : Math.ceil(Math.min(total, limit ?? total) / 200) + 2);
		},
	);
});

describe('the change feeds of a collection come from the OpenAPI’s table', () => {
	it('sales invoices list creations, edits and deletions', () => {
		expect(changeFeedOf('/sales_invoices')).toEqual({ updated: true, deleted: true });
		expect(changeFeedOf('/sales_invoices?page=2&items_per_page=200')).toEqual({ updated: true, deleted: true });
	});

	it('ledger accounts list creations and edits only; countries and unknown paths nothing', () => {
		expect(changeFeedOf('/ledger_accounts')).toEqual({ updated: true, deleted: false });
		expect(changeFeedOf('/countries')).toBeUndefined();
		expect(changeFeedOf('/things')).toBeUndefined();
	});

	it('the check starts a second (the stamps’ resolution) before the first page’s Date; without one, nowhere', () => {
		const now = Date.UTC(2026, 0, 15, 9, 0, 0);
		expect(changesSince('Thu, 15 Jan 2026 09:00:00 GMT', now)).toBe(Date.UTC(2026, 0, 15, 8, 59, 59));
		expect(changesSince(undefined, now)).toBeUndefined();
		// A service whose clock is behind this process's, or years ahead, is trusted; ten years and more ahead is not its own.
		expect(changesSince('Wed, 14 Jan 2026 09:00:00 GMT', now)).toBe(Date.UTC(2026, 0, 14, 8, 59, 59));
		expect(changesSince('Tue, 15 Jan 2030 10:00:00 GMT', now)).toBe(Date.UTC(2030, 0, 15, 9, 59, 59));
		expect(changesSince('Sat, 15 Jan 2050 09:00:00 GMT', now)).toBeUndefined();
		expect(changesSince('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBeUndefined();
		expect(changesSince('soon', now)).toBeUndefined();
	});
});

describe('two readings agree', () => {
	const list = Array.from({ length: 450 }, (_, index) => ({ id: `r${index}`, total_amount: String(index) }));

	it('the same records in the same order with the same values', () => {
		expect(sameReading(reading(list), reading(list.map((record) => ({ ...record }))))).toBe(true);
	});

	it('not when a record is missing, added, moved or edited', () => {
		expect(sameReading(reading(list), reading(list.slice(1)))).toBe(false);
		expect(sameReading(reading(list), reading([...list, { id: 'new' }]))).toBe(false);
		expect(sameReading(reading(list), reading([list[1], list[0], ...list.slice(2)]))).toBe(false);
		const edited = list.map((record, index) => (index === 300 ? { ...record, total_amount: 'x' } : record));
		expect(sameReading(reading(list), reading(edited))).toBe(false);
	});
});

describe('page assembly', () => {
	const page = (items: IDataObject[], total: number, number?: number): ListEnvelope => ({
		$items: items,
		$total: total,
		$page: number ?? 1,
		$next: null,
		$back: null,
		$itemsPerPage: 200,
	});
	const ids = (count: number, from = 0) => Array.from({ length: count }, (_, index) => ({ id: `r${from + index}` }));

	it('each id once, its first occurrence kept, in page order whatever the order of arrival', () => {
		const pages = new PageAssembly(200, 400, false);
		const second = [{ id: 'a', n: 2 }, ...ids(199, 200)];
		const first = [{ id: 'a', n: 1 }, ...ids(199)];
		pages.add(2, page(second, 400, 2));
		pages.add(1, page(first, 400, 1));
		const reading = pages.finish(undefined);
		expect(reading.records.map((record) => record.id)).toEqual([
			'a',
			...ids(199).map((r) => r.id),
			...ids(199, 200).map((r) => r.id),
		]);
		expect(reading.records[0]).toEqual({ id: 'a', n: 1 });
		expect(reading.twice).toBe(true);
		expect(reading.unsteady).toBe(true);
	});

	it('records without an id are all kept', () => {
		const pages = new PageAssembly(200, 2, false);
		pages.add(1, page([{ name: 'x' }, { name: 'x' }], 2));
		expect(pages.finish(undefined).records).toHaveLength(2);
	});

	it('a page that saw another $total, or came back short or numbered as another, has moved', () => {
		const steady = new PageAssembly(200, 400, false);
		steady.add(1, page(ids(200), 400, 1));
		steady.add(2, page(ids(200, 200), 400, 2));
		expect(steady.finish(undefined)).toMatchObject({ pages: 2, total: 400, unsteady: false, twice: false });
		for (const second of [page(ids(200, 200), 401, 2), page(ids(199, 200), 400, 2), page(ids(200, 200), 400, 3)]) {
			const moved = new PageAssembly(200, 400, false);
			moved.add(1, page(ids(200), 400, 1));
			moved.add(2, second);
			expect(moved.finish(undefined).unsteady).toBe(true);
		}
	});

	it('a reading with a page missing between those added is refused, not taken short', () => {
		const pages = new PageAssembly(200, 600, false);
		pages.add(1, page(ids(200), 600, 1));
		pages.add(3, page(ids(200, 400), 600, 3));
		expect(() => pages.finish(undefined)).toThrow(/page 2/);
	});
});
