import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Backfill } from './backfill';
import type { InvoiceMemory } from './invoiceEvents';
import type { Position } from './position';
import { refusedPosition, shapeProblem } from './storedPositionCheck';

/**
 * The position as kept in the workflow's static data (`getWorkflowStaticData('node')`), the only
 * state the trigger has: n8n saves it with the workflow, so it survives restarts and moves with
 * the workflow between instances in queue mode. Plain JSON: times as ISO strings.
 */
interface StoredPosition {
	version: 2;
	/** Resource, event, start and business parameter the position belongs to; another value starts over. */
	watching: string;
	/** The business the service said it answered for (`X-Business`); a change starts over. */
	business: string | null;
	since: string;
	seen: Record<string, string>;
	/** The version of each record in `seen` as emitted (position.ts, versionOf). */
	versions?: Record<string, string>;
	/** The existing records still to output (Start From: All Existing Records or A Date). */
	backfill?: StoredBackfill;
	/** Invoice Paid: the invoices owing as last seen, and the service's clock then (invoiceEvents.ts, PaidMemory). */
	paid?: { at: string; owing: string[] };
	/** Invoice Became Overdue: the last judgement (invoiceEvents.ts, OverdueMemory). */
	overdue?: { day: string; at: string; owing: Record<string, string> };
}

interface StoredBackfill {
	field: Backfill['field'];
	from: string | null;
	before: string;
	page: number;
	anchors: string[];
	reached?: string;
	handed?: string[];
	then?: StoredBackfill;
}

const KEY = 'position';

export interface Loaded {
	position: Position;
	business: string | null;
	backfill: Backfill | null;
	/** What the invoice events remember (Invoice Paid, Invoice Became Overdue). */
	invoices: InvoiceMemory;
}

const time = (value: string) => Date.parse(value);

/** A backfill the shape check let through (storedPositionCheck.ts), with its times as numbers. */
function loadBackfill(stored: StoredBackfill): Backfill {
	return {
		field: stored.field,
		from: stored.from === null ? null : time(stored.from),
		before: time(stored.before),
		page: stored.page,
		anchors: stored.anchors,
		...(stored.reached === undefined ? {} : { reached: time(stored.reached) }),
		...(stored.handed ? { handed: stored.handed } : {}),
		...(stored.then ? { then: loadBackfill(stored.then) } : {}),
	};
}

function storedBackfill(backfill: Backfill): StoredBackfill {
	const iso = (at: number) => new Date(at).toISOString();
	return {
		field: backfill.field,
		from: backfill.from === null ? null : iso(backfill.from),
		before: iso(backfill.before),
		page: backfill.page,
		anchors: backfill.anchors,
		...(backfill.reached === undefined ? {} : { reached: iso(backfill.reached) }),
		...(backfill.handed?.length ? { handed: backfill.handed } : {}),
		...(backfill.then ? { then: storedBackfill(backfill.then) } : {}),
	};
}

/**
 * The stored position for what the node watches now, or undefined when it must start over: there
 * is none, or it belongs to other settings (`watching`). One of these settings that is not exactly
 * what storePosition writes is refused (storedPositionCheck.ts), never followed nor replaced.
 * Something in its place that names no settings at all is replaced, with a warning in n8n's log.
 */
export function loadPosition(
	staticData: IDataObject,
	watching: string,
	context: Pick<IPollFunctions, 'getNode' | 'logger'>,
): Loaded | undefined {
	const stored = staticData[KEY];
	if (stored === undefined) return undefined;
	const named = typeof stored === 'object' && stored !== null && typeof (stored as IDataObject).watching === 'string';
	if (!named) {
		context.logger.warn(
			'Sage Accounting Trigger: the stored position names no settings of this trigger (edited or imported); starting over',
		);
		return undefined;
	}
	if ((stored as IDataObject).watching !== watching) return undefined;
	const problem = shapeProblem(stored as IDataObject);
	if (problem) throw refusedPosition(context.getNode(), problem);
	const valid = stored as unknown as StoredPosition;
	const seen = new Map(Object.entries(valid.seen).map(([id, at]) => [id, time(at)]));
	const versions = new Map(Object.entries(valid.versions ?? {}).filter(([id]) => seen.has(id)));
	const backfill = valid.backfill ? loadBackfill(valid.backfill) : null;
	return {
		position: { since: time(valid.since), seen, versions },
		business: valid.business,
		backfill,
		invoices: loadInvoiceMemory(valid),
	};
}

function loadInvoiceMemory(valid: StoredPosition): InvoiceMemory {
	const { paid, overdue } = valid;
	return {
		...(paid ? { paid: { at: time(paid.at), owing: new Set(paid.owing) } } : {}),
		...(overdue
			? { overdue: { day: overdue.day, at: time(overdue.at), owing: new Map(Object.entries(overdue.owing)) } }
			: {}),
	};
}

function storedInvoiceMemory(invoices: InvoiceMemory | undefined): Pick<StoredPosition, 'paid' | 'overdue'> {
	const overdue = invoices?.overdue;
	return {
		...(invoices?.paid
			? { paid: { at: new Date(invoices.paid.at).toISOString(), owing: [...invoices.paid.owing] } }
			: {}),
		...(overdue
			? {
					overdue: {
						day: overdue.day,
						at: new Date(overdue.at).toISOString(),
						owing: Object.fromEntries(overdue.owing),
					},
				}
			: {}),
	};
}

/** Whether a position of these settings is stored, whether or not it can be followed. */
export function hasPosition(staticData: IDataObject, watching: string): boolean {
	return (staticData[KEY] as IDataObject | undefined)?.watching === watching;
}

/**
 * Replaces the stored position in one assignment. n8n notices the change (static data is an
 * observed object) and saves it after the poll; a poll that throws before this line leaves the
 * previous position in place.
 */
export function storePosition(
	staticData: IDataObject,
	watching: string,
	business: string | null,
	position: Position,
	backfill: Backfill | null = null,
	invoices?: InvoiceMemory,
): void {
	const iso = (at: number) => new Date(at).toISOString();
	const stored: StoredPosition = {
		version: 2,
		watching,
		business,
		since: iso(position.since),
		seen: Object.fromEntries([...position.seen].map(([id, at]) => [id, iso(at)])),
		...(position.versions?.size ? { versions: Object.fromEntries(position.versions) } : {}),
		...(backfill ? { backfill: storedBackfill(backfill) } : {}),
		...storedInvoiceMemory(invoices),
	};
	staticData[KEY] = stored as unknown as IDataObject;
}
