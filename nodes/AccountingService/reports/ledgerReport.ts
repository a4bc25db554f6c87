import type { LedgerLayout, SectionStep } from './ledgerLayouts';

/** A ledger account with its debits and credits (cents) over the report's days. */
export interface AccountBalance {
	id: string | null;
	name: string | null;
	nominalCode: number | string | null;
	/** Its `ledger_account_type` id (SALES, BANK, …); null when the service gave none. */
	type: string | null;
	debits: number;
	credits: number;
}

export type LineKind = 'account' | 'subtotal' | 'total' | 'unplaced';

/** One line of the report, amounts in cents. */
export interface ReportLine {
	kind: LineKind;
	/** The section or total it belongs to; null for an account the report could not place. */
	section: string | null;
	label: string;
	account: AccountBalance | null;
	amount: number;
}

export interface LedgerReport {
	lines: ReportLine[];
	/** Every section's and total's figure, by key. */
	figures: Record<string, number>;
	/** Accounts with a balance whose type no section takes: the report names them instead of dropping them. */
	unplaced: AccountBalance[];
}

const amountOn = (step: SectionStep, account: AccountBalance) =>
	step.positive === 'credit' ? account.credits - account.debits : account.debits - account.credits;

/** "Sales - Coffee & Drinks (4000)", or its id when it has no name. */
export const accountLabel = (account: AccountBalance) =>
	account.name ?? account.id ?? 'a ledger account without a name';

/** One line over several columns (periods), amounts in cents, one per column. */
export interface ColumnLine {
	kind: LineKind;
	section: string | null;
	label: string;
	account: AccountBalance | null;
	amounts: number[];
}

/** The same report over several columns of balances: one line per account any column moved. */
export interface LedgerColumns {
	lines: ColumnLine[];
	/** Each column's figures, by key. */
	figures: Array<Record<string, number>>;
	/** Each column's accounts with a balance whose type no section takes. */
	unplaced: AccountBalance[][];
}

const accountKey = (account: AccountBalance) => account.id ?? account.name ?? '';

/**
 * The report's lines in reading order, over columns of balances (each column one period's read of
 * the same accounts): each section's accounts with an amount in any column, then its line; each
 * total where the layout puts it. Every account lands in one section, or among the unplaced,
 * unless its type is outside the report or it has no amount in any column.
 */
export function layLedgerColumns(
	layout: LedgerLayout,
	columns: ReadonlyArray<readonly AccountBalance[]>,
): LedgerColumns {
	const sectionOfType = new Map<string, SectionStep>();
	for (const step of layout.steps) {
		if (step.kind === 'section') for (const type of step.types) sectionOfType.set(type, step);
	}
	const outside = new Set(layout.outside);
	// Each account once, with its balance in every column, in the chart's order: every column lists
	// every account as the service orders them, moved or not, so an account that moved only in a
	// later or a compared period takes its place in the chart, as in a report of one period.
	const chartPlace = new Map<string, number>();
	const byKey = new Map<string, { account: AccountBalance; balances: Array<AccountBalance | undefined> }>();
	columns.forEach((accounts, column) => {
		for (const account of accounts) {
			const key = accountKey(account);
			if (!chartPlace.has(key)) chartPlace.set(key, chartPlace.size);
			if (account.debits === account.credits) continue;
			const entry = byKey.get(key) ?? { account, balances: new Array(columns.length).fill(undefined) };
			entry.balances[column] = account;
			byKey.set(key, entry);
		}
	});
	const place = (entry: { account: AccountBalance }) => chartPlace.get(accountKey(entry.account))!;
	const entries = [...byKey.values()].sort((a, b) => place(a) - place(b));
	const bySection = new Map<string, typeof entries>();
	const unplacedEntries: typeof entries = [];
	for (const entry of entries) {
		const { type } = entry.account;
		const step = type === null ? undefined : sectionOfType.get(type);
		if (step) bySection.set(step.key, [...(bySection.get(step.key) ?? []), entry]);
		else if (type === null || !outside.has(type)) unplacedEntries.push(entry);
	}

	const lines: ColumnLine[] = [];
	const figures = columns.map(() => ({}) as Record<string, number>);
	const perColumn = (amount: (column: number) => number) => columns.map((_, column) => amount(column));
	for (const step of layout.steps) {
		if (step.kind === 'total') {
			const amounts = perColumn((column) =>
				step.terms.reduce((sum, [key, sign]) => sum + sign * figures[column][key], 0),
			);
			amounts.forEach((amount, column) => (figures[column][step.key] = amount));
			lines.push({ kind: 'total', section: step.key, label: step.label, account: null, amounts });
			continue;
		}
		const sums = perColumn(() => 0);
		for (const { account, balances } of bySection.get(step.key) ?? []) {
			const amounts = perColumn((column) => {
				const balance = balances[column];
				return balance === undefined ? 0 : amountOn(step, balance);
			});
			amounts.forEach((amount, column) => (sums[column] += amount));
			if (step.itemized) {
				lines.push({ kind: 'account', section: step.key, label: accountLabel(account), account, amounts });
			}
		}
		sums.forEach((sum, column) => (figures[column][step.key] = sum));
		lines.push({
			kind: 'subtotal',
			section: step.key,
			label: step.itemized ? `Total ${step.label}` : step.label,
			account: null,
			amounts: sums,
		});
	}
	for (const { account, balances } of unplacedEntries) {
		lines.push({
			kind: 'unplaced',
			section: null,
			label: `${accountLabel(account)}: type ${account.type ?? 'missing'} has no place in this report`,
			account,
			amounts: balances.map((balance) => (balance === undefined ? 0 : balance.debits - balance.credits)),
		});
	}
	const unplaced = columns.map((_, column) =>
		unplacedEntries.flatMap(({ balances }) => (balances[column] === undefined ? [] : [balances[column]!])),
	);
	return { lines, figures, unplaced };
}

/** The report of one column of balances. */
export function layLedgerReport(layout: LedgerLayout, accounts: readonly AccountBalance[]): LedgerReport {
	const report = layLedgerColumns(layout, [accounts]);
	return {
		lines: report.lines.map(({ amounts, ...line }) => ({ ...line, amount: amounts[0] })),
		figures: report.figures[0],
		unplaced: report.unplaced[0],
	};
}
