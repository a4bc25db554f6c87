// Aged Debtors and Creditors over random books (fast-check): invoices and credit notes, opening
// balances, part payments with discounts, payments dated before or after what they pay, money on
// account later allocated or refunded, refunds of credit notes or left on account, allocations dated
// before or after either side, a foreign-currency invoice; then random days (today, month ends,
// the books' start, 29 February, days of the books). On every day each new contact's figure is its
// balance on the control account's ledger entries up to the end of the day, and the report's total
// is the control account's, whatever was entered after the day. AGED_RUNS=50 (with a longer
// --testTimeout) hunts longer than the 10 runs the suite can afford.
import fc from 'fast-check';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { agedBooks, ledgerOn, type AgedBooks, type Line, type Side } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { businessesOf } from '../report-books';

const env = useConnectedSandbox({ scale: 40 });
const books = new Map<Side, AgedBooks>();
beforeAll(() => {
	for (const side of ['debtors', 'creditors'] as Side[]) books.set(side, agedBooks(env, side));
});
afterEach(() => useClock(new VirtualClock(() => Date.now())));

const WINDOW_START = Date.UTC(2025, 4, 1);
const dayOf = (offset: number, from = WINDOW_START) => new Date(from + offset * 86_400_000).toISOString().slice(0, 10);
/** Days of the books' window, 1 May to 31 August 2025. */
const windowDay = fc.integer({ min: 0, max: 122 }).map((offset) => dayOf(offset));
const FIXED_DAYS = ['2023-06-30', '2023-07-01', '2024-02-29', '2025-05-31', '2025-06-30', '2025-07-31', '2025-08-31'];
const amount = fc.integer({ min: 100, max: 50_000 });
const share = fc.integer({ min: 1, max: 100 });

type Intent =
	| { t: 'invoice'; day: string; cents: number; dueIn: number; foreign: boolean }
	| { t: 'credit'; day: string; cents: number }
	| { t: 'opening'; day: string; cents: number; credit: boolean }
	| { t: 'pay'; day: string; targets: Array<{ pick: number; share: number; discount: boolean }>; onAccount: number }
	| { t: 'refund'; day: string; pick: number; share: number; onAccount: number }
	| { t: 'allocate'; day: string; owed: number; credit: number; share: number };

const intent: fc.Arbitrary<Intent> = fc.oneof(
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
async function write(b: AgedBooks, contact: string, intents: Intent[]) {
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

describe('aged reports over random books', () => {
	it('every contact’s figure is its ledger balance and the total ties to the control account, on every day', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<Side>('debtors', 'creditors'),
				fc.array(intent, { minLength: 2, maxLength: 9 }),
				windowDay,
				fc.array(fc.oneof(windowDay, fc.constantFrom(...FIXED_DAYS)), { minLength: 1, maxLength: 1 }),
				async (side, intents, today, days) => {
					const b = books.get(side)!;
					const contact = await b.contact();
					await write(b, contact, intents);
					useClock(new VirtualClock(() => Date.parse(`${today}T16:00:00Z`)));
					const asAtDays = [today, ...days];
					const entries = await b.controlEntries(asAtDays.reduce((latest, day) => (day > latest ? day : latest)));
					for (const day of asAtDays) {
						const ledger = ledgerOn(entries, day, side);
						const report = await b.reportAsAt(day);
						expect({ side, day, today, contact: report.byContact.get(contact) ?? 0, total: report.total }).toEqual({
							side,
							day,
							today,
							contact: ledger.byContact.get(contact) ?? 0,
							total: ledger.control,
						});
					}
				},
			),
			{ numRuns: Number(process.env.AGED_RUNS ?? 10) },
		);
	});
});
