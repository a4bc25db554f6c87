import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { addDays } from '../../AccountingService/reports/calendar';
import type { Backfill } from './backfill';
import type { InvoiceMemory } from './invoiceEvents';
import type { Position } from './position';

/**
 * The stored position is the workflow's static data, which an import or a hand edit can fill
 * with anything. Followed as it is, a time in the future or a field of another shape makes the
 * trigger output nothing, or skip records, without a word. So a position is followed only when it
 * is exactly what storePosition writes, with no time after the service's clock; anything else
 * stops the poll with an error that says how to start over.
 */

/**
 * How far after the service's clock (its `Date` header) a stored time may lie. Positions the
 * trigger writes lie a minute before the `Date` of the poll that wrote them, and record stamps a
 * moment after it at most; only a service answering from hosts whose clocks differ, or one whose
 * clock was set back, puts them later. Five minutes is the customary bound for clocks that are
 * kept in step (Kerberos refuses tickets beyond it): far above the second or so such hosts
 * differ by, and little next to the years a forged position skips. A stored time later than this
 * is refused rather than followed; within it the records of that gap are read again or left.
 */
export const FUTURE_SKEW_MS = 5 * 60_000;

/** The most levels of `then` a stored backfill may have: the trigger writes one (deletions after the records). */
const MAX_BACKFILL_CHAIN = 4;

const BACKFILL_FIELDS: ReadonlyArray<Backfill['field']> = ['updated_at', 'created_at', 'deleted_at'];

type Problem = string | undefined;
type Rule = (value: unknown, path: string, depth: number) => Problem;

const shown = (value: unknown) => {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * Whether `key` is a field of `object` itself. `key in object` is true as well of the names every
 * object has from its prototype (`constructor`, `toString`, `__proto__`…), which a stored position
 * may hold as fields like any other.
 */
const owns = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const isMap = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A time exactly as storePosition writes it (`Date.toISOString`), so no parser reads it otherwise;
 * of a year the service's clock can show (four digits).
 */
export function isStoredTime(value: unknown): value is string {
	if (typeof value !== 'string' || !/^\d{4}-/.test(value)) return false;
	const at = Date.parse(value);
	return Number.isFinite(at) && new Date(at).toISOString() === value;
}

const time: Rule = (value, path) =>
	isStoredTime(value) ? undefined : `"${path}" is ${shown(value)}, not a time such as 2026-01-15T09:00:00.000Z`;
const text: Rule = (value, path) =>
	typeof value === 'string' ? undefined : `"${path}" is ${shown(value)}, not a text`;
const orNull =
	(rule: Rule): Rule =>
	(value, path, depth) =>
		value === null ? undefined : rule(value, path, depth);
const mapOf =
	(rule: Rule): Rule =>
	(value, path, depth) => {
		if (!isMap(value)) return `"${path}" is ${shown(value)}, not a map of record IDs`;
		for (const [key, entry] of Object.entries(value)) {
			const problem = rule(entry, `${path}.${key}`, depth);
			if (problem) return problem;
		}
		return undefined;
	};
const listOfTexts: Rule = (value, path) => {
	if (!Array.isArray(value)) return `"${path}" is ${shown(value)}, not a list of record IDs`;
	const index = value.findIndex((entry) => typeof entry !== 'string');
	return index < 0 ? undefined : `"${path}[${index}]" is ${shown(value[index])}, not a record ID`;
};
/** A calendar day as the trigger writes it (YYYY-MM-DD), one that exists. */
export function isStoredDay(value: unknown): value is string {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
	const at = Date.parse(`${value}T00:00:00Z`);
	return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
}
const day: Rule = (value, path) =>
	isStoredDay(value) ? undefined : `"${path}" is ${shown(value)}, not a day such as 2026-01-15`;
const page: Rule = (value, path) =>
	Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : `"${path}" is ${shown(value)}, not a page number`;

/** Every field of a record: the required ones present, the optional ones as written, no other. */
function record(required: Record<string, Rule>, optional: Record<string, Rule>): Rule {
	return (value, path, depth) => {
		if (!isMap(value)) return `"${path}" is ${shown(value)}, not the trigger's record`;
		for (const [key, rule] of Object.entries(required)) {
			if (!owns(value, key)) return `"${path}.${key}" is missing`;
			const problem = rule(value[key], `${path}.${key}`, depth);
			if (problem) return problem;
		}
		for (const [key, entry] of Object.entries(value)) {
			if (owns(required, key)) continue;
			const rule = owns(optional, key) ? optional[key] : undefined;
			if (!rule) return `"${path}" has a field the trigger never writes: "${key}"`;
			const problem = rule(entry, `${path}.${key}`, depth);
			if (problem) return problem;
		}
		return undefined;
	};
}

const backfill: Rule = (value, path, depth) => {
	if (depth >= MAX_BACKFILL_CHAIN) return `"${path}" follows more backfills than the trigger writes`;
	return record(
		{
			field: (field, at) =>
				BACKFILL_FIELDS.includes(field as Backfill['field'])
					? undefined
					: `"${at}" is ${shown(field)}, not a time field`,
			from: orNull(time),
			before: time,
			page,
			anchors: listOfTexts,
		},
		{ reached: time, handed: listOfTexts, then: backfill },
	)(value, path, depth + 1);
};

const position = record(
	{
		version: (version, path) => (version === 2 ? undefined : `"${path}" is ${shown(version)}, not 2`),
		watching: text,
		business: orNull(text),
		since: time,
		seen: mapOf(time),
	},
	{
		versions: mapOf(text),
		backfill,
		paid: record({ at: time, owing: listOfTexts }, {}),
		overdue: record({ day, at: time, owing: mapOf(day) }, {}),
	},
);

/** What makes a stored position of these settings one the trigger does not write, if anything. */
export function shapeProblem(stored: IDataObject): string | undefined {
	return position(stored, 'position', 0) ?? foreignMemory(stored);
}

/** Each invoice event's memory is written by that event only (its name is in `watching`: watchingKey). */
const MEMORY_OF: Record<string, string> = { paid: 'paid', overdue: 'becameOverdue' };

function foreignMemory(stored: IDataObject): string | undefined {
	const event = String(stored.watching).split('|')[1];
	const foreign = Object.keys(MEMORY_OF).find((field) => owns(stored, field) && MEMORY_OF[field] !== event);
	return foreign && `"position" has a field the trigger never writes for this event: "${foreign}"`;
}

/**
 * A position the shape check let through, against the service's clock and the settings: where
 * it stands (`since`) and where its backfills hand over to the feed (`before`) are times of the
 * service's clock, never after its "now" (beyond the skew) but for the user's own Start Date; a
 * backfill starts from that Start Date (from every record without one); the Paid memory is no
 * older than the position it was stored with. The times of records
 * (`seen`, a backfill's `reached`) are the records' stamps, which a service may write ahead of
 * its `Date` (position.ts, startAt): a forged one holds back only that record.
 */
export function refuseUnfollowable(
	node: INode,
	loaded: { position: Position; backfill: Backfill | null; invoices: InvoiceMemory },
	serviceNow: number,
	startDate: number | undefined,
): void {
	const latest = Math.max(serviceNow + FUTURE_SKEW_MS, startDate ?? -Infinity);
	const times: Array<[string, number]> = [['since', loaded.position.since]];
	const paid = loaded.invoices.paid;
	if (paid) {
		times.push(['paid.at', paid.at]);
		// Stamped with the clock of the poll that wrote it, never before the position it was stored with:
		// one earlier counts every invoice changed since as created since, and a Paid comes again.
		if (paid.at < loaded.position.since) {
			const [at, since] = [paid.at, loaded.position.since].map((moment) => new Date(moment).toISOString());
			throw refusedPosition(node, `"position.paid.at" (${at}) is before "position.since" (${since})`);
		}
	}
	// The business's day is at most a day ahead of UTC's (14 hours); two allow for a time zone changed since.
	const latestDay = addDays(new Date(serviceNow + FUTURE_SKEW_MS).toISOString().slice(0, 10), 2);
	const notReached = (field: string, day: string) =>
		refusedPosition(
			node,
			`"position.${field}" (${day}) is a day the service's clock (${new Date(serviceNow).toISOString()}) has not reached`,
		);
	const overdue = loaded.invoices.overdue;
	if (overdue) {
		times.push(['overdue.at', overdue.at]);
		if (overdue.day > latestDay) throw notReached('overdue.day', overdue.day);
	}
	let path = 'backfill';
	for (let step = loaded.backfill; step; step = step.then ?? null, path += '.then') {
		times.push([`${path}.before`, step.before]);
		if (step.from !== (startDate ?? null)) {
			const from = step.from === null ? 'every existing record' : new Date(step.from).toISOString();
			const start = startDate === undefined ? 'every existing record' : new Date(startDate).toISOString();
			throw refusedPosition(node, `"position.${path}.from" is ${from}, but Start From says ${start}`);
		}
	}
	const ahead = times.find(([, at]) => at > latest);
	if (ahead) {
		const [field, at] = ahead;
		const minutes = FUTURE_SKEW_MS / 60_000;
		throw refusedPosition(
			node,
			`"position.${field}" (${new Date(at).toISOString()}) is more than ${minutes} minutes after the service's clock (${new Date(serviceNow).toISOString()})`,
		);
	}
}

/** The refusal: what is wrong, and how to start over (a new position is kept per setting: watchingKey). */
export function refusedPosition(node: INode, problem: string): NodeOperationError {
	return new NodeOperationError(node, `The trigger's stored position cannot be followed: ${problem}`, {
		description:
			'The trigger keeps its position in the workflow’s static data, and this one is not what the trigger ' +
			'writes: it was edited or imported, or the service’s clock was set back. Followed, it would skip ' +
			'records or output nothing without a word. Deactivating and activating the workflow keeps it. To ' +
			'start over, change Start From and save: A Date (set to the last change this workflow handled) ' +
			'outputs everything changed since then, Now starts from now. Changing Resource, Event or Business ' +
			'starts over as well.',
	});
}
