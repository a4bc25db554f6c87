import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseCsv } from '../csv';
import { loadExamples } from '../examples';
import { outputOf } from '../n8n-cli';
import { readSheet } from '../xlsx';
import { cents, expect, runOf, type CheckContext, type ExampleCheck } from './types';

interface Ref {
	id: string;
	displayed_as?: string;
}
type Line = Record<string, unknown> & {
	id: string;
	description: string | null;
	product: Ref | null;
	tax_rate: Ref | null;
	ledger_account: Ref | null;
};
type Invoice = Record<string, unknown> & {
	id: string;
	contact: Ref;
	currency: Ref;
	status: Ref;
	invoice_lines?: Line[];
};

const WORKFLOW_ID = 'acctSalesInvoicesCsv';
/** The node whose rows the CSV holds. */
const INVOICES_NODE = 'Get sales invoices';

/**
 * The service's value of each column the CSV may hold (the key and the names Get sales invoices
 * chooses in Fields), for an invoice of the lead business.
 */
const COLUMNS: Record<string, (invoice: Invoice, businessId: string) => unknown> = {
	sales_invoice_id: (invoice) => invoice.id,
	displayed_as: (invoice) => invoice.displayed_as,
	invoice_number: (invoice) => invoice.invoice_number,
	date: (invoice) => invoice.date,
	due_date: (invoice) => invoice.due_date,
	contact_id: (invoice) => invoice.contact.id,
	contact_name: (invoice) => invoice.contact_name,
	reference: (invoice) => invoice.reference,
	status_id: (invoice) => invoice.status.id,
	status_name: (invoice) => invoice.status.displayed_as,
	currency_id: (invoice) => invoice.currency.id,
	net_amount: (invoice) => invoice.net_amount,
	tax_amount: (invoice) => invoice.tax_amount,
	total_amount: (invoice) => invoice.total_amount,
	outstanding_amount: (invoice) => invoice.outstanding_amount,
	updated_at: (invoice) => invoice.updated_at,
	business_id: (_invoice, businessId) => businessId,
};
const AMOUNTS = new Set(['net_amount', 'tax_amount', 'total_amount', 'outstanding_amount']);

/** The One Row per Line columns the XLSX must hold, with the service's value for an invoice's line. */
const LINE_COLUMNS: Array<[string, (invoice: Invoice, line: Line) => unknown]> = [
	['sales_invoice_id', (invoice) => invoice.id],
	['invoice_number', (invoice) => invoice.invoice_number],
	['date', (invoice) => invoice.date],
	['contact_id', (invoice) => invoice.contact.id],
	['contact_name', (invoice) => invoice.contact_name],
	['status_id', (invoice) => invoice.status.id],
	['currency_id', (invoice) => invoice.currency.id],
	['line_id', (_invoice, line) => line.id],
	['line_description', (_invoice, line) => line.description],
	['line_product_id', (_invoice, line) => line.product?.id],
	['line_ledger_account_id', (_invoice, line) => line.ledger_account?.id],
	['line_tax_rate_id', (_invoice, line) => line.tax_rate?.id],
	['line_quantity', (_invoice, line) => line.quantity],
	['line_unit_price', (_invoice, line) => line.unit_price],
	['line_net_amount', (_invoice, line) => line.net_amount],
	['line_tax_amount', (_invoice, line) => line.tax_amount],
	['line_total_amount', (_invoice, line) => line.total_amount],
];
const LINE_NUMBERS = new Set([
	'line_quantity',
	'line_unit_price',
	'line_net_amount',
	'line_tax_amount',
	'line_total_amount',
]);

/** A cell as text: an empty cell and the service's null are the same. */
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The invoices' key, then the columns the example's Get sales invoices chooses in Fields, in their order. */
function chosenHeader(): string[] {
	const example = loadExamples().find(({ workflow }) => workflow.id === WORKFLOW_ID)?.workflow;
	const node = example?.nodes.find((candidate) => candidate.name === INVOICES_NODE);
	const { output, fields } = (node?.parameters ?? {}) as { output?: string; fields?: string[] };
	expect(
		output === 'fields' && Array.isArray(fields) && fields.length > 0,
		`${INVOICES_NODE} outputs ${String(output)}, not Select Included Fields with Fields`,
	);
	const unchecked = fields.filter((name) => !(name in COLUMNS));
	expect(unchecked.length === 0, `this check knows no service value for ${unchecked.join(', ')}`);
	return ['sales_invoice_id', ...fields];
}

/**
 * Example 1: every sales invoice of the lead business once; a CSV of exactly the invoices' key and
 * the chosen Fields in their order, every value equal to the service's record; and one XLSX row
 * per invoice line equal to the service's lines.
 */
async function check(context: CheckContext): Promise<string> {
	const { folder, reader, n8nDir } = context;
	const leadBusinessId = context.sandbox.dataset.leadBusinessId;
	const expected = (await reader.all('/sales_invoices?attributes=all')) as Invoice[];
	const header = chosenHeader();
	const read = outputOf(runOf(context), INVOICES_NODE);
	const ids = new Set(read.map((item) => item.json.sales_invoice_id));
	expect(
		read.length === expected.length,
		`${INVOICES_NODE} returned ${read.length} records; the service has ${expected.length}`,
	);
	expect(ids.size === read.length, `${INVOICES_NODE} returned ${read.length - ids.size} duplicates`);
	expect(
		expected.every((invoice) => ids.has(invoice.id)),
		`${INVOICES_NODE} missed records the service has`,
	);
	const otherColumns = read.find((item) => JSON.stringify(Object.keys(item.json)) !== JSON.stringify(header));
	expect(
		otherColumns === undefined,
		`${INVOICES_NODE} put out ${JSON.stringify(Object.keys(otherColumns?.json ?? {}))}; Fields make ${JSON.stringify(header)}`,
	);

	// The CSV: the rows as they are, its header the key and the chosen columns.
	const file = join(folder, `sales-invoices-${leadBusinessId}.csv`);
	const [fileHeader, ...rows] = parseCsv(readFileSync(file, 'utf8'));
	expect(
		JSON.stringify(fileHeader) === JSON.stringify(header),
		`CSV header is ${JSON.stringify(fileHeader)}; the key and the chosen Fields are ${JSON.stringify(header)}`,
	);
	expect(rows.length === expected.length, `CSV has ${rows.length} rows; the service has ${expected.length} invoices`);
	const byId = new Map(expected.map((invoice) => [invoice.id, invoice]));
	for (const row of rows) {
		const id = row[0];
		const invoice = byId.get(id);
		expect(invoice !== undefined, `CSV row ${id} is no invoice of the service (or a duplicate)`);
		const want = header.map((name) => {
			const value = COLUMNS[name](invoice, leadBusinessId);
			return AMOUNTS.has(name) ? cents(value) : text(value);
		});
		const got = header.map((name, index) => (AMOUNTS.has(name) ? cents(row[index]) : row[index]));
		expect(
			JSON.stringify(got) === JSON.stringify(want),
			`CSV row ${id} is ${JSON.stringify(got)}; the service says ${JSON.stringify(want)}`,
		);
		byId.delete(id);
	}

	// The XLSX: One Row per Line, one row per line of every invoice (one empty-line row for an invoice without lines).
	const linesFile = join(folder, `sales-invoice-lines-${leadBusinessId}.xlsx`);
	const lineRows = readSheet(n8nDir, linesFile, 'Invoice lines', { defval: '' });
	const wantedRows = expected.flatMap((invoice) => {
		expect(Array.isArray(invoice.invoice_lines), `the service's invoice ${invoice.id} came without invoice_lines`);
		return invoice.invoice_lines!.map((line, index) => ({ invoice, line, number: index + 1 }));
	});
	const withoutLines = expected.filter((invoice) => invoice.invoice_lines!.length === 0).length;
	expect(
		lineRows.length === wantedRows.length + withoutLines,
		`the lines sheet has ${lineRows.length} rows; the service has ${wantedRows.length} lines (and ${withoutLines} invoices without lines)`,
	);
	const byLine = new Map(lineRows.map((row) => [`${text(row.sales_invoice_id)}#${text(row.line_number)}`, row]));
	expect(byLine.size === lineRows.length, 'the lines sheet has the same invoice line twice');
	for (const { invoice, line, number } of wantedRows) {
		const row = byLine.get(`${invoice.id}#${number}`);
		expect(row !== undefined, `the lines sheet has no row for line ${number} of ${String(invoice.invoice_number)}`);
		const got = LINE_COLUMNS.map(([name]) => (LINE_NUMBERS.has(name) ? cents(row[name]) : text(row[name])));
		const want = LINE_COLUMNS.map(([name, value]) =>
			LINE_NUMBERS.has(name) ? cents(value(invoice, line)) : text(value(invoice, line)),
		);
		expect(
			JSON.stringify(got) === JSON.stringify(want),
			`line ${number} of ${String(invoice.invoice_number)} is ${JSON.stringify(got)}; the service says ${JSON.stringify(want)}`,
		);
		for (const name of LINE_NUMBERS)
			expect(
				typeof row[name] === 'number',
				`line ${number} of ${String(invoice.invoice_number)}: ${name} is no number`,
			);
	}
	return `${rows.length} invoices, each once; ${rows.length} CSV rows of exactly the key and ${header.length - 1} chosen columns in order, every value equal to the service's records (${file.split('/').pop()}); ${wantedRows.length} One Row per Line XLSX rows equal to the service's invoice lines (${linesFile.split('/').pop()})`;
}

export const salesInvoicesCheck: ExampleCheck = {
	workflowId: WORKFLOW_ID,
	runs: 'execute',
	settings: {},
	check,
};
