import { attachmentsCheck } from './attachments';
import { customApiCallCheck } from './custom-api-call';
import { newSalesInvoiceCheck } from './new-sales-invoice';
import { salesInvoicesCheck } from './sales-invoices';
import { trialBalanceCheck } from './trial-balance';

export type { CheckContext, ExampleCheck } from './types';

/**
 * One check per file in examples/; the e2e fails when an example has none. They run in this
 * order; the custom API call comes last of those run with `n8n execute`: it moves the sandbox's
 * clock past the access tokens' lifetime, the check reader's included.
 */
export const EXAMPLE_CHECKS = [salesInvoicesCheck, attachmentsCheck, trialBalanceCheck, newSalesInvoiceCheck, customApiCallCheck];
