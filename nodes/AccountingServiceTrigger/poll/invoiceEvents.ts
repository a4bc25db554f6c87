import type { IDataObject } from 'n8n-workflow';

import { addDays, daysBetween, leadingDay } from '../../AccountingService/reports/calendar';
import { toCents } from '../../AccountingService/reports/money';

/**
 * The invoice events, Invoice Paid and Invoice Became Overdue: pure rules over records as read.
 * The poll reads (the change feed every poll, the open invoices once a business day:
 * overdueScan.ts), these decide what is an event, and the poll stores the memory with the
 * position, in one write at its end.
 *
 * - **Paid**: a version of the invoice from the change feed that is PAID with nothing
 *   outstanding, when the trigger last saw the invoice owing (the owing invoices read at
 *   activation, then every version of the feed) or it was created since the last poll. A part
 *   payment is no Paid; a voided invoice is none; a paid invoice written again (its payment's
 *   reference corrected, months later or paid before activation) is none: it did not reach 0
 *   again. Paid, then owing again (a payment deleted), then paid again is Paid again: each time
 *   the invoice becomes settled, as a thank-you mail would be sent each time. The memory
 *   (`paid.owing`) holds the invoices owing as last seen.
 * - **Became Overdue**: the invoice is owing (UNPAID, PART_PAID or DISPUTED, something
 *   outstanding) and its due date is before the business's day (n8n's workflow time zone, on the
 *   service's clock), when it was not so as the trigger last saw it: at the judgement of the
 *   business's previous day, or in the change feed since. Judged once a business day over every
 *   owing invoice (the time passing), and every poll over the feed (an invoice created already
 *   past due, a due date moved back, a payment reversed). The memory (`overdue.owing`) holds the
 *   invoices past due and owing as last seen, with their due dates, for due dates up to
 *   MEMORY_DAYS back; an invoice due before that horizon counts as new only if it was created
 *   since the last judgement.
 */

export type InvoiceEvent = 'paid' | 'becameOverdue';

export const INVOICE_EVENTS: readonly InvoiceEvent[] = ['paid', 'becameOverdue'];

export const isInvoiceEvent = (event: string): event is InvoiceEvent =>
	(INVOICE_EVENTS as readonly string[]).includes(event);

/** The collections the invoice events are offered for. */
export const INVOICE_EVENT_RESOURCES: readonly string[] = ['salesInvoice', 'purchaseInvoice'];

/** The statuses of an invoice that still owes something: the judgement reads each. */
export const OWING_STATUSES = ['UNPAID', 'PART_PAID', 'DISPUTED'] as const;

/** The fields the rules read, whatever the output asks for. */
export const EVENT_FIELDS = ['status', 'outstanding_amount', 'due_date', 'created_at', 'updated_at'];

/**
 * How far back the overdue memory reaches by due date: a quarter covers the usual credit terms
 * and the chases that follow them, and keeps the static data small.
 */
export const MEMORY_DAYS = 90;

/** The service's stamps are whole seconds: a record created in the judgement's second may or may not be in it. */
const STAMP_MS = 1_000;

export interface OverdueMemory {
	/** The last business day judged (YYYY-MM-DD). */
	day: string;
	/** The service's clock when that judgement read (epoch ms). */
	at: number;
	/** Invoices past due and owing as last seen, output or there at the start: ID → due date. */
	owing: Map<string, string>;
}

export interface PaidMemory {
	/** The service's clock at the last poll (epoch ms): an invoice created since was not seen before. */
	at: number;
	/** Invoices owing as last seen: the ones that can become Paid. */
	owing: Set<string>;
}

export interface InvoiceMemory {
	/** Absent until the first poll has read the owing invoices. */
	paid?: PaidMemory;
	/** Absent until the first judgement. */
	overdue?: OverdueMemory;
}

/** Nothing remembered yet: a trigger starting, or one that starts over. */
export const freshMemory = (): InvoiceMemory => ({});

/** An event to output: the invoice as read, and what the row adds. */
export interface InvoiceEventRow {
	record: IDataObject;
	added: IDataObject;
}

const statusOf = (record: IDataObject) => {
	const status = record.status;
	return typeof status === 'object' && status !== null ? (status as IDataObject).id : status;
};

const outstandingCents = (record: IDataObject) => toCents(record.outstanding_amount);

export const isPaidInFull = (record: IDataObject) => statusOf(record) === 'PAID' && outstandingCents(record) === 0;

/** Owing, with a due date before `today`: the day's overdue invoices. */
export function isPastDueOn(record: IDataObject, today: string): boolean {
	const due = leadingDay(record.due_date);
	return isOwing(record) && due !== null && due < today;
}

/** Owing: an open status with something outstanding (what can become Paid, or be overdue). */
export const isOwing = (record: IDataObject) =>
	(OWING_STATUSES as readonly unknown[]).includes(statusOf(record)) && (outstandingCents(record) ?? 0) > 0;

/**
 * The Paid events among the feed's new versions (oldest first), and the memory after them: a
 * version paid in full is an event when its invoice was owing as last seen or was created since
 * the last poll; an owing version puts its invoice in the memory, any other takes it out. `at`:
 * the service's clock of this poll.
 */
export function paidEvents(
	memory: PaidMemory,
	versions: readonly IDataObject[],
	at: number,
): { events: InvoiceEventRow[]; paid: PaidMemory } {
	const owing = new Set(memory.owing);
	const events: InvoiceEventRow[] = [];
	for (const record of versions) {
		const id = String(record.id);
		const createdSince = Date.parse(String(record.created_at ?? '')) >= memory.at - STAMP_MS;
		if (isPaidInFull(record) && (owing.has(id) || createdSince)) events.push({ record, added: {} });
		if (isOwing(record)) owing.add(id);
		else owing.delete(id);
	}
	return { events, paid: { at: Math.max(at, memory.at), owing } };
}

/**
 * The earliest due date the memory of a judgement on `day` holds: what is due before it and was
 * there at that judgement counts as judged. A memory answers for its own day's horizon, however
 * many days ago that was (a trigger off for longer than MEMORY_DAYS).
 */
const horizonOf = (day: string) => addDays(day, -MEMORY_DAYS);

/** Whether the memory would forget this invoice past due: due before the horizon, and created before the judgement. */
function beyondMemory(record: IDataObject, horizon: string, judgedAt: number): boolean {
	const due = leadingDay(record.due_date) as string;
	const created = Date.parse(String(record.created_at ?? ''));
	return due < horizon && !(created >= judgedAt - STAMP_MS);
}

/** An overdue invoice's event: how many days past its due date it is on `today`. */
export const overdueRow = (record: IDataObject, today: string): InvoiceEventRow => ({
	record,
	added: { days_overdue: daysBetween(leadingDay(record.due_date) as string, today) },
});

/**
 * The feed's new versions judged on `today` against the overdue memory: one past due that the
 * memory does not hold (and is not beyond it) is an event and is remembered; one not past due
 * (paid, void, its due date moved on) is forgotten, so that it is an event again once past due.
 */
export function overdueFromFeed(
	memory: OverdueMemory,
	versions: readonly IDataObject[],
	today: string,
): { events: InvoiceEventRow[]; memory: OverdueMemory } {
	const owing = new Map(memory.owing);
	const horizon = horizonOf(memory.day);
	const events: InvoiceEventRow[] = [];
	for (const record of versions) {
		const id = String(record.id);
		if (!isPastDueOn(record, today)) owing.delete(id);
		else if (!owing.has(id) && !beyondMemory(record, horizon, memory.at)) {
			events.push(overdueRow(record, today));
			owing.set(id, leadingDay(record.due_date) as string);
		}
	}
	return { events, memory: { ...memory, owing } };
}

/**
 * The judgement of a new business day over every owing invoice (`open`, read at `at`): those
 * past due that the memory does not hold are events (none when `previous` is undefined: the
 * first judgement notes what is already overdue), and the memory becomes what is past due now,
 * down to the horizon.
 */
export function judgeDay(
	previous: OverdueMemory | undefined,
	open: readonly IDataObject[],
	today: string,
	at: number,
): { events: InvoiceEventRow[]; memory: OverdueMemory } {
	const events: InvoiceEventRow[] = [];
	const owing = new Map<string, string>();
	const judged = new Set<string>();
	for (const record of open) {
		const id = String(record.id);
		// An invoice whose status changed between two owing lists' reads is in both: judged once.
		if (judged.has(id) || !isPastDueOn(record, today)) continue;
		judged.add(id);
		const known = !previous || previous.owing.has(id) || beyondMemory(record, horizonOf(previous.day), previous.at);
		if (!known) events.push(overdueRow(record, today));
		if (!beyondMemory(record, horizonOf(today), at)) owing.set(id, leadingDay(record.due_date) as string);
	}
	return { events, memory: { day: today, at, owing } };
}
