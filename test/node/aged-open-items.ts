import type { IDataObject } from 'n8n-workflow';

import type { ConnectedSandbox } from './connected-sandbox';
import { allRecords, cents, headersFor, type Business } from './report-books';

/**
 * Every item a contact had open at the end of a day, worked out here from the sandbox's records
 * read whole (never with the package's helpers): documents and opening balances less what was
 * settled of them; what receipts and refunds left on account less what was used of it; what a
 * payment made by the day paid against a document dated after it. A settlement counts on the day
 * when it is dated by then and, for an allocation, when everything it names existed by then.
 */

export type Side = 'debtors' | 'creditors';

export interface ExpectedItem {
	/** The document's, opening balance's or payment's id. */
	id: string;
	contact: string;
	date: string;
	dueDate: string | null;
	/** What was open at the end of the day in the business's currency, cents; a credit negative. */
	base: number;
	/** The same in the record's own currency. */
	outstanding: number;
	credit: boolean;
	currency: string;
}

const KINDS = {
	debtors: ['sales_invoices', 'sales_corrective_invoices', 'sales_credit_notes', 'sales_quick_entries'],
	creditors: ['purchase_invoices', 'purchase_corrective_invoices', 'purchase_credit_notes', 'purchase_quick_entries'],
};
const PAYMENT_TYPES = {
	debtors: {
		pays: 'CUSTOMER_RECEIPT',
		refunds: 'CUSTOMER_REFUND',
		allocates: 'CUSTOMER_ALLOCATION',
		contacts: 'CUSTOMER',
	},
	creditors: { pays: 'VENDOR_PAYMENT', refunds: 'VENDOR_REFUND', allocates: 'VENDOR_ALLOCATION', contacts: 'VENDOR' },
};

const idOf = (value: unknown) => (value as IDataObject | null | undefined)?.id as string | undefined;
/** At the record's own rate, rounded half away from zero once. */
const inBase = (open: number, total: number, baseTotal: number) =>
	open === total ? baseTotal : total === 0 ? 0 : Math.sign(open) * Math.round(Math.abs((open * baseTotal) / total));

/**
 * The records of the side, read whole once: every day's expectation is worked out from them. With
 * `contact`, only that contact's (what its payments and allocations name is its own).
 */
export async function readSideRecords(env: ConnectedSandbox, business: Business, side: Side, contact?: string) {
	const headers = headersFor(business);
	const only = contact ? `&contact_id=${contact}` : '';
	const types = PAYMENT_TYPES[side];
	const documents: Array<{ path: string; record: IDataObject; credit: boolean }> = [];
	for (const path of KINDS[side]) {
		for (const record of await allRecords(env, `/${path}?attributes=all${only}`, headers)) {
			const credit = path.endsWith('credit_notes') || idOf(record.quick_entry_type) === 'CREDIT_NOTE';
			documents.push({ path, record, credit });
		}
	}
	const balances = (await allRecords(env, `/contact_opening_balances?attributes=all${only}`, headers)).filter(
		(balance) => (idOf(balance.transaction_type) ?? '').startsWith(types.contacts),
	);
	const payments = (await allRecords(env, `/contact_payments?attributes=all${only}`, headers)).filter((payment) =>
		[types.pays, types.refunds].includes(idOf(payment.transaction_type) ?? ''),
	);
	const allocations = (await allRecords(env, `/contact_allocations?attributes=all${only}`, headers)).filter(
		(allocation) => idOf(allocation.transaction_type) === types.allocates,
	);
	const contacts = new Map(
		contact
			? []
			: (await allRecords(env, '/contacts?attributes=all', headers)).map((record) => [record.id as string, record]),
	);
	return { side, documents, balances, payments, allocations, contacts };
}

export type SideRecords = Awaited<ReturnType<typeof readSideRecords>>;

export function expectedOpenItems(records: SideRecords, day: string): ExpectedItem[] {
	const { documents, balances, payments, allocations } = records;
	const types = PAYMENT_TYPES[records.side];
	const dated = new Map<string, string>();
	for (const { record } of documents) dated.set(record.id as string, record.date as string);
	for (const balance of balances) dated.set(balance.id as string, balance.date as string);
	for (const payment of payments) {
		dated.set(payment.id as string, payment.date as string);
		const onAccount = payment.payment_on_account as IDataObject | null;
		if (onAccount) dated.set(onAccount.id as string, payment.date as string);
	}
	const existed = (artefact: string) => (dated.get(artefact) ?? '9999-12-31') <= day;
	const linesOf = (record: IDataObject) =>
		(record.allocated_artefacts as IDataObject[]).map((line) => ({
			artefact: idOf(line.artefact)!,
			amount: cents(line.amount),
			discount: cents(line.discount ?? 0),
		}));

	// What each artefact had been settled by at the end of the day, in its own currency.
	const settled = new Map<string, number>();
	const settle = (artefact: string, amount: number) => settled.set(artefact, (settled.get(artefact) ?? 0) + amount);
	/** What a payment made by the day paid against artefacts dated after it: on account on the day. */
	const paidAhead = new Map<string, number>();
	for (const payment of payments) {
		if ((payment.date as string) > day) continue;
		for (const line of linesOf(payment)) {
			if (existed(line.artefact)) settle(line.artefact, Math.abs(line.amount) + line.discount);
			else
				paidAhead.set(payment.id as string, (paidAhead.get(payment.id as string) ?? 0) + line.amount + line.discount);
		}
	}
	for (const allocation of allocations) {
		const lines = linesOf(allocation);
		if ((allocation.date as string) > day || !lines.every((line) => existed(line.artefact))) continue;
		for (const line of lines) settle(line.artefact, Math.abs(line.amount) + line.discount);
	}

	const items: ExpectedItem[] = [];
	const add = (item: ExpectedItem) => {
		if (item.base !== 0) items.push(item);
	};
	for (const { record, credit } of documents) {
		const status = idOf(record.status);
		if (status === 'VOID' || status === 'DRAFT' || (record.date as string) > day) continue;
		const total = cents(record.total_amount);
		const open = total - (settled.get(record.id as string) ?? 0);
		const sign = credit ? -1 : 1;
		add({
			id: record.id as string,
			contact: idOf(record.contact)!,
			date: record.date as string,
			dueDate: (record.due_date as string | null | undefined) ?? null,
			base: sign * inBase(open, total, cents(record.base_currency_total_amount)),
			outstanding: sign * open,
			credit,
			currency: idOf(record.currency)!,
		});
	}
	for (const balance of balances) {
		if ((balance.date as string) > day) continue;
		const credit = idOf(balance.contact_opening_balance_type) === 'CREDIT_NOTE';
		const total = cents(balance.total_amount);
		const open = total - (settled.get(balance.id as string) ?? 0);
		const sign = credit ? -1 : 1;
		add({
			id: balance.id as string,
			contact: idOf(balance.contact)!,
			date: balance.date as string,
			dueDate: null,
			base: sign * inBase(open, total, cents(balance.base_currency_total_amount ?? balance.total_amount)),
			outstanding: sign * open,
			credit,
			currency: idOf(balance.currency)!,
		});
	}
	for (const payment of payments) {
		if ((payment.date as string) > day) continue;
		// A receipt's money on account is the contact's credit; a refund's is owed.
		const sign = idOf(payment.transaction_type) === types.refunds ? 1 : -1;
		const onAccount = payment.payment_on_account as IDataObject | null;
		const own = { total: cents(payment.total_amount), base: cents(payment.base_currency_total_amount) };
		if (onAccount) {
			const total = cents(onAccount.total_amount);
			const open = total - (settled.get(onAccount.id as string) ?? 0) - (settled.get(payment.id as string) ?? 0);
			add({
				id: payment.id as string,
				contact: idOf(payment.contact)!,
				date: payment.date as string,
				dueDate: null,
				base: sign * inBase(open, total, cents(onAccount.base_currency_total_amount ?? onAccount.total_amount)),
				outstanding: sign * open,
				credit: sign < 0,
				currency: idOf(onAccount.currency ?? payment.currency)!,
			});
		}
		const ahead = paidAhead.get(payment.id as string) ?? 0;
		if (ahead)
			add({
				id: payment.id as string,
				contact: idOf(payment.contact)!,
				date: payment.date as string,
				dueDate: null,
				base: sign * inBase(ahead, own.total, own.base),
				outstanding: sign * ahead,
				credit: sign < 0,
				currency: idOf(payment.currency)!,
			});
	}
	return items;
}

/** The day `days` after `day` (before it when negative). */
export const plusDays = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to`. */
export const daysFrom = (from: string, to: string) =>
	Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The column an item that many days past its day falls in, the boundaries written out one by one. */
export function columnFor(daysPast: number, days: number, count: number): string {
	if (daysPast < 1) return 'current';
	for (let period = 1; period <= count; period++) {
		const first = (period - 1) * days + 1;
		const last = period * days;
		if (daysPast >= first && daysPast <= last) return `days_${first}_${last}`;
	}
	return `days_over_${count * days}`;
}
