import type { IDataObject } from 'n8n-workflow';

/** Decimal strings keep every cent exact; numbers are easier to compute with in a flow. */
export type AmountsAs = 'string' | 'number';

interface DebitCredit {
	debit?: string | number;
	credit?: string | number;
}

/** One ledger account of the service's trial balance. */
interface LedgerAccountRow extends IDataObject {
	id?: string;
	displayed_as?: string;
	opening_balance?: DebitCredit;
	closing_balance?: DebitCredit;
	debit?: string | number;
	credit?: string | number;
}

export interface TrialBalanceReport extends IDataObject {
	from_date?: string;
	to_date?: string;
	ledger_accounts?: LedgerAccountRow[];
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const AMOUNT_KEYS = new Set(['debit', 'credit']);

/**
 * The amount in the form asked for, whichever form the service sent: the spec shows decimal
 * strings, the OpenAPI numbers. Anything else (absent, not an amount) is passed on as it is.
 */
function amount(value: unknown, amountsAs: AmountsAs): unknown {
	if (amountsAs === 'number' && typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value);
	if (amountsAs === 'string' && typeof value === 'number' && Number.isFinite(value)) return decimalText(value);
	return value;
}

/** 120.5 → "120.50": at least the two decimals of money, never fewer digits than the number has. */
function decimalText(value: number): string {
	const [whole, fraction = ''] = String(value).split('.');
	return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A spreadsheet column: always present, empty when the service left the amount out. */
const column = (value: unknown, amountsAs: AmountsAs) => (amount(value, amountsAs) ?? null) as string | number | null;

/**
 * One flat object per ledger account, with the period on every row, so that a spreadsheet gets
 * one line per account and plain columns instead of nested balances.
 */
export function ledgerAccountRows(report: TrialBalanceReport, amountsAs: AmountsAs): IDataObject[] {
	return (report.ledger_accounts ?? []).map((account) => ({
		ledger_account_id: account.id ?? null,
		ledger_account_name: account.displayed_as ?? null,
		opening_debit: column(account.opening_balance?.debit, amountsAs),
		opening_credit: column(account.opening_balance?.credit, amountsAs),
		debit: column(account.debit, amountsAs),
		credit: column(account.credit, amountsAs),
		closing_debit: column(account.closing_balance?.debit, amountsAs),
		closing_credit: column(account.closing_balance?.credit, amountsAs),
		from_date: report.from_date ?? null,
		to_date: report.to_date ?? null,
	}));
}

/** Every `debit` and `credit` at any depth, so the report keeps exactly the service's shape. */
function convertAmounts(value: unknown, amountsAs: AmountsAs): unknown {
	if (Array.isArray(value)) return value.map((entry) => convertAmounts(entry, amountsAs));
	if (!value || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, entry]) => [
			key,
			AMOUNT_KEYS.has(key) ? amount(entry, amountsAs) : convertAmounts(entry, amountsAs),
		]),
	);
}

/** The report as the service sent it, with its amounts in the form asked for. */
export function wholeReport(report: TrialBalanceReport, amountsAs: AmountsAs): IDataObject {
	return convertAmounts(report, amountsAs) as IDataObject;
}
