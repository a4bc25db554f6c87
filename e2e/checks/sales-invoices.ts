import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseCsv } from '../csv';
import { outputOf } from '../n8n-cli';
import { expect, runOf, type CheckContext, type ExampleCheck } from './types';

const HEADER = ['number', 'contact', 'date', 'due_date', 'currency', 'net', 'tax', 'total', 'outstanding', 'status'];
const ATTRIBUTES =
	'invoice_number,contact_name,date,due_date,currency,net_amount,tax_amount,total_amount,outstanding_amount,status';

type Invoice = Record<string, unknown> & { currency: { id: string }; status: { displayed_as: string } };

/** Example 1: every sales invoice of the lead business once, and one CSV row each that matches the service. */
async function check(context: CheckContext): Promise<string> {
	const { folder, reader } = context;
	const leadBusinessId = context.sandbox.dataset.leadBusinessId;
	const expected = (await reader.all(`/sales_invoices?attributes=${ATTRIBUTES}`)) as Invoice[];
	const read = outputOf(runOf(context), 'Get sales invoices');
	const ids = new Set(read.map((item) => item.json.id));
	expect(
		read.length === expected.length,
		`Get sales invoices returned ${read.length} records; the service has ${expected.length}`,
	);
	expect(ids.size === read.length, `Get sales invoices returned ${read.length - ids.size} duplicates`);
	expect(
		expected.every((invoice) => ids.has(invoice.id)),
		'Get sales invoices missed records the service has',
	);
	expect(
		read.every((item) => item.json.business_id === leadBusinessId),
		'records carry another business_id than the lead business',
	);

	const file = join(folder, `sales-invoices-${leadBusinessId}.csv`);
	const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
	expect(
		JSON.stringify(header) === JSON.stringify(HEADER),
		`CSV header is ${JSON.stringify(header)}, expected ${JSON.stringify(HEADER)}`,
	);
	expect(rows.length === expected.length, `CSV has ${rows.length} rows; the service has ${expected.length} invoices`);
	const byNumber = new Map(expected.map((invoice) => [String(invoice.invoice_number), invoice]));
	for (const row of rows) {
		const [number, contact, date, dueDate, currency, net, tax, total, outstanding, status] = row;
		const invoice = byNumber.get(number);
		expect(invoice !== undefined, `CSV row ${number} is no invoice of the service`);
		const want = [
			invoice.contact_name,
			invoice.date,
			invoice.due_date,
			invoice.currency.id,
			invoice.net_amount,
			invoice.tax_amount,
			invoice.total_amount,
			invoice.outstanding_amount,
			invoice.status.displayed_as,
		].map(String);
		const got = [
			contact,
			date,
			dueDate,
			currency,
			String(Number(net)),
			String(Number(tax)),
			String(Number(total)),
			String(Number(outstanding)),
			status,
		];
		expect(
			JSON.stringify(got) === JSON.stringify(want),
			`CSV row ${number} is ${JSON.stringify(got)}; the service says ${JSON.stringify(want)}`,
		);
		byNumber.delete(number);
	}
	return `${rows.length} invoices, each once; ${rows.length} CSV rows equal to the service's records (${file.split('/').pop()})`;
}

export const salesInvoicesCheck: ExampleCheck = {
	workflowId: 'acctSalesInvoicesCsv',
	runs: 'execute',
	settings: {},
	check,
};
