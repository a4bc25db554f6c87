// Report → Key Figures against the sandbox's ledger entries and documents read straight from it
// and summed here: every figure is its formula (docs/reports.md) on those sums, each period's and
// its comparison's; a period without sales gives null margins and debtor days, not a division by 0.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { expectedFigures as figuresFromBooks, FIGURES } from '../key-figure-books';
import {
	businessByKey,
	businessesOf,
	businessParameter,
	useLedgers,
	type Business,
	type Ledger,
} from '../report-books';

const NODE = 'Accounting Service';
// Small books (the lead with the second business's counts): every report reads them whole, and
// each figure is checked against its formula on what was read, whatever the books' size.
const env = useConnectedSandbox({ scale: 300, smallLead: true });
const ledgers = useLedgers(env);
const expectedFigures = (business: Business, ledger: Ledger, from: string, to: string) =>
	figuresFromBooks(env, business, ledger, from, to);

const keyFigures = (business: Business, extra: INodeParameters): INodeParameters => ({
	resource: 'report',
	operation: 'keyFigures',
	period: 'custom',
	...businessParameter(business),
	...extra,
});

const figuresOf = (item: IDataObject) => Object.fromEntries(FIGURES.map((key) => [key, item[key]]));

describe('Report → Key Figures', () => {
	it.each([
		['lead', '2025-05-01', '2025-05-31'],
		['lead', '2024-07-01', '2025-06-30'],
		['second', '2024-03-01', '2024-03-31'],
	])('%s business, %s to %s: every figure is its formula on the ledger and the documents', async (key, from, to) => {
		const business = businessByKey(env, key);
		const result = await env.runNode(keyFigures(business, { fromDate: from, toDate: to }));
		expect(result.error).toBeUndefined();
		const [summary] = result.json(NODE);
		expect(summary).toMatchObject({ from_date: from, to_date: to, currency: business.currency });
		const expected = await expectedFigures(business, ledgers.get(key)!, from, to);
		expect(figuresOf(summary)).toEqual(expected);
		// The sandbox's books sell on credit and owe suppliers: the day-counts have something to count.
		expect([expected.debtor_days, expected.creditor_days, expected.current_ratio]).not.toContain(null);
	});

	it('by month against the same months last year: Summary, Rows and Table say the same, the change is figure − compared', async () => {
		const business = businessByKey(env, 'lead');
		const parameters = {
			fromDate: '2025-04-01',
			toDate: '2025-05-31',
			splitBy: 'month',
			compareWith: 'samePeriodLastYear',
		};
		const [summaries, rows, table] = await Promise.all(
			['summary', 'rows', 'table'].map(async (output) => {
				const result = await env.runNode(keyFigures(business, { ...parameters, output }));
				expect(result.error).toBeUndefined();
				return result.json(NODE);
			}),
		);
		expect(
			summaries.map((item) => [item.from_date, item.to_date, item.compared_from_date, item.compared_to_date]),
		).toEqual([
			['2025-04-01', '2025-04-30', '2024-04-01', '2024-04-30'],
			['2025-05-01', '2025-05-31', '2024-05-01', '2024-05-31'],
		]);
		const ledger = ledgers.get('lead')!;
		for (const [index, summary] of summaries.entries()) {
			const earlier = await expectedFigures(
				business,
				ledger,
				summary.compared_from_date as string,
				summary.compared_to_date as string,
			);
			expect(figuresOf(summary)).toEqual(
				await expectedFigures(business, ledger, summary.from_date as string, summary.to_date as string),
			);
			const periodRows = rows.filter((row) => row.from_date === summary.from_date);
			expect(periodRows.map((row) => row.figure)).toEqual(FIGURES);
			for (const row of periodRows) {
				const figure = row.figure as string;
				const compared = earlier[figure as keyof typeof earlier];
				expect([row.value, row.compared]).toEqual([summary[figure], compared]);
				expect(summary[`${figure}_compared`]).toBe(compared);
				if (row.value === null || compared === null) expect(row.change).toBeNull();
				else expect(row.change).toBeCloseTo((row.value as number) - compared, 6);
				expect(row.change_percent).toBe(summary[`${figure}_change_percent`]);
				const column = (summary.from_date as string).slice(0, 7);
				const tableRow = table.find((line) => line.figure === figure)!;
				expect([tableRow[column], tableRow[`${column} compared`], tableRow[`${column} change %`]]).toEqual([
					row.value,
					row.compared,
					row.change_percent,
				]);
			}
		}
	});

	it('a period without sales: margins, debtor and creditor days and cash runway are null, not a division by zero', async () => {
		const business = businessByKey(env, 'lead');
		const result = await env.runNode(keyFigures(business, { fromDate: '2030-01-01', toDate: '2030-01-31' }));
		expect(result.error).toBeUndefined();
		const [summary] = result.json(NODE);
		expect(summary).toMatchObject({
			revenue: 0,
			gross_margin_percent: null,
			net_margin_percent: null,
			debtor_days: null,
			creditor_days: null,
			cash_runway_months: null,
		});
		expect(figuresOf(summary)).toEqual(
			await expectedFigures(business, ledgers.get('lead')!, '2030-01-01', '2030-01-31'),
		);
	});

	it('All Businesses: one summary per business, each its own books', async () => {
		const result = await env.runNode({
			resource: 'report',
			operation: 'keyFigures',
			period: 'custom',
			fromDate: '2024-06-01',
			toDate: '2024-06-30',
			business: 'all',
		});
		expect(result.error).toBeUndefined();
		const items = result.json(NODE);
		expect(items.map((item) => item.business_id)).toEqual(businessesOf(env).map((business) => business.id));
		for (const item of items) {
			const business = businessesOf(env).find((candidate) => candidate.id === item.business_id)!;
			expect(figuresOf(item)).toEqual(
				await expectedFigures(business, ledgers.get(business.key)!, '2024-06-01', '2024-06-30'),
			);
		}
	});
});
