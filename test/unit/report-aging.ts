import { ageItems, bucketNames, bucketOf, type OpenItem } from '../../nodes/AccountingService/reports/aging';
import { addDays } from '../../nodes/AccountingService/reports/calendar';
import { fromCents, toCents } from '../../nodes/AccountingService/reports/money';
import {
	allocationCounts,
	everSettled,
	paidAhead,
	settledOnTheDay,
	unsettledOnTheDay,
	type SettlingLine,
	type SettlingRecord,
	type TheDay,
} from '../../nodes/AccountingService/reports/onTheDay';
import { inBase } from '../../nodes/AccountingService/reports/owed';

const AS_AT = '2025-03-31';
const item = (contactId: string | null, daysPast: number, amount: number, name = contactId): OpenItem => ({
	contactId,
	contactName: name,
	agedFrom: addDays(AS_AT, -daysPast),
	amount,
	label: `Sales Invoice ${contactId}-${daysPast}`,
});

describe('aged reports: buckets and totals', () => {
	it.each([
		[-5, 'current'],
		[0, 'current'],
		[1, 'days_1_30'],
		[30, 'days_1_30'],
		[31, 'days_31_60'],
		[60, 'days_31_60'],
		[61, 'days_61_90'],
		[90, 'days_61_90'],
		[91, 'days_over_90'],
		[400, 'days_over_90'],
	])('%i days past due is %s', (days, bucket) => {
		expect(bucketOf(days)).toBe(bucket);
	});

	it.each([
		[{ days: 30, count: 3 }, ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90']],
		[{ days: 15, count: 3 }, ['current', 'days_1_15', 'days_16_30', 'days_31_45', 'days_over_45']],
		[{ days: 7, count: 1 }, ['current', 'days_1_7', 'days_over_7']],
		[{ days: 1, count: 2 }, ['current', 'days_1_1', 'days_2_2', 'days_over_2']],
	])('%o periods are the columns %j', (periods, columns) => {
		expect(bucketNames(periods)).toEqual(columns);
	});

	it.each([
		[0, 'current'],
		[1, 'days_1_15'],
		[15, 'days_1_15'],
		[16, 'days_16_30'],
		[45, 'days_31_45'],
		[46, 'days_over_45'],
	])('15-day periods: %i days past due is %s', (days, bucket) => {
		expect(bucketOf(days, { days: 15, count: 3 })).toBe(bucket);
	});

	it('sums each contact’s items into its buckets, largest total first, and the totals are the rows’ sums', () => {
		const report = ageItems(
			[
				item('a', 0, 10_000),
				item('a', 31, 2_550),
				item('a', 10, -1_000),
				item('b', 91, 50_001),
				item('c', 45, 300),
				item('c', 45, -300),
			],
			AS_AT,
		);
		expect(report.contacts.map((contact) => contact.contactId)).toEqual(['b', 'a']);
		expect(report.contacts[1].buckets).toMatchObject({
			current: 10_000,
			days_1_30: -1_000,
			days_31_60: 2_550,
			total: 11_550,
		});
		expect(report.totals).toEqual({
			current: 10_000,
			days_1_30: -1_000,
			days_31_60: 2_550,
			days_61_90: 0,
			days_over_90: 50_001,
			total: 61_551,
		});
		expect(report.unplaced).toEqual([]);
	});

	it('an item without a contact or a day is named among the unplaced, never dropped', () => {
		const noDay = { ...item('a', 0, 500), agedFrom: null };
		const report = ageItems([item(null, 3, 700), noDay], AS_AT);
		expect(report.unplaced.map((entry) => entry.amount)).toEqual([700, 500]);
		expect(report.totals.total).toBe(0);
	});

	it('amounts become exact cents, from numbers or decimal strings', () => {
		expect(toCents(1234.5)).toBe(123_450);
		expect(toCents('1234.505')).toBe(123_451);
		expect(toCents('-0.01')).toBe(-1);
		expect(toCents(0.1 + 0.2)).toBe(30);
		expect(toCents('12,00')).toBeUndefined();
		expect(toCents(null)).toBeUndefined();
		expect(fromCents(123_451)).toBe(1234.51);
	});
});

describe('aged reports: what counts on a day', () => {
	const DAY = '2025-05-15';
	/** Artefacts dated after the day: an invoice of 20 May and a credit note of 20 May. */
	const theDay: TheDay = { day: DAY, isLater: (artefact) => artefact.endsWith('-later') };
	const line = (artefact: string, signed: number, discount = 0): SettlingLine => ({ artefact, signed, discount });
	const record = (id: string, date: string | null, lines: SettlingLine[]): SettlingRecord => ({ id, date, lines });

	it('an allocation counts only when made by the day and every artefact it names existed then', () => {
		const both = record('a1', '2025-05-10', [line('invoice', 3_000), line('credit', -3_000)]);
		const creditLater = record('a2', '2025-05-10', [line('invoice', 3_000), line('credit-later', -3_000)]);
		const madeLater = record('a3', '2025-05-16', [line('invoice', 3_000), line('credit', -3_000)]);
		const undated = record('a4', null, [line('invoice', 3_000), line('credit', -3_000)]);
		expect([both, creditLater, madeLater, undated].map((allocation) => allocationCounts(allocation, theDay))).toEqual([
			true,
			false,
			false,
			true,
		]);
	});

	it('a payment settles what existed by the day; what it paid against later documents is money on account', () => {
		// 150.00 on 10 May: 100.00 (with 5.00 discount) to an invoice of 1 May, 50.00 to one of 20 May.
		const receipt = record('p1', '2025-05-10', [line('invoice', 9_500, 500), line('invoice-later', 5_000)]);
		const afterTheDay = record('p2', '2025-05-16', [line('invoice', 1_000)]);
		const allocation = record('a1', '2025-05-12', [line('invoice-2', 2_000), line('credit-later', -2_000)]);
		const settled = settledOnTheDay([receipt, afterTheDay], [allocation], theDay);
		expect(Object.fromEntries(settled)).toEqual({ invoice: [{ date: '2025-05-10', cents: 10_000 }] });
		expect(paidAhead(receipt, theDay)).toBe(5_000);
		expect(paidAhead(afterTheDay, theDay)).toBe(0);
		// A credit note of later set against a receipt: the receipt took that much less money.
		expect(paidAhead(record('p3', '2025-05-10', [line('invoice', 9_000), line('credit-later', -2_000)]), theDay)).toBe(
			-2_000,
		);
		expect(Object.fromEntries(everSettled([receipt, afterTheDay, allocation]))).toEqual({
			invoice: 11_000,
			'invoice-later': 5_000,
			'invoice-2': 2_000,
			'credit-later': 2_000,
		});
	});

	it('a payment that set a credit note dated after the day against invoices of the day left them that much unpaid', () => {
		// 70.00 on 10 May: invoices of the day 50.00 and 50.00 (5.00 of it discount), a credit note of 20 May 30.00.
		const receipt = record('p1', '2025-05-10', [
			line('invoice', 5_000),
			line('invoice-2', 4_500, 500),
			line('credit-later', -3_000),
		]);
		const paidLater = record('p2', '2025-05-16', [line('invoice', 2_000), line('credit-later', -2_000)]);
		expect(
			Object.fromEntries(
				[...unsettledOnTheDay([receipt, paidLater], theDay)].map(([id, m]) => [id, Object.fromEntries(m)]),
			),
		).toEqual({
			p1: { invoice: 3_000 },
		});
		expect(Object.fromEntries(settledOnTheDay([receipt], [], theDay))).toEqual({
			invoice: [{ date: '2025-05-10', cents: 2_000 }],
			'invoice-2': [{ date: '2025-05-10', cents: 5_000 }],
		});
	});

	it('an amount in a record’s own currency is converted at its own rate, rounded once; the whole total is its base total', () => {
		expect(inBase(3_333, 10_000, 7_891)).toBe(2_630);
		expect(inBase(10_000, 10_000, 7_891)).toBe(7_891);
		expect(inBase(-5_000, 10_000, 7_891)).toBe(-3_946);
		expect(inBase(0, 0, 0)).toBe(0);
	});
});
