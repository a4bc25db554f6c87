import type { IDataObject } from 'n8n-workflow';

import type { ItemDetail } from '../../reports/aging';
import { leadingDay } from '../../reports/calendar';
import type { DocumentKind } from './agedReads';

/**
 * What the Documents output reads of each record beyond what the figures need (its number,
 * reference, currency and amounts in it), as attributes of the same lists: no request more.
 */

/** The field a kind's own number is in: sales documents are numbered by the business, purchases by the supplier. */
const NUMBER_FIELDS: Record<string, string> = {
	sales_invoices: 'invoice_number',
	sales_corrective_invoices: 'invoice_number',
	sales_credit_notes: 'credit_note_number',
	purchase_invoices: 'vendor_reference',
	purchase_corrective_invoices: 'vendor_reference',
	purchase_credit_notes: 'vendor_reference',
};

export const documentDetailAttributes = (kind: DocumentKind) => [
	...(NUMBER_FIELDS[kind.path] ? [NUMBER_FIELDS[kind.path]] : []),
	'reference',
	'currency',
	'total_amount',
	'outstanding_amount',
];
export const PAYMENT_DETAIL_ATTRIBUTES = ['reference', 'currency'];
export const BALANCE_DETAIL_ATTRIBUTES = ['currency'];

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
const idOf = (reference: unknown) => textOf((reference as IDataObject | null | undefined)?.id);

/** sales_invoices → sales_invoice; a quick entry says whether it is an invoice or a credit note. */
export function documentType(kind: DocumentKind, document: IDataObject): string {
	const singular = kind.path.replace(/ies$/, 'y').replace(/s$/, '');
	if (kind.credit !== 'byQuickEntryType') return singular;
	return `${singular}_${(idOf(document.quick_entry_type) ?? 'invoice').toLowerCase()}`;
}

interface DetailOf {
	record: IDataObject;
	type: string;
	/** Signed as the item: negative for a credit. */
	sign: 1 | -1;
	total: number;
	outstanding: number;
	number?: unknown;
	dueDate?: string | null;
	/** Where the currency is when the record does not carry it (a payment's part on account: the payment). */
	currencyFrom?: IDataObject;
}

export function detailOf({
	record,
	type,
	sign,
	total,
	outstanding,
	number,
	dueDate = null,
	currencyFrom,
}: DetailOf): ItemDetail {
	const date = leadingDay(record.date);
	return {
		id: String(record.id),
		type,
		number: textOf(number) ?? textOf(record.displayed_as),
		reference: textOf(record.reference),
		date,
		dueDate,
		overdueFrom: sign > 0 ? (dueDate ?? date) : date,
		total: sign * total,
		outstanding: sign * outstanding,
		currency: idOf(record.currency) ?? idOf(currencyFrom?.currency),
	};
}

export const numberOf = (kind: DocumentKind, document: IDataObject) =>
	NUMBER_FIELDS[kind.path] ? document[NUMBER_FIELDS[kind.path]] : undefined;
