/**
 * Aged debtors worked out here from the service's documents, read whole with the check's own grant
 * and chosen here rather than by the node's status filters: what each customer owed at the end of a
 * day. Every sales document dated up to the day that is not void or a draft, and every customer
 * opening balance, counts with its total less what the payments and allocations dated on or before
 * the day settled of it (their `allocated_artefacts` name it); credit notes (and credit quick
 * entries) negative; customer receipts' unallocated parts (payments on account) from their date.
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

/** Part of a receivable settled on a day, in cents of its own currency. */
export interface Settled {
	date: string;
	amount: number;
}

/** A document, opening balance or payment on account of a customer, whatever is still open of it. */
export interface Receivable {
	contactId: string;
	contactName: string;
	/** Its own date: it counts from that day on. */
	date: string;
	/** The day it ages from: an invoice's due date, a credit's own date. */
	agedFrom: string;
	/** Its total in its own currency and in the business's, in cents (positive). */
	total: number;
	baseTotal: number;
	/** Credit notes and payments on account count against the customer. */
	credit: boolean;
	settled: Settled[];
}

type Ref = { id: string; displayed_as?: string } | null | undefined;
type Record_ = Record<string, unknown>;

/** What the sales ledger and the purchase ledger each read: the documents, the payment that can be on account, the opening balances' side. */
const SIDES = {
	sales: {
		documents: ['sales_invoices', 'sales_corrective_invoices', 'sales_credit_notes', 'sales_quick_entries'],
		creditNotes: 'sales_credit_notes',
		payment: 'CUSTOMER_RECEIPT',
		openingBalances: 'CUSTOMER',
		contactType: 'CUSTOMER',
	},
	purchase: {
		documents: ['purchase_invoices', 'purchase_corrective_invoices', 'purchase_credit_notes', 'purchase_quick_entries'],
		creditNotes: 'purchase_credit_notes',
		payment: 'VENDOR_PAYMENT',
		openingBalances: 'VENDOR',
		contactType: 'VENDOR',
	},
} as const;
export type LedgerSide = keyof typeof SIDES;

const DOCUMENT_ATTRIBUTES =
	'status,date,due_date,total_amount,base_currency_total_amount,contact,contact_name,quick_entry_type';
const NOT_OPEN = ['VOID', 'DRAFT'];

/** What every payment and allocation settled, by the artefact its lines name, with its date. */
export function settledByArtefact(records: Record_[]): Map<string, Settled[]> {
	const byArtefact = new Map<string, Settled[]>();
	for (const record of records) {
		for (const line of (record.allocated_artefacts as Record_[] | null) ?? []) {
			const id = String((line.artefact as Ref)?.id);
			const list = byArtefact.get(id) ?? [];
			list.push({ date: String(record.date), amount: Math.abs(cents(line.amount)) + cents(line.discount ?? 0) });
			byArtefact.set(id, list);
		}
	}
	return byArtefact;
}

/**
 * Every sales document, customer opening balance and payment on account of a business (the lead
 * one when none is named), with what settled each and when: ⌈records / 200⌉ reads of each list.
 * With `side` purchase, the same of the purchase ledger: what the business owes its suppliers.
 */
export async function readReceivables(
	reader: ServiceReader,
	business?: string,
	side: LedgerSide = 'sales',
): Promise<Receivable[]> {
	const books = SIDES[side];
	const payments = await reader.all(
		'/contact_payments?attributes=transaction_type,date,contact,payment_on_account,allocated_artefacts',
		business,
	);
	const allocations = await reader.all('/contact_allocations?attributes=date,allocated_artefacts', business);
	const settled = settledByArtefact([...payments, ...allocations]);
	const receivables: Receivable[] = [];
	for (const path of books.documents) {
		for (const document of await reader.all(`/${path}?attributes=${DOCUMENT_ATTRIBUTES}`, business)) {
			if (NOT_OPEN.includes(String((document.status as Ref)?.id))) continue;
			const credit = path === books.creditNotes || (document.quick_entry_type as Ref)?.id === 'CREDIT_NOTE';
			const date = String(document.date);
			receivables.push({
				contactId: String((document.contact as Ref)?.id),
				contactName: String(document.contact_name),
				date,
				agedFrom: credit ? date : String(document.due_date ?? date),
				total: cents(document.total_amount),
				baseTotal: cents(document.base_currency_total_amount),
				credit,
				settled: settled.get(String(document.id)) ?? [],
			});
		}
	}
	for (const payment of payments) {
		const onAccount = payment.payment_on_account as Record_ | null;
		if ((payment.transaction_type as Ref)?.id !== books.payment || !onAccount) continue;
		const date = String(onAccount.date ?? payment.date);
		receivables.push({
			contactId: String((payment.contact as Ref)?.id),
			contactName: String(onAccount.contact_name),
			date,
			agedFrom: date,
			total: cents(onAccount.total_amount),
			baseTotal: cents(onAccount.base_currency_total_amount),
			credit: true,
			settled: settled.get(String(onAccount.id)) ?? [],
		});
	}
	for (const balance of await reader.all('/contact_opening_balances?attributes=all', business)) {
		if (!String((balance.transaction_type as Ref)?.id).startsWith(books.openingBalances)) continue;
		const date = String(balance.date);
		const contact = balance.contact as Ref;
		receivables.push({
			contactId: String(contact?.id),
			contactName: String(contact?.displayed_as),
			date,
			agedFrom: date,
			total: cents(balance.total_amount),
			baseTotal: cents(balance.base_currency_total_amount),
			credit: (balance.contact_opening_balance_type as Ref)?.id === 'CREDIT_NOTE',
			settled: settled.get(String(balance.id)) ?? [],
		});
	}
	// The report names each customer as the contacts list does (an opening balance's copy of the
	// name carries the reference too).
	const names = new Map(
		(await reader.all(`/contacts?contact_type_id=${books.contactType}&attributes=name`, business)).map((contact) => [
			String(contact.id),
			String(contact.name),
		]),
	);
	return receivables.map((item) => ({ ...item, contactName: names.get(item.contactId) ?? item.contactName }));
}

/** What was still open of it at the end of `asAt`, in the business's currency, signed. */
export function openOn(item: Receivable, asAt: string): number {
	const open = item.total - item.settled.reduce((sum, part) => sum + (part.date <= asAt ? part.amount : 0), 0);
	const base = open === item.total ? item.baseTotal : Math.round((open * item.baseTotal) / item.total);
	return item.credit ? -base : base;
}

/**
 * The debtors control account's balance at the end of `asAt` (debits − credits of every entry up to
 * it), read from the ledger: what the aged total must equal.
 */
export async function debtorsControlBalance(reader: ServiceReader, asAt: string, business?: string): Promise<number> {
	const accounts = await reader.all(
		`/ledger_accounts?attributes=control_name&show_balance_details=true&from_date=1900-01-01&to_date=${asAt}`,
		business,
	);
	const control = accounts.find((account) => account.control_name === 'SALES_LEDGER_CONTROL');
	if (!control) throw new Error('the sandbox has no SALES_LEDGER_CONTROL ledger account');
	const details = control.balance_details as Record_;
	return cents(details.debits) - cents(details.credits);
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

/** The receivables dated on or before `asAt`, what was open of each that day in its customer's columns. */
export function ageDebtors(receivables: Receivable[], asAt: string): AgedDebtors {
	const byContact = new Map<string, DebtorAge>();
	const totals = noAmounts();
	for (const item of receivables) {
		if (item.date > asAt) continue;
		const amount = openOn(item, asAt);
		if (amount === 0) continue;
		const debtor = byContact.get(item.contactId) ?? {
			contactId: item.contactId,
			contactName: item.contactName,
			...noAmounts(),
		};
		byContact.set(item.contactId, debtor);
		const column = columnOf(item.agedFrom, asAt);
		debtor[column] += amount;
		debtor.total += amount;
		totals[column] += amount;
		totals.total += amount;
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
