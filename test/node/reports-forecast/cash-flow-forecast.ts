// Report → Cash Flow Forecast against the sandbox's books read straight from it and summed here:
// the opening is the bank ledger accounts' entries up to the day before; every document open at
// the end of that day falls in the period of its due date (overdue ones in the first, or their own
// row); every period closes at opening + receipts − payments + adjustments, the next opening.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { agedBooks } from '../aged-books';
import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessesOf,
	businessParameter,
	cents,
	openDocuments,
	openOpeningBalances,
	useLedgers,
	type Business,
	type Ledger,
} from '../report-books';

const NODE = 'Accounting Service';
// Small books (the lead with the second business's counts): every report reads them whole, and
// each period is checked against the documents and bank entries read, whatever the books' size.
const env = useConnectedSandbox({ scale: 300, smallLead: true });
const ledgers = useLedgers(env);
afterEach(() => useClock(new VirtualClock(() => Date.now())));

const forecast = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'report',
	operation: 'cashFlowForecast',
	...extra,
});

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The bank ledger accounts' balance at the end of the day, from the entries. */
const bankAt = (ledger: Ledger, day: string) =>
	ledger.entries
		.filter((entry) => entry.date <= day && ledger.typeOf.get(entry.account) === 'BANK')
		.reduce((sum, entry) => sum + entry.debit - entry.credit, 0);

/** Every open document and opening balance of the side at the end of the day, with the day it falls due. */
async function openOn(business: Business, side: 'debtors' | 'creditors', day: string) {
	return [...(await openDocuments(env, business, side, day)), ...(await openOpeningBalances(env, business, side, day))];
}

/** The amounts due in each week from `start` (index −1: before it), summed here. */
function byWeek(open: Awaited<ReturnType<typeof openOn>>, start: string, weeks: number) {
	const sums = new Map<number, number>();
	for (const document of open) {
		const days = Math.round(
			(Date.parse(`${document.agedFrom}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000,
		);
		const week = days < 0 ? -1 : Math.floor(days / 7);
		const key = week >= weeks ? weeks : week;
		sums.set(key, (sums.get(key) ?? 0) + document.amount);
	}
	return sums;
}

const MONEY = ['opening', 'receipts', 'payments', 'adjustments', 'net', 'closing'];
const inCents = (row: IDataObject) => Object.fromEntries(MONEY.map((key) => [key, cents(row[key])]));

describe('Report → Cash Flow Forecast', () => {
	it.each(['firstPeriod', 'ownRow'])(
		'13 weeks from 1 May 2025 (overdue: %s): each week’s receipts and payments are the documents due in it, closings carried forward',
		async (overdue) => {
			const business = businessByKey(env, 'lead');
			const start = '2025-05-01';
			const asAt = dayBefore(start);
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode(forecast({ startDate: start, overdue }));
			expect(result.error).toBeUndefined();
			const requests = env.apiRequestsSince(position).map((entry) => entry.path);
			expect(requests.every((path) => !/^\/\w+\/[0-9a-f]{32}/.test(path))).toBe(true);
			const rows = result.json(NODE);
			const own = overdue === 'ownRow';
			expect(rows).toHaveLength(own ? 14 : 13);
			const receipts = byWeek(await openOn(business, 'debtors', asAt), start, 13);
			const payments = byWeek(await openOn(business, 'creditors', asAt), start, 13);
			expect(receipts.get(-1)).toBeTruthy();
			let cash = bankAt(ledgers.get('lead')!, asAt);
			rows.forEach((row, index) => {
				const week = own ? index - 1 : index;
				const expectedIn = (receipts.get(week) ?? 0) + (week === 0 && !own ? (receipts.get(-1) ?? 0) : 0);
				const expectedOut = (payments.get(week) ?? 0) + (week === 0 && !own ? (payments.get(-1) ?? 0) : 0);
				const net = expectedIn - expectedOut;
				expect({ week, ...inCents(row) }).toEqual({
					week,
					opening: cash,
					receipts: expectedIn,
					payments: expectedOut,
					adjustments: 0,
					net,
					closing: cash + net,
				});
				expect(row).toMatchObject({
					row_type: week === -1 ? 'overdue' : 'period',
					from_date: week === -1 ? null : plusDays(start, 7 * week),
					to_date: week === -1 ? asAt : plusDays(start, 7 * week + 6),
					currency: 'GBP',
				});
				cash += net;
			});
		},
	);

	it('Summary: the totals, with what is due after the horizon, are everything open; the lowest closing and its period', async () => {
		const business = businessByKey(env, 'lead');
		const start = '2025-03-01';
		const asAt = dayBefore(start);
		const [rows, [summary]] = await Promise.all(
			['rows', 'summary'].map(async (output) =>
				(await env.runNode(forecast({ startDate: start, forecastBy: 'month', horizon: 2, output }))).json(NODE),
			),
		);
		const open = (side: 'debtors' | 'creditors') =>
			openOn(business, side, asAt).then((list) => list.reduce((sum, document) => sum + document.amount, 0));
		expect(cents(summary.receipts) + cents(summary.receipts_later)).toBe(await open('debtors'));
		expect(cents(summary.payments) + cents(summary.payments_later)).toBe(await open('creditors'));
		expect(rows.map((row) => [row.period, row.from_date, row.to_date])).toEqual([
			['2025-03', '2025-03-01', '2025-03-31'],
			['2025-04', '2025-04-01', '2025-04-30'],
		]);
		const lowest = rows.reduce((low, row) => (cents(row.closing) < cents(low.closing) ? row : low));
		expect(summary).toMatchObject({
			from_date: start,
			to_date: '2025-04-30',
			periods: 2,
			opening: rows[0].opening,
			closing: rows[1].closing,
			lowest_closing: lowest.closing,
			lowest_closing_period: lowest.period,
			first_period_below_zero: rows.find((row) => cents(row.closing) < 0)?.period ?? null,
		});
		expect(cents(summary.opening)).toBe(bankAt(ledgers.get('lead')!, asAt));
	});

	it('today by default, 13 weeks; every business under All Businesses, each opening at its own bank balance', async () => {
		useClock(new VirtualClock(() => Date.parse('2025-06-10T09:00:00Z')));
		const result = await env.runNode(forecast({ output: 'summary', business: 'all' }));
		expect(result.error).toBeUndefined();
		const summaries = result.json(NODE);
		expect(summaries.map((summary) => summary.business_id)).toEqual(businessesOf(env).map((business) => business.id));
		for (const summary of summaries) {
			const business = businessesOf(env).find((candidate) => candidate.id === summary.business_id)!;
			expect(summary).toMatchObject({ from_date: '2025-06-10', to_date: plusDays('2025-06-10', 90), periods: 13 });
			expect(cents(summary.opening)).toBe(bankAt(ledgers.get(business.key)!, '2025-06-09'));
			expect(summary.currency).toBe(business.currency);
		}
	});

	it('adjustments from input items: one forecast, each added to the period of its date, listed with Include Documents', async () => {
		const input = [
			{ when: '2025-05-02', what: 'Payroll', how_much: '-4200.50' },
			{ when: '2025-05-09', what: 'Rent', how_much: -1500 },
			{ when: '2025-05-03T00:00:00', what: 'Grant', how_much: 250.25 },
			{ when: '2026-01-01', what: 'After the horizon', how_much: 99 },
		];
		const parameters = forecast({
			startDate: '2025-05-01',
			horizon: 2,
			includeDocuments: true,
			adjustmentsFrom: 'inputItems',
			adjustmentDate: '={{ $json.when }}',
			adjustmentAmount: '={{ $json.how_much }}',
			adjustmentLabel: '={{ $json.what }}',
		});
		const [withAdjustments, without] = await Promise.all([
			env.runNode(parameters, {}, { input }),
			env.runNode(forecast({ startDate: '2025-05-01', horizon: 2, includeDocuments: true })),
		]);
		expect(withAdjustments.error).toBeUndefined();
		const rows = withAdjustments.json(NODE);
		const periods = rows.filter((row) => row.row_type === 'period');
		expect(periods).toHaveLength(2);
		const before = without.json(NODE).filter((row) => row.row_type === 'period');
		expect(periods.map((row) => cents(row.adjustments))).toEqual([-420_050 + 25_025, -150_000]);
		expect(periods.map((row) => cents(row.receipts))).toEqual(before.map((row) => cents(row.receipts)));
		expect(cents(periods[1].closing)).toBe(cents(before[1].closing) - 420_050 + 25_025 - 150_000);
		const adjustments = rows.filter((row) => row.row_type === 'adjustment');
		expect(adjustments.map((row) => [row.period, row.label, row.amount, row.input_item])).toEqual([
			['2025-05-01', 'Payroll', -4200.5, 0],
			['2025-05-01', 'Grant', 250.25, 2],
			['2025-05-08', 'Rent', -1500, 1],
		]);
		// Every document row of a period sums to its receipts or payments.
		for (const period of periods) {
			const detail = rows.filter((row) => row.period === period.period && row.row_type !== 'period');
			const sum = (type: string) =>
				detail.filter((row) => row.row_type === type).reduce((total, row) => total + cents(row.amount), 0);
			expect([sum('receipt'), sum('payment')]).toEqual([cents(period.receipts), cents(period.payments)]);
		}
	});

	it('Expected Day: due date + the contact’s days late, weighted by the totals of the invoices it paid in the 12 months before', async () => {
		const customers = agedBooks(env, 'debtors');
		const customer = await customers.contact();
		const paid = async (date: string, due: string, amount: number, paidOn: string) => {
			const id = await customers.invoice(customer, date, amount, due);
			await customers.payment(customer, paidOn, [{ artefact_id: id, amount }]);
		};
		// 10 days late on 100.00, 40 days late on 300.00: (10 × 100 + 40 × 300) ÷ 400 = 32.5, 33 whole days.
		await paid('2025-01-01', '2025-01-31', 100, '2025-02-10');
		await paid('2025-02-01', '2025-03-03', 300, '2025-04-12');
		// Paid after the day before the forecast: still open then, and no part of the average.
		await paid('2025-03-01', '2025-03-31', 1000, '2025-05-05');
		// Paid early, but dated more than 12 months before: no part of it either.
		await paid('2024-04-01', '2024-05-01', 5000, '2024-04-05');
		await customers.invoice(customer, '2025-04-20', 50, '2025-05-20');
		await customers.creditNote(customer, '2025-04-25', 20);
		const detail = async (expectedDay: string) => {
			const result = await env.runNode(
				forecast({ startDate: '2025-05-01', expectedDay, includeDocuments: true, overdue: 'ownRow' }),
			);
			expect(result.error).toBeUndefined();
			return result
				.json(NODE)
				.filter((row) => row.contact_id === customer)
				.map((row) => [row.period, row.due_date, row.expected_date, row.amount]);
		};
		expect(await detail('averageDaysLate')).toEqual([
			// A credit stays on its own date: overdue.
			['Overdue', '2025-04-25', '2025-04-25', -20],
			['2025-05-01', '2025-03-31', '2025-05-03', 1000],
			['2025-06-19', '2025-05-20', '2025-06-22', 50],
		]);
		expect(await detail('dueDate')).toEqual([
			['Overdue', '2025-03-31', '2025-03-31', 1000],
			['Overdue', '2025-04-25', '2025-04-25', -20],
			['2025-05-15', '2025-05-20', '2025-05-20', 50],
		]);
	});

	it.each([
		[{ horizon: 105 }, 'Periods', /from 1 to 104 weeks, got 105/],
		[{ forecastBy: 'month', horizon: 25 }, 'Periods', /from 1 to 24 months, got 25/],
		[{ horizon: 0 }, 'Periods', /got 0/],
		[{ forecastBy: 'day' }, 'Forecast By', /week, month/],
		[{ startDate: '2025-02-30' }, 'Start Date', /YYYY-MM-DD/],
	])('%j is refused before any request, naming %s', async (extra, field, problem) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(forecast(extra as INodeParameters));
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${field}": `));
		expect(result.error?.message).toMatch(problem);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});

	it.each([
		[{ when: '', how_much: 10 }, 'Adjustment Date', /input item 1 has no date/],
		[{ how_much: 10 }, 'Adjustment Date', /input item 1 has no date/],
		[{ when: '2025-05-02' }, 'Adjustment Amount', /input item 1 has no amount/],
		[{ when: '2025-05-02', how_much: '1,200' }, 'Adjustment Amount', /input item 1: expected an amount/],
		[{ when: 'next week', how_much: 5 }, 'Adjustment Date', /input item 1: expected a date/],
	])('an adjustment %j is refused before any request, naming %s and the item', async (bad, field, problem) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			forecast({
				adjustmentsFrom: 'inputItems',
				adjustmentDate: '={{ $json.when }}',
				adjustmentAmount: '={{ $json.how_much }}',
			}),
			{},
			{ input: [{ when: '2025-05-02', how_much: 1 }, bad] },
		);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${field}": `));
		expect(result.error?.message).toMatch(problem);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});
});
