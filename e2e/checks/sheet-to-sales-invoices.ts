import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { outputOf, type RunData } from '../n8n-cli';
import { endpointCounts, endpointOf, requestsOfRun } from '../run-requests';
import type { ServiceReader } from '../service-reader';
import {
	cents,
	expect,
	runOf,
	type CheckContext,
	type ExampleCheck,
	type PrepareContext,
	type SandboxView,
} from './types';

const NODE = 'Create sales invoice';
const FILE = 'sales-orders.csv';
const HEADER = [
	'order_number',
	'order_date',
	'customer_reference',
	'item_code_1',
	'quantity_1',
	'unit_price_1',
	'item_code_2',
	'quantity_2',
	'unit_price_2',
];

interface Ref {
	id: string;
	displayed_as?: string;
}
interface Product {
	id: string;
	item_code: string;
	description: string;
	sales_ledger_account: Ref | null;
	sales_tax_rate: Ref | null;
}
interface PlannedLine {
	product: Product;
	quantity: number;
	unitPrice: string;
	percentage: number;
}
interface PlannedOrder {
	orderNumber: string;
	date: string;
	customer: { id: string; reference: string };
	lines: PlannedLine[];
}
interface StoredLine {
	description: string;
	product: Ref | null;
	ledger_account: Ref | null;
	tax_rate: Ref | null;
	quantity: number | string;
	unit_price: number | string;
	net_amount: number | string;
	tax_amount: number | string;
	total_amount: number | string;
}
interface StoredInvoice {
	id: string;
	reference: string | null;
	date: string;
	contact: Ref;
	net_amount: number | string;
	tax_amount: number | string;
	total_amount: number | string;
	invoice_lines: StoredLine[];
}

/** The line's tax in cents: the rate's percentage of quantity × unit price, rounded half away from zero (amounts here are positive). */
const lineNet = (line: PlannedLine) => Math.round(line.quantity * cents(line.unitPrice));
const lineTax = (line: PlannedLine) => Math.round((lineNet(line) * line.percentage) / 100);

/** What prepare wrote and the sandbox's count of sales invoices before the example ran. */
let plan: { orders: PlannedOrder[]; before: number } | undefined;

const totalOf = async (reader: ServiceReader, path: string) =>
	(await reader.get<{ $total: number }>(`${path}${path.includes('?') ? '&' : '?'}items_per_page=1`)).$total;

/** Rows of the sheet: enough that items run Concurrent Requests at a time for many rounds. */
const ROWS = 50;
/** Customers the rows name; fewer than the rows, so that several rows name the same one. */
const CUSTOMERS = 12;
/** Products the lines name, per tax rate; fewer than the lines, so that rows share products. */
const PRODUCTS_PER_RATE = 8;

const twoDigits = (value: number) => String(value).padStart(2, '0');
/** A price from 2.00 to 61.99 whose cents vary, so that many lines' tax needs rounding. */
const priceOf = (seed: number) => `${2 + ((seed * 37) % 60)}.${twoDigits((seed * 53 + 7) % 100)}`;

/**
 * The orders sheet: 50 orders of 12 customers (named by their references), the first of them
 * ordering three rows in a row every ten (items under way at once that look up the same
 * customer), the others taking turns. Products (named by their item codes) of two tax rates;
 * every fourth row with its second item empty (one line). Prices in cents whose tax needs
 * rounding.
 */
async function prepare({ folder, reader }: PrepareContext): Promise<Record<string, string>> {
	const customers = (
		await reader.get<{ $items: Array<{ id: string; reference: string | null }> }>(
			'/contacts?contact_type_id=CUSTOMER&attributes=reference&items_per_page=30',
		)
	).$items
		.filter(
			(customer): customer is { id: string; reference: string } =>
				!!customer.reference && /^[A-Za-z0-9]+$/.test(customer.reference),
		)
		.slice(0, CUSTOMERS);
	const rates = new Map(
		(
			await reader.get<{ $items: Array<{ id: string; percentage: number | string }> }>(
				'/tax_rates?usage=sales&attributes=percentage&items_per_page=200',
			)
		).$items.map((rate) => [rate.id, Number(rate.percentage)]),
	);
	const products = (
		(await reader.all(
			'/products?attributes=item_code,description,sales_ledger_account,sales_tax_rate,active',
		)) as unknown as Array<Product & { active: boolean }>
	).filter(
		(product) =>
			product.active &&
			product.sales_ledger_account &&
			product.sales_tax_rate &&
			(rates.get(product.sales_tax_rate.id) ?? 0) > 0,
	);
	const percentage = (product: Product) => rates.get(product.sales_tax_rate!.id)!;
	const top = Math.max(...products.map(percentage));
	const standard = products.filter((product) => percentage(product) === top).slice(0, PRODUCTS_PER_RATE);
	const reduced = products.filter((product) => percentage(product) < top).slice(0, PRODUCTS_PER_RATE);
	expect(
		customers.length >= 4 && standard.length >= 2 && reduced.length >= 1,
		`the sandbox has too few customers with references (${customers.length}) or taxed products (${standard.length} at ${top} %, ${reduced.length} below) for the orders sheet`,
	);
	const line = (product: Product, quantity: number, unitPrice: string): PlannedLine => ({
		product,
		quantity,
		unitPrice,
		percentage: percentage(product),
	});
	const others = customers.slice(1);
	const orders = Array.from({ length: ROWS }, (_, row): PlannedOrder => {
		const first = line(standard[row % standard.length], 1 + ((row * 7) % 9), priceOf(row));
		const secondProduct = row % 2 === 0 ? reduced[row % reduced.length] : standard[(row + 1) % standard.length];
		const second = line(secondProduct, 1 + ((row * 5 + 2) % 6), priceOf(row + ROWS));
		return {
			orderNumber: `WEB-${10301 + row}`,
			date: `2025-06-${twoDigits(1 + (row % 28))}`,
			customer: row % 10 < 3 ? customers[0] : others[row % others.length],
			lines: row % 4 === 3 ? [first] : [first, second],
		};
	});
	const rows = orders.map((order) => [
		order.orderNumber,
		order.date,
		order.customer.reference,
		...[0, 1].flatMap((index) => {
			const planned = order.lines[index];
			return planned ? [planned.product.item_code, String(planned.quantity), planned.unitPrice] : ['', '', ''];
		}),
	]);
	const quote = (field: string) => (/[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);
	writeFileSync(join(folder, FILE), [HEADER, ...rows].map((row) => row.map(quote).join(',')).join('\n') + '\n');
	plan = { orders, before: await totalOf(reader, '/sales_invoices') };
	return { file: FILE };
}

/**
 * Every sales invoice created or changed from a little before the run's first one on, whole, in
 * one list read instead of the whole list and a Get each: the reader shares the business's rate
 * limit with the second run that follows.
 */
async function invoicesSinceRun(reader: ServiceReader, ids: string[]): Promise<StoredInvoice[]> {
	const first = await reader.get<{ created_at: string }>(`/sales_invoices/${ids[0]}`);
	// Items run a few at once: another row's invoice may have been created a moment before the first.
	const since = new Date(Date.parse(first.created_at) - 60_000).toISOString();
	return (await reader.all(
		`/sales_invoices?attributes=all&updated_or_created_since=${encodeURIComponent(since)}`,
	)) as unknown as StoredInvoice[];
}

function createdIds(run: RunData, orders: PlannedOrder[]): string[] {
	const created = outputOf(run, NODE);
	const references = created.map((item) => item.json.reference);
	expect(
		JSON.stringify(references) === JSON.stringify(orders.map((order) => order.orderNumber)),
		`${NODE} put out invoices for ${JSON.stringify(references)}; the sheet's orders are ${orders.map((order) => order.orderNumber).join(', ')}`,
	);
	return created.map((item) => String(item.json.sales_invoice_id));
}

/** One invoice as the sheet's row says: its customer, date, lines (product, account, rate, quantity, price, tax from the rate) and sums. */
function checkInvoice(order: PlannedOrder, invoice: StoredInvoice): void {
	const name = `order ${order.orderNumber}`;
	expect(
		invoice.contact.id === order.customer.id,
		`${name}: contact ${invoice.contact.id}, expected the customer ${order.customer.reference} (${order.customer.id})`,
	);
	expect(
		invoice.date === order.date && invoice.reference === order.orderNumber,
		`${name}: date ${invoice.date}, reference ${String(invoice.reference)}`,
	);
	expect(
		invoice.invoice_lines.length === order.lines.length,
		`${name}: ${invoice.invoice_lines.length} lines, the row has ${order.lines.length}`,
	);
	order.lines.forEach((planned, index) => {
		const stored = invoice.invoice_lines[index];
		const got = [
			stored.product?.id,
			stored.description,
			stored.ledger_account?.id,
			stored.tax_rate?.id,
			Number(stored.quantity),
			cents(stored.unit_price),
			cents(stored.net_amount),
			cents(stored.tax_amount),
			cents(stored.total_amount),
		];
		const want = [
			planned.product.id,
			planned.product.description,
			planned.product.sales_ledger_account!.id,
			planned.product.sales_tax_rate!.id,
			planned.quantity,
			cents(planned.unitPrice),
			lineNet(planned),
			lineTax(planned),
			lineNet(planned) + lineTax(planned),
		];
		expect(
			JSON.stringify(got) === JSON.stringify(want),
			`${name}, line ${index + 1}: ${JSON.stringify(got)}; expected ${JSON.stringify(want)}`,
		);
	});
	const net = order.lines.reduce((sum, planned) => sum + lineNet(planned), 0);
	const tax = order.lines.reduce((sum, planned) => sum + lineTax(planned), 0);
	const got = [cents(invoice.net_amount), cents(invoice.tax_amount), cents(invoice.total_amount)];
	expect(
		JSON.stringify(got) === JSON.stringify([net, tax, net + tax]),
		`${name}: net/tax/total ${got.map((value) => value / 100).join('/')}; expected ${[net, tax, net + tax].map((value) => value / 100).join('/')}`,
	);
}

/**
 * What one run asked of the service, checked and told: each row's invoice is sent exactly once
 * (the Idempotency Key would keep a second send of a row out of the service's count of invoices),
 * and how long the run took and how many requests it made per row.
 */
function runSummary(name: string, run: RunData, sandbox: SandboxView, orders: PlannedOrder[]): string {
	const { milliseconds, requests } = requestsOfRun(run, sandbox);
	const sent = requests.filter(
		(entry) => endpointOf(entry) === 'POST /sales_invoices' && entry.status !== null && entry.status < 300,
	).length;
	expect(
		sent === orders.length,
		`${name}: ${sent} sales invoices sent and answered during the run (${endpointCounts(requests)}); the sheet has ${orders.length} rows`,
	);
	const perRow = (requests.length / orders.length).toFixed(2);
	return `${name} ${(milliseconds / 1000).toFixed(1)} s, ${requests.length} API requests = ${perRow} per row (${endpointCounts(requests)})`;
}

/**
 * The spreadsheet example: each row of the sheet becomes exactly one sales invoice with the
 * row's customer and lines, its tax computed from each product's rate; run again, the same
 * Idempotency Keys (order numbers) create nothing.
 */
async function check(context: CheckContext): Promise<string> {
	const { reader, sandbox, executeAgain } = context;
	expect(plan !== undefined && executeAgain !== undefined, 'this check needs the prepared sheet and a second run');
	const { orders, before } = plan;
	const run = runOf(context);
	const firstRun = runSummary('run 1:', run, sandbox, orders);
	const ids = createdIds(run, orders);
	expect(
		new Set(ids).size === orders.length,
		`${NODE} put out ${new Set(ids).size} distinct invoices for ${orders.length} rows`,
	);
	const after = await totalOf(reader, '/sales_invoices');
	expect(
		after === before + orders.length,
		`the service has ${after - before} new sales invoices; the sheet has ${orders.length} rows`,
	);
	const written = await invoicesSinceRun(reader, ids);
	orders.forEach((order, index) => {
		const matches = written.filter((invoice) => invoice.reference === order.orderNumber).map((invoice) => invoice.id);
		expect(
			matches.length === 1 && matches[0] === ids[index],
			`order ${order.orderNumber}: the service has invoices ${JSON.stringify(matches)} with its reference; expected only ${ids[index]}`,
		);
	});
	orders.forEach((order, index) =>
		checkInvoice(
			order,
			written.find((invoice) => invoice.id === ids[index])!,
		),
	);

	const again = await executeAgain();
	const secondRun = runSummary('run 2:', again, sandbox, orders);
	const idsAgain = createdIds(again, orders);
	expect(
		JSON.stringify(idsAgain) === JSON.stringify(ids),
		`the second run answered invoices ${idsAgain.join(', ')}; the first created ${ids.join(', ')}`,
	);
	const afterAgain = await totalOf(reader, '/sales_invoices');
	expect(
		afterAgain === after,
		`the second run created ${afterAgain - after} sales invoices; the Idempotency Key should have made it create none`,
	);
	const lineCount = orders.reduce((sum, order) => sum + order.lines.length, 0);
	const customerCount = new Set(orders.map((order) => order.customer.id)).size;
	return `${orders.length} rows of ${customerCount} customers → ${orders.length} sales invoices (${lineCount} lines), each once under its order number, with the rows' customers, products, quantities and prices, tax from each rate, sums right; run again: the same ${orders.length} answered, 0 created. ${firstRun}; ${secondRun}`;
}

export const sheetToSalesInvoicesCheck: ExampleCheck = {
	workflowId: 'acctSheetToSalesInvoices',
	runs: 'execute',
	settings: {},
	prepare,
	check,
};
