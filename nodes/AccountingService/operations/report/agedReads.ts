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
import {
	changedSince,
	holdsAllEnteredBefore,
	namedDocuments,
	namingRecordsOf,
	unreadNamed,
	unsoundPlacing,
} from './agedSince';
import { BALANCE_DETAIL_ATTRIBUTES, documentDetailAttributes, PAYMENT_DETAIL_ATTRIBUTES } from './agedDetails';
import { serviceDateTime } from '../../helpers/values';
import {
	apiRequestAllItems,
	apiRequestAllItemsTogether,
	apiRequestListPage,
	MAX_PAGE_SIZE,
	type ApiRequest,
} from '../../transport';

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

/**
 * As at a past day, a kind the payments up to the day and the allocations name more documents of
 * than this is read in part (agedSince.ts): its open lists, those changed since X and the checks
 * cost at least 8 requests, the whole kind more than ⌈N ÷ 200⌉ + 2. Read before the documents, the
 * payments tell a large kind from a small one without a request more; which way a kind is read
 * changes what it costs, never what it says.
 */
export const READ_IN_PART_OVER = 6 * MAX_PAGE_SIZE;

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
 *   with its `payments_allocations`, counting those that count on the day (one list per kind; as
 *   at a past day a kind of more than READ_IN_PART_OVER documents in part: agedSince.ts).
 * - The opening balances, the ledger's allocations, and the receipts and refunds: up to a past day
 *   always (one dated by the day may set a credit note dated after it against an invoice); as at
 *   today all of them, so that one dated ahead is seen, when there is money on account to count,
 *   balances to settle or a credit dated after the day, else only those dated after it.
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
	/** A kind's documents dated up to the day, with their payments and allocations. */
	const owedQuery = (kind: DocumentKind): IDataObject => {
		const attributes = [
			...new Set([
				...DOCUMENT_ATTRIBUTES,
				'status',
				'total_amount',
				'base_currency_total_amount',
				...kindAttributes(kind),
			]),
		];
		return { show_payments_allocations: true, attributes: attributes.join(','), to_date: asAt };
	};
	const owedDocumentReads = ledger.documents.map(
		(kind) => async () => listedAs(kind, await read(kind.path, owedQuery(kind))),
	);
	const payments: Payment[] = [];
	const readPayments = (range: IDataObject) =>
		[ledger.paymentType, ledger.refundType].map((type) => async () => {
			const listed = await read('contact_payments', {
				transaction_type_id: type,
				attributes: [
					'contact,date,total_amount,base_currency_total_amount,payment_on_account,allocated_artefacts,updated_at',
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
	// documents (as at today with those dated after it; as at a past day a page of each kind, all
	// of a kind it holds); the allocations.
	let documentLists: Listed[][] = [];
	let readWithSettlements = !asAtToday;
	const laterLists: Listed[][] = [];
	let openingBalances: IDataObject[] = [];
	let allocationsRead: IDataObject[] = [];
	// As at a past day the payments up to it are read whatever else is: a receipt dated by the day may
	// set a credit note dated after it against an invoice, which then still owed that much on the day.
	const paymentsFirst = query.includePaymentsOnAccount || !asAtToday;
	let paymentsToTheDay = paymentsFirst;
	const isDue = (balance: IDataObject) => (leadingDay(balance.date) ?? '') <= asAt;
	await readAtOnce<unknown>([
		...(paymentsFirst ? readPayments(paymentRange) : []),
		async () => {
			openingBalances = await read('contact_opening_balances', {
				contact_type_id: ledger.contactType,
				attributes: [
					'contact,date,reference,total_amount,base_currency_total_amount,contact_opening_balance_type',
					...(query.details ? BALANCE_DETAIL_ATTRIBUTES : []),
				].join(','),
			});
			if (paymentsFirst) return;
			paymentsToTheDay = openingBalances.some(isDue);
			const range = paymentsToTheDay ? paymentRange : { from_date: addDays(asAt, 1) };
			for (const readType of readPayments(range)) await readType();
		},
		...(asAtToday
			? ledger.documents.map((kind, index) => async () => {
					const { open, later } = await openDocumentsOf(kind);
					documentLists[index] = open;
					laterLists[index] = later;
				})
			: []),
		async () => {
			allocationsRead = await read('contact_allocations', {
				transaction_type_id: ledger.allocationType,
				attributes: 'date,allocated_artefacts,created_at,updated_at',
			});
		},
	]);
	const allocationRecords = allocationsRead.map(settlingRecord);
	// As at today, likewise with a credit dated after it: every payment is read, not only those dated after the day.
	if (asAtToday && !paymentsToTheDay && laterLists.flat().some(({ kind }) => kind.credit !== false)) {
		payments.length = 0;
		await readAtOnce(readPayments(paymentRange));
		paymentsToTheDay = true;
	}

	// As at a past day, a kind the payments and allocations name many documents of: its documents open
	// now and those changed since X, read together (agedSince.ts); the others whole, as before; a kind
	// read in part whole again when the payments and allocations name one of it they cannot place.
	const partial = new Map<number, DocumentKind>();
	let since = Number.NaN;
	const wholeReads = (kinds: Iterable<[number, DocumentKind]>) =>
		[...kinds].map(([index, kind]) => async () => {
			documentLists[index] = listedAs(kind, await read(kind.path, owedQuery(kind)));
		});
	const readWhole = async (kinds: Iterable<[number, DocumentKind]>) => void (await readAtOnce(wholeReads(kinds)));
	const readInPart = async () => {
		const firstAfter = await apiRequestListPage.call(
			this,
			request('contact_payments', {
				from_date: addDays(asAt, 1),
				sort: 'created_at:asc',
				items_per_page: 1,
				attributes: 'created_at',
			}),
		);
		since = changedSince(asAt, allocationsRead, firstAfter.envelope.$items[0]) ?? Number.NaN;
		if (!Number.isFinite(since)) return await readWhole(partial);
		const lists = await apiRequestAllItemsTogether.call(
			this,
			[...partial.values()].flatMap((kind) => [
				...OPEN_STATUSES.map((status) => request(kind.path, { ...owedQuery(kind), status_id: status })),
				request(kind.path, { ...owedQuery(kind), updated_or_created_since: serviceDateTime(new Date(since)) }),
			]),
			scope.pace.concurrency,
		);
		[...partial.keys()].forEach((index, position) => {
			const byId = new Map<string, IDataObject>();
			const group = lists.slice(position * (OPEN_STATUSES.length + 1), (position + 1) * (OPEN_STATUSES.length + 1));
			for (const list of group) for (const document of list.body) byId.set(String(document.id), document);
			documentLists[index] = listedAs(ledger.documents[index], [...byId.values()]);
		});
	};
	if (!asAtToday) {
		const named = namedDocuments(namingRecordsOf(payments, allocationsRead, allocationRecords));
		ledger.documents.forEach((kind, index) => {
			if ((named.get(kind.path) ?? 0) > READ_IN_PART_OVER) partial.set(index, kind);
		});
		const whole = ledger.documents.flatMap((kind, index): Array<[number, DocumentKind]> =>
			partial.has(index) ? [] : [[index, kind]],
		);
		await readAtOnce<unknown>([...(partial.size > 0 ? [readInPart] : []), ...wholeReads(whole)]);
		if (!Number.isFinite(since)) partial.clear();
	}
	const readPartialWhole = async () => {
		await readWhole(partial);
		partial.clear();
	};

	// The day each artefact the payments and allocations may name was dated: as at a past day every
	// one dated up to the day was read (of a kind read in part, see placeUnread), so one not read was
	// dated after it; as at today those dated after it were read, so one not read was dated by then.
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
	const noteAll = () => {
		datedOn.clear();
		noteDates(documentLists);
		noteDates(laterLists);
		for (const balance of openingBalances) datedOn.set(String(balance.id), leadingDay(balance.date));
		notePayments();
	};
	noteAll();
	const madeByTheDay = (record: SettlingRecord) => (record.date ?? '') <= asAt;
	const partialPaths = () => new Set([...partial.values()].map((kind) => kind.path));
	const namingRecords = () => namingRecordsOf(payments, allocationsRead, allocationRecords);

	// Of a kind read in part, the documents the payments and allocations name that were not read:
	// those dated after the day entered before X (one page of them, in the order entered), and the
	// others each record written before X names, dated up to the day.
	const placedUnread = new Set<string>();
	const placeUnread = async (): Promise<boolean> => {
		const unread = unreadNamed(namingRecords(), (artefact) => datedOn.has(artefact), partialPaths(), since);
		if (unread.unplaceable) return false;
		const collections = [...new Set(unread.writtenBefore.values())];
		const ahead = await readAtOnce(
			collections.map((collection) => async () => {
				const { envelope } = await apiRequestListPage.call(
					this,
					request(collection, {
						from_date: addDays(asAt, 1),
						sort: 'created_at:asc',
						items_per_page: MAX_PAGE_SIZE,
						attributes: 'date,created_at',
					}),
				);
				return envelope;
			}),
		);
		if (ahead.some((page) => !holdsAllEnteredBefore(page.$items, page.$total, since))) return false;
		for (const page of ahead)
			for (const document of page.$items) datedOn.set(String(document.id), leadingDay(document.date));
		for (const artefact of unread.writtenBefore.keys()) {
			if (datedOn.has(artefact)) continue;
			datedOn.set(artefact, asAt);
			placedUnread.add(artefact);
		}
		return true;
	};
	if (partial.size > 0 && !(await placeUnread())) {
		await readPartialWhole();
		noteAll();
	}
	const paymentRecords = payments.map((payment) => payment.settling);
	const onTheDay = () => {
		const theDay: TheDay = {
			day: asAt,
			isLater: (artefact) => (datedOn.has(artefact) ? (datedOn.get(artefact) ?? '') > asAt : !asAtToday),
		};
		const counts = new Map(
			allocationRecords.map((allocation) => [allocation.id, allocationCounts(allocation, theDay)]),
		);
		return { theDay, counts, unsettled: unsettledOnTheDay(paymentRecords, theDay) };
	};
	let { theDay, counts, unsettled } = onTheDay();
	if (placedUnread.size > 0 && unsoundPlacing(placedUnread, allocationRecords, counts, unsettled, asAt)) {
		// A document not read was still owed on the day: its kind is read whole.
		await readPartialWhole();
		noteAll();
		({ theDay, counts, unsettled } = onTheDay());
	}

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
