import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { runAllOrFail } from '../../actions/itemRunner';
import type { ParameterReader } from '../../actions/parameters';
import type { OpenItem } from '../../reports/aging';
import { addDays, leadingDay } from '../../reports/calendar';
import { toCents } from '../../reports/money';
import { owedOn, type Settlement } from '../../reports/owed';
import { apiRequestAllItems } from '../../transport';

/** A kind of document that can be owed: where it is listed, and whether it owes or credits. */
export interface DocumentKind {
	path: string;
	label: string;
	/** Credit notes subtract and age from their own date; quick entries say which they are. */
	credit: boolean | 'byQuickEntryType';
}

export interface Ledger {
	documents: DocumentKind[];
	/** Whose opening balances belong to this ledger (`contact_type_id`). */
	contactType: 'CUSTOMER' | 'VENDOR';
	/** The payments whose unallocated part (a payment on account) counts against the balance. */
	paymentType: string;
	/** Every payment that can settle a document of this ledger: the above and its refunds. */
	settlingPaymentTypes: string[];
}

export const LEDGERS: Record<'debtors' | 'creditors', Ledger> = {
	debtors: {
		documents: [
			{ path: 'sales_invoices', label: 'Sales Invoice', credit: false },
			{ path: 'sales_corrective_invoices', label: 'Sales Corrective Invoice', credit: false },
			{ path: 'sales_credit_notes', label: 'Sales Credit Note', credit: true },
			{ path: 'sales_quick_entries', label: 'Sales Quick Entry', credit: 'byQuickEntryType' },
		],
		contactType: 'CUSTOMER',
		paymentType: 'CUSTOMER_RECEIPT',
		settlingPaymentTypes: ['CUSTOMER_RECEIPT', 'CUSTOMER_REFUND'],
	},
	creditors: {
		documents: [
			{ path: 'purchase_invoices', label: 'Purchase Invoice', credit: false },
			{ path: 'purchase_corrective_invoices', label: 'Purchase Corrective Invoice', credit: false },
			{ path: 'purchase_credit_notes', label: 'Purchase Credit Note', credit: true },
			{ path: 'purchase_quick_entries', label: 'Purchase Quick Entry', credit: 'byQuickEntryType' },
		],
		contactType: 'VENDOR',
		paymentType: 'VENDOR_PAYMENT',
		settlingPaymentTypes: ['VENDOR_PAYMENT', 'VENDOR_REFUND'],
	},
};

/** The statuses of a document with money still open: void and draft ones owe nothing. */
const OPEN_STATUSES = ['UNPAID', 'PART_PAID', 'DISPUTED'];
const NEVER_OWED = ['DRAFT', 'VOID'];

/** The day an invoice ages from: its due date as now, or the day it was raised as Sage's report does. */
export type AgeBy = 'dueDate' | 'documentDate';
export const AGE_BY: readonly AgeBy[] = ['dueDate', 'documentDate'];

export interface AgedQuery {
	ledger: Ledger;
	asAt: string;
	/** The day the workflow runs: nothing can have been paid after it, save a payment dated ahead. */
	today: string;
	ageBy: AgeBy;
	includePaymentsOnAccount: boolean;
}

const idOf = (reference: unknown) => {
	const id = (reference as IDataObject | null | undefined)?.id;
	return typeof id === 'string' ? id : null;
};
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
const centsOf = (value: unknown) => toCents(value) ?? 0;

const isCredit = (kind: DocumentKind, document: IDataObject) =>
	kind.credit === 'byQuickEntryType' ? idOf(document.quick_entry_type) === 'CREDIT_NOTE' : kind.credit;

/** A document's amount as an item, positive when owed; credits age from their own date. */
function documentItem(kind: DocumentKind, document: IDataObject, cents: number, ageBy: AgeBy): OpenItem {
	const credit = isCredit(kind, document);
	const dated = leadingDay(document.date);
	return {
		contactId: idOf(document.contact),
		contactName: textOf(document.contact_name) ?? textOf((document.contact as IDataObject | undefined)?.displayed_as),
		agedFrom: credit || ageBy === 'documentDate' ? dated : (leadingDay(document.due_date) ?? dated),
		amount: credit ? -cents : cents,
		label: `${kind.label} ${textOf(document.displayed_as) ?? String(document.id)}`,
	};
}

/** A document's payments and allocations as its `payments_allocations` list them, dated. */
const documentSettlements = (document: IDataObject): Settlement[] =>
	((document.payments_allocations as IDataObject[] | null | undefined) ?? []).map((entry) => ({
		date: leadingDay(entry.date),
		cents: Math.abs(centsOf(entry.amount)) + Math.abs(centsOf(entry.discount)),
	}));

/** What a document read with its payments and allocations still owed at the end of the day. */
function owedDocumentItem(kind: DocumentKind, document: IDataObject, query: AgedQuery): OpenItem | undefined {
	if (NEVER_OWED.includes(idOf(document.status) ?? '')) return undefined;
	const total = centsOf(document.total_amount);
	const owed = owedOn(
		{
			total,
			baseTotal: toCents(document.base_currency_total_amount) ?? total,
			settlements: documentSettlements(document),
		},
		query.asAt,
	);
	return documentItem(kind, document, owed, query.ageBy);
}

/**
 * What each payment and allocation settled, by the id of the artefact it names, dated with the
 * payment's or allocation's own day; amounts are positive (a credit note carries a negative line).
 */
function settlementsByArtefact(records: readonly IDataObject[]): Map<string, Settlement[]> {
	const byArtefact = new Map<string, Settlement[]>();
	for (const record of records) {
		const date = leadingDay(record.date);
		for (const line of (record.allocated_artefacts as IDataObject[] | null | undefined) ?? []) {
			const artefact = idOf(line.artefact);
			if (artefact === null) continue;
			const settled = Math.abs(centsOf(line.amount)) + Math.abs(centsOf(line.discount));
			const list = byArtefact.get(artefact) ?? [];
			list.push({ date, cents: settled });
			byArtefact.set(artefact, list);
		}
	}
	return byArtefact;
}

/**
 * A payment's part not allocated at the end of the day counts against the contact from the
 * payment's date. As at today: what the service shows outstanding on it. As at a past day: its
 * amount on account less the allocations of it dated on or before the day; what was allocated of
 * it without a dated allocation the API shows is taken as allocated on the payment's own date.
 */
function paymentOnAccountItem(
	payment: IDataObject,
	settlements: Map<string, Settlement[]>,
	query: AgedQuery,
): OpenItem | undefined {
	const onAccount = payment.payment_on_account as IDataObject | null | undefined;
	const paid = leadingDay(onAccount?.date) ?? leadingDay(payment.date);
	if (!onAccount || (paid !== null && paid > query.asAt)) return undefined;
	let cents: number;
	if (query.asAt >= query.today) {
		cents = centsOf(onAccount.base_currency_outstanding_amount);
	} else {
		const total = centsOf(onAccount.total_amount);
		const dated = [
			...(settlements.get(String(onAccount.id)) ?? []),
			...(onAccount.id === payment.id ? [] : (settlements.get(String(payment.id)) ?? [])),
		];
		const allocatedToday = total - centsOf(onAccount.outstanding_amount ?? onAccount.total_amount);
		const undated = allocatedToday - dated.reduce((sum, settlement) => sum + settlement.cents, 0);
		cents = owedOn(
			{
				total,
				baseTotal: toCents(onAccount.base_currency_total_amount) ?? total,
				settlements: undated > 0 ? [...dated, { date: null, cents: undated }] : dated,
			},
			query.asAt,
		);
	}
	if (cents === 0) return undefined;
	const contact = (onAccount.contact ?? payment.contact) as IDataObject | undefined;
	return {
		contactId: idOf(contact),
		contactName: textOf(onAccount.contact_name) ?? textOf(contact?.displayed_as),
		agedFrom: paid,
		amount: -cents,
		label: `Payment on account ${textOf(payment.displayed_as) ?? String(payment.id)}`,
	};
}

/**
 * A contact's opening balance still owed on the day: brought forward before the books start, it
 * has no due date and ages from its own date; a credit note's subtracts.
 */
function openingBalanceItem(balance: IDataObject, settlements: Map<string, Settlement[]>, asAt: string): OpenItem {
	const credit = idOf(balance.contact_opening_balance_type) === 'CREDIT_NOTE';
	const total = centsOf(balance.total_amount);
	const owed = owedOn(
		{
			total,
			baseTotal: toCents(balance.base_currency_total_amount) ?? total,
			settlements: settlements.get(String(balance.id)) ?? [],
		},
		asAt,
	);
	const contact = balance.contact as IDataObject | undefined;
	return {
		contactId: idOf(contact),
		contactName: textOf(contact?.displayed_as),
		agedFrom: leadingDay(balance.date),
		amount: credit ? -owed : owed,
		label: `Opening Balance ${textOf(balance.reference) ?? textOf(balance.displayed_as) ?? String(balance.id)}`,
	};
}

const DOCUMENT_ATTRIBUTES = ['contact', 'contact_name', 'date', 'due_date'];

/**
 * Every item of the ledger open at the end of `query.asAt`: documents, the contacts' opening
 * balances and (when asked) payments on account, several lists read at once.
 *
 * - As at today: the documents of each kind in an open status with their outstanding amounts,
 *   as the service shows them now (one list per kind and status).
 * - As at a past day, or when a payment or allocation is dated after the day: every document of
 *   each kind dated up to the day with its `payments_allocations`, counting those dated on or
 *   before the day (one list per kind).
 * - The opening balances, the allocations, and the receipts and refunds (up to the day; as at
 *   today, all of them, so that one dated ahead is seen) when there are payments on account to
 *   count or balances to settle; as at today otherwise only those dated after it.
 */
export async function readAgedItems(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	query: AgedQuery,
): Promise<OpenItem[]> {
	const { ledger, asAt } = query;
	const scope = parameters.requestScope();
	const asAtToday = asAt >= query.today;
	const read = async (path: string, qs: IDataObject) =>
		(await apiRequestAllItems.call(this, { path: `/${path}`, qs, business, ...scope })).body;
	const readAtOnce = async <T>(reads: Array<() => Promise<T>>) => await runAllOrFail(reads, scope.pace.concurrency);
	const quickEntryType = (kind: DocumentKind) => (kind.credit === 'byQuickEntryType' ? ['quick_entry_type'] : []);
	const openDocumentReads = ledger.documents.flatMap((kind) =>
		OPEN_STATUSES.map((status) => async () => {
			const attributes = [...DOCUMENT_ATTRIBUTES, 'base_currency_outstanding_amount', ...quickEntryType(kind)];
			const documents = await read(kind.path, { status_id: status, attributes: attributes.join(','), to_date: asAt });
			return documents.map((document) =>
				documentItem(kind, document, centsOf(document.base_currency_outstanding_amount), query.ageBy),
			);
		}),
	);
	const owedDocumentReads = ledger.documents.map((kind) => async () => {
		const attributes = [
			...DOCUMENT_ATTRIBUTES,
			'status',
			'total_amount',
			'base_currency_total_amount',
			...quickEntryType(kind),
		];
		const documents = await read(kind.path, {
			show_payments_allocations: true,
			attributes: attributes.join(','),
			to_date: asAt,
		});
		return documents.flatMap((document) => owedDocumentItem(kind, document, query) ?? []);
	});
	const readPayments = (range: IDataObject, into: Array<{ type: string; record: IDataObject }>) =>
		ledger.settlingPaymentTypes.map((type) => async () => {
			const listed = await read('contact_payments', {
				transaction_type_id: type,
				attributes: 'contact,date,payment_on_account,allocated_artefacts',
				...range,
			});
			into.push(...listed.map((record) => ({ type, record })));
		});
	const paymentRange: IDataObject = asAtToday ? {} : { to_date: asAt };

	// One set of lists read at once, within the item's pace, the longest as a rule first: the payments
	// when payments on account count; the opening balances, then (without payments on account) the
	// payments that settle them, or as at today those dated after it, to see one entered ahead; the
	// documents; the allocations.
	const documentLists: OpenItem[][] = [];
	let openingBalances: IDataObject[] = [];
	let allocations: IDataObject[] = [];
	const payments: Array<{ type: string; record: IDataObject }> = [];
	const documentReads = asAtToday ? openDocumentReads : owedDocumentReads;
	const isDue = (balance: IDataObject) => (leadingDay(balance.date) ?? '') <= asAt;
	await readAtOnce<unknown>([
		...(query.includePaymentsOnAccount ? readPayments(paymentRange, payments) : []),
		async () => {
			openingBalances = await read('contact_opening_balances', {
				contact_type_id: ledger.contactType,
				attributes: 'contact,date,reference,total_amount,base_currency_total_amount,contact_opening_balance_type',
			});
			if (query.includePaymentsOnAccount) return;
			const range = openingBalances.some(isDue) ? paymentRange : asAtToday ? { from_date: addDays(asAt, 1) } : null;
			if (range) for (const readType of readPayments(range, payments)) await readType();
		},
		...documentReads.map((readKind, index) => async () => {
			documentLists[index] = await readKind();
		}),
		async () => {
			allocations = await read('contact_allocations', { attributes: 'date,allocated_artefacts' });
		},
	]);
	let documents = documentLists.flat();
	const balances = openingBalances.filter(isDue);
	const settling = [...payments.map((payment) => payment.record), ...allocations];
	const settlements = settlementsByArtefact(settling);

	if (asAtToday) {
		// A payment or allocation dated after the day settled a document early: count it as at the day.
		const balanceIds = new Set(openingBalances.map((balance) => String(balance.id)));
		const datedAhead = settling.some(
			(record) =>
				(leadingDay(record.date) ?? '') > asAt &&
				((record.allocated_artefacts as IDataObject[] | undefined) ?? []).some(
					(line) => !balanceIds.has(idOf(line.artefact) ?? ''),
				),
		);
		if (datedAhead) documents = (await readAtOnce(owedDocumentReads)).flat();
	}
	const onAccount = query.includePaymentsOnAccount
		? payments
				.filter((payment) => payment.type === ledger.paymentType)
				.flatMap((payment) => paymentOnAccountItem(payment.record, settlements, query) ?? [])
		: [];
	return [...documents, ...onAccount, ...balances.map((balance) => openingBalanceItem(balance, settlements, asAt))];
}
