// Hunt (issue 50 items 5-11): a Profit and Loss split by quarter over several whole financial
// quarters, as a Table: its total column is compared with as many quarters just before the whole
// range (Previous Period). A business whose year ends 30 December has quarters ending 30 March,
// 30 June, 30 September and 30 December; the figures are summed here from the ledger's entries.
import type { IDataObject } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';

import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessesOf,
	businessParameter,
	assetsAt as assetsIn,
	cents,
	netProfitOf as netProfitIn,
	putYearEnd,
	readLedger,
	type Ledger,
} from '../report-books';
import { answerOf, callTools } from '../tool-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 60 });
let ledger: Ledger;

const netProfitOf = (from: string, to: string) => netProfitIn(ledger, from, to);

/** Moves a business's year end, as its owner would in Sage's financial settings. */
const setYearEnd = async (yearEnd: string, key = 'second') => await putYearEnd(env, businessByKey(env, key), yearEnd);

beforeAll(async () => {
	ledger = await readLedger(env, businessByKey(env, 'second'));
});

describe('a Table split by quarter: the total beside as many quarters just before', () => {
	beforeAll(async () => await setYearEnd('2024-12-30'));

	it('Q4 FY2024 and Q1 FY2025 (1 Oct 2024 – 30 Mar 2025): total compared is Q2 and Q3 (31 Mar – 30 Sep 2024)', async () => {
		const result = await env.runNode({
			resource: 'report',
			operation: 'profitAndLoss',
			...businessParameter(businessByKey(env, 'second')),
			period: 'custom',
			fromDate: '2024-10-01',
			toDate: '2025-03-30',
			splitBy: 'quarter',
			compareWith: 'previousPeriod',
			output: 'table',
		});
		expect(result.error).toBeUndefined();
		const row = result.json(NODE).find((item) => item.row_type === 'total' && item.section === 'net_profit')!;
		// Each quarter's own comparison is the quarter before it.
		expect(cents(row['FY2024-Q4 compared'])).toBe(netProfitOf('2024-07-01', '2024-09-30'));
		expect(cents(row['FY2025-Q1 compared'])).toBe(netProfitOf('2024-10-01', '2024-12-30'));
		// The two quarters before the two: Q2 (31 Mar – 30 Jun) and Q3 (1 Jul – 30 Sep) of FY2024.
		const before = netProfitOf('2024-03-31', '2024-09-30');
		expect(before).not.toBe(netProfitOf('2024-04-03', '2024-09-30'));
		expect(cents(row['total compared'])).toBe(before);
		expect(cents(row['total change'])).toBe(netProfitOf('2024-10-01', '2025-03-30') - before);
	});
});

describe('the tool’s answer under All Businesses, cut by its size limit', () => {
	it('profit_and_loss over 24 months by month: every business’s 24 summaries, each the ledger’s net profit', async () => {
		const [result] = await callTools(
			env,
			{
				report: {
					resource: 'report',
					operation: 'profitAndLoss',
					business: { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' },
					period: 'custom',
					fromDate: '2023-07-01',
					toDate: '2025-06-30',
					splitBy: 'month',
				},
			},
			[{ tool: 'report', arguments: {} }],
		);
		const answer = answerOf(result);
		const businesses = businessesOf(env);
		expect(businesses.length).toBeGreaterThan(1);
		// The answer was cut: its last entry is the note.
		expect(answer[answer.length - 1].note).toEqual(expect.any(String));
		for (const business of businesses) {
			const summaries = answer.filter(
				(entry) => entry.business_id === business.id && !('row_type' in entry) && !('note' in entry),
			);
			expect([business.key, summaries.length]).toEqual([business.key, 24]);
			const ledgerOf = await readLedger(env, business);
			for (const summary of summaries) {
				const net = netProfitIn(ledgerOf, summary.from_date as string, summary.to_date as string);
				expect(cents(summary.net_profit ?? 0)).toBe(net);
			}
		}
	});
});

describe('a split Balance Sheet whose Period ends on the opening day (the day before the books start)', () => {
	afterAll(() => useClock(new VirtualClock(() => Date.now())));

	it('Last Month on 15 July 2023, books from 1 July: the opening balance sheet as at 30 June, as Custom gives it', async () => {
		useClock(new VirtualClock(() => Date.parse('2023-07-15T12:00:00Z')));
		const lead = await readLedger(env, businessByKey(env, 'lead'));
		const expected = assetsIn(lead, '2023-06-30');
		expect(expected).not.toBe(0);
		const run = async (days: IDataObject) =>
			await env.runNode({
				resource: 'report',
				operation: 'balanceSheet',
				splitBy: 'month',
				output: 'summary',
				...days,
			});
		const custom = await run({ period: 'custom', fromDate: '2023-06-01', toDate: '2023-06-30' });
		expect(custom.error).toBeUndefined();
		expect(cents(custom.json(NODE)[0].total_assets)).toBe(expected);
		const lastMonth = await run({ period: 'lastMonth' });
		expect(lastMonth.error?.message).toBeUndefined();
		const [sheet] = lastMonth.json(NODE);
		expect(sheet.as_at).toBe('2023-06-30');
		expect(cents(sheet.total_assets)).toBe(expected);
	});
});

describe('the tool’s note on a split report cut by its size limit', () => {
	it('profit_and_loss over 24 months by month: what the note says of the first entry is true of the ledger', async () => {
		const lead = await readLedger(env, businessByKey(env, 'lead'));
		const [result] = await callTools(
			env,
			{
				report: {
					resource: 'report',
					operation: 'profitAndLoss',
					period: 'custom',
					fromDate: '2023-07-01',
					toDate: '2025-06-30',
					splitBy: 'month',
				},
			},
			[{ tool: 'report', arguments: {} }],
		);
		const answer = answerOf(result);
		const note = String(answer[answer.length - 1].note);
		expect(note).toMatch(/rows shown/);
		const whole = netProfitIn(lead, '2023-07-01', '2025-06-30');
		const july = netProfitIn(lead, '2023-07-01', '2023-07-31');
		expect(whole).not.toBe(july);
		expect(cents(answer[0].net_profit)).toBe(july);
		// A model reads the note: if it says the first entry holds the report's totals, they must be the whole range's.
		if (/first entry holds the report’s totals/.test(note)) expect(cents(answer[0].net_profit)).toBe(whole);
	});
});

describe('a split Balance Sheet starting mid-quarter beside the same period last year', () => {
	// A year ending 28 November: quarters end 28 Feb, 28 May, 28 Aug, 28 Nov; FY2024's first ended
	// 28 Feb 2024. The lead business, whose books moved on 29 February 2024.
	let lead: Ledger;
	beforeAll(async () => {
		lead = await readLedger(env, businessByKey(env, 'lead'));
		await setYearEnd('2024-11-28', 'lead');
	});

	const assetsAt = (day: string) => assetsIn(lead, day);
	const sheets = async (fromDate: string) => {
		const result = await env.runNode({
			resource: 'report',
			operation: 'balanceSheet',
			period: 'custom',
			fromDate,
			toDate: '2025-05-28',
			splitBy: 'quarter',
			compareWith: 'samePeriodLastYear',
			output: 'summary',
		});
		expect(result.error).toBeUndefined();
		return result.json(NODE);
	};

	it('from 15 Dec 2024: the column as at 28 Feb 2025 (FY2025-Q1) beside 28 Feb 2024, the end of FY2024-Q1, as from 29 Nov', async () => {
		expect(assetsAt('2024-02-28')).not.toBe(assetsAt('2024-02-29'));
		const whole = await sheets('2024-11-29');
		expect(whole.map((sheet) => [sheet.as_at, sheet.compared_as_at])).toEqual([
			['2025-02-28', '2024-02-28'],
			['2025-05-28', '2024-05-28'],
		]);
		const clipped = await sheets('2024-12-15');
		expect(cents(clipped[0].total_assets_compared)).toBe(assetsAt('2024-02-28'));
		expect(clipped.map((sheet) => [sheet.as_at, sheet.compared_as_at])).toEqual([
			['2025-02-28', '2024-02-28'],
			['2025-05-28', '2024-05-28'],
		]);
	});
});
