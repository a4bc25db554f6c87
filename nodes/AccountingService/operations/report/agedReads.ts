import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { runItems } from '../../actions/itemRunner';
import type { ParameterReader } from '../../actions/parameters';
import type { OpenItem } from '../../reports/aging';
import { leadingDay } from '../../reports/calendar';
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

const idOf = (reference: unknown) => {
	const id = (reference as IDataObject | null | undefined)?.id;
	return typeof id === 'string' ? id : null;
};
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
const centsOf = (value: unknown) => toCents(value) ?? 0;

/** A document's open amount in base currency, positive when owed; credits age from their own date. */
function documentItem(kind: DocumentKind, document: IDataObject): OpenItem {
	const credit = kind.credit === 'byQuickEntryType' ? idOf(document.quick_entry_type) === 'CREDIT_NOTE' : kind.credit;
	const cents = centsOf(document.base_currency_outstanding_amount);
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
	const cents = centsOf(onAccount?.base_currency_outstanding_amount);
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

/**
 * Every open item of the ledger dated on or before `asAt`, several lists read at once: one per
 * document kind and open status, the contacts' opening balances, and the payments and allocations
 * that settle those balances (whose unallocated part is a payment on account).
 */
export async function readOpenItems(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	ledger: Ledger,
	asAt: string,
	includePaymentsOnAccount: boolean,
): Promise<OpenItem[]> {
	const scope = parameters.requestScope();
	const read = async (path: string, qs: IDataObject) =>
		(await apiRequestAllItems.call(this, { path: `/${path}`, qs, business, ...scope })).body;
	const documentReads = ledger.documents.flatMap((kind) =>
		OPEN_STATUSES.map((status) => async () => {
			const attributes = [
				'contact',
				'contact_name',
				'date',
				'due_date',
				'base_currency_outstanding_amount',
				...(kind.credit === 'byQuickEntryType' ? ['quick_entry_type'] : []),
			];
			const documents = await read(kind.path, { status_id: status, attributes: attributes.join(','), to_date: asAt });
			return documents.map((document) => documentItem(kind, document));
		}),
	);
	let openingBalances: IDataObject[] = [];
	const payments: IDataObject[] = [];
	let allocations: IDataObject[] = [];
	const otherReads: Array<() => Promise<OpenItem[]>> = [
		async () => {
			openingBalances = await read('contact_opening_balances', {
				contact_type_id: ledger.contactType,
				attributes: 'contact,date,reference,total_amount,base_currency_total_amount,contact_opening_balance_type',
			});
			return [];
		},
		...ledger.settlingPaymentTypes.map((type) => async () => {
			const listed = await read('contact_payments', {
				transaction_type_id: type,
				to_date: asAt,
				attributes: 'contact,date,payment_on_account,allocated_artefacts',
			});
			payments.push(...listed);
			return includePaymentsOnAccount && type === ledger.paymentType
				? listed.flatMap((payment) => paymentOnAccountItem(payment) ?? [])
				: [];
		}),
		async () => {
			allocations = await read('contact_allocations', { attributes: 'date,allocated_artefacts' });
			return [];
		},
	];
	const reads = [...documentReads, ...otherReads];
	const outcomes = await runItems({
		count: reads.length,
		concurrency: scope.pace.concurrency,
		run: async (index) => await reads[index](),
		stopOnFailure: true,
	});
	const failure = outcomes.find((outcome) => outcome && !outcome.ok);
	if (failure && !failure.ok) throw failure.error;
	const settlements = settlementsByArtefact([...payments, ...allocations]);
	const balances = openingBalances
		.filter((balance) => (leadingDay(balance.date) ?? '') <= asAt)
		.map((balance) => openingBalanceItem(balance, settlements, asAt));
	return [...outcomes.flatMap((outcome) => (outcome?.ok ? outcome.value : [])), ...balances];
}
