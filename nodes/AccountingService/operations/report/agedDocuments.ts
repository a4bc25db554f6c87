import type { IDataObject } from 'n8n-workflow';

import type { AgedItem, AgedReport, OpenItem } from '../../reports/aging';
import { daysBetween } from '../../reports/calendar';
import { fromCents } from '../../reports/money';
import type { ContactDetails } from './agedContacts';

/**
 * Output Documents of the aged reports: one row per item open at the end of the day, each
 * contact's in the order of the report's rows (largest total first), its oldest first; a contact
 * whose items cancel out (an invoice and its credit note) after them; the items the report could
 * not place last. Each contact's `base_currency_outstanding_amount` sums to its row's total.
 */

/** One open item as the Documents output (and the Overdue Invoices operation) gives it. */
export interface OpenDocument {
	contactId: string | null;
	contactName: string | null;
	item: OpenItem;
	bucket: string | null;
	daysOverdue: number | null;
}

const oldestFirst = (a: AgedItem, b: AgedItem) =>
	b.daysPast - a.daysPast ||
	(a.item.detail?.date ?? '').localeCompare(b.item.detail?.date ?? '') ||
	(a.item.detail?.number ?? '').localeCompare(b.item.detail?.number ?? '');

const daysOverdueOf = (item: OpenItem, asAt: string) => {
	const from = item.detail?.overdueFrom ?? item.agedFrom;
	return from === null ? null : daysBetween(from, asAt);
};

/** Every item of the report, by contact in the report's order, each contact's oldest first. */
export function openDocuments(report: AgedReport, asAt: string): OpenDocument[] {
	const names = new Map(report.contacts.map((contact) => [contact.contactId, contact.contactName]));
	const cancelled = [...report.itemsOf.keys()].filter((id) => !names.has(id));
	const placed = [...names.keys(), ...cancelled].flatMap((id) => {
		const items = [...(report.itemsOf.get(id) ?? [])].sort(oldestFirst);
		const name = names.get(id) ?? items[0]?.item.contactName;
		return items.map((aged): OpenDocument => ({
			contactId: id,
			contactName: name ?? null,
			item: aged.item,
			bucket: aged.bucket,
			daysOverdue: daysOverdueOf(aged.item, asAt),
		}));
	});
	const unplaced = report.unplaced.map((item): OpenDocument => ({
		contactId: item.contactId,
		contactName: item.contactName,
		item,
		bucket: null,
		daysOverdue: daysOverdueOf(item, asAt),
	}));
	return [...placed, ...unplaced];
}

/** A document's row, with exactly the Documents output's columns. */
/** Which document it is: the columns a row starts with. */
const documentIdentity = ({ item }: OpenDocument): IDataObject => ({
	document_id: item.detail?.id ?? null,
	document_type: item.detail?.type ?? null,
	document_number: item.detail?.number ?? item.label,
	reference: item.detail?.reference ?? null,
});

/** When it was due and what it owes as at the day: the columns a row ends with. */
const documentFigures = (document: OpenDocument): IDataObject => {
	const { item } = document;
	const detail = item.detail;
	return {
		date: detail?.date ?? null,
		due_date: detail?.dueDate ?? null,
		days_overdue: document.daysOverdue,
		bucket: document.bucket,
		total_amount: detail ? fromCents(detail.total) : null,
		outstanding_amount: detail ? fromCents(detail.outstanding) : null,
		base_currency_outstanding_amount: fromCents(item.amount),
		currency: detail?.currency ?? null,
	};
};

/** A document as a contact's entry lists it (Overdue Invoices): what a reminder names. */
export const documentEntry = (document: OpenDocument): IDataObject => ({
	...documentIdentity(document),
	...documentFigures(document),
});

export function documentRow(document: OpenDocument, contacts: ReadonlyMap<string, ContactDetails>): IDataObject {
	const contact = contacts.get(document.contactId ?? '');
	return {
		...documentIdentity(document),
		contact_id: document.contactId,
		contact_name: contact?.name ?? document.contactName,
		contact_reference: contact?.reference ?? null,
		contact_email: contact?.email ?? null,
		credit_limit: contact?.creditLimit == null ? null : fromCents(contact.creditLimit),
		credit_days: contact?.creditDays ?? null,
		...documentFigures(document),
	};
}

export const agedDocumentRows = (report: AgedReport, asAt: string, contacts: ReadonlyMap<string, ContactDetails>) =>
	openDocuments(report, asAt).map((document) => documentRow(document, contacts));
