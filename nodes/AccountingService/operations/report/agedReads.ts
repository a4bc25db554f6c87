import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { runAllOrFail } from '../../actions/itemRunner';
import type { ParameterReader } from '../../actions/parameters';
import type { OpenItem } from '../../reports/aging';
import { addDays, leadingDay } from '../../reports/calendar';
import {
	allocationCounts,
	everSettled,
	settledOnTheDay,
	unsettledOnTheDay,
	type SettlingRecord,
	type TheDay,
} from '../../reports/onTheDay';
import {
	centsOf,
	documentItem,
	openingBalanceItem,
	owedDocumentItem,
	paidAheadItem,
	paymentOnAccountItem,
	settlingRecord,
	type Payment,
} from './agedItems';
import { BALANCE_DETAIL_ATTRIBUTES, documentDetailAttributes, PAYMENT_DETAIL_ATTRIBUTES } from './agedDetails';
import { apiRequestAllItems, apiRequestAllItemsTogether, MAX_PAGE_SIZE, type ApiRequest } from '../../transport';

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
	/** The payments that lower the balance (receipts, supplier payments): what they leave on account counts against it. */
	paymentType: string;
	/** Their refunds: what a refund leaves on account counts towards the balance. */
	refundType: string;
	/** The allocations setting credits against invoices of this ledger's contacts. */
	allocationType: string;
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
		refundType: 'CUSTOMER_REFUND',
		allocationType: 'CUSTOMER_ALLOCATION',
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
		refundType: 'VENDOR_REFUND',
		allocationType: 'VENDOR_ALLOCATION',
	},
};

/** The statuses of a document with money still open: void and draft ones owe nothing. */
const OPEN_STATUSES = ['UNPAID', 'PART_PAID', 'DISPUTED'];

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
	/** Each record's number, reference, currency and amounts in it too (the Documents output): attributes, no request more. */
	details?: boolean;
}

const DOCUMENT_ATTRIBUTES = ['contact', 'contact_name', 'date', 'due_date'];

interface Listed {
	kind: DocumentKind;
	document: IDataObject;
}

/**
 * Every item of the ledger open at the end of `query.asAt`: documents, the contacts' opening
 * balances and (when asked) money on account, several lists read at once. A payment or allocation
 * counts on the day only when it and everything it names existed then (../../reports/onTheDay.ts).
 *
 * - As at today: the documents of each kind in an open status with their outstanding amounts,
 *   as the service shows them now, and the documents dated after today, which payments and
 *   allocations may name. One page of each kind, the latest first: a kind it holds whole is
 *   sorted here; of a larger kind one list per open status, read together (one change check for
 *   them all), and those dated after today are on that page unless its last one is too (then one
 *   more list, their dates only).
 * - As at a past day, or as at today when a payment or allocation is dated after the day or sets
 *   a document dated after it against one before: every document of each kind dated up to the day
 *   with its `payments_allocations`, counting those that count on the day (one list per kind).
 * - The opening balances, the ledger's allocations, and the receipts and refunds (up to the day;
 *   as at today, all of them, so that one dated ahead is seen) when there is money on account to
 *   count or balances to settle; as at today otherwise only those dated after it; as at a past day
 *   otherwise only when an allocation names something no list read dates.
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
	const request = (path: string, qs: IDataObject): ApiRequest => ({ path: `/${path}`, qs, business, ...scope });
	const read = async (path: string, qs: IDataObject) => (await apiRequestAllItems.call(this, request(path, qs))).body;
	const readAtOnce = async <T>(reads: Array<() => Promise<T>>) => await runAllOrFail(reads, scope.pace.concurrency);
	const kindAttributes = (kind: DocumentKind) => [
		...(kind.credit === 'byQuickEntryType' ? ['quick_entry_type'] : []),
		...(query.details ? documentDetailAttributes(kind) : []),
	];
	const listedAs = (kind: DocumentKind, documents: IDataObject[]) =>
		documents.map((document): Listed => ({ kind, document }));
	const isLater = (document: IDataObject) => (leadingDay(document.date) ?? '') > asAt;
	const openDocumentsOf = async (kind: DocumentKind): Promise<{ open: Listed[]; later: Listed[] }> => {
		const attributes = [...DOCUMENT_ATTRIBUTES, 'base_currency_outstanding_amount', ...kindAttributes(kind)];
		const listed = (documents: IDataObject[]) => listedAs(kind, documents);
		const latest = await apiRequestAllItems.call(
			this,
			request(kind.path, { attributes: [...attributes, 'status'].join(','), sort: 'date:desc' }),
			MAX_PAGE_SIZE,
		);
		if (latest.total <= latest.body.length) {
			const open = latest.body.filter(
				(document) => !isLater(document) && OPEN_STATUSES.includes(String((document.status as IDataObject | null)?.id)),
			);
			return { open: listed(open), later: listed(latest.body.filter(isLater)) };
		}
		const allLaterOnIt = !isLater(latest.body[latest.body.length - 1] ?? {});
		const lists = await apiRequestAllItemsTogether.call(
			this,
			[
				...OPEN_STATUSES.map((status) =>
					request(kind.path, { status_id: status, attributes: attributes.join(','), to_date: asAt }),
				),
				...(allLaterOnIt ? [] : [request(kind.path, { from_date: addDays(asAt, 1), attributes: 'date' })]),
			],
			scope.pace.concurrency,
		);
		const later = allLaterOnIt ? latest.body.filter(isLater) : lists[OPEN_STATUSES.length].body;
		return { open: listed(lists.slice(0, OPEN_STATUSES.length).flatMap((list) => list.body)), later: listed(later) };
	};
	const owedDocumentReads = ledger.documents.map((kind) => async () => {
		const attributes = [
			...new Set([
				...DOCUMENT_ATTRIBUTES,
				'status',
				'total_amount',
				'base_currency_total_amount',
				...kindAttributes(kind),
			]),
		];
		const qs = { show_payments_allocations: true, attributes: attributes.join(','), to_date: asAt };
		return listedAs(kind, await read(kind.path, qs));
	});
	const payments: Payment[] = [];
	const readPayments = (range: IDataObject) =>
		[ledger.paymentType, ledger.refundType].map((type) => async () => {
			const listed = await read('contact_payments', {
				transaction_type_id: type,
				attributes: [
					'contact,date,total_amount,base_currency_total_amount,payment_on_account,allocated_artefacts',
					...(query.details ? PAYMENT_DETAIL_ATTRIBUTES : []),
				].join(','),
				...range,
			});
			payments.push(
				...listed.map((record) => ({ refund: type === ledger.refundType, record, settling: settlingRecord(record) })),
			);
		});
	const paymentRange: IDataObject = asAtToday ? {} : { to_date: asAt };

	// One set of lists read at once, within the item's pace, the longest as a rule first: the payments
	// when money on account counts; the opening balances, then (without money on account) the
	// payments that settle them, or as at today those dated after it, to see one entered ahead; the
	// documents (as at today with those dated after it); the allocations.
	let documentLists: Listed[][] = [];
	let readWithSettlements = !asAtToday;
	const laterLists: Listed[][] = [];
	let openingBalances: IDataObject[] = [];
	let allocationRecords: SettlingRecord[] = [];
	let paymentsToTheDay = query.includePaymentsOnAccount;
	const isDue = (balance: IDataObject) => (leadingDay(balance.date) ?? '') <= asAt;
	await readAtOnce<unknown>([
		...(query.includePaymentsOnAccount ? readPayments(paymentRange) : []),
		async () => {
			openingBalances = await read('contact_opening_balances', {
				contact_type_id: ledger.contactType,
				attributes: [
					'contact,date,reference,total_amount,base_currency_total_amount,contact_opening_balance_type',
					...(query.details ? BALANCE_DETAIL_ATTRIBUTES : []),
				].join(','),
			});
			if (query.includePaymentsOnAccount) return;
			paymentsToTheDay = openingBalances.some(isDue);
			const range = paymentsToTheDay ? paymentRange : asAtToday ? { from_date: addDays(asAt, 1) } : null;
			if (range) for (const readType of readPayments(range)) await readType();
		},
		...(asAtToday
			? ledger.documents.map((kind, index) => async () => {
					const { open, later } = await openDocumentsOf(kind);
					documentLists[index] = open;
					laterLists[index] = later;
				})
			: owedDocumentReads.map((readKind, index) => async () => {
					documentLists[index] = await readKind();
				})),
		async () => {
			allocationRecords = (
				await read('contact_allocations', {
					transaction_type_id: ledger.allocationType,
					attributes: 'date,allocated_artefacts',
				})
			).map(settlingRecord);
		},
	]);

	// The day each artefact the payments and allocations may name was dated: as at a past day every
	// one dated up to the day was read, so one not read was dated after it; as at today those dated
	// after it were read, so one not read was dated by then.
	const datedOn = new Map<string, string | null>();
	const noteDates = (lists: Listed[][]) => {
		for (const { document } of lists.flat()) datedOn.set(String(document.id), leadingDay(document.date));
	};
	const notePayments = () => {
		for (const { record } of payments) {
			const onAccount = record.payment_on_account as IDataObject | null | undefined;
			const paid = leadingDay(onAccount?.date) ?? leadingDay(record.date);
			datedOn.set(String(record.id), paid);
			if (onAccount) datedOn.set(String(onAccount.id), paid);
		}
	};
	noteDates(documentLists);
	noteDates(laterLists);
	for (const balance of openingBalances) datedOn.set(String(balance.id), leadingDay(balance.date));
	notePayments();
	const madeByTheDay = (record: SettlingRecord) => (record.date ?? '') <= asAt;
	if (
		!asAtToday &&
		!paymentsToTheDay &&
		allocationRecords.some(
			(allocation) => madeByTheDay(allocation) && allocation.lines.some((line) => !datedOn.has(line.artefact)),
		)
	) {
		// Money on account an allocation names is dated by its payment's date.
		await readAtOnce(readPayments(paymentRange));
		notePayments();
	}
	const theDay: TheDay = {
		day: asAt,
		isLater: (artefact) => (datedOn.has(artefact) ? (datedOn.get(artefact) ?? '') > asAt : !asAtToday),
	};
	const counts = new Map(allocationRecords.map((allocation) => [allocation.id, allocationCounts(allocation, theDay)]));
	const paymentRecords = payments.map((payment) => payment.settling);
	const unsettled = unsettledOnTheDay(paymentRecords, theDay);

	if (asAtToday) {
		// A payment or allocation dated after the day settled a document early, or an allocation set a
		// document dated after the day against one before it: the outstanding amounts shown now are not
		// the day's, so the documents are read with their payments and allocations.
		const balanceIds = new Set(openingBalances.map((balance) => String(balance.id)));
		const datedAhead = [...payments.map((payment) => payment.settling), ...allocationRecords].some(
			(record) => !madeByTheDay(record) && record.lines.some((line) => !balanceIds.has(line.artefact)),
		);
		const heldBack = allocationRecords.some((allocation) => madeByTheDay(allocation) && !counts.get(allocation.id));
		// A payment that set a document dated after the day against one before it: the earlier one
		// shows paid now, but on the day was still owed what the later one took.
		if (datedAhead || heldBack || unsettled.size > 0) {
			documentLists = await readAtOnce(owedDocumentReads);
			readWithSettlements = true;
		}
	}
	const documents = documentLists
		.flat()
		.flatMap(({ kind, document }) =>
			readWithSettlements
				? (owedDocumentItem(kind, document, query, counts, unsettled) ?? [])
				: documentItem(kind, document, centsOf(document.base_currency_outstanding_amount), query.ageBy),
		);
	const settled = settledOnTheDay(paymentRecords, allocationRecords, theDay);
	const ever = everSettled([...paymentRecords, ...allocationRecords]);
	const onAccount = query.includePaymentsOnAccount
		? payments.flatMap((payment) =>
				[paymentOnAccountItem(payment, settled, ever, query), paidAheadItem(payment, theDay, unsettled)].filter(
					(item): item is OpenItem => item !== undefined,
				),
			)
		: [];
	const balances = openingBalances.filter(isDue).map((balance) => openingBalanceItem(balance, settled, asAt));
	return [...documents, ...onAccount, ...balances];
}
