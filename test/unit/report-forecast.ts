// The forecast's periods, its placing of flows and adjustments, the contacts' days late, and the
// key figures' rounding, on hand-made cases whose answers are worked out in the comments.
import {
	averageDaysLate,
	forecast,
	forecastPeriods,
	type ExpectedFlow,
} from '../../nodes/AccountingService/reports/forecast';
import { keyFigures, ratioOf, type FigureInputs } from '../../nodes/AccountingService/reports/keyFigures';

const flow = (direction: ExpectedFlow['direction'], amount: number, expected: string | null): ExpectedFlow => ({
	direction,
	amount,
	expected,
	due: expected,
	label: 'Sales Invoice',
	contactId: 'c',
	contactName: null,
});

describe('forecast periods', () => {
	it('months: the first from the start to its month’s end, then calendar months, a leap February', () => {
		expect(forecastPeriods('2024-01-20', 'month', 3)).toEqual([
			{ from: '2024-01-20', to: '2024-01-31', name: '2024-01' },
			{ from: '2024-02-01', to: '2024-02-29', name: '2024-02' },
			{ from: '2024-03-01', to: '2024-03-31', name: '2024-03' },
		]);
	});

	it('weeks: seven days from the start, named by their first day, across a year end', () => {
		expect(forecastPeriods('2025-12-27', 'week', 2)).toEqual([
			{ from: '2025-12-27', to: '2026-01-02', name: '2025-12-27' },
			{ from: '2026-01-03', to: '2026-01-09', name: '2026-01-03' },
		]);
	});
});

describe('forecast', () => {
	const periods = forecastPeriods('2025-05-01', 'week', 2);

	it('places each flow by its expected day: before the start in the first period (or the overdue row), after the end later', () => {
		const flows = [
			flow('receipt', 1000, '2025-04-01'),
			flow('receipt', 200, null),
			flow('payment', 300, '2025-05-07'),
			flow('payment', 50, '2025-05-08'),
			flow('receipt', -70, '2025-05-14'),
			flow('receipt', 999, '2025-05-15'),
		];
		const adjustments = [
			{ date: '2025-05-08', amount: -25, label: 'Rent', itemIndex: 0 },
			{ date: '2025-04-30', amount: 5, label: null, itemIndex: 1 },
		];
		const first = forecast({ opening: 100, periods, flows, adjustments, overdueAs: 'firstPeriod' });
		expect(
			first.lines.map(({ opening, receipts, payments, adjustments: added, net, closing }) => [
				opening,
				receipts,
				payments,
				added,
				net,
				closing,
			]),
		).toEqual([
			// 100 + 1200 − 300 = 1000
			[100, 1200, 300, 0, 900, 1000],
			// 1000 − 70 − 50 − 25 = 855
			[1000, -70, 50, -25, -145, 855],
		]);
		expect(first.later).toEqual({ receipts: 999, payments: 0 });
		expect(first.overdue).toEqual({ receipts: 1200, payments: 0 });
		expect(first.adjustmentsLeftOut).toBe(1);
		const own = forecast({ opening: 100, periods, flows, adjustments, overdueAs: 'ownRow' });
		expect(own.lines.map((line) => [line.kind, line.name, line.from, line.to, line.closing])).toEqual([
			['overdue', 'Overdue', null, '2025-04-30', 1300],
			['period', '2025-05-01', '2025-05-01', '2025-05-07', 1000],
			['period', '2025-05-08', '2025-05-08', '2025-05-14', 855],
		]);
	});
});

describe('days late', () => {
	it('weighted by the totals, rounded half away from zero, early payments negative', () => {
		const averages = averageDaysLate([
			{ contactId: 'late', due: '2025-01-31', paid: '2025-02-10', cents: 10_000 },
			{ contactId: 'late', due: '2025-03-03', paid: '2025-04-12', cents: 30_000 },
			// 5 days early on 1.00 and 6 days early on 1.00: −5.5, so −6.
			{ contactId: 'early', due: '2025-01-10', paid: '2025-01-05', cents: 100 },
			{ contactId: 'early', due: '2025-01-10', paid: '2025-01-04', cents: 100 },
		]);
		expect(Object.fromEntries(averages)).toEqual({ late: 33, early: -6 });
	});
});

describe('key figures', () => {
	const inputs: FigureInputs = {
		sales: 0,
		grossProfit: -500,
		netProfit: -900,
		bank: 30_000,
		currentAssets: 10_000,
		currentLiabilities: 0,
		debtors: 4_000,
		creditors: 2_000,
		creditSales: 0,
		creditPurchases: 0,
		bankOutflow3Months: -100,
		agedDebtors: 0,
		overdueDebtors: 0,
	};

	it('no sales, no liabilities, cash growing: null, never a division by zero', () => {
		expect(keyFigures(inputs)).toMatchObject({
			gross_margin_percent: null,
			net_margin_percent: null,
			debtor_days: null,
			creditor_days: null,
			current_ratio: null,
			quick_ratio: null,
			overdue_debtors_percent: null,
			cash_runway_months: null,
		});
	});

	it('debtor days, ratios and runway by their formulas', () => {
		expect(
			keyFigures({
				...inputs,
				sales: 80_000,
				creditSales: 73_000,
				creditPurchases: 36_500,
				currentLiabilities: 16_000,
				bankOutflow3Months: 9_000,
				agedDebtors: 4_000,
				overdueDebtors: 1_000,
			}),
		).toMatchObject({
			// 4,000 ÷ 73,000 × 365 = 20; 2,000 ÷ 36,500 × 365 = 20
			debtor_days: 20,
			creditor_days: 20,
			// (10,000 + 30,000) ÷ 16,000 = 2.5; (30,000 + 4,000) ÷ 16,000 = 2.125, so 2.13
			current_ratio: 2.5,
			quick_ratio: 2.13,
			overdue_debtors_percent: 25,
			// 30,000 ÷ (9,000 ÷ 3) = 10
			cash_runway_months: 10,
		});
		expect(keyFigures({ ...inputs, bank: -1, bankOutflow3Months: 10 }).cash_runway_months).toBe(0);
	});

	it('rounds half away from zero', () => {
		expect([ratioOf(1, 8, 1, 2), ratioOf(-1, 8, 1, 2), ratioOf(1, 3, 100, 2)]).toEqual([0.13, -0.13, 33.33]);
	});
});
