import type { ReceivedMail } from '../mail/smtp-sink';
import type { ServiceReader } from '../service-reader';
import { until } from '../wait';
import { exampleSettings } from './example-settings';
import { cents, expect, type CheckContext, type ExampleCheck, type SandboxView } from './types';

const TRIGGER_NODE = 'Invoice paid';

interface Ref {
	id: string;
	displayed_as?: string;
}
interface Invoice {
	id: string;
	invoice_number: string;
	date: string;
	contact: Ref;
	currency: Ref;
	total_amount: number | string;
	outstanding_amount: number | string;
}
interface Contact {
	email?: string | null;
	main_contact_person?: { email?: string | null } | null;
}

/**
 * Waits until the trigger has had `polls` chances since request `afterSeq`: every published
 * trigger polls on the minute, so a list read of sales invoices in that many later minutes.
 */
async function pollsAfter(sandbox: SandboxView, afterSeq: number, polls: number): Promise<number> {
	return await until(`${polls} polls of the sales invoices after request ${afterSeq}`, (polls + 1) * 70_000, () => {
		const reads = sandbox.log
			.entries()
			.filter((entry) => entry.seq > afterSeq && entry.path.startsWith('/v3.1/sales_invoices') && entry.status === 200);
		const minutes = new Set(reads.map((entry) => entry.at.slice(0, 16)));
		return minutes.size >= polls ? Math.max(...reads.map((entry) => entry.seq)) : undefined;
	});
}

const lastSeq = (sandbox: SandboxView) => Math.max(0, ...sandbox.log.entries().map((entry) => entry.seq));

/** An unpaid invoice of the lead business, nothing of it paid yet, whose customer has an e-mail address. */
async function invoiceToPay(reader: ServiceReader): Promise<{ invoice: Invoice; recipient: string }> {
	const open = (
		(await reader.all(
			'/sales_invoices?status_id=UNPAID&attributes=invoice_number,date,contact,currency,total_amount,outstanding_amount',
		)) as unknown as Invoice[]
	).filter(
		(invoice) => cents(invoice.outstanding_amount) === cents(invoice.total_amount) && cents(invoice.total_amount) > 1,
	);
	for (const invoice of open.sort((a, b) => (a.date < b.date ? 1 : -1))) {
		const contact = await reader.get<Contact>(`/contacts/${invoice.contact.id}`);
		const recipient = (contact.email || contact.main_contact_person?.email || '').toLowerCase();
		if (recipient) return { invoice, recipient };
	}
	throw new Error('the sandbox has no unpaid sales invoice of a customer with an e-mail address');
}

/** A customer receipt into the current account, allocated to the invoice. */
async function pay(reader: ServiceReader, sandbox: SandboxView, invoice: Invoice, amount: number): Promise<void> {
	const banks = (await reader.get<{ $items: Ref[] }>('/bank_accounts?items_per_page=200')).$items;
	const bank = banks.find((candidate) => candidate.displayed_as === 'Current Account') ?? banks[0];
	const date = new Date(sandbox.clock.now()).toISOString().slice(0, 10);
	const paid = await reader.write('POST', '/contact_payments', {
		contact_payment: {
			transaction_type_id: 'CUSTOMER_RECEIPT',
			contact_id: invoice.contact.id,
			bank_account_id: bank.id,
			date,
			total_amount: amount / 100,
			allocated_artefacts: [{ artefact_id: invoice.id, amount: amount / 100 }],
		},
	});
	expect(
		paid.status === 201,
		`paying ${amount / 100} of ${invoice.invoice_number}: ${paid.status} ${JSON.stringify(paid.json)}`,
	);
}

/**
 * The Paid example, published: an invoice part paid through the API gives no mail over two polls;
 * paid in full, exactly one thank-you to its customer, from the Sender node's address, naming the
 * invoice and its total; and no second one over two more polls.
 */
async function check({ reader, sandbox, mail, logSeqBeforeStart = 0 }: CheckContext): Promise<string> {
	const settings = exampleSettings('thank-you-when-paid.json', 'Sender');
	const sender = (/<([^>]+)>/.exec(String(settings.from_email))?.[1] ?? '').toLowerCase();
	const before = mail.messages().length;
	const since = () => mail.messages().slice(before);
	// Activation polled once, noting where "now" is; a payment after it is the trigger's to see.
	await pollsAfter(sandbox, logSeqBeforeStart, 1);

	const { invoice, recipient } = await invoiceToPay(reader);
	const total = cents(invoice.total_amount);
	const part = Math.floor(total / 2);
	await pay(reader, sandbox, invoice, part);
	await pollsAfter(sandbox, lastSeq(sandbox), 2);
	expect(
		since().length === 0,
		`part paid, ${invoice.invoice_number} brought ${since().length} mails: ${since()
			.map((message) => message.subject)
			.join('; ')}`,
	);

	await pay(reader, sandbox, invoice, total - part);
	const now = await reader.get<Invoice>(`/sales_invoices/${invoice.id}`);
	expect(
		cents(now.outstanding_amount) === 0,
		`${invoice.invoice_number} is not paid: ${String(now.outstanding_amount)} outstanding`,
	);
	const [thanks] = await until(`a thank-you mail for ${invoice.invoice_number}`, 150_000, () =>
		since().length > 0 ? since() : undefined,
	);
	await pollsAfter(sandbox, lastSeq(sandbox), 2);
	const all: ReceivedMail[] = since();
	expect(
		all.length === 1,
		`paid in full, ${invoice.invoice_number} brought ${all.length} mails over two more polls: ${all.map((message) => `${message.envelopeTo.join(',')} "${message.subject}"`).join('; ')}`,
	);
	expect(
		JSON.stringify(thanks.envelopeTo) === JSON.stringify([recipient]) && thanks.from === sender,
		`the thank-you went from ${thanks.from} to ${thanks.envelopeTo.join(', ')}; expected from ${sender} to ${recipient}`,
	);
	const amount = `${invoice.currency.id} ${(total / 100).toFixed(2)}`;
	expect(
		thanks.subject === `Thank you for your payment of ${invoice.invoice_number}` &&
			thanks.text.includes(invoice.invoice_number) &&
			thanks.text.includes(amount),
		`the thank-you is "${thanks.subject}": ${thanks.text.slice(0, 300)}; it should name ${invoice.invoice_number} and ${amount}`,
	);
	return `${invoice.invoice_number} (${amount}): part paid, no mail over two polls; paid in full, one thank-you to ${recipient}, none more over two polls`;
}

export const thankYouWhenPaidCheck: ExampleCheck = {
	workflowId: 'acctThankYouPaid',
	runs: 'published',
	settings: {},
	// n8n's shortest poll interval; the example's five minutes would make a long test.
	nodeParameters: { [TRIGGER_NODE]: { pollTimes: { item: [{ mode: 'everyMinute' }] } } },
	check,
};
