import fc from 'fast-check';

import type { ConnectedSandbox } from './connected-sandbox';
import type { AgedBooks, Line } from './aged-books';
import { businessesOf } from './report-books';

/**
 * Random books for the aged reports (fast-check): what a contact's history may hold, drawn as
 * intents, and how they are written to the sandbox (invoices and credit notes, opening balances,
 * part payments with discounts, payments dated before or after what they pay, money on account
 * later allocated or refunded, refunds, allocations, a foreign-currency invoice).
 */

export const WINDOW_START = Date.UTC(2025, 4, 1);
export const dayOf = (offset: number, from = WINDOW_START) =>
	new Date(from + offset * 86_400_000).toISOString().slice(0, 10);
/** Days of the books' window, 1 May to 31 August 2025. */
export const windowDay = fc.integer({ min: 0, max: 122 }).map((offset) => dayOf(offset));
export const FIXED_DAYS = [
	'2023-06-30',
	'2023-07-01',
	'2024-02-29',
	'2025-05-31',
	'2025-06-30',
	'2025-07-31',
	'2025-08-31',
];
/** Another day to report as at: a day of the books' window, or one of the fixed days. */
export const otherDay = fc.oneof(windowDay, fc.constantFrom(...FIXED_DAYS));
/** Aging periods as a user may choose them: their length in days and their number. */
export const agingPeriods = fc.record({
	agingPeriodDays: fc.integer({ min: 1, max: 60 }),
	agingPeriods: fc.integer({ min: 1, max: 6 }),
});
const amount = fc.integer({ min: 100, max: 50_000 });
const share = fc.integer({ min: 1, max: 100 });

export type Intent =
	| { t: 'invoice'; day: string; cents: number; dueIn: number; foreign: boolean }
	| { t: 'credit'; day: string; cents: number }
	| { t: 'opening'; day: string; cents: number; credit: boolean }
	| { t: 'pay'; day: string; targets: Array<{ pick: number; share: number; discount: boolean }>; onAccount: number }
	| { t: 'refund'; day: string; pick: number; share: number; onAccount: number }
	| { t: 'allocate'; day: string; owed: number; credit: number; share: number };

export const intent: fc.Arbitrary<Intent> = fc.oneof(
	fc.record({
		t: fc.constant('invoice' as const),
		day: windowDay,
		cents: amount,
		dueIn: fc.integer({ min: 0, max: 60 }),
		foreign: fc.boolean(),
	}),
	fc.record({ t: fc.constant('credit' as const), day: windowDay, cents: amount }),
	fc.record({
		t: fc.constant('opening' as const),
		day: fc.integer({ min: 0, max: 60 }).map((offset) => dayOf(offset, Date.UTC(2023, 4, 1))),
		cents: amount,
		credit: fc.boolean(),
	}),
	fc.record({
		t: fc.constant('pay' as const),
		day: windowDay,
		targets: fc.array(fc.record({ pick: fc.nat(), share, discount: fc.boolean() }), { maxLength: 2 }),
		onAccount: fc.oneof(fc.constant(0), amount),
	}),
	fc.record({
		t: fc.constant('refund' as const),
		day: windowDay,
		pick: fc.nat(),
		share,
		onAccount: fc.oneof(fc.constant(0), amount),
	}),
	fc.record({ t: fc.constant('allocate' as const), day: windowDay, owed: fc.nat(), credit: fc.nat(), share }),
);

/** What can be settled, as the sandbox has it now: owed (invoice-like) or a credit, and what is open on it. */
interface Open {
	id: string;
	owed: boolean;
	open: number;
	/** A foreign-currency invoice is paid only by a payment of its own, relabelled in its currency. */
	foreign: boolean;
}

const decimal = (cents: number) => cents / 100;

/** Writes the intents for one new contact; what cannot be written as drawn (nothing open to pay) is skipped. */
export async function write(env: ConnectedSandbox, b: AgedBooks, contact: string, intents: Intent[]) {
	const opens: Open[] = [];
	const pick = (index: number, owed: boolean, foreign = false) => {
		const candidates = opens.filter((open) => open.owed === owed && open.open > 0 && open.foreign === foreign);
		return candidates.length ? candidates[index % candidates.length] : undefined;
	};
	const part = (open: Open, percent: number) => Math.max(1, Math.floor((open.open * percent) / 100));
	const lead = businessesOf(env)[0].id;
	for (const step of intents) {
		if (step.t === 'invoice') {
			const due = new Date(Date.parse(`${step.day}T00:00:00Z`) + step.dueIn * 86_400_000).toISOString().slice(0, 10);
			const id = await b.invoice(contact, step.day, decimal(step.cents), due);
			opens.push({ id, owed: true, open: step.cents, foreign: step.foreign });
			// Shown in dollars at two to the business's unit: its base amounts stay as booked.
			if (step.foreign) env.sandbox.dataset.updateRecord(lead, b.invoicePath, id, foreignFields(step.cents));
		} else if (step.t === 'credit') {
			opens.push({
				id: await b.creditNote(contact, step.day, decimal(step.cents)),
				owed: false,
				open: step.cents,
				foreign: false,
			});
		} else if (step.t === 'opening') {
			// The sandbox's writes cannot settle an opening balance yet: it stays open, counted on every day.
			await b.openingBalance(contact, step.day, decimal(step.cents), step.credit);
		} else if (step.t === 'pay') {
			const foreign =
				step.targets.length === 1 && step.onAccount === 0 ? pick(step.targets[0].pick, true, true) : undefined;
			if (foreign) {
				const cents = part(foreign, step.targets[0].share);
				const paid = await b.payment(contact, step.day, [{ artefact_id: foreign.id, amount: decimal(cents) }]);
				foreign.open -= cents;
				env.sandbox.dataset.updateRecord(lead, 'contact_payments', paid.id as string, {
					...foreignFields(cents),
					allocated_artefacts: (paid.allocated_artefacts as Array<Record<string, unknown>>).map((line) => ({
						...line,
						amount: decimal(2 * cents),
					})),
				});
				continue;
			}
			const lines: Line[] = [];
			for (const target of step.targets) {
				const open = pick(target.pick, true);
				if (!open || lines.some((line) => line.artefact_id === open.id)) continue;
				const cents = part(open, target.share);
				const discount = target.discount && cents > 1 ? Math.floor(cents / 10) : 0;
				lines.push({
					artefact_id: open.id,
					amount: decimal(cents - discount),
					...(discount ? { discount: decimal(discount) } : {}),
				});
				open.open -= cents;
			}
			if (!lines.length && !step.onAccount) continue;
			const paid = await b.payment(contact, step.day, lines, decimal(step.onAccount));
			if (step.onAccount) opens.push(onAccountOpen(paid, false, step.onAccount));
		} else if (step.t === 'refund') {
			const open = step.onAccount ? undefined : pick(step.pick, false);
			if (!open && !step.onAccount) continue;
			const cents = open ? part(open, step.share) : 0;
			const lines = open ? [{ artefact_id: open.id, amount: decimal(cents) }] : [];
			if (open) open.open -= cents;
			const paid = await b.refund(contact, step.day, lines, decimal(step.onAccount));
			if (step.onAccount) opens.push(onAccountOpen(paid, true, step.onAccount));
		} else {
			const owed = pick(step.owed, true);
			const credit = pick(step.credit, false);
			if (!owed || !credit) continue;
			const cents = Math.max(1, Math.floor((Math.min(owed.open, credit.open) * step.share) / 100));
			await b.allocation(contact, step.day, [
				{ artefact_id: owed.id, amount: decimal(cents) },
				{ artefact_id: credit.id, amount: -decimal(cents) },
			]);
			owed.open -= cents;
			credit.open -= cents;
		}
	}
}

/** A record shown in US dollars at two to the business's unit, its base amounts as booked. */
const foreignFields = (baseCents: number) => ({
	currency: { id: 'USD', displayed_as: 'US Dollar (USD)', $path: '/currencies/USD' },
	exchange_rate: 0.5,
	total_amount: decimal(2 * baseCents),
});

/** A payment's money on account: a receipt's is a credit of the contact's, a refund's is owed. */
const onAccountOpen = (payment: Record<string, unknown>, refund: boolean, cents: number): Open => ({
	id: (payment.payment_on_account as { id: string }).id,
	owed: refund,
	open: cents,
	foreign: false,
});
