// examples/mcp-server-accounting-tools.json: its seven tools, with the parameters as saved, called
// through n8n-core's tool path as an agent behind the MCP Server Trigger calls them: each
// described distinctly with every argument described, each answering the service's records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_ANSWER_CHARACTERS } from '../../../nodes/AccountingService/tool/answer';
import { useConnectedSandbox } from '../connected-sandbox';
import { answerOf, callTools, type ToolCallResult } from '../tool-sandbox';

const EXAMPLE = join(__dirname, '..', '..', '..', 'examples', 'mcp-server-accounting-tools.json');
const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as {
	nodes: Array<{ name: string; type: string; parameters: INodeParameters }>;
};
const tools = Object.fromEntries(
	example.nodes
		.filter((node) => node.type.endsWith('.accountingServiceTool'))
		.map((node) => [node.name, node.parameters]),
);

const env = useConnectedSandbox();
const list = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];

describe('the MCP server example’s tools', () => {
	let results: Record<string, ToolCallResult>;
	const facts = {} as { contact: IDataObject; invoice: IDataObject; product: IDataObject; unpaid: IDataObject[] };

	beforeAll(async () => {
		const unpaid = await list('/sales_invoices?status_id=UNPAID&items_per_page=200&attributes=contact,invoice_number');
		const contactId = String((unpaid[0].contact as IDataObject).id);
		const contact = (await env.fetchDirect(`/contacts/${contactId}`)).body;
		const [product] = await list('/products?items_per_page=1&attributes=item_code');
		Object.assign(facts, {
			contact,
			invoice: unpaid[0],
			product,
			unpaid: unpaid.filter((invoice) => (invoice.contact as IDataObject).id === contactId),
		});
		const calls = [
			{ tool: 'search_contacts', arguments: { search_text: String(facts.contact.reference) } },
			{ tool: 'unpaid_invoices_of_contact', arguments: { contact_id: contactId, status: 'UNPAID' } },
			{
				tool: 'invoice_by_number',
				arguments: { invoice_number: String(facts.invoice.invoice_number).replace(/[^A-Za-z0-9]+/g, ' ') },
			},
			{ tool: 'get_sales_invoice', arguments: { sales_invoice_id: String(facts.invoice.id) } },
			{ tool: 'trial_balance', arguments: { from_date: '2025-01-01', to_date: '2025-03-31' } },
			{
				tool: 'create_or_update_contact',
				arguments: { reference: 'MCPTEST1', name: 'Model Context Ltd', email: 'mcp@example.com' },
			},
			{
				tool: 'create_sales_invoice',
				arguments: {
					contact_reference: String(facts.contact.reference),
					date: '2025-06-30',
					reference: 'MCP-ORDER-1',
					lines: [{ product_id: String(facts.product.item_code), quantity: 3, unit_price: 12.5 }],
				},
			},
		];
		const answered = await callTools(env, tools, calls, 'acctMcpTools');
		results = Object.fromEntries(answered.map((result) => [result.tool, result]));
	});

	it('seven tools, each described in its own words, each argument described', () => {
		expect(Object.keys(results)).toHaveLength(7);
		const descriptions = Object.values(results).map((result) => result.description);
		expect(new Set(descriptions).size).toBe(7);
		for (const result of Object.values(results)) {
			expect(result.description).toMatch(/Sage Accounting/);
			expect(Object.keys(result.argumentDescriptions).length).toBeGreaterThan(0);
			for (const description of Object.values(result.argumentDescriptions))
				expect(description.length).toBeGreaterThan(10);
		}
	});

	it('every answer is the service’s records, within the size limit', () => {
		for (const result of Object.values(results)) {
			expect(result.error).toBeNull();
			expect(result.answer!.length).toBeLessThanOrEqual(DEFAULT_ANSWER_CHARACTERS + 200);
		}
		expect(answerOf(results.search_contacts).map((row) => row.contact_id)).toContain(facts.contact.id);
		const unpaid = answerOf(results.unpaid_invoices_of_contact).filter((row) => !row.note);
		expect(unpaid.map((row) => row.sales_invoice_id).sort()).toEqual(facts.unpaid.map((invoice) => invoice.id).sort());
		expect(unpaid.every((row) => row.status_id === 'UNPAID' && Number(row.outstanding_amount) > 0)).toBe(true);
		expect(answerOf(results.invoice_by_number).map((row) => row.sales_invoice_id)).toContain(facts.invoice.id);
		expect(answerOf(results.get_sales_invoice)).toEqual([
			expect.objectContaining({ sales_invoice_id: facts.invoice.id, invoice_number: facts.invoice.invoice_number }),
		]);
		expect(answerOf(results.trial_balance).length).toBeGreaterThan(0);
		expect(answerOf(results.create_or_update_contact)).toEqual([
			expect.objectContaining({ reference: 'MCPTEST1', name: 'Model Context Ltd' }),
		]);
		expect(answerOf(results.create_sales_invoice)).toEqual([
			expect.objectContaining({ reference: 'MCP-ORDER-1', contact_id: facts.contact.id }),
		]);
	});
});
