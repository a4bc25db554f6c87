/**
 * Money in whole cents: amounts are summed as integers so that every total is the exact sum of
 * the rows above it, and given out as numbers rounded to the cent.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * An amount as the service sends it (a JSON number, or a decimal string as the spec shows) in
 * cents, rounded half away from zero; `undefined` when it is not an amount.
 */
export function toCents(value: unknown): number | undefined {
	if (typeof value === 'number')
		return Number.isFinite(value) ? Math.sign(value) * Math.round(Math.abs(value) * 100) : undefined;
	if (typeof value !== 'string') return undefined;
	const match = DECIMAL.exec(value.trim());
	if (!match) return undefined;
	const fraction = (match[3] ?? '').padEnd(3, '0');
	const cents = Number(match[2]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
	return match[1] ? -cents : cents;
}

/** Cents as an amount: 12345 → 123.45. */
export const fromCents = (cents: number) => Math.round(cents) / 100;

export const sumCents = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
