/**
 * The few numbers an owner watches, each from the ledger by one stated formula (docs/reports.md):
 * money in cents, the rest rounded once, half away from zero; null where a formula would divide by
 * zero (no sales, no current liabilities, cash that grows).
 */

export type FigureUnit = 'money' | 'percent' | 'days' | 'ratio' | 'months';

export interface FigureDefinition {
	key: string;
	label: string;
	unit: FigureUnit;
}

/** The figures in the order they are read: what was earned, then what is held and owed, then how liquid. */
export const KEY_FIGURES: readonly FigureDefinition[] = [
	{ key: 'revenue', label: 'Revenue', unit: 'money' },
	{ key: 'gross_profit', label: 'Gross profit', unit: 'money' },
	{ key: 'gross_margin_percent', label: 'Gross margin %', unit: 'percent' },
	{ key: 'net_profit', label: 'Net profit', unit: 'money' },
	{ key: 'net_margin_percent', label: 'Net margin %', unit: 'percent' },
	{ key: 'cash', label: 'Cash', unit: 'money' },
	{ key: 'debtors', label: 'Debtors', unit: 'money' },
	{ key: 'creditors', label: 'Creditors', unit: 'money' },
	{ key: 'debtor_days', label: 'Debtor days', unit: 'days' },
	{ key: 'creditor_days', label: 'Creditor days', unit: 'days' },
	{ key: 'current_ratio', label: 'Current ratio', unit: 'ratio' },
	{ key: 'quick_ratio', label: 'Quick ratio', unit: 'ratio' },
	{ key: 'overdue_debtors_percent', label: 'Overdue share of debtors %', unit: 'percent' },
	{ key: 'cash_runway_months', label: 'Cash runway (months)', unit: 'months' },
];

/** Decimal places each unit is given to: money in cents (its own), percentages and ratios two, days and months one. */
export const DECIMALS: Record<Exclude<FigureUnit, 'money'>, number> = { percent: 2, ratio: 2, days: 1, months: 1 };

/** What the figures of one period are computed from, in cents. */
export interface FigureInputs {
	/** Over the period: Sales (credit − debit), gross and net profit as the Profit and Loss gives them. */
	sales: number;
	grossProfit: number;
	netProfit: number;
	/** As at the period's last day, as the Balance Sheet groups them. */
	bank: number;
	currentAssets: number;
	currentLiabilities: number;
	/** The control accounts' balances as at the last day; null when the business has none. */
	debtors: number | null;
	creditors: number | null;
	/** Over the 365 days to the last day: the debits to the debtors control account, the credits to the creditors'. */
	creditSales: number | null;
	creditPurchases: number | null;
	/** Over the 3 months to the last day: what left the bank accounts less what came in. */
	bankOutflow3Months: number;
	/** The aged debtors as at the last day: their total, and what of it is past due. */
	agedDebtors: number;
	overdueDebtors: number;
}

/** part ÷ whole × scale, to `decimals` places, half away from zero; null when whole is 0 or either is unknown. */
export function ratioOf(part: number | null, whole: number | null, scale: number, decimals: number): number | null {
	if (part === null || whole === null || whole === 0) return null;
	const factor = 10 ** decimals;
	const scaled = (part * scale * factor) / whole;
	return (Math.sign(scaled) * Math.round(Math.abs(scaled))) / factor || 0;
}

/** Every figure of one period: money in cents, the others as their unit gives them. */
export function keyFigures(inputs: FigureInputs): Record<string, number | null> {
	const { sales } = inputs;
	const quickAssets = inputs.debtors === null ? null : inputs.bank + inputs.debtors;
	const runway =
		inputs.bankOutflow3Months <= 0
			? null
			: inputs.bank <= 0
				? 0
				: ratioOf(inputs.bank, inputs.bankOutflow3Months, 3, DECIMALS.months);
	return {
		revenue: sales,
		gross_profit: inputs.grossProfit,
		gross_margin_percent: ratioOf(inputs.grossProfit, sales, 100, DECIMALS.percent),
		net_profit: inputs.netProfit,
		net_margin_percent: ratioOf(inputs.netProfit, sales, 100, DECIMALS.percent),
		cash: inputs.bank,
		debtors: inputs.debtors,
		creditors: inputs.creditors,
		debtor_days: ratioOf(inputs.debtors, inputs.creditSales, 365, DECIMALS.days),
		creditor_days: ratioOf(inputs.creditors, inputs.creditPurchases, 365, DECIMALS.days),
		current_ratio: ratioOf(inputs.currentAssets + inputs.bank, inputs.currentLiabilities, 1, DECIMALS.ratio),
		quick_ratio: ratioOf(quickAssets, inputs.currentLiabilities, 1, DECIMALS.ratio),
		overdue_debtors_percent:
			inputs.agedDebtors > 0 ? ratioOf(inputs.overdueDebtors, inputs.agedDebtors, 100, DECIMALS.percent) : null,
		cash_runway_months: runway,
	};
}
