import type { Settlement } from './owed';

/**
 * What of a ledger's payments and allocations counts at the end of a day. A settlement counts only
 * when both sides existed on the day: its own date and the date of every artefact it names on or
 * before the day.
 *
 * - An allocation (credit notes, or money on account, set against invoices) moves no money: it
 *   counts whole or not at all, so that what each contact owes keeps to the ledger.
 * - A payment dated on or before the day settles what it names that existed then; what it paid
 *   against an artefact dated after the day (an invoice raised later) is money on account until
 *   that artefact's date, from the payment's date.
 */

/** One line of a payment's or allocation's `allocated_artefacts`, in cents of the artefact's currency. */
export interface SettlingLine {
	artefact: string;
	/** As the service signs it: for a receipt an invoice positive and a credit note negative. */
	signed: number;
	/** Never negative. */
	discount: number;
}

export interface SettlingRecord {
	id: string;
	/** Null when the service did not say: counted as made (it cannot be placed after the day). */
	date: string | null;
	lines: readonly SettlingLine[];
}

/** The day and whether an artefact the payments and allocations name was dated after it. */
export interface TheDay {
	day: string;
	isLater(artefact: string): boolean;
}

const madeBy = (record: SettlingRecord, day: string) => record.date === null || record.date <= day;

/** Whether an allocation counts on the day: made by then, and every artefact it names existed. */
export const allocationCounts = (allocation: SettlingRecord, theDay: TheDay) =>
	madeBy(allocation, theDay.day) && allocation.lines.every((line) => !theDay.isLater(line.artefact));

const settledBy = (line: SettlingLine) => Math.abs(line.signed) + line.discount;

/**
 * What each artefact had been settled by at the end of the day, by artefact id: the lines of the
 * payments made by then that name an artefact existing then, and of the allocations that count,
 * each dated with its record's date (positive cents).
 */
export function settledOnTheDay(
	payments: readonly SettlingRecord[],
	allocations: readonly SettlingRecord[],
	theDay: TheDay,
): Map<string, Settlement[]> {
	const byArtefact = new Map<string, Settlement[]>();
	const add = (record: SettlingRecord, line: SettlingLine, short = 0) => {
		const list = byArtefact.get(line.artefact) ?? [];
		list.push({ date: record.date, cents: settledBy(line) - short });
		byArtefact.set(line.artefact, list);
	};
	const unsettled = unsettledOnTheDay(payments, theDay);
	for (const payment of payments) {
		if (!madeBy(payment, theDay.day)) continue;
		const short = new Map(unsettled.get(payment.id));
		for (const line of payment.lines) {
			if (theDay.isLater(line.artefact)) continue;
			const taken = Math.min(short.get(line.artefact) ?? 0, settledBy(line));
			short.set(line.artefact, (short.get(line.artefact) ?? 0) - taken);
			add(payment, line, taken);
		}
	}
	for (const allocation of allocations) {
		if (allocationCounts(allocation, theDay)) for (const line of allocation.lines) add(allocation, line);
	}
	return byArtefact;
}

/**
 * What a payment made by the day paid against artefacts dated after it, in cents of the payment's
 * currency, as the service signs its lines (a receipt paying a later invoice: positive): money on
 * account on the day. 0 for a payment made after the day.
 */
export function paidAhead(payment: SettlingRecord, theDay: TheDay): number {
	if (!madeBy(payment, theDay.day)) return 0;
	let cents = 0;
	for (const line of payment.lines) if (theDay.isLater(line.artefact)) cents += line.signed + line.discount;
	return cents;
}

/**
 * What payments made by the day left unsettled of the artefacts existing then, because they set
 * artefacts dated after the day against them (a receipt netting a credit note raised later): on the
 * day the payment's money was that much less, so its documents of the day were still owed it, from
 * their own dates. By payment id, then artefact id, positive cents, taken from the payment's lines in
 * its own direction (a receipt's invoices) in their order; paidAhead less these is what stays ahead.
 */
export function unsettledOnTheDay(
	payments: readonly SettlingRecord[],
	theDay: TheDay,
): Map<string, Map<string, number>> {
	const byPayment = new Map<string, Map<string, number>>();
	for (const payment of payments) {
		let short = -paidAhead(payment, theDay);
		if (short <= 0) continue;
		const byArtefact = new Map<string, number>();
		for (const line of payment.lines) {
			if (short === 0) break;
			if (line.signed <= 0 || theDay.isLater(line.artefact)) continue;
			const cents = Math.min(short, settledBy(line) - (byArtefact.get(line.artefact) ?? 0));
			byArtefact.set(line.artefact, (byArtefact.get(line.artefact) ?? 0) + cents);
			short -= cents;
		}
		byPayment.set(payment.id, byArtefact);
	}
	return byPayment;
}

/** Everything the payments and allocations settled of each artefact, whatever their date (positive cents), by id. */
export function everSettled(records: readonly SettlingRecord[]): Map<string, number> {
	const byArtefact = new Map<string, number>();
	for (const record of records)
		for (const line of record.lines)
			byArtefact.set(line.artefact, (byArtefact.get(line.artefact) ?? 0) + settledBy(line));
	return byArtefact;
}
