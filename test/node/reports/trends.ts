// Split By and Compare With on Profit and Loss and the Balance Sheet, against the ledger entries
// read straight from the sandbox and summed here: each period's figures are its own movements
// (or every entry up to its last day), the comparison's are the comparison period's, and the
// Table's cells are the same figures laid out one column per period.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessParameter,
	assetsAt,
	cents,
	creditMinusDebit,
	INCOME_AND_EXPENSES,
	netProfitOf,
	PROFIT_AND_LOSS_SECTIONS,
	sectionsInOrder,
	useLedgers,
	type Ledger,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 });
const ledgers = useLedgers(env);

const salesOf = (ledger: Ledger, from: string, to: string) => creditMinusDebit(ledger, ['SALES'], from, to);

const run = async (key: string, parameters: INodeParameters) => {
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode({
		resource: 'report',
		...businessParameter(businessByKey(env, key)),
		...parameters,
	});
	expect(result.error).toBeUndefined();
	const requests = env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0]);
	return { items: result.json(NODE), requests };
};

const profitAndLoss = (extra: INodeParameters): INodeParameters => ({
	operation: 'profitAndLoss',
	period: 'custom',
	...extra,
});

describe('Split By', () => {
	it('Profit and Loss by month: each month its own movements; partial first and last months clipped; a leap February', async () => {
		const ledger = ledgers.get('lead')!;
		const { items, requests } = await run(
			'lead',
			profitAndLoss({ fromDate: '2024-01-15', toDate: '2024-06-10', splitBy: 'month', output: 'summary' }),
		);
		const expected = [
			['2024-01-15', '2024-01-31'],
			['2024-02-01', '2024-02-29'],
			['2024-03-01', '2024-03-31'],
			['2024-04-01', '2024-04-30'],
			['2024-05-01', '2024-05-31'],
			['2024-06-01', '2024-06-10'],
		];
		expect(items.map((item) => [item.from_date, item.to_date])).toEqual(expected);
		for (const [index, [from, to]] of expected.entries()) {
			expect(cents(items[index].net_profit)).toBe(netProfitOf(ledger, from, to));
			expect(cents(items[index].sales)).toBe(salesOf(ledger, from, to));
		}
		// The months add up to the whole range.
		const whole = items.reduce((sum, item) => sum + cents(item.net_profit), 0);
		expect(whole).toBe(netProfitOf(ledger, '2024-01-15', '2024-06-10'));
		// One settings read and one ledger read per month.
		expect(requests).toEqual(['/financial_settings', ...expected.map(() => '/ledger_accounts')]);
	});

	it.each([
		['lead', '2024-06-30', '2023-07-01', ['FY2024-Q1', 'FY2024-Q2', 'FY2024-Q3', 'FY2024-Q4']],
		['second', '2024-12-31', '2024-01-01', ['FY2024-Q1', 'FY2024-Q2', 'FY2024-Q3', 'FY2024-Q4']],
	])(
		'Profit and Loss by quarter of a financial year ending on %s’s %s: the year’s four quarters, each its movements',
		async (key, yearEnd, yearStart, names) => {
			const ledger = ledgers.get(key)!;
			const { items } = await run(
				key,
				profitAndLoss({ fromDate: yearStart, toDate: yearEnd, splitBy: 'quarter', output: 'table' }),
			);
			const { items: summaries } = await run(
				key,
				profitAndLoss({ fromDate: yearStart, toDate: yearEnd, splitBy: 'quarter', output: 'summary' }),
			);
			const quarters = summaries.map((item) => [item.from_date, item.to_date]);
			expect(quarters[0][0]).toBe(yearStart);
			expect(quarters[3][1]).toBe(yearEnd);
			for (let index = 1; index < 4; index++) {
				const dayAfter = new Date(Date.parse(`${quarters[index - 1][1] as string}T00:00:00Z`) + 86_400_000);
				expect(quarters[index][0]).toBe(dayAfter.toISOString().slice(0, 10));
			}
			for (const [index, [from, to]] of quarters.entries()) {
				expect(cents(summaries[index].net_profit)).toBe(netProfitOf(ledger, from as string, to as string));
			}
			const netProfitRow = items.find((row) => row.row_type === 'total' && row.section === 'net_profit')!;
			expect(Object.keys(netProfitRow)).toEqual([
				'label',
				...names,
				'total',
				'row_type',
				'section',
				'nominal_code',
				'ledger_account_id',
			]);
			names.forEach((name, index) => expect(cents(netProfitRow[name])).toBe(cents(summaries[index].net_profit)));
			expect(cents(netProfitRow.total)).toBe(netProfitOf(ledger, yearStart, yearEnd));
		},
	);

	it('Balance Sheet by month: as at each month end, each balancing, every figure every entry up to that day', async () => {
		const ledger = ledgers.get('lead')!;
		const { items, requests } = await run('lead', {
			operation: 'balanceSheet',
			splitBy: 'month',
			period: 'custom',
			fromDate: '2024-11-01',
			toDate: '2025-03-15',
			output: 'summary',
		});
		const days = ['2024-11-30', '2024-12-31', '2025-01-31', '2025-02-28', '2025-03-15'];
		expect(items.map((item) => item.as_at)).toEqual(days);
		for (const [index, day] of days.entries()) {
			const summary = items[index];
			expect(cents(summary.net_assets)).toBe(cents(summary.total_equity));
			expect(cents(summary.total_assets)).toBe(assetsAt(ledger, day));
			expect(cents(summary.profit_to_date)).toBe(creditMinusDebit(ledger, INCOME_AND_EXPENSES, '', day));
		}
		expect(requests).toEqual(['/financial_settings', ...days.map(() => '/ledger_accounts')]);
	});

	it('Table: one row per account then the subtotals and totals, one column per month, a total column; the cells are the rows', async () => {
		const parameters = profitAndLoss({ fromDate: '2025-01-01', toDate: '2025-03-31', splitBy: 'month' });
		const { items: table } = await run('lead', { ...parameters, output: 'table' });
		const { items: rows } = await run('lead', { ...parameters, output: 'rows' });
		const months = ['2025-01', '2025-02', '2025-03'];
		const starts = ['2025-01-01', '2025-02-01', '2025-03-01'];
		for (const line of table) {
			expect(Object.keys(line).slice(1, -4)).toEqual([...months, 'total']);
			let total = 0;
			months.forEach((month, index) => {
				const row = rows.find(
					(candidate) =>
						candidate.from_date === starts[index] &&
						candidate.row_type === line.row_type &&
						candidate.section === line.section &&
						candidate.ledger_account_id === line.ledger_account_id,
				);
				// An account that did not move in a month has no row of that month, and 0 in its column.
				expect(cents(line[month])).toBe(row ? cents(row.amount) : 0);
				total += cents(line[month]);
			});
			expect(cents(line.total)).toBe(total);
		}
		// The table's rows in report order: sections as the report reads them.
		expect(sectionsInOrder(table)).toEqual(PROFIT_AND_LOSS_SECTIONS);
	});
});

describe('Compare With', () => {
	const changePercent = (now: number, earlier: number) =>
		earlier === 0 ? null : Math.round(((now - earlier) * 10_000) / Math.abs(earlier)) / 100;

	it.each([
		[
			'previousPeriod',
			[
				['2024-12-01', '2024-12-31'],
				['2025-01-01', '2025-01-31'],
				['2025-02-01', '2025-02-28'],
			],
		],
		[
			'samePeriodLastYear',
			[
				['2024-01-01', '2024-01-31'],
				['2024-02-01', '2024-02-29'],
				['2024-03-01', '2024-03-31'],
			],
		],
	])(
		'%s: each month beside its comparison from the ledger, the change and the change in percent',
		async (compareWith, comparisons) => {
			const ledger = ledgers.get('lead')!;
			const { items, requests } = await run(
				'lead',
				profitAndLoss({
					fromDate: '2025-01-01',
					toDate: '2025-03-31',
					splitBy: 'month',
					compareWith,
					output: 'summary',
				}),
			);
			expect(items.map((item) => [item.compared_from_date, item.compared_to_date])).toEqual(comparisons);
			for (const [index, item] of items.entries()) {
				const [from, to] = comparisons[index];
				const earlier = netProfitOf(ledger, from, to);
				const now = netProfitOf(ledger, item.from_date as string, item.to_date as string);
				expect(cents(item.net_profit)).toBe(now);
				expect(cents(item.net_profit_compared)).toBe(earlier);
				expect(cents(item.net_profit_change)).toBe(now - earlier);
				expect(item.net_profit_change_percent).toBe(changePercent(now, earlier));
				expect(cents(item.sales_compared)).toBe(salesOf(ledger, from, to));
			}
			// Each distinct range read once: the previous month of February is January, already read.
			const reads = requests.filter((path) => path === '/ledger_accounts').length;
			expect(reads).toBe(compareWith === 'previousPeriod' ? 4 : 6);
		},
	);

	it('rows carry the comparison beside each amount; an account that moved only in the comparison period has a row', async () => {
		const ledger = ledgers.get('lead')!;
		const { items } = await run(
			'lead',
			profitAndLoss({ fromDate: '2025-02-01', toDate: '2025-02-28', compareWith: 'samePeriodLastYear' }),
		);
		const [netProfit] = items.filter((row) => row.section === 'net_profit');
		expect(cents(netProfit.amount_compared)).toBe(netProfitOf(ledger, '2024-02-01', '2024-02-29'));
		expect(netProfit).toMatchObject({ compared_from_date: '2024-02-01', compared_to_date: '2024-02-29' });
		for (const row of items.filter((candidate) => candidate.row_type === 'account')) {
			expect(cents(row.amount_change)).toBe(cents(row.amount) - cents(row.amount_compared));
			expect(cents(row.amount) !== 0 || cents(row.amount_compared) !== 0).toBe(true);
		}
	});

	it('Balance Sheet as at a day beside the same day last year', async () => {
		const ledger = ledgers.get('second')!;
		const { items } = await run('second', {
			operation: 'balanceSheet',
			reportDate: 'custom',
			asAt: '2025-02-28',
			compareWith: 'samePeriodLastYear',
			output: 'summary',
		});
		expect(items[0]).toMatchObject({ as_at: '2025-02-28', compared_as_at: '2024-02-29' });
		expect(cents(items[0].total_assets_compared)).toBe(assetsAt(ledger, '2024-02-29'));
		expect(cents(items[0].total_assets)).toBe(assetsAt(ledger, '2025-02-28'));
	});

	it('Table with a comparison: each period’s column followed by its comparison, change and change-percent columns', async () => {
		const { items } = await run(
			'lead',
			profitAndLoss({
				fromDate: '2025-01-01',
				toDate: '2025-02-28',
				splitBy: 'month',
				compareWith: 'samePeriodLastYear',
				output: 'table',
			}),
		);
		const columns = (name: string) => [name, `${name} compared`, `${name} change`, `${name} change %`];
		expect(Object.keys(items[0]).slice(1, -4)).toEqual([
			...columns('2025-01'),
			...columns('2025-02'),
			...columns('total'),
		]);
	});
});

describe('requests', () => {
	afterAll(() => useClock(new VirtualClock(() => Date.now())));

	it('Last 12 Months by month beside the same months last year: the settings, then 24 ledger reads, never one per account', async () => {
		useClock(new VirtualClock(() => Date.parse('2025-07-15T16:00:00Z')));
		const ledger = ledgers.get('lead')!;
		const { items, requests } = await run('lead', {
			operation: 'profitAndLoss',
			period: 'last12Months',
			splitBy: 'month',
			compareWith: 'samePeriodLastYear',
			output: 'summary',
		});
		expect(items.map((item) => item.from_date)).toEqual(
			[...Array(12).keys()].map(
				(month) => `${month < 6 ? 2024 : 2025}-${String(((month + 6) % 12) + 1).padStart(2, '0')}-01`,
			),
		);
		expect(cents(items[11].net_profit_compared)).toBe(netProfitOf(ledger, '2024-06-01', '2024-06-30'));
		expect(requests).toEqual(['/financial_settings', ...Array(24).fill('/ledger_accounts')]);
	});
});

describe('margins', () => {
	it('gross and net margin in percent of sales, two decimals', async () => {
		const ledger = ledgers.get('lead')!;
		const { items } = await run(
			'lead',
			profitAndLoss({ fromDate: '2024-07-01', toDate: '2025-06-30', output: 'summary' }),
		);
		const sales = salesOf(ledger, '2024-07-01', '2025-06-30');
		const grossProfit = sales + creditMinusDebit(ledger, ['DIRECT_EXPENSES'], '2024-07-01', '2025-06-30');
		expect(sales).toBeGreaterThan(0);
		expect(items[0].gross_margin_percent).toBe(Math.round((grossProfit * 10_000) / sales) / 100);
		expect(items[0].net_margin_percent).toBe(
			Math.round((netProfitOf(ledger, '2024-07-01', '2025-06-30') * 10_000) / sales) / 100,
		);
	});

	it('null without sales', async () => {
		const { items } = await run(
			'lead',
			profitAndLoss({ fromDate: '2030-01-01', toDate: '2030-01-31', output: 'summary' }),
		);
		expect(items[0]).toMatchObject({ sales: 0, gross_margin_percent: null, net_margin_percent: null });
	});
});

describe('bad split and comparison input, refused before any request', () => {
	const refused = async (parameters: INodeParameters, message: RegExp, requests: string[] = []) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'report', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0])).toEqual(requests);
	};

	it('a range that gives more than 60 months', async () => {
		await refused(
			profitAndLoss({ fromDate: '2020-01-01', toDate: '2025-01-31', splitBy: 'month' }),
			/Invalid "Split By": 2020-01-01 to 2025-01-31 gives 61 months, more than 60 periods/,
		);
	});

	it('a balance sheet as at one day compared with the previous period', async () => {
		await refused(
			{ operation: 'balanceSheet', reportDate: 'today', compareWith: 'previousPeriod' },
			/Invalid "Compare With": a balance sheet as at one day has no period before it/,
		);
	});

	it('Split By and Compare With values an expression made up', async () => {
		await refused(
			profitAndLoss({ fromDate: '2025-01-01', toDate: '2025-01-31', splitBy: '={{ "week" }}' }),
			/Invalid "Split By": must be one of none, month, quarter, year, got "week"/,
		);
		await refused(
			profitAndLoss({ fromDate: '2025-01-01', toDate: '2025-01-31', compareWith: '={{ "lastYear" }}' }),
			/Invalid "Compare With": must be one of none, previousPeriod, samePeriodLastYear, got "lastYear"/,
		);
	});
});
