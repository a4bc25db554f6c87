import type { IDataObject } from 'n8n-workflow';

import type { AgedReport } from '../../reports/aging';
import { fromCents } from '../../reports/money';
import { overCreditLimit, type ContactDetails } from './agedContacts';
import { documentEntry, openDocuments, type OpenDocument } from './agedDocuments';

/**
 * Report → Overdue Invoices: one item per contact with something overdue on the day (an invoice,
 * quick entry, opening balance or refund on account past its due date and still owed), the most
 * overdue first; each with its overdue documents, oldest first, what it owes in all and the
 * credits it has (credit notes, payments on account) that a reminder should count.
 */

export interface OverdueContact {
	contactId: string;
	documents: OpenDocument[];
	overdue: number;
	/** The contact's total on the day: all it owes, not yet due included, less its credits. */
	balance: number;
	credits: number;
}

const isOverdue = (document: OpenDocument) => document.item.amount > 0 && (document.daysOverdue ?? 0) > 0;

export function overdueContacts(report: AgedReport, asAt: string): OverdueContact[] {
	const byContact = new Map<string, OverdueContact>();
	for (const document of openDocuments(report, asAt)) {
		if (document.contactId === null || document.bucket === null) continue;
		const contact = byContact.get(document.contactId) ?? {
			contactId: document.contactId,
			documents: [],
			overdue: 0,
			balance: 0,
			credits: 0,
		};
		byContact.set(document.contactId, contact);
		contact.balance += document.item.amount;
		if (document.item.amount < 0) contact.credits += document.item.amount;
		if (!isOverdue(document)) continue;
		contact.documents.push(document);
		contact.overdue += document.item.amount;
	}
	return [...byContact.values()]
		.filter((contact) => contact.documents.length > 0)
		.map((contact) => ({
			...contact,
			documents: [...contact.documents].sort((a, b) => (b.daysOverdue ?? 0) - (a.daysOverdue ?? 0)),
		}))
		.sort((a, b) => b.overdue - a.overdue || a.contactId.localeCompare(b.contactId));
}

export interface OverdueItemShape {
	/** Columns after current: what is overdue in each (current itself holds nothing overdue). */
	columns: readonly string[];
	/** The business's currency: an AI tool is not told a document's amount in it twice. */
	currency: string | null;
	/**
	 * An AI tool's answer: each contact's documents cut to fit in this many characters, and what
	 * tells a model nothing left out (empty values and columns, the day the summary gives).
	 */
	documentCharacters?: number;
}

const without = (entry: IDataObject, left: (key: string, value: unknown) => boolean) =>
	Object.fromEntries(Object.entries(entry).filter(([key, value]) => !left(key, value)));
const isEmpty = (_: string, value: unknown) => value === null || value === '';

/** The documents that fit in `characters` of JSON, oldest first; at least one. */
function fitting(entries: IDataObject[], characters: number) {
	let used = 0;
	let count = 0;
	while (count < entries.length) {
		used += JSON.stringify(entries[count]).length + 1;
		if (count > 0 && used > characters) break;
		count++;
	}
	return entries.slice(0, count);
}

/** One contact's item: who, how to reach it, how much is overdue in each column, and its overdue documents. */
export function overdueItem(
	contact: OverdueContact,
	contacts: ReadonlyMap<string, ContactDetails>,
	asAt: string,
	shape: OverdueItemShape,
): IDataObject {
	const details = contacts.get(contact.contactId);
	const byColumn = Object.fromEntries(shape.columns.slice(1).map((column) => [column, 0]));
	for (const document of contact.documents)
		byColumn[document.bucket!] = (byColumn[document.bucket!] ?? 0) + document.item.amount;
	let entries = contact.documents.map(documentEntry);
	const compact = shape.documentCharacters !== undefined;
	if (compact) {
		const inBase = (entry: IDataObject) => (key: string, value: unknown) =>
			isEmpty(key, value) ||
			(entry.currency === shape.currency && (key === 'currency' || key === 'base_currency_outstanding_amount'));
		entries = fitting(
			entries.map((entry) => without(entry, inBase(entry))),
			shape.documentCharacters!,
		);
	}
	const left = contact.documents.length - entries.length;
	const item: IDataObject = {
		row_type: 'contact',
		contact_id: contact.contactId,
		contact_name: details?.name ?? contact.documents[0].contactName,
		contact_reference: details?.reference ?? null,
		contact_email: details?.email ?? null,
		credit_limit: details?.creditLimit == null ? null : fromCents(details.creditLimit),
		over_credit_limit: overCreditLimit(contact.balance, details),
		credit_days: details?.creditDays ?? null,
		total_overdue: fromCents(contact.overdue),
		oldest_days_overdue: contact.documents[0].daysOverdue,
		overdue_documents: contact.documents.length,
		...Object.fromEntries(Object.entries(byColumn).map(([column, cents]) => [column, fromCents(cents)])),
		credits: fromCents(contact.credits),
		balance: fromCents(contact.balance),
		as_at: asAt,
		documents: entries,
		...(left > 0 ? { documents_left_out: left } : {}),
	};
	return compact
		? without(item, (key, value) => key === 'as_at' || (value === 0 && (key === 'credits' || byColumn[key] === 0)))
		: item;
}
