import { attachmentsCheck } from './attachments';
import { newSalesInvoiceCheck } from './new-sales-invoice';
import { salesInvoicesCheck } from './sales-invoices';
import { trialBalanceCheck } from './trial-balance';

export type { CheckContext, ExampleCheck } from './types';

/** One check per file in examples/; the e2e fails when an example has none. */
export const EXAMPLE_CHECKS = [salesInvoicesCheck, attachmentsCheck, trialBalanceCheck, newSalesInvoiceCheck];
