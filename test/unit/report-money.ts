import { toCents } from '../../nodes/AccountingService/reports/money';
import { owedOn } from '../../nodes/AccountingService/reports/owed';

describe('money in cents: the same amount as a JSON number or as text', () => {
	it.each([
		['1.005', 101],
		['0.285', 29],
		['2.675', 268],
		['-1.005', -101],
		['-0.285', -29],
		['1.004', 100],
		['0.015', 2],
		['1234.5', 123_450],
		['0.3', 30],
		['-0.004', 0],
	])('%s rounds half away from zero to %i cents, as a number and as text', (text, expected) => {
		expect(toCents(text)).toBe(expected);
		expect(toCents(Number(text))).toBe(expected);
	});

	it('a number is rounded from the shortest text that reads back as it, not from its binary value', () => {
		// 1.005 is stored as 1.00499999999999989…: rounding the binary value would give 100.
		expect(toCents(1.005)).toBe(toCents('1.005'));
		expect(toCents(0.1 + 0.2)).toBe(30);
	});

	it('exponent forms are written out: tiny amounts are 0, huge ones whole', () => {
		expect(toCents(1e-7)).toBe(0);
		expect(toCents(5e-3)).toBe(1);
		expect(toCents(-5e-3)).toBe(-1);
		expect(toCents(1e21)).toBe(1e23);
		expect(toCents(1.5e2)).toBe(15_000);
	});

	it('what is no amount stays undefined', () => {
		expect(toCents(Number.NaN)).toBeUndefined();
		expect(toCents(Number.POSITIVE_INFINITY)).toBeUndefined();
		expect(toCents('1e3')).toBeUndefined();
		expect(toCents('')).toBeUndefined();
	});
});

describe('what a document still owed at the end of a day', () => {
	const invoice = { total: 10_000, baseTotal: 10_000 };

	it('a payment dated the day counts; one dated the next day does not', () => {
		const settlements = [
			{ date: '2025-05-31', cents: 4_000 },
			{ date: '2025-06-01', cents: 6_000 },
		];
		expect(owedOn({ ...invoice, settlements }, '2025-05-30')).toBe(10_000);
		expect(owedOn({ ...invoice, settlements }, '2025-05-31')).toBe(6_000);
		expect(owedOn({ ...invoice, settlements }, '2025-06-01')).toBe(0);
	});

	it('a settlement the service gave no date for counts as made', () => {
		expect(owedOn({ ...invoice, settlements: [{ date: null, cents: 2_500 }] }, '2020-01-01')).toBe(7_500);
	});

	it('a foreign-currency document: the owed part at its own rate, rounded once, 0 when paid in full', () => {
		// USD 100.00 booked as GBP 78.91: USD 33.33 owed is GBP 26.30 (26.300703 rounded once).
		const dollars = { total: 10_000, baseTotal: 7_891 };
		expect(owedOn({ ...dollars, settlements: [] }, '2025-05-31')).toBe(7_891);
		expect(owedOn({ ...dollars, settlements: [{ date: '2025-05-01', cents: 6_667 }] }, '2025-05-31')).toBe(2_630);
		expect(
			owedOn(
				{
					...dollars,
					settlements: [
						{ date: '2025-05-01', cents: 6_667 },
						{ date: '2025-05-02', cents: 3_333 },
					],
				},
				'2025-05-31',
			),
		).toBe(0);
	});
});
