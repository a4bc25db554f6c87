// The Table's rows follow the chart of accounts, as the report of one period does: an account
// that first moved in a later period, or moved only in a compared period, takes its chart place.
// The sandbox's Gross Wages (7000, first of the overheads) never moves; a journal moves it in
// February 2025 here.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { allRecords, postDirect } from '../report-books';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 60 });
/** Every ledger account's id, in the chart's order as the service lists it. */
let chart: string[];

beforeAll(async () => {
	const accounts = await allRecords(env, '/ledger_accounts?attributes=nominal_code', {});
	chart = accounts.map((account) => account.id as string);
	const byCode = (code: number) => accounts.find((account) => account.nominal_code === code)!.id as string;
	await postDirect(env, '/journals', {
		journal: {
			date: '2025-02-20',
			reference: 'Wages',
			journal_lines: [
				{ ledger_account_id: byCode(7000), debit: 321.09, credit: 0, details: 'February wages' },
				{ ledger_account_id: byCode(1200), debit: 0, credit: 321.09, details: 'February wages' },
			],
		},
	});
});

const tableOf = async (extra: INodeParameters) => {
	const result = await env.runNode({
		resource: 'report',
		operation: 'profitAndLoss',
		period: 'custom',
		splitBy: 'month',
		output: 'table',
		...extra,
	});
	expect(result.error).toBeUndefined();
	return result.json(NODE);
};

/** The account rows' ids, section by section, and the same accounts in the chart's order. */
function orderOf(rows: IDataObject[]) {
	const accounts = rows.filter((row) => row.row_type === 'account');
	const sections = [...new Set(accounts.map((row) => row.section))];
	const given = sections.map((section) =>
		accounts.filter((row) => row.section === section).map((row) => row.ledger_account_id as string),
	);
	const charted = given.map((ids) => [...ids].sort((a, b) => chart.indexOf(a) - chart.indexOf(b)));
	return {
		given,
		charted,
		nominal: (section: string) => accounts.filter((row) => row.section === section).map((row) => row.nominal_code),
	};
}

describe('the Table’s rows in the chart’s order', () => {
	it('an account that first moved in February comes where the chart puts it, as in the one-period report', async () => {
		const table = await tableOf({ fromDate: '2025-01-01', toDate: '2025-03-31' });
		const { given, charted, nominal } = orderOf(table);
		expect(given).toEqual(charted);
		expect(nominal('overheads')[0]).toBe(7000);
		const rows = (
			await env.runNode({
				resource: 'report',
				operation: 'profitAndLoss',
				period: 'custom',
				fromDate: '2025-01-01',
				toDate: '2025-03-31',
			})
		).json(NODE);
		expect(table.filter((row) => row.row_type === 'account').map((row) => row.ledger_account_id)).toEqual(
			rows.filter((row) => row.row_type === 'account').map((row) => row.ledger_account_id),
		);
	});

	it('an account that moved only in a compared period takes its chart place too', async () => {
		const table = await tableOf({ fromDate: '2025-03-01', toDate: '2025-04-30', compareWith: 'previousPeriod' });
		const { given, charted, nominal } = orderOf(table);
		expect(given).toEqual(charted);
		const wages = table.find((row) => row.nominal_code === 7000)!;
		expect(wages).toMatchObject({ '2025-03': 0, '2025-03 compared': 321.09, '2025-04': 0, '2025-04 compared': 0 });
		expect(nominal('overheads')[0]).toBe(7000);
	});
});
