// Cases an accountant meets at a month end, each figure summed here from the sandbox's ledger
// entries: a split Balance Sheet starting mid-month beside the previous month end, the Table's
// compared total over the range before the whole range, and ranges before the books start refused.
import type { INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import {
	assetsAt,
	businessByKey,
	businessParameter,
	cents,
	INCOME_AND_EXPENSES,
	netProfitOf,
	useLedgers,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 });
const ledgers = useLedgers(env);

const run = async (parameters: INodeParameters, key = 'lead') => {
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode({
		resource: 'report',
		...businessParameter(businessByKey(env, key)),
		...parameters,
	});
	const requests = env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0]);
	return { result, requests };
};

const itemsOf = async (parameters: INodeParameters) => {
	const { result } = await run(parameters);
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

describe('a split Balance Sheet beside the previous period', () => {
	it('starting mid-month: the first column (as at 30 Nov) is compared as at 31 Oct, the month end before', async () => {
		const ledger = ledgers.get('lead')!;
		const items = await itemsOf({
			operation: 'balanceSheet',
			period: 'custom',
			fromDate: '2024-11-10',
			toDate: '2025-01-31',
			splitBy: 'month',
			compareWith: 'previousPeriod',
			output: 'summary',
		});
		expect(items.map((item) => [item.as_at, item.compared_as_at])).toEqual([
			['2024-11-30', '2024-10-31'],
			['2024-12-31', '2024-11-30'],
			['2025-01-31', '2024-12-31'],
		]);
		for (const item of items) {
			expect(cents(item.total_assets_compared)).toBe(assetsAt(ledger, item.compared_as_at as string));
		}
	});

	it('by quarter, starting mid-quarter and ending mid-month: each column beside the quarter end before', async () => {
		const ledger = ledgers.get('lead')!;
		const items = await itemsOf({
			operation: 'balanceSheet',
			period: 'custom',
			fromDate: '2024-08-20',
			toDate: '2025-02-14',
			splitBy: 'quarter',
			compareWith: 'previousPeriod',
			output: 'summary',
		});
		// The lead business's year ends 30 June: quarters end 30 Sep, 31 Dec, 31 Mar.
		expect(items.map((item) => [item.as_at, item.compared_as_at])).toEqual([
			['2024-09-30', '2024-06-30'],
			['2024-12-31', '2024-09-30'],
			['2025-02-14', '2024-12-31'],
		]);
		for (const item of items) {
			expect(cents(item.total_assets_compared)).toBe(assetsAt(ledger, item.compared_as_at as string));
		}
	});
});

describe('the Table’s total column beside the range before the whole range', () => {
	const netProfitRow = async (compareWith: string, fromDate: string, toDate: string) => {
		const table = await itemsOf({
			operation: 'profitAndLoss',
			period: 'custom',
			fromDate,
			toDate,
			splitBy: 'month',
			compareWith,
			output: 'table',
		});
		return table.find((row) => row.row_type === 'total' && row.section === 'net_profit')!;
	};

	it('Previous Period: January to March by month has its total compared with October to December', async () => {
		const ledger = ledgers.get('lead')!;
		const row = await netProfitRow('previousPeriod', '2025-01-01', '2025-03-31');
		expect(cents(row.total)).toBe(netProfitOf(ledger, '2025-01-01', '2025-03-31'));
		const earlier = netProfitOf(ledger, '2024-10-01', '2024-12-31');
		expect(cents(row['total compared'])).toBe(earlier);
		expect(cents(row['total change'])).toBe(netProfitOf(ledger, '2025-01-01', '2025-03-31') - earlier);
		// The months' own comparisons stay each the month before.
		expect(cents(row['2025-01 compared'])).toBe(netProfitOf(ledger, '2024-12-01', '2024-12-31'));
	});

	it('Same Period Last Year: the whole range a year before', async () => {
		const ledger = ledgers.get('lead')!;
		const row = await netProfitRow('samePeriodLastYear', '2024-11-15', '2025-02-28');
		expect(cents(row['total compared'])).toBe(netProfitOf(ledger, '2023-11-15', '2024-02-29'));
	});

	it('every account with a figure in the total compared has a row, whose cells add up', async () => {
		const ledger = ledgers.get('lead')!;
		const table = await itemsOf({
			operation: 'profitAndLoss',
			period: 'custom',
			fromDate: '2025-01-01',
			toDate: '2025-03-31',
			splitBy: 'month',
			compareWith: 'previousPeriod',
			output: 'table',
		});
		const accounts = table.filter((row) => row.row_type === 'account');
		const sections = table.filter((row) => row.row_type === 'subtotal');
		for (const subtotal of sections) {
			const rows = accounts.filter((row) => row.section === subtotal.section);
			const sum = rows.reduce((total, row) => total + cents(row['total compared']), 0);
			expect(sum).toBe(cents(subtotal['total compared']));
		}
		const movedBefore = new Set(
			ledger.entries
				.filter((entry) => entry.date >= '2024-10-01' && entry.date <= '2024-12-31')
				.filter((entry) => INCOME_AND_EXPENSES.includes(ledger.typeOf.get(entry.account)!))
				.map((entry) => entry.account),
		);
		for (const account of movedBefore) {
			const net = ledger.entries
				.filter((entry) => entry.account === account && entry.date >= '2024-10-01' && entry.date <= '2024-12-31')
				.reduce((sum, entry) => sum + entry.debit - entry.credit, 0);
			if (net !== 0) expect(accounts.some((row) => row.ledger_account_id === account)).toBe(true);
		}
	});
});

describe('a range before the books start (2023-07-01) is refused, naming the field and the books’ start', () => {
	const refused = async (parameters: INodeParameters, field: string) => {
		const { result, requests } = await run(parameters);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${field}": .*before the books start \\(2023-07-01`));
		expect(requests).toEqual(['/financial_settings']);
	};

	it('a split Balance Sheet of January to March 2023', async () => {
		await refused(
			{
				operation: 'balanceSheet',
				period: 'custom',
				fromDate: '2023-01-01',
				toDate: '2023-03-31',
				splitBy: 'month',
				output: 'summary',
			},
			'From Date',
		);
	});

	it('a Profit and Loss of 2020, and of 2020 by quarter', async () => {
		await refused(
			{ operation: 'profitAndLoss', period: 'custom', fromDate: '2020-01-01', toDate: '2020-12-31' },
			'From Date',
		);
		await refused(
			{
				operation: 'profitAndLoss',
				period: 'custom',
				fromDate: '2020-01-01',
				toDate: '2020-12-31',
				splitBy: 'quarter',
			},
			'From Date',
		);
	});

	it('a split whose first periods end before the start: refused; a range holding the start in its first period: answered', async () => {
		await refused(
			{ operation: 'profitAndLoss', period: 'custom', fromDate: '2023-05-01', toDate: '2023-08-31', splitBy: 'month' },
			'From Date',
		);
		const ledger = ledgers.get('lead')!;
		// One period straddling the start: the books from their start.
		const [whole] = await itemsOf({
			operation: 'profitAndLoss',
			period: 'custom',
			fromDate: '2023-01-01',
			toDate: '2023-12-31',
			output: 'summary',
		});
		expect(cents(whole.net_profit)).toBe(netProfitOf(ledger, '2023-01-01', '2023-12-31'));
		// A Balance Sheet by month from June 2023: as at the opening day (the opening balance sheet), then each month end.
		const sheets = await itemsOf({
			operation: 'balanceSheet',
			period: 'custom',
			fromDate: '2023-06-01',
			toDate: '2023-07-31',
			splitBy: 'month',
			output: 'summary',
		});
		expect(sheets.map((sheet) => sheet.as_at)).toEqual(['2023-06-30', '2023-07-31']);
		expect(cents(sheets[0].total_assets)).toBe(assetsAt(ledger, '2023-06-30'));
		expect(cents(sheets[0].total_assets)).not.toBe(0);
	});
});
