// Profit and Loss against the sandbox's books: every figure equals the ledger entries of the
// period summed here, independently of the node; every account with a movement is in its
// section once; the subtotals and totals are the exact sums of the rows above them.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessParameter,
	cents,
	creditMinusDebit,
	EXPENSE_TYPES,
	INCOME_TYPES,
	netByAccount,
	PROFIT_AND_LOSS_SECTIONS,
	sectionsInOrder,
	useLedgers,
	sumOf,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 });

const SECTIONS: Record<string, { types: string[]; income: boolean }> = {
	sales: { types: ['SALES'], income: true },
	direct_expenses: { types: ['DIRECT_EXPENSES'], income: false },
	other_income: { types: ['OTHER_INCOME'], income: true },
	overheads: { types: ['OVERHEADS'], income: false },
	depreciation: { types: ['DEPRECIATION'], income: false },
};

const PERIODS: Array<[string, string]> = [
	['2024-04-01', '2024-04-30'],
	['2024-01-01', '2024-03-31'],
	['2023-07-01', '2024-06-30'],
	['2024-07-01', '2025-06-30'],
	['2025-02-15', '2025-02-15'],
];

const profitAndLoss = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'report',
	operation: 'profitAndLoss',
	period: 'custom',
	...extra,
});

const ledgers = useLedgers(env);

describe('Report → Profit and Loss', () => {
	const cases = ['lead', 'second', 'invited'].flatMap((key) => PERIODS.map(([from, to]) => [key, from, to]));

	it.each(cases)('%s business, %s to %s: every figure from the ledger entries, to the cent', async (key, from, to) => {
		const business = businessByKey(env, key);
		const ledger = ledgers.get(key)!;
		const position = env.sandbox.log.entries().length;

		const rowsRun = await env.runNode(profitAndLoss({ fromDate: from, toDate: to, ...businessParameter(business) }));
		const summaryRun = await env.runNode(
			profitAndLoss({ fromDate: from, toDate: to, output: 'summary', ...businessParameter(business) }),
		);

		expect(rowsRun.error).toBeUndefined();
		expect(summaryRun.error).toBeUndefined();
		// One settings read and ⌈accounts / 200⌉ list pages, per run.
		expect(env.apiRequestsSince(position).map((entry) => entry.path.split('?')[0])).toEqual([
			'/financial_settings',
			'/ledger_accounts',
			'/financial_settings',
			'/ledger_accounts',
		]);
		const rows = rowsRun.json(NODE);
		const [summary] = summaryRun.json(NODE);

		const expected: Record<string, number> = {};
		for (const [section, { types, income }] of Object.entries(SECTIONS)) {
			expected[section] = income
				? creditMinusDebit(ledger, types, from, to)
				: 0 - creditMinusDebit(ledger, types, from, to);
		}
		const netProfit = creditMinusDebit(ledger, [...INCOME_TYPES, ...EXPENSE_TYPES], from, to);
		expect(cents(summary.net_profit)).toBe(netProfit);
		expect(cents(summary.gross_profit)).toBe(expected.sales - expected.direct_expenses);
		for (const section of Object.keys(SECTIONS)) expect(cents(summary[section])).toBe(expected[section]);
		expect(summary).toMatchObject({
			from_date: from,
			to_date: to,
			currency: business.currency,
			unplaced_accounts: null,
		});

		// Each section: its accounts, then its line, which is their exact sum and the summary's figure.
		for (const section of Object.keys(SECTIONS)) {
			const accounts = rows.filter((row) => row.section === section && row.row_type === 'account');
			const [line] = rows.filter((row) => row.section === section && row.row_type === 'subtotal');
			expect(cents(line.amount)).toBe(sumOf(accounts));
			expect(cents(line.amount)).toBe(expected[section]);
		}
		const totals = Object.fromEntries(
			rows.filter((row) => row.row_type === 'total').map((row) => [row.section, cents(row.amount)]),
		);
		expect(totals).toEqual({ gross_profit: cents(summary.gross_profit), net_profit: netProfit });
		expect(sectionsInOrder(rows)).toEqual(PROFIT_AND_LOSS_SECTIONS);

		// Every income and expense account with a movement is one account row, of its type's section.
		const moved = [...netByAccount(ledger, from, to)].filter(([account]) =>
			[...INCOME_TYPES, ...EXPENSE_TYPES].includes(ledger.typeOf.get(account)!),
		);
		const accountRows = rows.filter((row) => row.row_type === 'account');
		expect(accountRows.map((row) => row.ledger_account_id).sort()).toEqual(moved.map(([account]) => account).sort());
		for (const [account, net] of moved) {
			const row = accountRows.find((candidate) => candidate.ledger_account_id === account) as IDataObject;
			const section = Object.entries(SECTIONS).find(([, { types }]) => types.includes(ledger.typeOf.get(account)!))!;
			expect(row.section).toBe(section[0]);
			expect(cents(row.amount)).toBe(section[1].income ? 0 - net : net);
		}
		for (const row of rows) {
			expect(Object.keys(row)).toEqual([
				'row_type',
				'section',
				'label',
				'ledger_account_id',
				'nominal_code',
				'ledger_account_name',
				'amount',
				'from_date',
				'to_date',
			]);
		}
	});
});
