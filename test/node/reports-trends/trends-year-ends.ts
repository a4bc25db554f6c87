// Financial quarters of years ending on the 28th–30th, through the node: a business whose year
// ends 30 December (or 30 January) has quarters ending on the 30th of their last months (30 June,
// 30 September; 30 April), and Split By, This/Last Quarter and Compare With all use them. The
// figures are summed here from the ledger entries.
import type { INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessParameter,
	cents,
	netProfitOf as netProfitIn,
	putYearEnd,
	readLedger,
	type Ledger,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 60 });
let ledger: Ledger;

const netProfitOf = (from: string, to: string) => netProfitIn(ledger, from, to);

/** Moves the second business's year end, as its owner would in Sage's financial settings. */
async function setYearEnd(yearEnd: string) {
	expect((await putYearEnd(env, businessByKey(env, 'second'), yearEnd)).year_end_date).toBe(yearEnd);
}

const summariesOf = async (parameters: INodeParameters) => {
	const result = await env.runNode({
		resource: 'report',
		operation: 'profitAndLoss',
		output: 'summary',
		...businessParameter(businessByKey(env, 'second')),
		...parameters,
	});
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

beforeAll(async () => {
	ledger = await readLedger(env, businessByKey(env, 'second'));
});
afterAll(() => useClock(new VirtualClock(() => Date.now())));

describe('a year ending 30 December', () => {
	beforeAll(async () => await setYearEnd('2024-12-30'));

	it('by quarter: 31 Dec–30 Mar, 31 Mar–30 Jun, 1 Jul–30 Sep, 1 Oct–30 Dec, each its own movements', async () => {
		const quarters = [
			['2023-12-31', '2024-03-30'],
			['2024-03-31', '2024-06-30'],
			['2024-07-01', '2024-09-30'],
			['2024-10-01', '2024-12-30'],
		];
		const items = await summariesOf({
			period: 'custom',
			fromDate: '2023-12-31',
			toDate: '2024-12-30',
			splitBy: 'quarter',
		});
		expect(items.map((item) => [item.from_date, item.to_date])).toEqual(quarters);
		for (const [index, [from, to]] of quarters.entries())
			expect(cents(items[index].net_profit)).toBe(netProfitOf(from, to));
		const table = await summariesOf({
			period: 'custom',
			fromDate: '2023-12-31',
			toDate: '2024-12-30',
			splitBy: 'quarter',
			output: 'table',
		});
		expect(Object.keys(table[0]).slice(1, 5)).toEqual(['FY2024-Q1', 'FY2024-Q2', 'FY2024-Q3', 'FY2024-Q4']);
	});

	it('This Quarter and Last Quarter on 1 July; the third quarter beside the second and beside last year’s third', async () => {
		useClock(new VirtualClock(() => Date.parse('2024-07-01T16:00:00Z')));
		const [thisQuarter] = await summariesOf({ period: 'thisQuarter', compareWith: 'previousPeriod' });
		expect(thisQuarter).toMatchObject({
			from_date: '2024-07-01',
			to_date: '2024-09-30',
			compared_from_date: '2024-03-31',
			compared_to_date: '2024-06-30',
		});
		expect(cents(thisQuarter.net_profit)).toBe(netProfitOf('2024-07-01', '2024-09-30'));
		expect(cents(thisQuarter.net_profit_compared)).toBe(netProfitOf('2024-03-31', '2024-06-30'));
		const [lastQuarter] = await summariesOf({ period: 'lastQuarter' });
		expect(lastQuarter).toMatchObject({ from_date: '2024-03-31', to_date: '2024-06-30' });
		const [lastYear] = await summariesOf({
			period: 'custom',
			fromDate: '2024-07-01',
			toDate: '2024-09-30',
			compareWith: 'samePeriodLastYear',
		});
		expect(lastYear).toMatchObject({ compared_from_date: '2023-07-01', compared_to_date: '2023-09-30' });
		expect(cents(lastYear.net_profit_compared)).toBe(netProfitOf('2023-07-01', '2023-09-30'));
	});
});

describe('a year ending 30 January', () => {
	beforeAll(async () => await setYearEnd('2025-01-30'));

	it('its first quarter ends 30 April, the second 30 July', async () => {
		useClock(new VirtualClock(() => Date.parse('2024-04-30T16:00:00Z')));
		const [thisQuarter] = await summariesOf({ period: 'thisQuarter' });
		expect(thisQuarter).toMatchObject({ from_date: '2024-01-31', to_date: '2024-04-30' });
		expect(cents(thisQuarter.net_profit)).toBe(netProfitOf('2024-01-31', '2024-04-30'));
		const items = await summariesOf({
			period: 'custom',
			fromDate: '2024-01-31',
			toDate: '2024-07-30',
			splitBy: 'quarter',
		});
		expect(items.map((item) => [item.from_date, item.to_date])).toEqual([
			['2024-01-31', '2024-04-30'],
			['2024-05-01', '2024-07-30'],
		]);
	});
});
