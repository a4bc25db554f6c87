import fc from 'fast-check';
import { request } from 'undici';
import type { IDataObject } from 'n8n-workflow';

import type { AgedBooks } from './aged-books';
import type { ConnectedSandbox } from './connected-sandbox';

/**
 * Random histories of one customer for the aged reports as at a past day D, each step entered
 * either by the end of D or after it (the sandbox's clock moved past D in between): invoices and
 * credit notes, payments (dated ahead of D though entered by it, or backdated and entered late),
 * allocations, and after D deletions of payments, voids of unpaid invoices and payments moved to
 * another date.
 */

export type Step =
	| { t: 'invoice'; offset: number; cents: number }
	| { t: 'credit'; offset: number; cents: number }
	| { t: 'pay'; offset: number; pick: number; share: number; onAccount: number }
	| { t: 'allocate'; offset: number; owed: number; credit: number; share: number }
	| { t: 'deletePayment'; pick: number }
	| { t: 'void'; pick: number }
	| { t: 'redate'; pick: number; offset: number };

/** Days from D: mostly before it, some after. */
const offset = fc.integer({ min: -25, max: 12 });
const cents = fc.integer({ min: 100, max: 50_000 });
export const step: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 3, arbitrary: fc.record({ t: fc.constant('invoice' as const), offset, cents }) },
	fc.record({ t: fc.constant('credit' as const), offset, cents }),
	{
		weight: 3,
		arbitrary: fc.record({
			t: fc.constant('pay' as const),
			offset,
			pick: fc.nat(),
			share: fc.integer({ min: 1, max: 100 }),
			onAccount: fc.oneof(fc.constant(0), cents),
		}),
	},
	fc.record({
		t: fc.constant('allocate' as const),
		offset,
		owed: fc.nat(),
		credit: fc.nat(),
		share: fc.integer({ min: 1, max: 100 }),
	}),
	fc.record({ t: fc.constant('deletePayment' as const), pick: fc.nat() }),
	fc.record({ t: fc.constant('void' as const), pick: fc.nat() }),
	fc.record({ t: fc.constant('redate' as const), pick: fc.nat(), offset }),
);

interface Open {
	id: string;
	owed: boolean;
	open: number;
	/** Never paid or allocated: it may be voided. */
	untouched: boolean;
}

/** A payment written; its money on account is never used here, so the sandbox lets it be deleted or edited. */
interface Written {
	id: string;
	gone: boolean;
}

const decimal = (amount: number) => amount / 100;
export const dayFrom = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One request straight to the sandbox with the credential's token (not through the node). */
async function direct(env: ConnectedSandbox, method: 'PUT' | 'DELETE', path: string, body?: IDataObject) {
	const token = (env.store.oauthTokenData(env.credential.id) as IDataObject).access_token as string;
	const response = await request(`${env.urls.baseUrl}${path}`, {
		method,
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
		...(body ? { body: JSON.stringify(body) } : {}),
	});
	const text = await response.body.text();
	if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
}

/**
 * Writes the steps for a new contact of the debtors' books, dated from `day`: what cannot be
 * written as drawn (nothing open to pay, nothing to delete) is skipped. The writer it returns
 * keeps what was written from one phase to the next.
 */
export function enteredBooks(env: ConnectedSandbox, b: AgedBooks, contact: string, day: string) {
	const opens: Open[] = [];
	const payments: Written[] = [];
	const pick = <T>(list: T[], index: number) => (list.length ? list[index % list.length] : undefined);
	return async (steps: Step[]) => {
		for (const s of steps) {
			if (s.t === 'invoice' || s.t === 'credit') {
				const date = dayFrom(day, s.offset);
				const id =
					s.t === 'invoice'
						? await b.invoice(contact, date, decimal(s.cents), date)
						: await b.creditNote(contact, date, decimal(s.cents));
				opens.push({ id, owed: s.t === 'invoice', open: s.cents, untouched: true });
			} else if (s.t === 'pay') {
				const target = pick(
					opens.filter((open) => open.owed && open.open > 0),
					s.pick,
				);
				if (!target && !s.onAccount) continue;
				const paid = target ? Math.max(1, Math.floor((target.open * s.share) / 100)) : 0;
				const lines = target ? [{ artefact_id: target.id, amount: decimal(paid) }] : [];
				const payment = await b.payment(contact, dayFrom(day, s.offset), lines, decimal(s.onAccount));
				if (target) Object.assign(target, { open: target.open - paid, untouched: false });
				payments.push({ id: payment.id as string, gone: false });
			} else if (s.t === 'allocate') {
				const owed = pick(
					opens.filter((open) => open.owed && open.open > 0),
					s.owed,
				);
				const credit = pick(
					opens.filter((open) => !open.owed && open.open > 0),
					s.credit,
				);
				if (!owed || !credit) continue;
				const amount = Math.max(1, Math.floor((Math.min(owed.open, credit.open) * s.share) / 100));
				await b.allocation(contact, dayFrom(day, s.offset), [
					{ artefact_id: owed.id, amount: decimal(amount) },
					{ artefact_id: credit.id, amount: -decimal(amount) },
				]);
				for (const open of [owed, credit]) Object.assign(open, { open: open.open - amount, untouched: false });
			} else if (s.t === 'deletePayment' || s.t === 'redate') {
				const payment = pick(
					payments.filter((written) => !written.gone),
					s.pick,
				);
				if (!payment) continue;
				if (s.t === 'deletePayment') {
					await direct(env, 'DELETE', `/contact_payments/${payment.id}`);
					// What it paid is open again, but which of the documents is not tracked: none is paid again.
					payment.gone = true;
				} else {
					await direct(env, 'PUT', `/contact_payments/${payment.id}`, {
						contact_payment: { date: dayFrom(day, s.offset) },
					});
				}
			} else {
				const invoice = pick(
					opens.filter((open) => open.owed && open.untouched),
					s.pick,
				);
				if (!invoice) continue;
				await direct(env, 'DELETE', `/${b.invoicePath}/${invoice.id}?void_reason=Entered%20in%20error`);
				Object.assign(invoice, { open: 0, untouched: false });
			}
		}
	};
}
