import type { IDataObject } from 'n8n-workflow';

/**
 * A line's tax amount as the service checks it in 3.1: from the line's net amount and its tax
 * rate's percentage, in whole cents of the currency (2 decimals), rounded half away from zero.
 * Decimal arithmetic on integers throughout: 0.1 × 3 is 0.3 here, never 0.30000000000000004.
 */

/** An exact decimal: `units` × 10^-`scale`. */
interface Decimal {
	units: bigint;
	scale: number;
}

const TEN = BigInt(10);
const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);
const HUNDRED = BigInt(100);

/** The decimal a JS number is written as (its shortest representation, as JSON sends it). */
export function decimalOf(value: number): Decimal {
	if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`);
	let text = String(value);
	if (/e/i.test(text)) text = value.toFixed(20).replace(/\.?0+$/, '');
	const negative = text.startsWith('-');
	const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
	const units = BigInt(`${whole}${fraction}` || '0');
	return { units: negative ? -units : units, scale: fraction.length };
}

const pow10 = (exponent: number) => TEN ** BigInt(exponent);

function add(a: Decimal, b: Decimal): Decimal {
	const scale = Math.max(a.scale, b.scale);
	return { units: a.units * pow10(scale - a.scale) + b.units * pow10(scale - b.scale), scale };
}

const negate = (a: Decimal): Decimal => ({ units: -a.units, scale: a.scale });
const multiply = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** numerator / denominator rounded to a whole number, halves away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
	if (denominator === ZERO) throw new RangeError('division by zero');
	const negative = numerator < ZERO !== denominator < ZERO;
	const n = numerator < ZERO ? -numerator : numerator;
	const d = denominator < ZERO ? -denominator : denominator;
	const quotient = n / d;
	const rounded = (n % d) * TWO >= d ? quotient + ONE : quotient;
	return negative ? -rounded : rounded;
}

/** A decimal in whole cents, rounded half away from zero. */
export function toCents(value: Decimal): bigint {
	return value.scale >= 2 ? divideRounded(value.units, pow10(value.scale - 2)) : value.units * pow10(2 - value.scale);
}

/** Cents as the amount the service reads (a JSON number with at most 2 decimals). */
export const fromCents = (cents: bigint): number => Number(cents) / 100;

/**
 * Tax in cents on `cents` at `percentage`: on a net amount `cents × p / 100`; on an amount that
 * includes the tax (`gross`), the part of it that is tax: `cents × p / (100 + p)`.
 */
export function taxCents(cents: bigint, percentage: number, basis: 'net' | 'gross'): bigint {
	const rate = decimalOf(percentage);
	const scaledHundred = HUNDRED * pow10(rate.scale);
	const numerator = cents * rate.units;
	return divideRounded(numerator, basis === 'net' ? scaledHundred : scaledHundred + rate.units);
}

const numberOf = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The amount a line's tax is computed on, in cents, and whether that amount includes the tax:
 * quantity × unit price − discount (a document line; the quantity is 1 when not given), else
 * the line's net amount, else its total amount (a payment line: the total includes the tax).
 * Undefined when the line gives none of them.
 */
export function taxBasis(line: IDataObject): { cents: bigint; basis: 'net' | 'gross' } | undefined {
	const unitPrice = numberOf(line.unit_price);
	const includesTax = line.unit_price_includes_tax === true;
	if (unitPrice !== undefined) {
		const gross = multiply(decimalOf(numberOf(line.quantity) ?? 1), decimalOf(unitPrice));
		const discountAmount = numberOf(line.discount_amount);
		const discountPercentage = numberOf(line.discount_percentage);
		let discountCents = ZERO;
		if (discountAmount !== undefined) discountCents = toCents(decimalOf(discountAmount));
		else if (discountPercentage !== undefined) {
			const discount = multiply(gross, decimalOf(discountPercentage));
			discountCents = toCents({ units: discount.units, scale: discount.scale + 2 });
		}
		const cents = toCents(add(gross, negate({ units: discountCents, scale: 2 })));
		return { cents, basis: includesTax ? 'gross' : 'net' };
	}
	const net = numberOf(line.net_amount);
	if (net !== undefined) return { cents: toCents(decimalOf(net)), basis: 'net' };
	const total = numberOf(line.total_amount);
	if (total !== undefined) return { cents: toCents(decimalOf(total)), basis: 'gross' };
	return undefined;
}

/** The tax amount of a line at `percentage`, or undefined when the line gives no amount to compute it on. */
export function lineTaxAmount(line: IDataObject, percentage: number): number | undefined {
	const basis = taxBasis(line);
	return basis ? fromCents(taxCents(basis.cents, percentage, basis.basis)) : undefined;
}
