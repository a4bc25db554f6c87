import { ageItems, bucketOf, type OpenItem } from '../../nodes/AccountingService/reports/aging';
import { addDays } from '../../nodes/AccountingService/reports/calendar';
import { fromCents, toCents } from '../../nodes/AccountingService/reports/money';

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
		expect(report.contacts[1]).toMatchObject({ current: 10_000, days_1_30: -1_000, days_31_60: 2_550, total: 11_550 });
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
