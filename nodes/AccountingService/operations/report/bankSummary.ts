import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import type { ParameterReader } from '../../actions/parameters';
import { addDays } from '../../reports/calendar';
import type { AccountBalance } from '../../reports/ledgerReport';
import { fromCents } from '../../reports/money';
import { BEFORE_EVERY_ENTRY, type DateRange } from '../../reports/period';
import type { ReportPeriod } from '../../reports/split';
import { apiRequestAllItems } from '../../transport';
import { runsAsTool } from '../../tool/mode';
import { resourceOperation } from '../define';
import { readBooks, todayOf } from './books';
import { readBalancesOf } from './ledger';
import { readSplitPeriod, splitByOf } from './ledgerDays';
import { outputProperty, splitByProperty } from './ledgerProperties';
import { periodProperties } from './properties';

type BankOutput = 'rows' | 'summary';

const bankOutputProperty = outputProperty([
	{
		name: 'Rows',
		value: 'rows',
		description: 'One row per bank account, then the total row, each with its period’s dates: period after period',
	},
	{ name: 'Summary', value: 'summary', description: 'One item per period with the totals of every bank account' },
]);

/** Which bank account (`/bank_accounts`) sits on each ledger account, and its currency: one list read. */
async function readBankAccounts(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
): Promise<Map<string, { id: string; currency: string | null }>> {
	const { body } = await apiRequestAllItems.call(this, {
		path: '/bank_accounts',
		qs: { attributes: 'ledger_account,currency' },
		business,
		...parameters.requestScope(),
	});
	const byLedgerAccount = new Map<string, { id: string; currency: string | null }>();
	for (const account of body) {
		const ledgerAccount = (account.ledger_account as IDataObject | null | undefined)?.id;
		const currency = (account.currency as IDataObject | null | undefined)?.id;
		if (typeof ledgerAccount === 'string') {
			byLedgerAccount.set(ledgerAccount, {
				id: String(account.id),
				currency: typeof currency === 'string' ? currency : null,
			});
		}
	}
	return byLedgerAccount;
}

interface BankLine {
	account: AccountBalance;
	opening: number;
	received: number;
	spent: number;
	closing: number;
}

/**
 * Each period's lines, one per bank ledger account: the opening balance is every entry before the
 * period (the previous period's closing), received its debits, spent its credits.
 */
export function bankLines(
	periods: readonly ReportPeriod[],
	balancesOf: (range: DateRange) => AccountBalance[],
): BankLine[][] {
	const first = periods[0];
	const opening = new Map(
		balancesOf({ from: BEFORE_EVERY_ENTRY, to: addDays(first.from, -1) }).map((account) => [
			account.id,
			account.debits - account.credits,
		]),
	);
	return periods.map((period) =>
		balancesOf(period).map((account) => {
			const before = opening.get(account.id) ?? 0;
			const closing = before + account.debits - account.credits;
			opening.set(account.id, closing);
			return { account, opening: before, received: account.debits, spent: account.credits, closing };
		}),
	);
}

const moneyColumns = (line: Omit<BankLine, 'account'>) => ({
	opening_balance: fromCents(line.opening),
	received: fromCents(line.received),
	spent: fromCents(line.spent),
	closing_balance: fromCents(line.closing),
});

const totalOf = (lines: BankLine[]) =>
	lines.reduce(
		(sum, line) => ({
			opening: sum.opening + line.opening,
			received: sum.received + line.received,
			spent: sum.spent + line.spent,
			closing: sum.closing + line.closing,
		}),
		{ opening: 0, received: 0, spent: 0, closing: 0 },
	);

export const bankSummary = resourceOperation({
	resource: 'report',
	value: 'bankSummary',
	acrossBusinesses: true,
	option: {
		name: 'Bank Summary',
		description:
			'Money in and out of each bank account over a period: opening balance, received, spent and closing balance, from the bank ledger accounts’ balances',
		action: 'Bank summary: each bank account’s money in and out over a period',
	},
	properties: [...periodProperties, splitByProperty('One period: the whole range'), bankOutputProperty],
	async execute(parameters) {
		const days = readSplitPeriod(parameters, splitByOf(parameters));
		const output = parameters.choice<BankOutput>('Output', parameters.string('output', 'Output', 'rows'), [
			'rows',
			'summary',
		]);
		const today = todayOf(this);
		return await acrossBusinesses.call(this, parameters, async (business) => {
			const books = await readBooks.call(this, parameters, business);
			const periods = days.settle(books, today);
			const bankAccounts = await readBankAccounts.call(this, parameters, business);
			const opening = { from: BEFORE_EVERY_ENTRY, to: addDays(periods[0].from, -1) };
			const read = await readBalancesOf.call(this, parameters, business, [opening, ...periods], {
				ledger_account_type_id: 'BANK',
			});
			const lines = bankLines(periods, read);
			const summaries = periods.map((period, index) => ({
				from_date: period.from,
				to_date: period.to,
				currency: books.currency,
				...moneyColumns(totalOf(lines[index])),
				bank_accounts: lines[index].length,
			}));
			const rowsOf = (index: number): IDataObject[] => {
				const dates = { from_date: periods[index].from, to_date: periods[index].to };
				return [
					...lines[index].map((line) => {
						const bank = line.account.id === null ? undefined : bankAccounts.get(line.account.id);
						return {
							row_type: 'account',
							ledger_account_id: line.account.id,
							bank_account_id: bank?.id ?? null,
							name: line.account.name,
							nominal_code: line.account.nominalCode,
							account_currency: bank?.currency ?? null,
							currency: books.currency,
							...moneyColumns(line),
							...dates,
						};
					}),
					{
						row_type: 'total',
						ledger_account_id: null,
						bank_account_id: null,
						name: 'Total',
						nominal_code: null,
						account_currency: null,
						currency: books.currency,
						...moneyColumns(totalOf(lines[index])),
						...dates,
					},
				];
			};
			const indexes = periods.map((_, index) => index);
			let items: IDataObject[];
			if (runsAsTool(this)) {
				items = [
					...summaries,
					...indexes.flatMap((index) => rowsOf(index).filter((row) => row.row_type === 'account')),
				];
			} else items = output === 'summary' ? summaries : indexes.flatMap(rowsOf);
			return items.map((json): INodeExecutionData => ({ json }));
		});
	},
});
