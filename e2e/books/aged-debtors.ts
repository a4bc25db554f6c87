/**
 * Aged debtors worked out here from the service's documents, read whole with the check's own grant
 * and chosen here rather than by the node's status filters: every sales document that is not void
 * or a draft and has something outstanding, credit notes (and credit quick entries) negative, and
 * customer receipts' unallocated parts (payments on account) against their customer.
 */
import { cents } from '../checks/types';
import type { ServiceReader } from '../service-reader';

export const AGED_COLUMNS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgedColumn = (typeof AGED_COLUMNS)[number];
export type AgedAmounts = Record<AgedColumn | 'total', number>;

export interface DebtorAge extends AgedAmounts {
	contactId: string;
	contactName: string;
}

export interface AgedDebtors {
	/** Largest total first; a contact whose columns are all zero is left out. */
	debtors: DebtorAge[];
	totals: AgedAmounts;
}

/** One document or payment on account still open today, in cents: positive owed, negative credit. */
export interface Receivable {
	contactId: string;
	contactName: string;
	/** Its own date: it counts from that day on. */
	date: string;
	/** The day it ages from: an invoice's due date, a credit's own date. */
	agedFrom: string;
	amount: number;
}

type Ref = { id: string; displayed_as?: string } | null | undefined;

const DOCUMENT_PATHS = ['sales_invoices', 'sales_corrective_invoices', 'sales_credit_notes', 'sales_quick_entries'];
const DOCUMENT_ATTRIBUTES =
	'status,date,due_date,base_currency_outstanding_amount,contact,contact_name,quick_entry_type';
const NOT_OPEN = ['VOID', 'DRAFT'];

/**
 * Every open sales document and payment on account of a business (the lead one when none is
 * named): ⌈records / 200⌉ reads of each list.
 */
export async function readReceivables(reader: ServiceReader, business?: string): Promise<Receivable[]> {
	const receivables: Receivable[] = [];
	for (const path of DOCUMENT_PATHS) {
		for (const document of await reader.all(`/${path}?attributes=${DOCUMENT_ATTRIBUTES}`, business)) {
			const outstanding = cents(document.base_currency_outstanding_amount);
			if (NOT_OPEN.includes(String((document.status as Ref)?.id)) || outstanding === 0) continue;
			const credit = path === 'sales_credit_notes' || (document.quick_entry_type as Ref)?.id === 'CREDIT_NOTE';
			const date = String(document.date);
			receivables.push({
				contactId: String((document.contact as Ref)?.id),
				contactName: String(document.contact_name),
				date,
				agedFrom: credit ? date : String(document.due_date ?? date),
				amount: credit ? -outstanding : outstanding,
			});
		}
	}
	for (const payment of await reader.all(
		'/contact_payments?attributes=transaction_type,date,contact,payment_on_account',
		business,
	)) {
		const onAccount = payment.payment_on_account as Record<string, unknown> | null;
		if ((payment.transaction_type as Ref)?.id !== 'CUSTOMER_RECEIPT' || !onAccount) continue;
		const outstanding = cents(onAccount.base_currency_outstanding_amount);
		if (outstanding === 0) continue;
		const date = String(onAccount.date ?? payment.date);
		receivables.push({
			contactId: String((payment.contact as Ref)?.id),
			contactName: String(onAccount.contact_name),
			date,
			agedFrom: date,
			amount: -outstanding,
		});
	}
	return receivables;
}

const DAY_MS = 86_400_000;

/** The column of an item aged from `agedFrom`, with the boundaries written out: 0 | 1–30 | 31–60 | 61–90 | 91+ days. */
export function columnOf(agedFrom: string, asAt: string): AgedColumn {
	const days = Math.round((Date.parse(`${asAt}T00:00:00Z`) - Date.parse(`${agedFrom}T00:00:00Z`)) / DAY_MS);
	if (days < 1) return 'current';
	if (days < 31) return 'days_1_30';
	if (days < 61) return 'days_31_60';
	if (days < 91) return 'days_61_90';
	return 'days_over_90';
}

const noAmounts = (): AgedAmounts => ({
	current: 0,
	days_1_30: 0,
	days_31_60: 0,
	days_61_90: 0,
	days_over_90: 0,
	total: 0,
});

/** The receivables dated on or before `asAt`, in their customers' columns. */
export function ageDebtors(receivables: Receivable[], asAt: string): AgedDebtors {
	const byContact = new Map<string, DebtorAge>();
	const totals = noAmounts();
	for (const item of receivables) {
		if (item.date > asAt) continue;
		const debtor = byContact.get(item.contactId) ?? {
			contactId: item.contactId,
			contactName: item.contactName,
			...noAmounts(),
		};
		byContact.set(item.contactId, debtor);
		const column = columnOf(item.agedFrom, asAt);
		debtor[column] += item.amount;
		debtor.total += item.amount;
		totals[column] += item.amount;
		totals.total += item.amount;
	}
	const debtors = [...byContact.values()]
		.filter((debtor) => AGED_COLUMNS.some((column) => debtor[column] !== 0))
		.sort(
			(a, b) =>
				b.total - a.total || a.contactName.localeCompare(b.contactName) || a.contactId.localeCompare(b.contactId),
		);
	return { debtors, totals };
}

/** The oldest column in which the debtor owes something, as the report names it. */
export const oldestOwedColumn = (debtor: AgedAmounts): AgedColumn | undefined =>
	[...AGED_COLUMNS].reverse().find((column) => debtor[column] !== 0);
