// What a report is asked for: periods counted from the day the workflow runs (on the clock the
// package runs on), and bad input refused naming the field, before the report's reads.
import type { INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 60 });

/** The package's clock at noon UTC of a day (the workflow's default time zone is New York's). */
const runOn = (day: string) => useClock(new VirtualClock(() => Date.parse(`${day}T16:00:00Z`)));
afterAll(() => useClock(new VirtualClock(() => Date.now())));

const summaryOf = async (parameters: INodeParameters) => {
	const result = await env.runNode({ resource: 'report', output: 'summary', ...parameters });
	expect(result.error).toBeUndefined();
	return result.json(NODE)[0];
};

describe('report periods relative to today', () => {
	it.each([
		['2025-05-15', 'lastMonth', '2025-04-01', '2025-04-30'],
		['2025-05-15', 'thisQuarter', '2025-04-01', '2025-06-30'],
		['2025-05-15', 'thisFinancialYear', '2024-07-01', '2025-06-30'],
		['2025-05-15', 'lastFinancialYear', '2023-07-01', '2024-06-30'],
		['2025-08-02', 'lastQuarter', '2025-04-01', '2025-06-30'],
	])('on %s, %s is %s to %s (the lead business’s year ends 30 June)', async (today, period, from, to) => {
		runOn(today);
		const summary = await summaryOf({ operation: 'profitAndLoss', period });
		expect(summary).toMatchObject({ from_date: from, to_date: to });
	});

	it.each([
		['2025-05-15', 'today', '2025-05-15'],
		['2025-05-15', 'endOfLastMonth', '2025-04-30'],
		['2025-05-15', 'endOfLastFinancialYear', '2024-06-30'],
	])('on %s, As At %s is %s', async (today, reportDate, asAt) => {
		runOn(today);
		expect(await summaryOf({ operation: 'balanceSheet', reportDate })).toMatchObject({ as_at: asAt });
		expect(await summaryOf({ operation: 'agedCreditors', reportDate })).toMatchObject({ as_at: asAt });
	});
});

describe('the day a run begins on', () => {
	const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };

	/** A clock one second before midnight in New York (the workflow's zone) until the service is first asked anything. */
	const crossingMidnight = () => {
		const position = env.sandbox.log.entries().length;
		useClock(
			new VirtualClock(() =>
				Date.parse(env.sandbox.log.entries().length > position ? '2025-12-01T05:00:01Z' : '2025-12-01T04:59:59Z'),
			),
		);
	};

	it.each([
		['profitAndLoss', { period: 'lastMonth' }, { from_date: '2025-10-01', to_date: '2025-10-31' }],
		['balanceSheet', { reportDate: 'endOfLastMonth' }, { as_at: '2025-10-31' }],
		['agedDebtors', { reportDate: 'endOfLastMonth' }, { as_at: '2025-10-31' }],
		['agedCreditors', { reportDate: 'endOfLastMonth' }, { as_at: '2025-10-31' }],
		['bankSummary', { period: 'lastMonth' }, { from_date: '2025-10-01', to_date: '2025-10-31' }],
	])(
		'%s over All Businesses, run across midnight: every business reports as of the day the run began',
		async (operation, days, expected) => {
			crossingMidnight();
			const result = await env.runNode({ resource: 'report', output: 'summary', operation, business: ALL, ...days });
			expect(result.error).toBeUndefined();
			const summaries = result.json(NODE);
			expect(summaries.length).toBe((env.sandbox.dataset.businesses as unknown[]).length);
			for (const summary of summaries) expect(summary).toMatchObject(expected);
		},
	);
});

describe('bad report input', () => {
	const refused = async (parameters: INodeParameters, message: RegExp, requests: string[]) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'report', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0])).toEqual(requests);
	};

	it('To Date before From Date: refused before any request', async () => {
		await refused(
			{ operation: 'profitAndLoss', period: 'custom', fromDate: '2025-03-31', toDate: '2025-03-01' },
			/Invalid "To Date": 2025-03-01 is before From Date 2025-03-31/,
			[],
		);
	});

	it('a date that is no date, a period or output an expression made up: refused before any request', async () => {
		await refused(
			{ operation: 'balanceSheet', reportDate: 'custom', asAt: '={{ "31/03/2025" }}' },
			/Invalid "As At Date": expected a date as YYYY-MM-DD, got "31\/03\/2025"/,
			[],
		);
		await refused(
			{ operation: 'profitAndLoss', period: '={{ "lastYear" }}', fromDate: '2025-01-01', toDate: '2025-01-31' },
			/Invalid "Period": must be one of thisMonth, lastMonth, last12Months, thisQuarter, lastQuarter, thisFinancialYear, lastFinancialYear, custom, got "lastYear"/,
			[],
		);
		await refused(
			{ operation: 'agedDebtors', output: '={{ "table" }}' },
			/Invalid "Output": must be one of rows, summary, documents, got "table"/,
			[],
		);
	});

	it('a day before the opening balances: refused once the settings are read, before any figure is', async () => {
		for (const operation of ['balanceSheet', 'agedDebtors']) {
			await refused(
				{ operation, reportDate: 'custom', asAt: '2023-06-29' },
				/Invalid "As At Date": the day 2023-06-29 is before the books start \(2023-07-01, .*or the day before, 2023-06-30, for the opening balances\)/,
				['/financial_settings'],
			);
		}
		runOn('2024-05-15');
		await refused(
			{ operation: 'profitAndLoss', period: 'lastFinancialYear' },
			/Invalid "Period": the period ends on 2023-06-30 is before the books start/,
			['/financial_settings'],
		);
	});
});
