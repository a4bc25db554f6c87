import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { dayIn } from '../../AccountingService/reports/calendar';
import { apiRequestListPage } from '../../AccountingService/transport';
import {
	isOwing,
	isPastDueOn,
	judgeDay,
	overdueFromFeed,
	overdueRow,
	paidEvents,
	type InvoiceEvent,
	type InvoiceEventRow,
	type InvoiceMemory,
} from './invoiceEvents';
import { readOwingInvoices } from './owingInvoices';
import { serviceTime, type Watch } from './readChanges';

/**
 * The invoice events of one poll of one business: the feed's new versions (`versions`, oldest
 * first) judged by the rules of invoiceEvents.ts, and for Became Overdue, on the first poll of a
 * business day (on the service's clock, in the workflow's time zone), the judgement of every
 * owing invoice. The first poll (no memory yet) reads the owing invoices (Paid: those that can
 * become paid; Became Overdue: its day's judgement) and outputs nothing: what is paid or overdue
 * at the start is not an event.
 */
export async function invoiceEventsOfPoll(
	context: IPollFunctions,
	event: InvoiceEvent,
	watch: Watch,
	memory: InvoiceMemory,
	versions: readonly IDataObject[],
	serverTime: number,
): Promise<{ events: InvoiceEventRow[]; memory: InvoiceMemory }> {
	const today = businessDay(context, serverTime);
	if (event === 'paid') {
		if (!memory.paid) {
			// The first poll: which invoices owe something now, the ones that can become Paid; one
			// created since the poll's start is new at the next poll whatever it is then.
			const owing = await readOwingInvoices(context, watch);
			const ids = owing.records.filter(isOwing).map((record) => String(record.id));
			const paid = { at: Math.min(serverTime, owing.at), owing: new Set(ids) };
			return { events: [], memory: { ...memory, paid } };
		}
		const { events, paid } = paidEvents(memory.paid, versions, serverTime);
		return { events, memory: { ...memory, paid } };
	}
	const events: InvoiceEventRow[] = [];
	let overdue = memory.overdue;
	if (overdue) {
		const fromFeed = overdueFromFeed(overdue, versions, today);
		events.push(...fromFeed.events);
		overdue = fromFeed.memory;
	}
	if (!overdue || today > overdue.day) {
		const owing = await readOwingInvoices(context, watch);
		const judged = judgeDay(overdue, owing.records, today, owing.at);
		events.push(...judged.events);
		overdue = judged.memory;
	}
	return { events, memory: { ...memory, overdue } };
}

/** The business's calendar day at a moment of the service's clock: the workflow's time zone, as the reports' "today". */
export const businessDay = (context: IPollFunctions, moment: number) => dayIn(context.getTimezone(), moment);

/**
 * "Fetch Test Event": the invoice most recently paid in full (Paid), or the owing invoice due
 * longest ago, if it is past due (Became Overdue); one request.
 */
export async function invoiceTestEvent(
	context: IPollFunctions,
	event: InvoiceEvent,
	watch: Watch,
): Promise<{ event?: InvoiceEventRow; business: string | null }> {
	const qs: IDataObject =
		event === 'paid' ? { status_id: 'PAID', sort: 'updated_at:desc' } : { status_id: 'UNPAID', sort: 'due_date:asc' };
	const { page, envelope } = await apiRequestListPage.call(context, {
		path: watch.path,
		qs: { ...qs, items_per_page: 1, attributes: watch.attributes },
		business: watch.business,
		retry: watch.retry,
		pace: watch.pace,
	});
	const business = page.business ?? null;
	const [record] = envelope.$items;
	if (!record) return { business };
	if (event === 'paid') return { event: { record, added: {} }, business };
	const today = businessDay(context, serviceTime(context, page));
	return isPastDueOn(record, today) ? { event: overdueRow(record, today), business } : { business };
}
