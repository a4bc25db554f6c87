import { outputOf, type RunData } from '../n8n-cli';
import { cents, expect, runOf, type CheckContext, type ExampleCheck, type PrepareContext } from './types';

const NODE = 'Create contact payment';
const PAYMENT_ID = 'PAY-E2E-0001';

interface Ref {
	id: string;
	displayed_as?: string;
}
interface Invoice {
	id: string;
	invoice_number: string;
	date: string;
	contact: Ref;
	status: Ref;
	total_amount: number | string;
	outstanding_amount: number | string;
}
interface Payment {
	id: string;
	transaction_type: Ref;
	contact: Ref;
	bank_account: Ref;
	date: string;
	reference: string | null;
	total_amount: number | string;
	allocated_artefacts: Array<{ artefact: Ref; amount: number | string }>;
}

/** The open invoice the payment notification names, as it was before the example ran, and the bank account. */
let plan: { invoice: Invoice; bank: Ref; amount: string; date: string } | undefined;

/** The notification: the newest unpaid invoice of the lead business, paid in full into its current account. */
async function prepare({ reader }: PrepareContext): Promise<Record<string, string>> {
	const open = (
		(await reader.all(
			'/sales_invoices?status_id=UNPAID&attributes=invoice_number,date,contact,status,total_amount,outstanding_amount',
		)) as unknown as Invoice[]
	).filter(
		(invoice) =>
			invoice.status.id === 'UNPAID' &&
			cents(invoice.outstanding_amount) > 0 &&
			cents(invoice.outstanding_amount) === cents(invoice.total_amount),
	);
	expect(open.length > 0, 'the sandbox has no unpaid sales invoice to pay');
	const invoice = open.reduce((newest, candidate) => (candidate.date > newest.date ? candidate : newest));
	const banks = (await reader.get<{ $items: Ref[] }>('/bank_accounts?items_per_page=200')).$items;
	const bank = banks.find((candidate) => candidate.displayed_as === 'Current Account') ?? banks[0];
	expect(bank?.displayed_as !== undefined, 'the sandbox has no bank account');
	plan = { invoice, bank, amount: (cents(invoice.outstanding_amount) / 100).toFixed(2), date: invoice.date };
	return {
		payment_id: PAYMENT_ID,
		invoice_number: invoice.invoice_number,
		amount: plan.amount,
		date: plan.date,
		bank_account: bank.displayed_as,
	};
}

function paymentOf(run: RunData): string {
	return String(paymentRow(run).contact_payment_id);
}

/** The payment the node put out, a Simplified row. */
function paymentRow(run: RunData): Record<string, unknown> {
	const created = outputOf(run, NODE);
	expect(created.length === 1, `${NODE} put out ${created.length} items; one payment expected`);
	return created[0].json;
}

/**
 * The payment example: the notification becomes one customer receipt into the named bank account,
 * for the invoice's contact, allocated to that invoice, which is then paid; delivered again (the
 * same payment_id as Idempotency Key), nothing more is recorded.
 */
async function check(context: CheckContext): Promise<string> {
	const { reader, executeAgain } = context;
	expect(
		plan !== undefined && executeAgain !== undefined,
		'this check needs the prepared notification and a second run',
	);
	const { invoice, bank, amount, date } = plan;
	const paymentId = paymentOf(runOf(context));

	const payment = await reader.get<Payment>(`/contact_payments/${paymentId}`);
	const got = [
		payment.transaction_type.id,
		payment.contact.id,
		payment.bank_account.id,
		payment.date,
		payment.reference,
		cents(payment.total_amount),
	];
	const want = ['CUSTOMER_RECEIPT', invoice.contact.id, bank.id, date, PAYMENT_ID, cents(amount)];
	expect(
		JSON.stringify(got) === JSON.stringify(want),
		`payment ${paymentId} is ${JSON.stringify(got)}; expected ${JSON.stringify(want)}`,
	);
	const row = paymentRow(runOf(context));
	const rowGot = [
		row.transaction_type_id,
		row.contact_id,
		row.bank_account_id,
		row.date,
		row.reference,
		row.total_amount,
	];
	const rowWant = [
		payment.transaction_type.id,
		payment.contact.id,
		payment.bank_account.id,
		payment.date,
		payment.reference,
		Number(payment.total_amount),
	];
	expect(
		JSON.stringify(rowGot) === JSON.stringify(rowWant),
		`${NODE} put out ${JSON.stringify(rowGot)}; the service's payment is ${JSON.stringify(rowWant)}`,
	);
	const allocations = payment.allocated_artefacts.map((allocation) => [
		allocation.artefact.id,
		cents(allocation.amount),
	]);
	expect(
		JSON.stringify(allocations) === JSON.stringify([[invoice.id, cents(amount)]]),
		`payment ${paymentId} allocates ${JSON.stringify(allocations)}; expected ${amount} to ${invoice.invoice_number} (${invoice.id})`,
	);

	const paid = await reader.get<Invoice>(`/sales_invoices/${invoice.id}`);
	const outstanding = cents(invoice.outstanding_amount) - cents(amount);
	const status = outstanding === 0 ? 'PAID' : 'PART_PAID';
	expect(
		cents(paid.outstanding_amount) === outstanding && paid.status.id === status,
		`${invoice.invoice_number} after the payment: outstanding ${String(paid.outstanding_amount)}, ${paid.status.id}; expected ${outstanding / 100}, ${status}`,
	);

	const paymentsOfContact = async () =>
		(await reader.get<{ $total: number }>(`/contact_payments?contact_id=${invoice.contact.id}&items_per_page=1`))
			.$total;
	const before = await paymentsOfContact();
	const again = await executeAgain();
	expect(
		paymentOf(again) === paymentId,
		`delivered again, ${NODE} answered payment ${paymentOf(again)}, not ${paymentId}`,
	);
	const unchanged = await reader.get<Invoice>(`/sales_invoices/${invoice.id}`);
	expect(
		(await paymentsOfContact()) === before && cents(unchanged.outstanding_amount) === outstanding,
		'delivered again, the notification recorded another payment',
	);
	return `${invoice.invoice_number} (${(cents(invoice.outstanding_amount) / 100).toFixed(2)} open) paid ${amount} into ${bank.displayed_as}: one customer receipt for its contact, allocated to it; now ${status}, outstanding ${(outstanding / 100).toFixed(2)}; delivered again: the same payment, nothing more recorded`;
}

export const paymentToInvoiceCheck: ExampleCheck = {
	workflowId: 'acctPaymentToInvoice',
	runs: 'execute',
	settings: {},
	settingsNode: 'Payment received',
	prepare,
	check,
};
