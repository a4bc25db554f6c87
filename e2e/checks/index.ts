import { attachmentsCheck } from './attachments';
import { customApiCallCheck } from './custom-api-call';
import { customersUpsertCheck } from './customers-upsert';
import { everyClientOverdueCheck } from './every-client-overdue';
import { mcpServerToolsCheck } from './mcp-server-tools';
import { mirrorSalesInvoicesCheck } from './mirror-sales-invoices';
import { monthlyManagementPackCheck } from './monthly-management-pack';
import { monthlyReportCheck } from './monthly-report';
import { newInvoicePdfCheck } from './new-invoice-pdf';
import { newSalesInvoiceCheck } from './new-sales-invoice';
import { paymentToInvoiceCheck } from './payment-to-invoice';
import { salesInvoicesCheck } from './sales-invoices';
import { sheetToSalesInvoicesCheck } from './sheet-to-sales-invoices';
import { thankYouWhenPaidCheck } from './thank-you-when-paid';
import { trialBalanceCheck } from './trial-balance';
import { twelveMonthTrendCheck } from './twelve-month-trend';
import { weeklyCreditControlCheck } from './weekly-credit-control';

export type { CheckContext, ExampleCheck, PrepareContext } from './types';

/**
 * One check per file in examples/; the e2e fails when an example has none. They run in this
 * order: the readers first (the sales invoices example compares every invoice; the management pack
 * reads June 2025 before any example writes; the weekly credit
 * control mails, whose preparation removes one customer's e-mail address), then the writes (the
 * sheet's invoices, then a payment); of the published triggers, the thank-you when paid last (it
 * pays an invoice and waits through four polls); the custom API call comes last of those run with
 * `n8n execute`: it moves the sandbox's clock past the access tokens' lifetime, the check
 * reader's included (and so puts the writes well before the trigger's first poll). The MCP tools and
 * the mirror into Data Tables run once n8n is up (imported over the REST API), after everything
 * else; the MCP check first, as the mirror restarts n8n.
 */
export const EXAMPLE_CHECKS = [
	salesInvoicesCheck,
	attachmentsCheck,
	trialBalanceCheck,
	monthlyReportCheck,
	twelveMonthTrendCheck,
	monthlyManagementPackCheck,
	everyClientOverdueCheck,
	weeklyCreditControlCheck,
	sheetToSalesInvoicesCheck,
	paymentToInvoiceCheck,
	customersUpsertCheck,
	newSalesInvoiceCheck,
	newInvoicePdfCheck,
	thankYouWhenPaidCheck,
	customApiCallCheck,
	mcpServerToolsCheck,
	mirrorSalesInvoicesCheck,
];
