import { BALANCE_SHEET, PROFIT_AND_LOSS } from '../../nodes/AccountingService/reports/ledgerLayouts';
import { layLedgerReport, type AccountBalance } from '../../nodes/AccountingService/reports/ledgerReport';

const account = (id: string, type: string | null, debits: number, credits: number): AccountBalance => ({
	id,
	name: `Account ${id}`,
	nominalCode: id,
	type,
	debits,
	credits,
});

describe('ledger report layouts', () => {
	it('an account of a type no section takes is named among the unplaced, not dropped; one outside the report is left out', () => {
		const report = layLedgerReport(PROFIT_AND_LOSS, [
			account('4000', 'SALES', 0, 10_000),
			account('1200', 'BANK', 10_000, 0),
			account('9999', 'SUSPENSE', 500, 0),
			account('9998', null, 0, 300),
		]);
		expect(report.unplaced.map((entry) => entry.id)).toEqual(['9999', '9998']);
		expect(report.lines.filter((line) => line.kind === 'unplaced').map((line) => line.amount)).toEqual([500, -300]);
		expect(report.lines.some((line) => line.account?.id === '1200')).toBe(false);
		expect(report.figures.net_profit).toBe(10_000);
	});

	it('a balance sheet of balanced entries balances, accounts with no balance left out', () => {
		const report = layLedgerReport(BALANCE_SHEET, [
			account('30', 'FIXED_ASSETS', 50_000, 0),
			account('1200', 'BANK', 120_000, 45_000),
			account('1210', 'BANK', 7_000, 7_000),
			account('2100', 'CURRENT_LIABILITY', 0, 20_000),
			account('2300', 'LINE_OF_CREDIT', 0, 5_000),
			account('3000', 'EQUITY', 0, 60_000),
			account('4000', 'SALES', 0, 100_000),
			account('7100', 'OVERHEADS', 60_000, 0),
		]);
		expect(report.figures).toMatchObject({
			total_assets: 125_000,
			current_liabilities: 25_000,
			net_assets: 100_000,
			profit_to_date: 40_000,
			total_equity: 100_000,
		});
		expect(report.lines.some((line) => line.account?.id === '1210')).toBe(false);
		expect(report.lines.some((line) => line.account?.id === '4000')).toBe(false);
		expect(report.unplaced).toEqual([]);
	});
});
