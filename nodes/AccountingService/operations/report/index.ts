import type { Operation, ResourceOption } from '../types';
import { agedCreditors, agedDebtors } from './aged';
import { bankSummary } from './bankSummary';
import { cashFlowForecast } from './cashFlowForecast';
import { keyFiguresReport } from './keyFigures';
import { overdueInvoices } from './overdue';
import { balanceSheet, profitAndLoss } from './ledger';

export const reportResource: ResourceOption = {
	name: 'Report',
	value: 'report',
	description:
		'Profit and Loss, Balance Sheet, Aged Debtors, Aged Creditors, Overdue Invoices, Bank Summary, Cash Flow Forecast and Key Figures, computed from the books',
	businessScoped: true,
};

/**
 * In the order people look for them: what we made, what we are worth, who owes us, whom we owe,
 * whom to chase, where the cash went, where it is going, the few numbers that sum it up.
 */
export const REPORT_OPERATIONS: Operation[] = [
	profitAndLoss,
	balanceSheet,
	agedDebtors,
	agedCreditors,
	overdueInvoices,
	bankSummary,
	cashFlowForecast,
	keyFiguresReport,
];
