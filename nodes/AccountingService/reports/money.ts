/**
 * Money in whole cents: amounts are summed as integers so that every total is the exact sum of
 * the rows above it, and given out as numbers rounded to the cent.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A JSON number as the decimal text it was written as: JavaScript prints the shortest text that
 * reads back as the same number (1.005 → "1.005"), so rounding that text, not the binary value
 * (1.00499999…), gives the same cents as the service's decimal string. Exponent forms (1e-7, 1e+21)
 * are written out in full.
 */
function decimalText(value: number): string {
	const [mantissa, exponentText] = String(value).split('e');
	if (exponentText === undefined) return mantissa;
	const sign = mantissa.startsWith('-') ? '-' : '';
	const [whole, fraction = ''] = mantissa.replace('-', '').split('.');
	const digits = whole + fraction;
	const point = whole.length + Number(exponentText);
	if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
	if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
	return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * An amount as the service sends it (a JSON number, or a decimal string as the spec shows) in
 * cents, rounded half away from zero from its decimal text either way; `undefined` when it is not
 * an amount.
 */
export function toCents(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? toCents(decimalText(value)) : undefined;
	if (typeof value !== 'string') return undefined;
	const match = DECIMAL.exec(value.trim());
	if (!match) return undefined;
	const fraction = (match[3] ?? '').padEnd(3, '0');
	const cents = Number(match[2]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
	return match[1] && cents !== 0 ? -cents : cents;
}

/** Cents as an amount: 12345 → 123.45. */
export const fromCents = (cents: number) => Math.round(cents) / 100;

export const sumCents = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
