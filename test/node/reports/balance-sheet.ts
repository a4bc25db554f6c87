// The Balance Sheet against the sandbox's books: it balances on every date tried, every figure
// equals the ledger entries up to the day summed here with no lower bound (the opening balances,
// dated the day before the books start, included), and every balance sheet account with a
// balance is in its section once.
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import {
	businessByKey,
	businessesOf,
	businessParameter,
	cents,
	creditMinusDebit,
	EXPENSE_TYPES,
	INCOME_TYPES,
	netByAccount,
	useLedgers,
	sumOf,
} from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 });

const SECTIONS: Record<string, { types: string[]; asset: boolean }> = {
	fixed_assets: { types: ['FIXED_ASSETS'], asset: true },
	future_assets: { types: ['FUTURE_ASSETS'], asset: true },
	current_assets: { types: ['CURRENT_ASSETS'], asset: true },
	bank: { types: ['BANK'], asset: true },
	current_liabilities: { types: ['CURRENT_LIABILITY', 'LINE_OF_CREDIT'], asset: false },
	future_liabilities: { types: ['FUTURE_LIABILITY'], asset: false },
	equity: { types: ['EQUITY'], asset: false },
};
/** The opening balance sheet (the day before the books start, when Sage dates opening balances), then later days. */
const DATES = ['2023-06-30', '2023-07-01', '2023-12-31', '2024-02-29', '2024-06-30', '2025-03-15', '2025-06-30'];

const ledgers = useLedgers(env);
/** The sandbox's businesses, each tried (the first test checks the list is whole). */
const BUSINESSES = ['lead', 'second', 'invited'];
/** No lower bound: every entry dated up to the day counts. */
const EVERY_ENTRY = '';

describe('Report → Balance Sheet', () => {
	it('every sandbox business is tried, and each has opening balances dated the day before its books start', () => {
		expect(businessesOf(env).map(({ key }) => key)).toEqual(BUSINESSES);
		for (const key of BUSINESSES) {
			const ledger = ledgers.get(key)!;
			const openingDay = new Date(Date.parse(`${ledger.accountsStart}T00:00:00Z`) - 86_400_000).toISOString();
			expect(ledger.entries.some((entry) => entry.date === openingDay.slice(0, 10))).toBe(true);
		}
	});

	const cases = BUSINESSES.flatMap((key) => DATES.map((day) => [key, day]));

	it.each(cases)('%s business as at %s: balances to the cent, every account placed once', async (key, asAt) => {
		const business = businessByKey(env, key);
		const ledger = ledgers.get(key)!;
		const parameters = {
			resource: 'report',
			operation: 'balanceSheet',
			reportDate: 'custom',
			asAt,
			...businessParameter(business),
		};

		const rowsRun = await env.runNode(parameters);
		const summaryRun = await env.runNode({ ...parameters, output: 'summary' });

		expect(rowsRun.error).toBeUndefined();
		const rows = rowsRun.json(NODE);
		const [summary] = summaryRun.json(NODE);
		const figure = (name: string) => cents(summary[name]);

		expect(summary).toMatchObject({ as_at: asAt, currency: business.currency, unplaced_accounts: null });
		expect(figure('net_assets')).toBe(figure('total_equity'));
		expect(rows.filter((row) => row.row_type === 'account').length).toBeGreaterThan(0);
		expect(figure('profit_to_date')).toBe(
			creditMinusDebit(ledger, [...INCOME_TYPES, ...EXPENSE_TYPES], EVERY_ENTRY, asAt),
		);
		for (const [section, { types, asset }] of Object.entries(SECTIONS)) {
			const sum = creditMinusDebit(ledger, types, EVERY_ENTRY, asAt);
			expect(figure(section)).toBe(asset ? 0 - sum : sum);
			const accounts = rows.filter((row) => row.section === section && row.row_type === 'account');
			const [line] = rows.filter((row) => row.section === section && row.row_type === 'subtotal');
			expect(cents(line.amount)).toBe(sumOf(accounts));
		}
		expect(figure('total_assets')).toBe(
			figure('fixed_assets') + figure('future_assets') + figure('current_assets') + figure('bank'),
		);
		expect(figure('total_liabilities')).toBe(figure('current_liabilities') + figure('future_liabilities'));
		expect(figure('net_assets')).toBe(figure('total_assets') - figure('total_liabilities'));
		expect(figure('total_equity')).toBe(figure('equity') + figure('profit_to_date'));
		const totals = rows.filter((row) => row.row_type !== 'account');
		for (const row of totals) expect(cents(row.amount)).toBe(figure(row.section as string));

		// Every balance sheet account with a balance on the day is one row of its section.
		const balances = [...netByAccount(ledger, EVERY_ENTRY, asAt)].filter(
			([account]) => ![...INCOME_TYPES, ...EXPENSE_TYPES].includes(ledger.typeOf.get(account)!),
		);
		const accountRows = rows.filter((row) => row.row_type === 'account');
		expect(accountRows.map((row) => row.ledger_account_id).sort()).toEqual(balances.map(([id]) => id).sort());
		for (const [account, net] of balances) {
			const row = accountRows.find((candidate) => candidate.ledger_account_id === account) as IDataObject;
			const [section, { asset }] = Object.entries(SECTIONS).find(([, { types }]) =>
				types.includes(ledger.typeOf.get(account)!),
			)!;
			expect(row.section).toBe(section);
			expect(cents(row.amount)).toBe(asset ? net : 0 - net);
		}
	});
});
