/**
 * One value from n8n turned into what the service receives, the same way for filters, parameters
 * and the attributes of a write. A value the service would refuse, or read differently than the
 * user meant, stops with a problem the caller reports under the field's name.
 */

/** Stops with what is wrong with the value; the caller knows the field (and the item). */
export type Refuse = (problem: string) => never;

/** A value the service takes as one JSON scalar: every filter, every write attribute but objects and lists. */
export type ScalarKind = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'dateTime' | 'options';

export interface ConversionOptions {
	/** For `options`: the values the service accepts. */
	allowed?: readonly string[];
	/**
	 * Whether text that unambiguously means a number or a boolean ("12.50", "true") is taken for
	 * one: input data from spreadsheets and CSV files arrives as text, a typed editor field does not.
	 */
	fromText?: boolean;
}

/** A short, safe description of a value for error messages. */
export function describeValue(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (typeof value === 'string') return value === '' ? 'an empty text' : `"${value.slice(0, 60)}"`;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return Array.isArray(value) ? 'a list' : 'an object';
}

/** A moment as the service's date-times expect it: whole seconds with an explicit offset. */
export function serviceDateTime(moment: Date): string {
	return moment.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** A filter's or a write attribute's value as the service takes it. */
export function toScalar(
	kind: ScalarKind,
	value: unknown,
	refuse: Refuse,
	options: ConversionOptions = {},
): string | number | boolean {
	switch (kind) {
		case 'number':
			return toNumber(value, refuse, options);
		case 'integer':
			return toWholeNumber(value, refuse, options);
		case 'boolean':
			return toBoolean(value, refuse, options);
		case 'date':
			return toDay(value, refuse);
		case 'dateTime':
			return toDateTime(value, refuse);
		case 'options':
			return toChoice(value, options.allowed ?? [], refuse);
		case 'string':
			return toText(value, refuse);
	}
}

/** Text as it is; a number as its digits (an expression or a spreadsheet gives an ID as a number). */
export function toText(value: unknown, refuse: Refuse): string {
	if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
		refuse(`expected text, got ${describeValue(value)}`);
	}
	return String(value);
}

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function toNumber(value: unknown, refuse: Refuse, { fromText = false }: ConversionOptions = {}): number {
	const number =
		typeof value === 'number'
			? value
			: fromText && typeof value === 'string' && NUMERIC_TEXT.test(value.trim())
				? Number(value.trim())
				: NaN;
	if (!Number.isFinite(number)) refuse(`expected a number, got ${describeValue(value)}`);
	return number;
}

/** With `fromText`, what is no number at all is refused as such before it is refused as a fraction. */
export function toWholeNumber(value: unknown, refuse: Refuse, options: ConversionOptions = {}): number {
	const number = options.fromText ? toNumber(value, refuse, options) : value;
	if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
		refuse(`expected a whole number, got ${describeValue(value)}`);
	}
	return number;
}

/** A whole number within bounds, such as a setting with a documented range. */
export function toWholeNumberBetween(value: unknown, min: number, max: number, refuse: Refuse): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		refuse(`must be a whole number from ${min} to ${max}, got ${describeValue(value)}`);
	}
	return value;
}

export function toBoolean(value: unknown, refuse: Refuse, { fromText = false }: ConversionOptions = {}): boolean {
	if (typeof value === 'boolean') return value;
	if (fromText && typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
		return value.trim().toLowerCase() === 'true';
	}
	return refuse(`expected true or false, got ${describeValue(value)}`);
}

/** One of a fixed set: an expression can yield anything. */
export function toChoice<T extends string>(value: unknown, allowed: readonly T[], refuse: Refuse): T {
	if (typeof value !== 'string' || !allowed.includes(value as T)) {
		refuse(`must be one of ${allowed.join(', ')}, got ${describeValue(value)}`);
	}
	return value as T;
}

/** A calendar day as YYYY-MM-DD; a date-time (the editor's date picker) is cut to its day as written. */
export function toDay(value: unknown, refuse: Refuse): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(dateText(value) ?? '');
	if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) {
		refuse(`expected a date as YYYY-MM-DD, got ${describeValue(value)}`);
	}
	return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A moment with its UTC offset, as the service expects; a time without a zone counts as UTC. */
export function toDateTime(value: unknown, refuse: Refuse): string {
	const text = dateText(value);
	const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text ?? '');
	const parsed =
		text && /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(hasZone ? text : `${text.replace(' ', 'T')}Z`) : undefined;
	if (!parsed || Number.isNaN(parsed.getTime())) {
		refuse(`expected a date and time such as 2024-01-31T09:30:00Z, got ${describeValue(value)}`);
	}
	return serviceDateTime(parsed);
}

/** Text, a Date or a Luxon DateTime (what n8n's date fields and expressions give) as text. */
function dateText(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim();
	if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
	if (value && typeof value === 'object' && 'toISO' in value && typeof value.toISO === 'function') {
		return String(value.toISO());
	}
	return undefined;
}

function isRealDay(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
