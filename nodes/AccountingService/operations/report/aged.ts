import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import { runItems } from '../../actions/itemRunner';
import type { ParameterReader } from '../../actions/parameters';
import { ageItems, type OpenItem } from '../../reports/aging';
import { leadingDay } from '../../reports/calendar';
import { toCents } from '../../reports/money';
import { apiRequestAllItems } from '../../transport';
import { resourceOperation } from '../define';
import { readBooks, todayOf } from './books';
import { readAsAt } from './days';
import { agedRows, agedSummary, reportItems, reportOutputOf } from './items';
import { asAtProperties, paymentsOnAccountProperty, reportOutputProperty } from './properties';

/** A kind of document that can be owed: where it is listed, and whether it owes or credits. */
interface DocumentKind {
	path: string;
	label: string;
	/** Credit notes subtract and age from their own date; quick entries say which they are. */
	credit: boolean | 'byQuickEntryType';
}

interface Ledger {
	documents: DocumentKind[];
	/** The payments whose unallocated part (a payment on account) counts against the balance. */
	paymentType: string;
}

const LEDGERS: Record<'debtors' | 'creditors', Ledger> = {
	debtors: {
		documents: [
			{ path: 'sales_invoices', label: 'Sales Invoice', credit: false },
			{ path: 'sales_corrective_invoices', label: 'Sales Corrective Invoice', credit: false },
			{ path: 'sales_credit_notes', label: 'Sales Credit Note', credit: true },
			{ path: 'sales_quick_entries', label: 'Sales Quick Entry', credit: 'byQuickEntryType' },
		],
		paymentType: 'CUSTOMER_RECEIPT',
	},
	creditors: {
		documents: [
			{ path: 'purchase_invoices', label: 'Purchase Invoice', credit: false },
			{ path: 'purchase_corrective_invoices', label: 'Purchase Corrective Invoice', credit: false },
			{ path: 'purchase_credit_notes', label: 'Purchase Credit Note', credit: true },
			{ path: 'purchase_quick_entries', label: 'Purchase Quick Entry', credit: 'byQuickEntryType' },
		],
		paymentType: 'VENDOR_PAYMENT',
	},
};

/** The statuses of a document with money still open: void and draft ones owe nothing. */
const OPEN_STATUSES = ['UNPAID', 'PART_PAID', 'DISPUTED'];

const idOf = (reference: unknown) => {
	const id = (reference as IDataObject | null | undefined)?.id;
	return typeof id === 'string' ? id : null;
};
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A document's open amount in base currency, positive when owed; credits age from their own date. */
function documentItem(kind: DocumentKind, document: IDataObject): OpenItem {
	const credit = kind.credit === 'byQuickEntryType' ? idOf(document.quick_entry_type) === 'CREDIT_NOTE' : kind.credit;
	const cents = toCents(document.base_currency_outstanding_amount) ?? 0;
	return {
		contactId: idOf(document.contact),
		contactName: textOf(document.contact_name) ?? textOf((document.contact as IDataObject | undefined)?.displayed_as),
		agedFrom: credit ? leadingDay(document.date) : (leadingDay(document.due_date) ?? leadingDay(document.date)),
		amount: credit ? -cents : cents,
		label: `${kind.label} ${textOf(document.displayed_as) ?? String(document.id)}`,
	};
}

/** A payment's unallocated part counts against the contact from the payment's date. */
function paymentOnAccountItem(payment: IDataObject): OpenItem | undefined {
	const onAccount = payment.payment_on_account as IDataObject | null | undefined;
	const cents = toCents(onAccount?.base_currency_outstanding_amount) ?? 0;
	if (!onAccount || cents === 0) return undefined;
	const contact = (onAccount.contact ?? payment.contact) as IDataObject | undefined;
	return {
		contactId: idOf(contact),
		contactName: textOf(onAccount.contact_name) ?? textOf(contact?.displayed_as),
		agedFrom: leadingDay(onAccount.date) ?? leadingDay(payment.date),
		amount: -cents,
		label: `Payment on account ${textOf(payment.displayed_as) ?? String(payment.id)}`,
	};
}

/**
 * Every open item of the ledger dated on or before `asAt`: one list read per document kind and
 * open status (⌈documents / 200⌉ requests each), and the payments when they count, several at once.
 */
async function readOpenItems(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	ledger: Ledger,
	asAt: string,
	includePaymentsOnAccount: boolean,
): Promise<OpenItem[]> {
	const scope = parameters.requestScope();
	const read = async (path: string, qs: IDataObject) =>
		(await apiRequestAllItems.call(this, { path: `/${path}`, qs: { ...qs, to_date: asAt }, business, ...scope })).body;
	const reads: Array<() => Promise<OpenItem[]>> = ledger.documents.flatMap((kind) =>
		OPEN_STATUSES.map((status) => async () => {
			const attributes = [
				'contact',
				'contact_name',
				'date',
				'due_date',
				'base_currency_outstanding_amount',
				...(kind.credit === 'byQuickEntryType' ? ['quick_entry_type'] : []),
			];
			const documents = await read(kind.path, { status_id: status, attributes: attributes.join(',') });
			return documents.map((document) => documentItem(kind, document));
		}),
	);
	if (includePaymentsOnAccount) {
		reads.push(async () => {
			const payments = await read('contact_payments', {
				transaction_type_id: ledger.paymentType,
				attributes: 'contact,date,payment_on_account',
			});
			return payments.flatMap((payment) => paymentOnAccountItem(payment) ?? []);
		});
	}
	const outcomes = await runItems({
		count: reads.length,
		concurrency: scope.pace.concurrency,
		run: async (index) => await reads[index](),
		stopOnFailure: true,
	});
	const failure = outcomes.find((outcome) => outcome && !outcome.ok);
	if (failure && !failure.ok) throw failure.error;
	return outcomes.flatMap((outcome) => (outcome?.ok ? outcome.value : []));
}

const agedReport = (side: 'debtors' | 'creditors') =>
	resourceOperation({
		resource: 'report',
		value: side === 'debtors' ? 'agedDebtors' : 'agedCreditors',
		acrossBusinesses: true,
		option:
			side === 'debtors'
				? {
						name: 'Aged Debtors',
						description:
							'Aged debtors of the business as at a date: what each customer owes, by how long it is past due (current, 1–30, 31–60, 61–90, over 90 days)',
						action: 'Aged debtors as at a date: what each customer owes, how overdue',
					}
				: {
						name: 'Aged Creditors',
						description:
							'Aged creditors of the business as at a date: what the business owes each supplier, by how long it is past due (current, 1–30, 31–60, 61–90, over 90 days)',
						action: 'Aged creditors as at a date: what we owe each supplier, how overdue',
					},
		properties: [
			...asAtProperties,
			paymentsOnAccountProperty(side === 'debtors' ? 'customers' : 'suppliers'),
			reportOutputProperty,
		],
		async execute(parameters) {
			const days = readAsAt(parameters);
			const output = reportOutputOf(parameters);
			const includePayments = parameters.flag('includePaymentsOnAccount', 'Include Payments on Account', true);
			return await acrossBusinesses.call(this, parameters, async (business) => {
				const books = await readBooks.call(this, parameters, business);
				const asAt = days.settle(books, todayOf(this));
				const items = await readOpenItems.call(this, parameters, business, LEDGERS[side], asAt, includePayments);
				const report = ageItems(items, asAt);
				return reportItems(this, output, agedSummary(report, asAt, books.currency), agedRows(report, asAt));
			});
		},
	});

export const agedDebtors = agedReport('debtors');
export const agedCreditors = agedReport('creditors');
