// A hunt (issue 53, Key Figures): cash_runway_months divides cash by the average monthly net
// outflow of "the 3 months ending on to_date" (docs/reports.md). The 3 months ending on a day
// start the day after the same day 3 months before, a month's last day staying its month's last
// (the rule the Compare With ranges keep): ending 30 July they are 1 May – 30 July, ending
// 31 May 1 March – 31 May. Money paid out of the bank on the day just before them is no part
// of them. The windows and the figure are worked out here from the calendar and the ledger's bank
// entries, never with the package's helpers.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { agedBooks, type AgedBooks } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import { businessesOf, readLedger, type Ledger } from '../report-books';

const NODE = 'Accounting Service';
// Small books: every report reads them whole, and what is checked is its windows' bank entries.
const env = useConnectedSandbox({ scale: 40, smallLead: true });
let suppliers: AgedBooks;
let customers: AgedBooks;
beforeAll(() => {
	suppliers = agedBooks(env, 'creditors');
	customers = agedBooks(env, 'debtors');
});

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const lastOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day `months` before: a month's last day stays its month's last, another day is kept within its month. */
function monthsBefore(day: string, months: number): string {
	const [year, month, date] = day.split('-').map(Number);
	const index = year * 12 + (month - 1) - months;
	const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
	const isLast = date === lastOfMonth(year, month);
	const d = isLast ? lastOfMonth(y, m) : Math.min(date, lastOfMonth(y, m));
	return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const bankSum = (ledger: Ledger, from: string, to: string, amount: (debit: number, credit: number) => number) =>
	ledger.entries
		.filter((entry) => entry.date >= from && entry.date <= to && ledger.typeOf.get(entry.account) === 'BANK')
		.reduce((sum, entry) => sum + amount(entry.debit, entry.credit), 0);

/** cash ÷ (outflow ÷ 3) over the days from `from`, one decimal, half away from zero; null when cash came in as fast as it went out. */
function runwayFrom(ledger: Ledger, from: string, to: string): number | null {
	const cash = bankSum(ledger, '', to, (debit, credit) => debit - credit);
	const outflow = bankSum(ledger, from, to, (debit, credit) => credit - debit);
	if (outflow <= 0) return null;
	if (cash <= 0) return 0;
	const months = (cash * 3) / outflow;
	return Math.sign(months) * (Math.round(Math.abs(months) * 10) / 10) || 0;
}

describe('hunt: Key Figures cash runway, the 3 months ending on to_date', () => {
	// Days ending a period: the 28th–30th after a shorter month, and a month end (which must stay
	// right); HUNT_RUNWAY_DAYS=all adds 2025-05-29, 2024-12-30 and 2025-03-31, for the suite's time.
	const ends =
		process.env.HUNT_RUNWAY_DAYS === 'all'
			? ['2025-07-30', '2024-05-30', '2025-05-29', '2024-12-30', '2025-05-31', '2025-03-31']
			: ['2025-07-30', '2024-05-30', '2025-05-31'];

	it.each(ends)('to %s: the bank outflow of exactly those 3 months, not the day before them', async (to) => {
		const lead = businessesOf(env).find((business) => business.key === 'lead')!;
		const supplier = await suppliers.contact();
		const customer = await customers.contact();
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 100_000, max: 2_000_000 }), async (paidOut) => {
				const dayBefore = monthsBefore(to, 3);
				const start = shift(dayBefore, 1);
				// Money out of the bank within the 3 months, so that more went out than came in; on the last
				// day before them, a fifth of that or more (a supplier paid on account); and received on
				// account before them, so that cash at the end is about what went out in the 3 months.
				const before = await readLedger(env, lead);
				const wentOut = bankSum(before, start, to, (debit, credit) => credit - debit);
				const cash = bankSum(before, '', to, (debit, credit) => debit - credit);
				const out = Math.max(-wentOut, 0) + paidOut;
				const outBefore = paidOut + Math.ceil((wentOut + out) / 5);
				const received = Math.max(wentOut + out - cash + out + outBefore, 100_000);
				await customers.payment(customer, shift(dayBefore, -1), [], received / 100);
				await suppliers.payment(supplier, to, [], out / 100);
				await suppliers.payment(supplier, dayBefore, [], outBefore / 100);
				const result = await env.runNode({
					resource: 'report',
					operation: 'keyFigures',
					period: 'custom',
					fromDate: `${to.slice(0, 8)}01`,
					toDate: to,
				});
				expect(result.error).toBeUndefined();
				const [summary] = result.json(NODE) as IDataObject[];
				const ledger = await readLedger(env, lead);
				const expected = runwayFrom(ledger, start, to);
				// The day before the 3 months moves the figure: counting it would be seen.
				expect(runwayFrom(ledger, dayBefore, to)).not.toEqual(expected);
				expect({ to, runway: summary.cash_runway_months }).toEqual({ to, runway: expected });
			}),
			{ numRuns: 1, endOnFailure: true },
		);
	});
});
