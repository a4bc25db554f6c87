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

/**
 * The report's lines in reading order: each section's accounts with an amount, then its line;
 * each total where the layout puts it. Every account lands in one section, or among the
 * unplaced, unless its type is outside the report or its amount is zero.
 */
export function layLedgerReport(layout: LedgerLayout, accounts: readonly AccountBalance[]): LedgerReport {
	const sectionOfType = new Map<string, SectionStep>();
	for (const step of layout.steps) {
		if (step.kind === 'section') for (const type of step.types) sectionOfType.set(type, step);
	}
	const outside = new Set(layout.outside);
	const bySection = new Map<string, AccountBalance[]>();
	const unplaced: AccountBalance[] = [];
	for (const account of accounts) {
		if (account.debits === account.credits) continue;
		const step = account.type === null ? undefined : sectionOfType.get(account.type);
		if (step) bySection.set(step.key, [...(bySection.get(step.key) ?? []), account]);
		else if (account.type === null || !outside.has(account.type)) unplaced.push(account);
	}

	const lines: ReportLine[] = [];
	const figures: Record<string, number> = {};
	for (const step of layout.steps) {
		if (step.kind === 'total') {
			figures[step.key] = step.terms.reduce((sum, [key, sign]) => sum + sign * figures[key], 0);
			lines.push({ kind: 'total', section: step.key, label: step.label, account: null, amount: figures[step.key] });
			continue;
		}
		const members = bySection.get(step.key) ?? [];
		let sum = 0;
		for (const account of members) {
			const amount = amountOn(step, account);
			sum += amount;
			if (step.itemized) {
				lines.push({ kind: 'account', section: step.key, label: accountLabel(account), account, amount });
			}
		}
		figures[step.key] = sum;
		lines.push({
			kind: 'subtotal',
			section: step.key,
			label: step.itemized ? `Total ${step.label}` : step.label,
			account: null,
			amount: sum,
		});
	}
	for (const account of unplaced) {
		lines.push({
			kind: 'unplaced',
			section: null,
			label: `${accountLabel(account)}: type ${account.type ?? 'missing'} has no place in this report`,
			account,
			amount: account.debits - account.credits,
		});
	}
	return { lines, figures, unplaced };
}
