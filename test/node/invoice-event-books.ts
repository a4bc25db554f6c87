import type { IDataObject, INodeParameters, IWorkflowSettings } from 'n8n-workflow';

import { Poller, accountingServiceTriggerNode } from '../harness';
import { writeDirect } from './direct-writes';
import { allRecords, cents, postDirect } from './report-books';
import { renewElsewhere } from './token-renewal';
import type { TriggerSandbox } from './trigger-sandbox';

/**
 * What the invoice events' tests write and read, straight at the service (not through the node):
 * contacts, invoices with their due dates, payments in part or in full, a payment deleted, an
 * invoice voided or its due date moved; and each invoice's state as the service holds it, which
 * the tests judge by the rule the docs state (docs/trigger.md), in their own words.
 */

export type Side = 'sales' | 'purchase';

const SIDES = {
	sales: {
		resource: 'salesInvoice',
		path: 'sales_invoices',
		wrapper: 'sales_invoice',
		contactType: 'CUSTOMER',
		payment: 'CUSTOMER_RECEIPT',
		lineAccountType: 'SALES',
	},
	purchase: {
		resource: 'purchaseInvoice',
		path: 'purchase_invoices',
		wrapper: 'purchase_invoice',
		contactType: 'VENDOR',
		payment: 'VENDOR_PAYMENT',
		lineAccountType: 'DIRECT_EXPENSES',
	},
} as const;

/** An invoice as the service holds it now, for the rule. */
export interface HeldInvoice {
	id: string;
	status: string;
	outstanding: number;
	due: string;
}

/** The books of one side of one business (the lead unless `businessId`). */
export function invoiceBooks(env: TriggerSandbox, side: Side, businessId?: string) {
	const rules = SIDES[side];
	const headers: Record<string, string> = businessId ? { 'X-Business': businessId } : {};
	let lineAccount: string | undefined;
	let bank: string | undefined;
	let contacts = 0;

	const post = async (path: string, body: IDataObject) => await postDirect(env, path, body, headers);

	async function invoice(contact: string, date: string, due: string, amount: number): Promise<string> {
		lineAccount ??= (await allRecords(env, '/ledger_accounts?attributes=ledger_account_type', headers)).find(
			(account) => (account.ledger_account_type as IDataObject).id === rules.lineAccountType,
		)!.id as string;
		const line = {
			description: 'Work',
			ledger_account_id: lineAccount,
			quantity: 1,
			unit_price: amount,
			tax_amount: 0,
		};
		const body = { contact_id: contact, date, due_date: due, invoice_lines: [line] };
		return (await post(`/${rules.path}`, { [rules.wrapper]: body })).id as string;
	}

	async function pay(contact: string, invoiceId: string, amount: number, date: string): Promise<string> {
		bank ??= (await allRecords(env, '/bank_accounts', headers))[0].id as string;
		const payment = {
			transaction_type_id: rules.payment,
			contact_id: contact,
			bank_account_id: bank,
			date,
			total_amount: amount,
			allocated_artefacts: [{ artefact_id: invoiceId, amount }],
		};
		return (await post('/contact_payments', { contact_payment: payment })).id as string;
	}

	const direct = async (method: 'PUT' | 'DELETE', path: string, body?: IDataObject) => {
		const answer = await writeDirect(env, method, path, body, headers);
		if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
		return answer.body;
	};

	return {
		side,
		resource: rules.resource,
		path: rules.path,
		async contact() {
			const contact = { name: `Chased ${side} ${++contacts}`, contact_type_ids: [rules.contactType] };
			return (await post('/contacts', { contact })).id as string;
		},
		invoice,
		pay,
		deletePayment: async (id: string) => await direct('DELETE', `/contact_payments/${id}`),
		voidInvoice: async (id: string) =>
			await direct('DELETE', `/${rules.path}/${id}?void_reason=${encodeURIComponent('Raised in error')}`),
		moveDue: async (id: string, due: string) =>
			await direct('PUT', `/${rules.path}/${id}`, { [rules.wrapper]: { due_date: due } }),

		/** Every invoice of the side as the service holds it now. */
		async held(): Promise<Map<string, HeldInvoice>> {
			const records = await allRecords(env, `/${rules.path}?attributes=status,outstanding_amount,due_date`, headers);
			return new Map(
				records.map((record) => [
					record.id as string,
					{
						id: record.id as string,
						status: (record.status as IDataObject).id as string,
						outstanding: cents(record.outstanding_amount),
						due: String(record.due_date),
					},
				]),
			);
		},
	};
}

export type InvoiceBooks = ReturnType<typeof invoiceBooks>;

/** Paid in full, as the docs say: PAID with nothing outstanding. */
export const paidInFull = (invoice: HeldInvoice | undefined) =>
	invoice !== undefined && invoice.status === 'PAID' && invoice.outstanding === 0;

/** Past due on the business's day, as the docs say: owing something, due before the day. */
export const pastDueOn = (invoice: HeldInvoice | undefined, day: string) =>
	invoice !== undefined &&
	['UNPAID', 'PART_PAID', 'DISPUTED'].includes(invoice.status) &&
	invoice.outstanding > 0 &&
	invoice.due < day;

/**
 * The service's clock moved on by `seconds`, the stored tokens renewed when that is longer than
 * an access token lives (the tests' own writes use them; the node renews its own as usual).
 */
export async function passTime(env: TriggerSandbox, seconds: number): Promise<void> {
	env.clock.advance(seconds);
	if (seconds < 240) return;
	const stored = env.store.oauthTokenData(env.credential.id);
	env.store.writeOauthTokenData(env.credential.id, await renewElsewhere(env, stored));
}

/** The trigger watching invoice events, polled as n8n polls it, in a workflow time zone. */
export function invoiceEventPoller(
	env: TriggerSandbox,
	parameters: INodeParameters,
	options: { timezone?: string; staticData?: string } = {},
): Poller {
	const settings: IWorkflowSettings = { timezone: options.timezone ?? 'UTC' };
	return new Poller(
		env.store,
		accountingServiceTriggerNode(env.credential, { resource: 'salesInvoice', output: 'raw', ...parameters }),
		{ staticData: options.staticData, settings },
	);
}

/** A calendar day in a time zone, computed here with the platform's own formatter. */
export function dayInZone(moment: number, timeZone: string): string {
	const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
		.formatToParts(new Date(moment))
		.reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
	return `${parts.year}-${parts.month}-${parts.day}`;
}
