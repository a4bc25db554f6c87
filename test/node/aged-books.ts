import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../nodes/AccountingService/state';
import { VirtualClock } from '../harness/virtual-clock';
import type { ConnectedSandbox } from './connected-sandbox';
import { allRecords, cents, postDirect } from './report-books';

/**
 * Books written for the aged reports' cases, on either side, straight to the service (not through
 * the node): contacts, invoices, credit notes, opening balances, payments (on account or not),
 * refunds and allocations, each dated as the case says; and what the ledger says each contact owed
 * at the end of a day, read from the ledger entries of the control account, never with the
 * package's helpers.
 */

export type Side = 'debtors' | 'creditors';

const SIDE_RULES = {
	debtors: {
		contactType: 'CUSTOMER',
		operation: 'agedDebtors',
		invoice: ['sales_invoices', 'sales_invoice'],
		creditNote: ['sales_credit_notes', 'sales_credit_note'],
		lineAccountType: 'SALES',
		payment: 'CUSTOMER_RECEIPT',
		refund: 'CUSTOMER_REFUND',
		allocation: 'CUSTOMER_ALLOCATION',
		control: 'SALES_LEDGER_CONTROL',
		// What a customer owes is a debit on the debtors control account.
		sign: 1,
	},
	creditors: {
		contactType: 'VENDOR',
		operation: 'agedCreditors',
		invoice: ['purchase_invoices', 'purchase_invoice'],
		creditNote: ['purchase_credit_notes', 'purchase_credit_note'],
		lineAccountType: 'DIRECT_EXPENSES',
		payment: 'VENDOR_PAYMENT',
		refund: 'VENDOR_REFUND',
		allocation: 'VENDOR_ALLOCATION',
		control: 'PURCHASE_LEDGER_CONTROL',
		// What the business owes a supplier is a credit on the creditors control account.
		sign: -1,
	},
} as const;

export interface Line {
	artefact_id: string;
	amount: number;
	discount?: number;
}

export function agedBooks(env: ConnectedSandbox, side: Side) {
	const rules = SIDE_RULES[side];
	let contacts = 0;
	const accountIds = new Map<string, string>();
	const accountOf = async (key: string, find: (account: IDataObject) => boolean) => {
		if (!accountIds.has(key)) {
			const accounts = await allRecords(env, '/ledger_accounts?attributes=ledger_account_type,control_name', {});
			accountIds.set(key, accounts.find(find)!.id as string);
		}
		return accountIds.get(key)!;
	};
	const lineAccount = () =>
		accountOf(
			rules.lineAccountType,
			(account) => (account.ledger_account_type as IDataObject).id === rules.lineAccountType,
		);
	const controlAccount = () => accountOf(rules.control, (account) => account.control_name === rules.control);
	let bank: string | undefined;
	const bankAccount = async () => (bank ??= (await allRecords(env, '/bank_accounts', {}))[0].id as string);

	const document = async (
		kind: 'invoice' | 'creditNote',
		contact: string,
		date: string,
		amount: number,
		dueDate?: string,
	) => {
		const [path, wrapper] = rules[kind];
		const lines = kind === 'invoice' ? 'invoice_lines' : 'credit_note_lines';
		return (
			await postDirect(env, `/${path}`, {
				[wrapper]: {
					contact_id: contact,
					date,
					...(dueDate ? { due_date: dueDate } : {}),
					[lines]: [
						{
							description: 'Work',
							ledger_account_id: await lineAccount(),
							quantity: 1,
							unit_price: amount,
							tax_amount: 0,
						},
					],
				},
			})
		).id as string;
	};

	/** A receipt (a supplier payment) or, with `refund`, a refund: its lines and what it leaves on account. */
	const payment = async (contact: string, date: string, lines: Line[], onAccount = 0, refund = false) =>
		await postDirect(env, '/contact_payments', {
			contact_payment: {
				transaction_type_id: refund ? rules.refund : rules.payment,
				contact_id: contact,
				bank_account_id: await bankAccount(),
				date,
				total_amount: Math.round(lines.reduce((sum, line) => sum + line.amount * 100, 0) + onAccount * 100) / 100,
				allocated_artefacts: lines,
				...(onAccount ? { payment_on_account: { total_amount: onAccount } } : {}),
			},
		});

	/** The control account's live ledger entries up to the end of the day. */
	const controlEntries = async (day: string) =>
		await allRecords(
			env,
			`/ledger_entries?ledger_account_id=${await controlAccount()}&to_date=${day}&attributes=date,debit,credit,contact,deleted`,
			{},
		);

	return {
		side,
		operation: rules.operation,
		invoicePath: rules.invoice[0],
		async contact() {
			return (
				await postDirect(env, '/contacts', {
					contact: { name: `Aged ${side} ${++contacts}`, contact_type_ids: [rules.contactType] },
				})
			).id as string;
		},
		invoice: (contact: string, date: string, amount: number, dueDate?: string) =>
			document('invoice', contact, date, amount, dueDate),
		creditNote: (contact: string, date: string, amount: number) => document('creditNote', contact, date, amount),
		openingBalance: async (contact: string, date: string, amount: number, credit = false) =>
			(
				await postDirect(env, '/contact_opening_balances', {
					contact_opening_balance: {
						transaction_type_id: `${rules.contactType}_OPENING_BALANCE_${credit ? 'CREDIT_NOTE' : 'INVOICE'}`,
						contact_opening_balance_type_id: credit ? 'CREDIT_NOTE' : 'INVOICE',
						contact_id: contact,
						date,
						reference: `OB ${date}`,
						total_amount: amount,
					},
				})
			).id as string,
		payment,
		refund: (contact: string, date: string, lines: Line[], onAccount = 0) =>
			payment(contact, date, lines, onAccount, true),
		allocation: async (contact: string, date: string, lines: Array<{ artefact_id: string; amount: number }>) =>
			await postDirect(env, '/contact_allocations', {
				contact_allocation: {
					transaction_type_id: rules.allocation,
					contact_id: contact,
					date,
					allocated_artefacts: lines,
				},
			}),

		/** What the ledger says as at the end of the day (ledgerOn). */
		ledgerAsAt: async (day: string) => ledgerOn(await controlEntries(day), day, side),
		controlEntries,

		/** The report as at the day: each contact's total and the total row, in cents. */
		async reportAsAt(asAt: string, extra: INodeParameters = {}) {
			const result = await env.runNode({
				resource: 'report',
				operation: rules.operation,
				reportDate: 'custom',
				asAt,
				...extra,
			});
			expect(result.error).toBeUndefined();
			const rows = result.json('Accounting Service');
			const byContact = new Map(
				rows.filter((row) => row.row_type === 'contact').map((row) => [row.contact_id as string, cents(row.total)]),
			);
			const total = cents(rows.find((row) => row.row_type === 'total')!.total);
			return { byContact, total, rows };
		},

		/** The summary as at the day: its total, the control account's balance and the difference, in cents. */
		async summaryAsAt(asAt: string) {
			const result = await env.runNode({
				resource: 'report',
				operation: rules.operation,
				reportDate: 'custom',
				asAt,
				output: 'summary',
			});
			expect(result.error).toBeUndefined();
			const [summary] = result.json('Accounting Service');
			return {
				total: cents(summary.total),
				control: cents(summary.control_account_balance),
				difference: cents(summary.difference),
			};
		},
	};
}

export type AgedBooks = ReturnType<typeof agedBooks>;

export const SIDES: Side[] = ['debtors', 'creditors'];

/**
 * Both sides' books for the tests of a file, once its sandbox is up; after each test the package's
 * clock is real time again (a test may have set "today" with `runOn`).
 */
export function useAgedBooks(env: ConnectedSandbox): Map<Side, AgedBooks> {
	const books = new Map<Side, AgedBooks>();
	beforeAll(() => {
		for (const side of SIDES) books.set(side, agedBooks(env, side));
	});
	afterEach(() => useClock(new VirtualClock(() => Date.now())));
	return books;
}

/** The package's clock on a day, so that "today" is that day. */
export const runOn = (day: string) => useClock(new VirtualClock(() => Date.parse(`${day}T16:00:00Z`)));

/**
 * The contact's figure on the report and on the ledger as at the day, and the report's total less
 * the control account's balance on the ledger (what the summary's difference says).
 */
export async function reportBesideLedger(b: AgedBooks, contact: string, day: string) {
	const ledger = await b.ledgerAsAt(day);
	const report = await b.reportAsAt(day);
	return {
		report: report.byContact.get(contact) ?? 0,
		ledger: ledger.byContact.get(contact) ?? 0,
		difference: ledger.control - report.total,
	};
}

/**
 * What the control account's entries say as at the end of the day, in cents, positive when owed
 * (to the business for customers, by it for suppliers): the account's balance and each contact's part.
 */
export function ledgerOn(entries: readonly IDataObject[], day: string, side: Side) {
	const byContact = new Map<string, number>();
	let control = 0;
	for (const entry of entries) {
		if (entry.deleted === true || (entry.date as string) > day) continue;
		const owed = SIDE_RULES[side].sign * (cents(entry.debit) - cents(entry.credit));
		control += owed;
		const contact = (entry.contact as IDataObject | null)?.id as string | undefined;
		if (contact) byContact.set(contact, (byContact.get(contact) ?? 0) + owed);
	}
	return { control, byContact };
}
