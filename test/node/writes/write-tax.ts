// The tax amount the node computes for a line without one: integer cents, half away from zero.
import {
	decimalOf,
	divideRounded,
	lineTaxAmount,
	taxCents,
	toCents,
} from '../../../nodes/AccountingService/actions/write/tax';

describe('decimal arithmetic', () => {
	it('reads a number as the decimal it is written as', () => {
		expect(decimalOf(0.1)).toEqual({ units: BigInt(1), scale: 1 });
		expect(decimalOf(-12.345)).toEqual({ units: BigInt(-12345), scale: 3 });
		expect(decimalOf(1e-7)).toEqual({ units: BigInt(1), scale: 7 });
		expect(decimalOf(120)).toEqual({ units: BigInt(120), scale: 0 });
	});

	it('rounds halves away from zero', () => {
		expect(divideRounded(BigInt(5), BigInt(2))).toBe(BigInt(3));
		expect(divideRounded(BigInt(-5), BigInt(2))).toBe(BigInt(-3));
		expect(divideRounded(BigInt(7), BigInt(3))).toBe(BigInt(2));
		expect(divideRounded(BigInt(-7), BigInt(3))).toBe(BigInt(-2));
		expect(toCents(decimalOf(1.005))).toBe(BigInt(101));
		expect(toCents(decimalOf(-1.005))).toBe(BigInt(-101));
		expect(toCents(decimalOf(2.675))).toBe(BigInt(268));
	});

	it('tax on a net amount, and the tax inside a gross amount', () => {
		expect(taxCents(BigInt(10000), 20, 'net')).toBe(BigInt(2000));
		expect(taxCents(BigInt(12000), 20, 'gross')).toBe(BigInt(2000));
		expect(taxCents(BigInt(1005), 5.5, 'net')).toBe(BigInt(55)); // 55.275 → 55
		expect(taxCents(BigInt(1010), 5, 'net')).toBe(BigInt(51)); // 50.5 → 51
		expect(taxCents(BigInt(-1010), 5, 'net')).toBe(BigInt(-51));
	});
});

describe('a line’s tax amount', () => {
	it.each([
		['quantity × unit price at 20%', { quantity: 2, unit_price: 49.99 }, 20, 20],
		['float-unsafe amounts stay exact (3 × 0.1 at 50%)', { quantity: 3, unit_price: 0.1 }, 50, 0.15],
		['a half cent rounds up', { quantity: 1, unit_price: 0.25 }, 10, 0.03],
		['a negative half cent rounds away from zero', { quantity: -1, unit_price: 0.25 }, 10, -0.03],
		['the discount comes off first', { quantity: 4, unit_price: 25, discount_amount: 10 }, 20, 18],
		['a discount percentage', { quantity: 1, unit_price: 200, discount_percentage: 12.5 }, 20, 35],
		['no quantity counts as one', { unit_price: 19.99 }, 19, 3.8],
		['a unit price that includes the tax', { quantity: 1, unit_price: 120, unit_price_includes_tax: true }, 20, 20],
		['three decimals of quantity', { quantity: 1.333, unit_price: 7.5 }, 20, 2],
		['the net amount of a line without a unit price', { net_amount: 80.05 }, 5, 4],
		['the total of a payment line (it includes the tax)', { total_amount: 105 }, 5, 5],
		['a zero rate', { quantity: 3, unit_price: 10 }, 0, 0],
	])('%s', (_case, line, percentage, expected) => {
		expect(lineTaxAmount(line, percentage)).toBe(expected);
	});

	it('nothing to compute on: no amount', () => {
		expect(lineTaxAmount({ description: 'x' }, 20)).toBeUndefined();
	});
});
