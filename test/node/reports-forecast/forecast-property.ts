// Cash Flow Forecast and Key Figures over random books (fast-check): invoices and credit notes of
// customers and suppliers with random due dates, part payments, random adjustments from input
// items; a random start, horizon and options. Every period closes at opening + receipts − payments
// + adjustments and opens at the one before's closing, the first at the bank ledger's balance; the
// receipts (payments) of every period and those after the horizon add up to the debtors'
// (creditors') control account on the ledger the day before; the key figures of the month are
// their formulas on the ledger summed here. FORECAST_RUNS=40 hunts longer than the suite's 5.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { ledgerOn, runOn, useAgedBooks, type Side } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { expectedFigures, FIGURES } from '../key-figure-books';
import { businessesOf, cents, readLedger } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is the contacts written here.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);

const DAY_MS = 86_400_000;
const WINDOW_START = Date.UTC(2025, 4, 1);
const dayOf = (offset: number) => new Date(WINDOW_START + offset * DAY_MS).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Days of the books' window, 1 May to 31 August 2025. */
const windowDay = fc.integer({ min: 0, max: 122 }).map(dayOf);
const amount = fc.integer({ min: 100, max: 500_000 });

type Intent =
	| { t: 'invoice'; side: Side; day: string; cents: number; dueIn: number }
	| { t: 'credit'; side: Side; day: string; cents: number }
	| { t: 'pay'; side: Side; pick: number; share: number; after: number };

const side = fc.constantFrom<Side>('debtors', 'creditors');
const intent: fc.Arbitrary<Intent> = fc.oneof(
	fc.record({
		t: fc.constant('invoice' as const),
		side,
		day: windowDay,
		cents: amount,
		dueIn: fc.integer({ min: 0, max: 90 }),
	}),
	fc.record({ t: fc.constant('credit' as const), side, day: windowDay, cents: amount }),
	fc.record({
		t: fc.constant('pay' as const),
		side,
		pick: fc.nat(),
		share: fc.integer({ min: 1, max: 100 }),
		after: fc.integer({ min: 0, max: 60 }),
	}),
);

const adjustment = fc.record({
	date: fc.integer({ min: -20, max: 200 }).map(dayOf),
	amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});

/** Writes the intents for one new customer and one new supplier; a payment with nothing open to pay is skipped. */
async function write(intents: Intent[]) {
	const contacts = {
		debtors: await books.get('debtors')!.contact(),
		creditors: await books.get('creditors')!.contact(),
	};
	const open: Array<{ side: Side; id: string; day: string; open: number }> = [];
	for (const step of intents) {
		const b = books.get(step.side)!;
		const contact = contacts[step.side];
		if (step.t === 'invoice') {
			const id = await b.invoice(contact, step.day, step.cents / 100, plusDays(step.day, step.dueIn));
			open.push({ side: step.side, id, day: step.day, open: step.cents });
		} else if (step.t === 'credit') {
			await b.creditNote(contact, step.day, step.cents / 100);
		} else {
			const candidates = open.filter((entry) => entry.side === step.side && entry.open > 0);
			if (!candidates.length) continue;
			const target = candidates[step.pick % candidates.length];
			const paid = Math.max(1, Math.floor((target.open * step.share) / 100));
			await b.payment(contact, plusDays(target.day, step.after), [{ artefact_id: target.id, amount: paid / 100 }]);
			target.open -= paid;
		}
	}
	return contacts;
}

const sum = (rows: IDataObject[], key: string) => rows.reduce((total, row) => total + cents(row[key]), 0);

describe('Cash Flow Forecast and Key Figures over random books', () => {
	it('periods chain and add up, the totals tie to the control accounts, the key figures are their formulas', async () => {
		const lead = businessesOf(env)[0];
		await fc.assert(
			fc.asyncProperty(
				fc.array(intent, { minLength: 1, maxLength: 8 }),
				windowDay,
				windowDay,
				fc.oneof(
					fc.record({ forecastBy: fc.constant('week'), horizon: fc.integer({ min: 1, max: 20 }) }),
					fc.record({ forecastBy: fc.constant('month'), horizon: fc.integer({ min: 1, max: 6 }) }),
				),
				fc.constantFrom('firstPeriod', 'ownRow'),
				fc.constantFrom('dueDate', 'averageDaysLate'),
				fc.array(adjustment, { minLength: 1, maxLength: 5 }),
				async (intents, start, today, { forecastBy, horizon }, overdue, expectedDay, adjustments) => {
					const contacts = await write(intents);
					runOn(today);
					const result = await env.runNode(
						{
							resource: 'report',
							operation: 'cashFlowForecast',
							startDate: start,
							forecastBy,
							horizon,
							overdue,
							expectedDay,
							includeDocuments: true,
							adjustmentsFrom: 'inputItems',
							adjustmentDate: '={{ $json.date }}',
							adjustmentAmount: '={{ $json.amount / 100 }}',
						},
						{},
						{ input: adjustments },
					);
					expect(result.error).toBeUndefined();
					const summary = (
						await env.runNode({
							resource: 'report',
							operation: 'cashFlowForecast',
							startDate: start,
							forecastBy,
							horizon,
							expectedDay,
							output: 'summary',
						})
					).json(NODE)[0];
					const rows = result.json(NODE);
					const lines = rows.filter((row) => row.row_type === 'period' || row.row_type === 'overdue');
					expect(lines).toHaveLength(horizon + (overdue === 'ownRow' ? 1 : 0));
					const dayBefore = plusDays(start, -1);
					const ledger = await readLedger(env, lead);
					let cash = ledger.entries
						.filter((entry) => entry.date <= dayBefore && ledger.typeOf.get(entry.account) === 'BANK')
						.reduce((total, entry) => total + entry.debit - entry.credit, 0);
					for (const line of lines) {
						const [opening, receipts, payments, adjusted, net, closing] = [
							'opening',
							'receipts',
							'payments',
							'adjustments',
							'net',
							'closing',
						].map((key) => cents(line[key]));
						expect({ period: line.period, opening, net, closing }).toEqual({
							period: line.period,
							opening: cash,
							net: receipts - payments + adjusted,
							closing: opening + receipts - payments + adjusted,
						});
						cash = closing;
					}
					const end = lines[lines.length - 1].to_date as string;
					const inRange = adjustments.filter((entry) => entry.date >= start && entry.date <= end);
					expect(sum(lines, 'adjustments')).toBe(inRange.reduce((total, entry) => total + entry.amount, 0));
					for (const [key, later, which] of [
						['receipts', 'receipts_later', 'debtors'],
						['payments', 'payments_later', 'creditors'],
					] as const) {
						const control = ledgerOn(await books.get(which)!.controlEntries(dayBefore), dayBefore, which);
						expect({ which, total: sum(lines, key) + cents(summary[later]) }).toEqual({
							which,
							total: control.control,
						});
						// The new contact's documents, as detail rows, are what it owed on the ledger (within the horizon).
						const detail = rows.filter(
							(row) =>
								row.contact_id === contacts[which] && row.row_type === (which === 'debtors' ? 'receipt' : 'payment'),
						);
						if (cents(summary[later]) === 0) {
							expect(sum(detail, 'amount')).toBe(control.byContact.get(contacts[which]) ?? 0);
						}
					}
					// The key figures of the month the forecast starts in.
					const monthFrom = `${start.slice(0, 7)}-01`;
					const monthTo = plusDays(`${plusDays(monthFrom, 31).slice(0, 7)}-01`, -1);
					const figures = await env.runNode({
						resource: 'report',
						operation: 'keyFigures',
						period: 'custom',
						fromDate: monthFrom,
						toDate: monthTo,
					});
					expect(figures.error).toBeUndefined();
					const [item] = figures.json(NODE);
					expect(Object.fromEntries(FIGURES.map((key) => [key, item[key]]))).toEqual(
						await expectedFigures(env, lead, ledger, monthFrom, monthTo),
					);
				},
			),
			{ numRuns: Number(process.env.FORECAST_RUNS ?? 3) },
		);
	});
});
