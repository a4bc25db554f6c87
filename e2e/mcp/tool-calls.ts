/**
 * Every tool of the MCP example called as a model would call it, each answer compared with the
 * sandbox: the right records, writes that a second call does not repeat, reports equal to the
 * books worked out here, clear errors, and answers no larger than the cap.
 */
import type { Receivable } from '../books/aged-debtors';
import { cents, expect } from '../checks/types';
import type { ServiceReader } from '../service-reader';
import { DEFAULT_ANSWER_CHARACTERS } from '../../nodes/AccountingService/tool/answer';
import { errorAnswerProblem, median, rowsOf, type AnswerRow } from './answers';
import type { ListedTool, McpToolsClient, ToolAnswer } from './client';
import { callReportTools } from './report-calls';
import { contactSearch, type SandboxFacts } from './sandbox-facts';

/** The sandbox's history ends 2025-06-30; May 2025 is a full month of postings. */
const TRIAL_BALANCE = { from_date: '2025-05-01', to_date: '2025-05-31' };
/** How many times a read is timed, through the tool and directly. */
const TIMED_READS = 5;

export interface ToolCallResults {
	/** Bytes of each tool's (first) answer. */
	bytes: Record<string, number>;
	/** The note of each tool's first answer that left records out. */
	notes: Record<string, string>;
	/** What the report tools answered, in a line. */
	reports: string;
	/** The open sales documents and payments on account, read after the writes: what aged_debtors ages. */
	receivables: Receivable[];
	/** Median milliseconds of get_sales_invoice, and of the same read made directly. */
	toolMs: number;
	directMs: number;
	errors: string[];
}

const ids = (rows: AnswerRow[], column: string) => rows.map((row) => String(row[column]));

export async function callEveryTool(
	client: McpToolsClient,
	tools: ListedTool[],
	reader: ServiceReader,
	facts: SandboxFacts,
): Promise<ToolCallResults> {
	const bytes: Record<string, number> = {};
	const notes: Record<string, string> = {};
	const call = async (name: string, args: Record<string, unknown>): Promise<ToolAnswer> => {
		const answer = await client.callTool(name, args);
		if (!answer.isError) {
			const { rows, note } = rowsOf(name, answer);
			if (note !== undefined && bytes[name] === undefined) notes[name] = note;
			// The node's default cap, over the rows (not the note); a single record is given whatever its size.
			const characters = JSON.stringify(rows).length;
			expect(
				rows.length <= 1 || characters <= DEFAULT_ANSWER_CHARACTERS,
				`${name} answered ${rows.length} rows in ${characters} characters, over the cap of ${DEFAULT_ANSWER_CHARACTERS}`,
			);
		}
		bytes[name] ??= answer.bytes;
		return answer;
	};

	const found = rowsOf('search_contacts', await call('search_contacts', { search_text: facts.searchWord }));
	const inService = await contactSearch(reader, facts.searchWord);
	const foundIds = ids(found.rows, 'contact_id');
	expect(
		foundIds.includes(facts.contact.id) && foundIds.every((id) => inService.ids.includes(id)),
		`search_contacts "${facts.searchWord}" answered contacts ${foundIds.join(', ')}; the service finds ${inService.ids.join(', ')}`,
	);

	const unpaid = rowsOf(
		'unpaid_invoices_of_contact',
		await call('unpaid_invoices_of_contact', { contact_id: facts.contact.id, status: 'UNPAID' }),
	);
	const unpaidIds = ids(unpaid.rows, 'sales_invoice_id');
	expect(
		unpaidIds.every((id) => facts.unpaidIds.includes(id)) &&
			(unpaid.note !== undefined || unpaidIds.length === facts.unpaidIds.length),
		`unpaid_invoices_of_contact answered ${unpaidIds.join(', ')}${unpaid.note ? ` (${unpaid.note})` : ''}; the service has ${facts.unpaidIds.join(', ')}`,
	);

	const numberWords = facts.invoice.invoice_number.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
	const byNumber = rowsOf('invoice_by_number', await call('invoice_by_number', { invoice_number: numberWords }));
	expect(
		ids(byNumber.rows, 'sales_invoice_id').includes(facts.invoice.id),
		`invoice_by_number "${numberWords}" did not answer ${facts.invoice.invoice_number} (${facts.invoice.id})`,
	);

	const got = rowsOf('get_sales_invoice', await call('get_sales_invoice', { sales_invoice_id: facts.invoice.id }));
	const [invoice] = got.rows;
	expect(
		got.rows.length === 1 &&
			invoice.sales_invoice_id === facts.invoice.id &&
			invoice.invoice_number === facts.invoice.invoice_number &&
			cents(invoice.total_amount) === cents(facts.invoice.total_amount),
		`get_sales_invoice answered ${JSON.stringify(got.rows).slice(0, 300)}; the service has ${facts.invoice.invoice_number} of ${facts.invoice.total_amount}`,
	);

	const balance = rowsOf('trial_balance', await call('trial_balance', TRIAL_BALANCE));
	const report = await reader.get<{ ledger_accounts: unknown[] }>(
		`/trial_balance?from_date=${TRIAL_BALANCE.from_date}&to_date=${TRIAL_BALANCE.to_date}`,
	);
	expect(
		balance.note !== undefined
			? balance.rows.length < report.ledger_accounts.length
			: balance.rows.length === report.ledger_accounts.length,
		`trial_balance answered ${balance.rows.length} rows${balance.note ? ` (${balance.note})` : ''}; the service reports ${report.ledger_accounts.length} ledger accounts`,
	);

	const customer = await createOrUpdateContactTwice(call, reader);
	await createSalesInvoiceTwice(call, tools, reader, customer, facts.itemCode);
	const reports = await callReportTools(call, reader);

	const errors = [
		await call('search_contacts', { search_text: 'SI-1042!' }),
		await call('unpaid_invoices_of_contact', { contact_id: facts.contact.id, status: 'OPEN' }),
	].map((answer, index) => {
		const problem = errorAnswerProblem(answer);
		expect(
			problem === undefined,
			`invalid argument ${index === 0 ? 'search_text "SI-1042!"' : 'status "OPEN"'}: ${problem}`,
		);
		return answer.text;
	});

	const toolTimes: number[] = [];
	const directTimes: number[] = [];
	for (let round = 0; round < TIMED_READS; round++) {
		toolTimes.push((await call('get_sales_invoice', { sales_invoice_id: facts.invoice.id })).ms);
		const started = performance.now();
		await reader.get(`/sales_invoices/${facts.invoice.id}`);
		directTimes.push(performance.now() - started);
	}
	return {
		bytes,
		notes,
		reports: reports.summary,
		receivables: reports.receivables,
		toolMs: median(toolTimes),
		directMs: median(directTimes),
		errors,
	};
}

type Call = (name: string, args: Record<string, unknown>) => Promise<ToolAnswer>;

/** The contact's reference: the key create_or_update_contact finds an existing customer by. */
const CUSTOMER = { reference: 'MCPCUST01', email: 'mcp@tools.example' };

/** Created, then updated under the same reference with a new name: one contact, with the new name. */
async function createOrUpdateContactTwice(call: Call, reader: ServiceReader): Promise<string> {
	const names = ['MCP Tools Customer', 'MCP Tools Customer Renamed'];
	const answered: string[] = [];
	for (const name of names) {
		const { rows } = rowsOf('create_or_update_contact', await call('create_or_update_contact', { ...CUSTOMER, name }));
		answered.push(String(rows[0]?.contact_id));
	}
	const contacts = (await reader.all(`/contacts?search=${CUSTOMER.reference}&attributes=reference,name`)).filter(
		(contact) => contact.reference === CUSTOMER.reference,
	);
	expect(
		contacts.length === 1 && contacts[0].name === names[1] && answered.every((id) => id === contacts[0].id),
		`create_or_update_contact twice: the service has ${contacts.length} contacts with reference ${CUSTOMER.reference} (${contacts.map((contact) => String(contact.name)).join(', ')}), the tool answered ${answered.join(', ')}`,
	);
	return CUSTOMER.reference;
}

const ORDER_REFERENCE = 'MCPORD0001';
const LINE = { quantity: 2, unit_price: 12.5 };

/** The same order twice: one invoice with that reference, for that customer, of the line's amount. */
async function createSalesInvoiceTwice(
	call: Call,
	tools: ListedTool[],
	reader: ServiceReader,
	customerReference: string,
	itemCode: string,
): Promise<void> {
	const lines = [{ product_id: itemCode, ...LINE }];
	const linesType = tools.find((tool) => tool.name === 'create_sales_invoice')?.properties.lines?.type;
	const args = {
		reference: ORDER_REFERENCE,
		contact_reference: customerReference,
		date: '2025-06-16',
		lines: linesType === 'string' ? JSON.stringify(lines) : lines,
	};
	const answered: string[] = [];
	for (let attempt = 0; attempt < 2; attempt++) {
		const { rows } = rowsOf('create_sales_invoice', await call('create_sales_invoice', args));
		answered.push(String(rows[0]?.sales_invoice_id));
	}
	const invoices = (
		await reader.all(`/sales_invoices?search=${ORDER_REFERENCE}&attributes=reference,contact,net_amount`)
	).filter((invoice) => invoice.reference === ORDER_REFERENCE);
	expect(
		invoices.length === 1 && answered.every((id) => id === invoices[0].id),
		`create_sales_invoice twice with reference ${ORDER_REFERENCE}: the service has ${invoices.length} such invoices, the tool answered ${answered.join(', ')}`,
	);
	expect(
		cents(invoices[0].net_amount) === cents(LINE.quantity * LINE.unit_price),
		`the invoice of ${ORDER_REFERENCE} has net amount ${String(invoices[0].net_amount)}, not ${LINE.quantity * LINE.unit_price}`,
	);
}
