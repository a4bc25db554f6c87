import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import type { OpenItem } from '../../reports/aging';
import { addDays, leadingDay } from '../../reports/calendar';
import { averageDaysLate, type ExpectedFlow, type PaidInvoice } from '../../reports/forecast';
import { toCents } from '../../reports/money';
import { BEFORE_EVERY_ENTRY } from '../../reports/period';
import { monthsBeforeEnd } from '../../reports/split';
import { apiRequestAllItems } from '../../transport';
import { LEDGERS, readAgedItems } from './agedReads';
import { readBalancesOf } from './ledger';

export type ExpectedDay = 'dueDate' | 'averageDaysLate';
export const EXPECTED_DAYS: readonly ExpectedDay[] = ['dueDate', 'averageDaysLate'];

/** Where each side's open items go, and the invoices its contacts' habits are read from. */
const SIDES = {
	debtors: { direction: 'receipt', invoices: 'sales_invoices' },
	creditors: { direction: 'payment', invoices: 'purchase_invoices' },
} as const;

/** The bank ledger accounts' balance at the end of the day (every entry, opening balances included): one list read. */
export async function readCashAt(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	day: string,
): Promise<{ cents: number; accounts: number }> {
	const range = { from: BEFORE_EVERY_ENTRY, to: day };
	const read = await readBalancesOf.call(this, parameters, business, [range], { ledger_account_type_id: 'BANK' });
	const accounts = read(range);
	return {
		cents: accounts.reduce((sum, account) => sum + account.debits - account.credits, 0),
		accounts: accounts.length,
	};
}

/**
 * The invoices of the side dated in the 12 months up to `asAt` and paid in full by then (status
 * PAID, their last payment or allocation dated on or before it): one list with their payments.
 */
async function readPaidInvoices(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	path: string,
	asAt: string,
): Promise<PaidInvoice[]> {
	const { body } = await apiRequestAllItems.call(this, {
		path: `/${path}`,
		qs: {
			status_id: 'PAID',
			// The 12 months up to 28 February 2025 are March 2024 to February 2025.
			from_date: addDays(monthsBeforeEnd(asAt, 12), 1),
			to_date: asAt,
			show_payments_allocations: true,
			attributes: 'contact,date,due_date,base_currency_total_amount,total_amount',
		},
		business,
		...parameters.requestScope(),
	});
	return body.flatMap((invoice): PaidInvoice[] => {
		const contactId = (invoice.contact as IDataObject | null | undefined)?.id;
		const due = leadingDay(invoice.due_date) ?? leadingDay(invoice.date);
		const paid = ((invoice.payments_allocations as IDataObject[] | null | undefined) ?? [])
			.map((entry) => leadingDay(entry.date))
			.reduce<string | null>((last, day) => (day !== null && (last === null || day > last) ? day : last), null);
		if (typeof contactId !== 'string' || due === null || paid === null || paid > asAt) return [];
		const cents = toCents(invoice.base_currency_total_amount) ?? toCents(invoice.total_amount) ?? 0;
		return [{ contactId, due, paid, cents }];
	});
}

/**
 * What each side had open at the end of `asAt`, counted as the aged reports count it (payments on
 * account included), as expected flows: an amount owed on its due date, or that moved by its
 * contact's average days late; a credit (credit note, money on account) on its own date.
 */
export async function readExpectedFlows(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	query: { asAt: string; today: string; expectedDay: ExpectedDay },
): Promise<ExpectedFlow[]> {
	const sideFlows = async (side: 'debtors' | 'creditors') => {
		const { direction, invoices } = SIDES[side];
		const [items, late] = await Promise.all([
			readAgedItems.call(this, parameters, business, {
				ledger: LEDGERS[side],
				asAt: query.asAt,
				today: query.today,
				ageBy: 'dueDate',
				includePaymentsOnAccount: true,
			}),
			query.expectedDay === 'averageDaysLate'
				? readPaidInvoices.call(this, parameters, business, invoices, query.asAt).then(averageDaysLate)
				: Promise.resolve(new Map<string, number>()),
		]);
		return items.map((item: OpenItem): ExpectedFlow => {
			const shift = item.amount > 0 && item.contactId !== null ? (late.get(item.contactId) ?? 0) : 0;
			return {
				direction,
				amount: item.amount,
				due: item.agedFrom,
				expected: item.agedFrom === null ? null : addDays(item.agedFrom, shift),
				label: item.label,
				contactId: item.contactId,
				contactName: item.contactName,
			};
		});
	};
	const [receipts, payments] = await Promise.all([sideFlows('debtors'), sideFlows('creditors')]);
	return [...receipts, ...payments];
}
