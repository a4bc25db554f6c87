import { readOverdueSalesInvoices, type OverdueInvoice } from '../books/overdue-invoices';
import type { ReceivedMail } from '../mail/smtp-sink';
import type { ServiceReader } from '../service-reader';
import { exampleSettings } from './example-settings';
import { expect, runOf, type CheckContext, type ExampleCheck, type PrepareContext } from './types';

const WORKFLOW_ID = 'acctCreditControl';
const SETTINGS_NODE = 'Credit control settings';
const REPORT_NODE = 'Aged Debtors, as at yesterday';

/**
 * The example reports as at yesterday; the sandbox's books run from mid 2023, and at the end of
 * September 2023 some seventy invoices are overdue, some by days, some by months: every wording
 * is used and the run stays short (each PDF is drawn twice, for n8n and for this check).
 */
const AS_AT = '2023-09-30';

/** Where the list of customers without an e-mail address goes in this run. */
const CREDIT_CONTROL_EMAIL = 'credit-control@e2e.example';

/** A line of the invoice list in a mail, as the example's "Invoice line" node writes it. */
const LINE = /^(\S+) \| (\d{4}-\d{2}-\d{2}) \| (-?\d+) days overdue \| ([A-Z]{3}) (-?\d+\.\d{2})$/gm;

const lineOf = (invoice: OverdueInvoice) =>
	`${invoice.number} | ${invoice.date} | ${invoice.daysOverdue} days overdue | ${invoice.currency} ${(invoice.outstanding / 100).toFixed(2)}`;

const linesIn = (text: string) => [...text.matchAll(LINE)].map((match) => match[0]);

const sameSet = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

const addressIn = (mailbox: string) => (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim().toLowerCase();

interface Contact {
	email?: string | null;
	main_contact_person?: { email?: string | null } | null;
}

/** Where a reminder to the contact goes: its own address, else its main (accounts) contact person's. */
async function recipientOf(reader: ServiceReader, contactId: string): Promise<string> {
	const contact = await reader.get<Contact>(`/contacts/${contactId}`);
	return (contact.email || contact.main_contact_person?.email || '').toLowerCase();
}

/** The customer the example must skip: one with a single overdue invoice, its e-mail addresses removed. */
let withoutEmail: string | undefined;

async function prepare({ reader }: PrepareContext): Promise<Record<string, string>> {
	const overdue = await readOverdueSalesInvoices(reader, AS_AT);
	const counts = new Map<string, number>();
	for (const invoice of overdue) counts.set(invoice.contactId, (counts.get(invoice.contactId) ?? 0) + 1);
	withoutEmail = [...counts]
		.filter(([, count]) => count === 1)
		.map(([contactId]) => contactId)
		.sort()[0];
	expect(withoutEmail !== undefined, `no customer has exactly one invoice overdue as at ${AS_AT}`);
	const removed = await reader.write('PUT', `/contacts/${withoutEmail}`, {
		contact: { main_contact_person: { email: '' } },
	});
	expect(removed.status === 200, `removing contact ${withoutEmail}'s e-mail: ${removed.status}`);
	expect((await recipientOf(reader, withoutEmail)) === '', `contact ${withoutEmail} still has an e-mail address`);
	return { credit_control_email: CREDIT_CONTROL_EMAIL };
}

type Stage = 'reminder' | 'second_reminder' | 'final_notice';

/** One customer's reminder: to its address, the subject of its oldest invoice's stage, exactly its invoices and their PDFs. */
async function checkReminder(
	mail: ReceivedMail,
	invoices: OverdueInvoice[],
	recipient: string,
	subjectOf: (stage: Stage) => string,
	stageOf: (days: number) => Stage,
	reader: ServiceReader,
): Promise<Stage> {
	const numbers = invoices.map((invoice) => invoice.number).join(', ');
	expect(
		sameSet(mail.envelopeTo, [recipient]) && sameSet(mail.to, [recipient]),
		`the mail listing ${numbers} went to ${mail.envelopeTo.join(', ')} (To: ${mail.to.join(', ')}); the customer's address is ${recipient}`,
	);
	const stage = stageOf(Math.max(...invoices.map((invoice) => invoice.daysOverdue)));
	expect(
		mail.subject === subjectOf(stage),
		`the mail to ${recipient} is "${mail.subject}"; its oldest invoice makes it "${subjectOf(stage)}"`,
	);
	for (const number of invoices.map((invoice) => invoice.number))
		expect(mail.html.includes(`<td>${number}</td>`), `the HTML of the mail to ${recipient} does not list ${number}`);
	const attached = new Map(mail.attachments.map((attachment) => [attachment.filename, attachment]));
	expect(
		mail.attachments.length === invoices.length && invoices.every((invoice) => attached.has(`${invoice.number}.pdf`)),
		`the mail to ${recipient} attaches ${mail.attachments.map((attachment) => attachment.filename).join(', ') || 'nothing'}; expected ${invoices.map((invoice) => `${invoice.number}.pdf`).join(', ')}`,
	);
	for (const invoice of invoices) {
		const attachment = attached.get(`${invoice.number}.pdf`);
		const served = await reader.pdf(`/sales_invoices/${invoice.id}`);
		expect(
			attachment?.contentType === 'application/pdf' && attachment.content.equals(served),
			`${invoice.number}.pdf in the mail to ${recipient} (${attachment?.contentType}, ${attachment?.content.length} bytes) is not the service's PDF (${served.length} bytes)`,
		);
	}
	return stage;
}

/**
 * The mails the example sent, against the sales invoices overdue as at the day worked out here:
 * each customer with an e-mail address got exactly one, from the settings' sender, listing exactly
 * its overdue invoices (number, date, days overdue, outstanding), worded by its oldest invoice,
 * with each invoice's PDF as the service serves it; the customers without an address are listed in
 * one mail to credit control; no one else got mail.
 */
async function check(context: CheckContext): Promise<string> {
	const { reader, mail } = context;
	const run = runOf(context);
	expect(
		!run.data.resultData.error,
		`the workflow failed: ${run.data.resultData.error?.message ?? ''} ${mail.refusals().join('; ')}`,
	);
	expect(run.data.resultData.runData[REPORT_NODE] !== undefined, `${REPORT_NODE} did not run`);
	expect(withoutEmail !== undefined, 'this check needs its preparation (a customer without an e-mail address)');
	const settings = exampleSettings('weekly-credit-control.json', SETTINGS_NODE);
	const sender = addressIn(String(settings.from_email));
	const stageOf = (days: number): Stage =>
		days > Number(settings.final_notice_after_days)
			? 'final_notice'
			: days > Number(settings.second_reminder_after_days)
				? 'second_reminder'
				: 'reminder';
	const subjectOf = (stage: Stage) => `${String(settings[`${stage}_subject`])} – ${String(settings.business_name)}`;

	const overdue = await readOverdueSalesInvoices(reader, AS_AT);
	const byCustomer = new Map<string, OverdueInvoice[]>();
	for (const invoice of overdue)
		byCustomer.set(invoice.contactId, [...(byCustomer.get(invoice.contactId) ?? []), invoice]);
	const customerOfLine = new Map(overdue.map((invoice) => [lineOf(invoice), invoice.contactId]));
	expect(
		[...byCustomer.values()].some((invoices) => invoices.length > 1),
		`no customer has two invoices overdue as at ${AS_AT}: nothing to group`,
	);

	const mails = mail.messages();
	const toCreditControl = mails.filter((message) => message.envelopeTo.includes(CREDIT_CONTROL_EMAIL));
	const reminders = mails.filter((message) => !message.envelopeTo.includes(CREDIT_CONTROL_EMAIL));
	const strangers = mails.filter((message) => message.from !== sender);
	expect(
		strangers.length === 0,
		`${strangers.length} mails not from ${sender}: ${strangers.map((message) => message.from).join(', ')}`,
	);

	// Which customer each reminder is for, by the invoices it lists.
	const mailOf = new Map<string, ReceivedMail>();
	for (const message of reminders) {
		const lines = linesIn(message.text);
		const customers = new Set(lines.map((line) => customerOfLine.get(line) ?? `unknown line "${line}"`));
		expect(
			customers.size === 1,
			`the mail to ${message.envelopeTo.join(', ')} ("${message.subject}") lists ${lines.length} lines of ${[...customers].join(', ') || 'no invoice'}: one customer's overdue invoices expected`,
		);
		const [customer] = customers;
		expect(!mailOf.has(customer), `customer ${customer} got more than one reminder`);
		expect(
			sameSet(lines, (byCustomer.get(customer) ?? []).map(lineOf)),
			`the mail to ${message.envelopeTo.join(', ')} lists ${lines.join('; ')}; the customer's overdue invoices are ${(byCustomer.get(customer) ?? []).map(lineOf).join('; ')}`,
		);
		mailOf.set(customer, message);
	}

	const stages = new Map<Stage, number>();
	const skipped: string[] = [];
	for (const [customer, invoices] of byCustomer) {
		const recipient = await recipientOf(reader, customer);
		const message = mailOf.get(customer);
		if (!recipient) {
			expect(message === undefined, `customer ${customer} has no e-mail address, yet got a reminder`);
			skipped.push(customer);
			continue;
		}
		expect(
			message !== undefined,
			`customer ${customer} (${recipient}) owes ${invoices.map(lineOf).join('; ')} and got no mail`,
		);
		const stage = await checkReminder(message, invoices, recipient, subjectOf, stageOf, reader);
		stages.set(stage, (stages.get(stage) ?? 0) + 1);
	}
	expect(stages.size === 3, `as at ${AS_AT} the reminders use ${[...stages.keys()].join(', ')}: not every wording`);
	expect(skipped.includes(withoutEmail), `customer ${withoutEmail}, its e-mail removed, still has an address`);

	expect(
		toCreditControl.length === 1 && sameSet(toCreditControl[0].envelopeTo, [CREDIT_CONTROL_EMAIL]),
		`${toCreditControl.length} mails to credit control (${CREDIT_CONTROL_EMAIL}); one expected, listing the customers without an e-mail address`,
	);
	const listed = linesIn(toCreditControl[0].text);
	const skippedLines = skipped.flatMap((customer) => (byCustomer.get(customer) ?? []).map(lineOf));
	expect(
		sameSet(listed, skippedLines),
		`the mail to credit control lists ${listed.join('; ')}; the customers without an e-mail address owe ${skippedLines.join('; ')}`,
	);

	const attachments = reminders.reduce((sum, message) => sum + message.attachments.length, 0);
	const wording = [...stages].map(([stage, count]) => `${count} ${stage.replace('_', ' ')}`).join(', ');
	return `as at ${AS_AT}: ${reminders.length} reminders (${wording}) for ${overdue.length} overdue invoices, ${attachments} PDFs equal to the service's; ${skipped.length} customer without an e-mail address listed to credit control; no other mail`;
}

export const weeklyCreditControlCheck: ExampleCheck = {
	workflowId: WORKFLOW_ID,
	runs: 'execute',
	settings: {},
	settingsNode: SETTINGS_NODE,
	prepare,
	// As the editor's date field writes a day: n8n's editor shows a bare 2023-09-30 as an empty field.
	nodeParameters: { [REPORT_NODE]: { reportDate: 'custom', asAt: `${AS_AT}T00:00:00` } },
	check,
};
