import type { IDataObject } from 'n8n-workflow';

import type { OpenItem } from '../../reports/aging';
import { leadingDay } from '../../reports/calendar';
import { toCents } from '../../reports/money';
import { paidAhead, type SettlingRecord, type TheDay } from '../../reports/onTheDay';
import { inBase, openOn, owedOn, type Settlement } from '../../reports/owed';
import { detailOf, documentType, numberOf } from './agedDetails';
import type { AgeBy, AgedQuery, DocumentKind } from './agedReads';

/**
 * What each record an aged report reads is on the day, as an open item of a contact: a document, a
 * payment's money on account, what a payment paid against documents dated after the day, an
 * opening balance. Amounts in the business's currency, positive when owed.
 */

/** Void and draft documents owe nothing. */
const NEVER_OWED = ['DRAFT', 'VOID'];

const idOf = (reference: unknown) => {
	const id = (reference as IDataObject | null | undefined)?.id;
	return typeof id === 'string' ? id : null;
};
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
export const centsOf = (value: unknown) => toCents(value) ?? 0;

const isCredit = (kind: DocumentKind, document: IDataObject) =>
	kind.credit === 'byQuickEntryType' ? idOf(document.quick_entry_type) === 'CREDIT_NOTE' : kind.credit;

/**
 * A document's amount as an item, positive when owed; credits age from their own date. `open` is
 * what was open in the document's own currency (as at today, its outstanding amount as shown).
 */
export function documentItem(
	kind: DocumentKind,
	document: IDataObject,
	cents: number,
	ageBy: AgeBy,
	open = centsOf(document.outstanding_amount),
): OpenItem {
	const credit = isCredit(kind, document);
	const dated = leadingDay(document.date);
	const dueDate = leadingDay(document.due_date);
	return {
		contactId: idOf(document.contact),
		contactName: textOf(document.contact_name) ?? textOf((document.contact as IDataObject | undefined)?.displayed_as),
		agedFrom: credit || ageBy === 'documentDate' ? dated : (dueDate ?? dated),
		amount: credit ? -cents : cents,
		label: `${kind.label} ${textOf(document.displayed_as) ?? String(document.id)}`,
		detail: detailOf({
			record: document,
			type: documentType(kind, document),
			sign: credit ? -1 : 1,
			total: centsOf(document.total_amount),
			outstanding: open,
			number: numberOf(kind, document),
			dueDate,
		}),
	};
}

/**
 * A document's payments and allocations as its `payments_allocations` list them, dated; an
 * allocation that does not count on the day (it names an artefact dated after it) left out; a
 * payment less what it left unsettled of the document on the day (onTheDay.ts unsettledOnTheDay).
 */
const documentSettlements = (
	document: IDataObject,
	counts: ReadonlyMap<string, boolean>,
	unsettled: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Settlement[] => {
	const short = new Map<string, number>();
	for (const [payment, byArtefact] of unsettled) short.set(payment, byArtefact.get(String(document.id)) ?? 0);
	return ((document.payments_allocations as IDataObject[] | null | undefined) ?? [])
		.filter((entry) => counts.get(idOf(entry.contact_allocation) ?? idOf(entry) ?? '') !== false)
		.map((entry) => {
			const cents = Math.abs(centsOf(entry.amount)) + Math.abs(centsOf(entry.discount));
			const payment = idOf(entry.contact_allocation) ? '' : (idOf(entry.contact_payment) ?? idOf(entry) ?? '');
			const taken = Math.min(short.get(payment) ?? 0, cents);
			short.set(payment, (short.get(payment) ?? 0) - taken);
			return { date: leadingDay(entry.date), cents: cents - taken };
		});
};

/** What a document read with its payments and allocations still owed at the end of the day. */
export function owedDocumentItem(
	kind: DocumentKind,
	document: IDataObject,
	query: AgedQuery,
	counts: ReadonlyMap<string, boolean>,
	unsettled: ReadonlyMap<string, ReadonlyMap<string, number>>,
): OpenItem | undefined {
	if (NEVER_OWED.includes(idOf(document.status) ?? '')) return undefined;
	const total = centsOf(document.total_amount);
	const owed = {
		total,
		baseTotal: toCents(document.base_currency_total_amount) ?? total,
		settlements: documentSettlements(document, counts, unsettled),
	};
	return documentItem(kind, document, owedOn(owed, query.asAt), query.ageBy, openOn(owed, query.asAt));
}

/** A payment's or allocation's `allocated_artefacts` as lines in cents, signed as the service signs them. */
export const settlingRecord = (record: IDataObject): SettlingRecord => ({
	id: String(record.id),
	date: leadingDay(record.date),
	lines: ((record.allocated_artefacts as IDataObject[] | null | undefined) ?? []).flatMap((line) => {
		const artefact = idOf(line.artefact);
		return artefact === null
			? []
			: [{ artefact, signed: centsOf(line.amount), discount: Math.abs(centsOf(line.discount)) }];
	}),
});

export interface Payment {
	/** A refund: what it leaves on account is owed, not a credit. */
	refund: boolean;
	record: IDataObject;
	settling: SettlingRecord;
}

/** What a payment's part on account is in the Documents output: a receipt's (supplier payment's) or a refund's. */
const onAccountType = (payment: Payment) => (payment.refund ? 'refund_on_account' : 'payment_on_account');

const contactItem = (payment: IDataObject, onAccount?: IDataObject) => {
	const contact = (onAccount?.contact ?? payment.contact) as IDataObject | undefined;
	return {
		contactId: idOf(contact),
		contactName: textOf(onAccount?.contact_name) ?? textOf(contact?.displayed_as),
	};
};

/**
 * A payment's part on account still open at the end of the day counts from the payment's date,
 * against the contact (a refund's, towards it): its amount on account less what payments made by
 * the day and allocations counting on it used of it. What the service shows used of it that no
 * payment or allocation read names was used by a payment dated after the day (as at a past day the
 * payments are read up to it), or, as at today, is taken as the service shows it.
 */
export function paymentOnAccountItem(
	payment: Payment,
	settled: ReadonlyMap<string, Settlement[]>,
	ever: ReadonlyMap<string, number>,
	query: AgedQuery,
): OpenItem | undefined {
	const { record } = payment;
	const onAccount = record.payment_on_account as IDataObject | null | undefined;
	const paid = leadingDay(onAccount?.date) ?? leadingDay(record.date);
	if (!onAccount || (paid !== null && paid > query.asAt)) return undefined;
	const total = centsOf(onAccount.total_amount);
	const names = new Set([String(onAccount.id), String(record.id)]);
	const used = [...names].reduce(
		(sum, id) => sum + (settled.get(id) ?? []).reduce((cents, settlement) => cents + settlement.cents, 0),
		0,
	);
	const usedAsShown = total - centsOf(onAccount.outstanding_amount ?? onAccount.total_amount);
	const seen = [...names].reduce((sum, id) => sum + (ever.get(id) ?? 0), 0);
	const unseen = query.asAt >= query.today ? Math.max(0, usedAsShown - seen) : 0;
	const open = total - used - unseen;
	const cents = inBase(open, total, toCents(onAccount.base_currency_total_amount) ?? total);
	if (cents === 0) return undefined;
	return {
		...contactItem(record, onAccount),
		agedFrom: paid,
		amount: payment.refund ? cents : -cents,
		label: `Payment on account ${textOf(record.displayed_as) ?? String(record.id)}`,
		detail: detailOf({
			record: { ...onAccount, id: record.id, date: paid },
			type: onAccountType(payment),
			sign: payment.refund ? 1 : -1,
			total,
			outstanding: open,
			currencyFrom: record,
		}),
	};
}

/**
 * What a payment made by the day paid against documents dated after it: money on account on the
 * day, from the payment's date, against the contact (a refund's, towards it). What it set against
 * its documents of the day is not: they stay owed it (`unsettled`).
 */
export function paidAheadItem(
	payment: Payment,
	theDay: TheDay,
	unsettled: ReadonlyMap<string, ReadonlyMap<string, number>>,
): OpenItem | undefined {
	const left = [...(unsettled.get(payment.settling.id)?.values() ?? [])].reduce((sum, cents) => sum + cents, 0);
	const ahead = paidAhead(payment.settling, theDay) + left;
	if (ahead === 0) return undefined;
	const { record } = payment;
	const total = centsOf(record.total_amount);
	const cents = inBase(ahead, total, toCents(record.base_currency_total_amount) ?? total);
	return {
		...contactItem(record),
		agedFrom: leadingDay(record.date),
		amount: payment.refund ? cents : -cents,
		label: `Payment on account ${textOf(record.displayed_as) ?? String(record.id)} (paid against documents dated later)`,
		detail: detailOf({
			record,
			type: onAccountType(payment),
			sign: payment.refund ? 1 : -1,
			total,
			outstanding: ahead,
		}),
	};
}

/**
 * A contact's opening balance still owed on the day: brought forward before the books start, it
 * has no due date and ages from its own date; a credit note's subtracts.
 */
export function openingBalanceItem(
	balance: IDataObject,
	settled: ReadonlyMap<string, Settlement[]>,
	asAt: string,
): OpenItem {
	const credit = idOf(balance.contact_opening_balance_type) === 'CREDIT_NOTE';
	const total = centsOf(balance.total_amount);
	const settlements = {
		total,
		baseTotal: toCents(balance.base_currency_total_amount) ?? total,
		settlements: settled.get(String(balance.id)) ?? [],
	};
	const owed = owedOn(settlements, asAt);
	const contact = balance.contact as IDataObject | undefined;
	return {
		contactId: idOf(contact),
		contactName: textOf(contact?.displayed_as),
		agedFrom: leadingDay(balance.date),
		amount: credit ? -owed : owed,
		label: `Opening Balance ${textOf(balance.reference) ?? textOf(balance.displayed_as) ?? String(balance.id)}`,
		detail: detailOf({
			record: balance,
			type: credit ? 'opening_balance_credit_note' : 'opening_balance_invoice',
			sign: credit ? -1 : 1,
			total,
			outstanding: openOn(settlements, asAt),
			number: balance.reference,
		}),
	};
}
