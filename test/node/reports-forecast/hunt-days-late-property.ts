// A hunt (issue 53, Cash Flow Forecast, Expected Day: Due Date + Contact's Days Late) over random
// histories (fast-check): a new customer's invoices dated around the 12 months before the start,
// paid in one or two parts, early or late, some after the day before the start, one left open.
// Every amount the customer owes on the day before falls on its due date moved by the customer's
// average days late, worked out here by the rule of docs/reports.md: over its invoices dated in the
// 12 months up to the day before (from the day after the same day 12 months before, a month's last
// day its month's last) and paid in full by then, the last payment's day less the due date,
// weighted by the totals, rounded half away from zero; a credit stays on its own day.
// Some invoices are dated on the first day of the 12 months or the day before. HUNT_DAYS_LATE_RUNS=40
// hunts longer than the suite's 3.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { useAgedBooks } from '../aged-books';
import { daysFrom, plusDays } from '../aged-open-items';
import { useConnectedSandbox } from '../connected-sandbox';
import { cents } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is the customers it writes.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
const books = useAgedBooks(env);
const customers = () => books.get('debtors')!;

const lastOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day a year before: a month's last day stays its month's last (2025-02-28 → 2024-02-29). */
function yearBefore(day: string): string {
	const [year, month, date] = day.split('-').map(Number);
	const kept =
		date === lastOfMonth(year, month) ? lastOfMonth(year - 1, month) : Math.min(date, lastOfMonth(year - 1, month));
	return `${year - 1}-${String(month).padStart(2, '0')}-${String(kept).padStart(2, '0')}`;
}

interface PaidInvoice {
	/** Days from the start to the invoice's date (negative: before it). */
	dated: number;
	dueIn: number;
	cents: number;
	/** Days after the invoice's date of each part's payment (negative: paid before it was raised). */
	parts: number[];
	/** Dated instead on the first day of the 12 months (0) or the day before it (-1). */
	edge: 0 | -1 | null;
}

const paidInvoice: fc.Arbitrary<PaidInvoice> = fc.record({
	dated: fc.integer({ min: -420, max: -1 }),
	dueIn: fc.integer({ min: 0, max: 60 }),
	cents: fc.integer({ min: 100, max: 500_000 }),
	parts: fc.array(fc.integer({ min: -10, max: 150 }), { minLength: 1, maxLength: 2 }),
	edge: fc.constantFrom<0 | -1 | null>(0, -1, null, null),
});
const starts = fc.oneof(
	fc.constantFrom('2025-03-01', '2024-03-01', '2025-05-01', '2025-01-01', '2025-06-30'),
	fc.integer({ min: 0, max: 365 }).map((offset) => plusDays('2024-09-01', offset)),
);

describe('hunt: the forecast’s expected days by the contact’s days late, over random histories', () => {
	it('each amount owed moves by the weighted average days late of the invoices paid in the 12 months before', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(paidInvoice, { minLength: 1, maxLength: 5 }), starts, async (invoices, start) => {
				const customer = await customers().contact();
				const dayBefore = plusDays(start, -1);
				const from = plusDays(yearBefore(dayBefore), 1);
				let weighted = 0;
				let weight = 0;
				for (const invoice of invoices) {
					const date = invoice.edge === null ? plusDays(start, invoice.dated) : plusDays(from, invoice.edge);
					const due = plusDays(date, invoice.dueIn);
					const id = await customers().invoice(customer, date, invoice.cents / 100, due);
					const share = Math.floor(invoice.cents / invoice.parts.length);
					const payDays = invoice.parts.map((after) => plusDays(date, after));
					for (const [index, paidOn] of payDays.entries()) {
						const part = index === invoice.parts.length - 1 ? invoice.cents - share * index : share;
						await customers().payment(customer, paidOn, [{ artefact_id: id, amount: part / 100 }]);
					}
					const last = payDays.reduce((latest, day) => (day > latest ? day : latest));
					if (date >= from && date <= dayBefore && last <= dayBefore) {
						weighted += daysFrom(due, last) * invoice.cents;
						weight += invoice.cents;
					}
				}
				const average = weight === 0 ? 0 : Math.sign(weighted) * Math.round(Math.abs(weighted) / weight);
				await customers().invoice(customer, plusDays(start, -5), 12.34, plusDays(start, 20));

				const result = await env.runNode({
					resource: 'report',
					operation: 'cashFlowForecast',
					startDate: start,
					forecastBy: 'month',
					horizon: 24,
					overdue: 'ownRow',
					expectedDay: 'averageDaysLate',
					includeDocuments: true,
				});
				expect(result.error).toBeUndefined();
				const rows = (result.json(NODE) as IDataObject[]).filter((row) => row.contact_id === customer);
				expect(rows.map((row) => cents(row.amount))).toContain(1_234);
				const moved = (row: IDataObject) => (cents(row.amount) > 0 ? average : 0);
				expect({ start, average, rows: rows.map((row) => [row.due_date, row.expected_date]) }).toEqual({
					start,
					average,
					rows: rows.map((row) => [row.due_date, plusDays(row.due_date as string, moved(row))]),
				});
			}),
			{ numRuns: Number(process.env.HUNT_DAYS_LATE_RUNS ?? 3) },
		);
	});
});
