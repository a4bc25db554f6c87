import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { toCents } from '../../reports/money';
import { apiRequestAllItems } from '../../transport';

/**
 * The debtors (creditors) control account and its balance at the end of a day, as the ledger shows
 * it: what the aged report's total is checked against.
 */
export interface ControlAccount {
	/** "1100 Trade Debtors"; null when none was found. */
	label: string | null;
	/** Positive when customers owe the business (the business owes its suppliers); null when none was found. */
	balance: number | null;
}

/**
 * Sage documents no list of control names and they differ by region and chart (SALES_LEDGER_CONTROL,
 * Trade Debtors, Clientes, Clients, Debitoren…), so these match loosely; a tax control account
 * ("Sales Tax Control") is never one of them.
 */
const CONTROL_NAMES: Record<'debtors' | 'creditors', RegExp> = {
	debtors: /sales[\s_]*ledger|debtor|debitor|d[ée]biteur|deudor|receivable|customer|client/i,
	creditors:
		/purchase[\s_]*ledger|creditor|kreditor|cr[ée]ancier|acreedor|payable|supplier|vendor|fournisseur|proveedor/i,
};

/**
 * Every entry from long before the books start: opening balances are dated before the accounts
 * start date (a contact's as early as the invoice it brings forward), and all of them count.
 */
const LEDGER_BEGINNING = '1900-01-01';

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
/** Nominal codes are integers in the OpenAPI; some charts write them as text. */
const codeOf = (account: IDataObject) =>
	typeof account.nominal_code === 'number' ? String(account.nominal_code) : textOf(account.nominal_code);

/** The control account of the side among the ledger accounts, or the one with the nominal code given. */
export function chosenAccount(
	accounts: IDataObject[],
	side: 'debtors' | 'creditors',
	nominalCode: string | undefined,
): IDataObject | undefined {
	if (nominalCode !== undefined) return accounts.find((account) => codeOf(account) === nominalCode);
	const controls = accounts.filter((account) => account.is_control_account === true);
	const named = (field: string) => controls.find((account) => CONTROL_NAMES[side].test(textOf(account[field]) ?? ''));
	return named('control_name') ?? named('name');
}

/**
 * One list of the ledger accounts with their balance details up to the day (⌈accounts ÷ 200⌉
 * requests, one for most businesses). A Control Account the parameters name that no ledger account
 * has is refused, naming the field.
 */
export async function readControlAccount(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	side: 'debtors' | 'creditors',
	asAt: string,
	nominalCode: string | undefined,
): Promise<ControlAccount> {
	const { body: accounts } = await apiRequestAllItems.call(this, {
		path: '/ledger_accounts',
		qs: {
			show_balance_details: true,
			from_date: LEDGER_BEGINNING,
			to_date: asAt,
			exclude_deleted_entries: true,
			attributes: 'nominal_code,name,is_control_account,control_name,balance_details',
		},
		business,
		...parameters.requestScope(),
	});
	const account = chosenAccount(accounts, side, nominalCode);
	if (nominalCode !== undefined && account === undefined) {
		parameters.fail('Control Account', `no ledger account of the business has the nominal code "${nominalCode}"`);
	}
	const details = account?.balance_details as IDataObject | undefined;
	if (!account || !details) return { label: null, balance: null };
	const debitMinusCredit = (toCents(details.debits) ?? 0) - (toCents(details.credits) ?? 0);
	return {
		label: [codeOf(account), textOf(account.name)].filter(Boolean).join(' ') || String(account.id),
		balance: side === 'debtors' ? debitMinusCredit : -debitMinusCredit,
	};
}
