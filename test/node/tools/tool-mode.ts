// The node as an AI tool, through n8n-core's own tool path (the agent fixture asks the engine for
// its connected tools and calls them): descriptions a model can choose by, answers bounded in
// size with a note of what was left out, one error text, and a repeated write that lands once.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_ANSWER_CHARACTERS } from '../../../nodes/AccountingService/tool/answer';
import { useConnectedSandbox } from '../connected-sandbox';
import { answerOf, callTools } from '../tool-sandbox';
import { defineBelow } from '../write-helpers';

const env = useConnectedSandbox();

const fromAI = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;

const getManyInvoices: INodeParameters = { resource: 'salesInvoice', operation: 'getAll', limit: 200 };
const searchContacts: INodeParameters = {
	resource: 'contact',
	operation: 'search',
	searchText: fromAI('search_text', 'Start of a word of the contact name or reference'),
};

const totalOf = async (path: string) => (await env.fetchDirect(path)).body.$total as number;

describe('descriptions a model chooses by', () => {
	it('names the operation, the record, what a search matches and Sage Accounting; differs per operation', async () => {
		const described = await callTools(
			env,
			{
				search_contacts: searchContacts,
				invoices: getManyInvoices,
				void_invoice: {
					resource: 'salesInvoice',
					operation: 'delete',
					id: { __rl: true, mode: 'id', value: fromAI('sales_invoice_id', 'The ID') },
				},
			},
			[
				{ tool: 'search_contacts', arguments: { search_text: 'zzzzzz' } },
				{ tool: 'invoices', arguments: {} },
				{ tool: 'void_invoice', arguments: { sales_invoice_id: 'no-such-invoice' } },
			],
		);
		expect(described[0].description).toBe(
			'Search contacts by contact name, company name or reference in Sage Accounting',
		);
		expect(described[0].argumentDescriptions).toEqual({
			search_text: 'Start of a word of the contact name or reference',
		});
		expect(described[1].description).toBe('Get many sales invoices in Sage Accounting');
		expect(described[2].description).toBe('Void a sales invoice (a draft is deleted) in Sage Accounting');
	});

	it('takes the description the user set instead', async () => {
		const [result] = await callTools(
			env,
			{
				search_contacts: {
					...searchContacts,
					descriptionType: 'manual',
					toolDescription: 'Find a customer of the shop by name',
				},
			},
			[{ tool: 'search_contacts', arguments: { search_text: 'zzzzzz' } }],
		);
		expect(result.description).toBe('Find a customer of the shop by name');
	});
});

describe('answers sized for a model', () => {
	it('Get Many answers flat rows without empty columns, within the size limit, and says how many more there are', async () => {
		const total = await totalOf('/sales_invoices?items_per_page=1');
		const [result] = await callTools(env, { invoices: getManyInvoices }, [{ tool: 'invoices', arguments: {} }]);
		const answer = answerOf(result);
		expect(result.answer!.length).toBeLessThanOrEqual(DEFAULT_ANSWER_CHARACTERS + 200);
		const note = answer[answer.length - 1];
		const rows = answer.slice(0, -1);
		expect(rows.length).toBeGreaterThan(3);
		expect(note).toEqual({
			note: `${rows.length} of ${total} sales invoices shown; … ${total - rows.length} more; narrow with Filters`,
		});
		for (const row of rows) {
			expect(typeof row.sales_invoice_id).toBe('string');
			for (const value of Object.values(row)) {
				expect(value === null || value === '' || typeof value === 'object').toBe(false);
			}
		}
	});

	it('a smaller Answer Size Limit gives fewer rows; a list that fits has no note', async () => {
		const [small, fits] = await callTools(
			env,
			{
				small: { ...getManyInvoices, answerCharacters: 4000 },
				fits: { ...getManyInvoices, limit: 2 },
			},
			[
				{ tool: 'small', arguments: {} },
				{ tool: 'fits', arguments: {} },
			],
		);
		expect(small.answer!.length).toBeLessThanOrEqual(4000 + 200);
		expect(answerOf(small).at(-1)?.note).toMatch(/ more; narrow with Filters$/);
		const two = answerOf(fits);
		expect(two).toHaveLength(3);
		expect(two[2].note).toMatch(/^2 of \d+ sales invoices shown/);
		const [alone] = await callTools(
			env,
			{
				one: {
					resource: 'salesInvoice',
					operation: 'get',
					id: { __rl: true, mode: 'id', value: String(two[0].sales_invoice_id) },
				},
			},
			[{ tool: 'one', arguments: {} }],
		);
		expect(answerOf(alone)).toEqual([expect.objectContaining({ sales_invoice_id: two[0].sales_invoice_id })]);
	});
});

describe('every operation’s answer is bounded', () => {
	it('the trial balance, too: the rows that fit, and how many more', async () => {
		const tools = {
			trial_balance: {
				resource: 'trialBalance',
				operation: 'get',
				fromDate: '2025-01-01',
				toDate: '2025-12-31',
				options: { amountsAs: 'number', output: 'rows' },
			},
		};
		const [whole] = await callTools(env, tools, [{ tool: 'trial_balance', arguments: {} }]);
		const rows = answerOf(whole);
		expect(rows.length).toBeGreaterThan(10);
		expect(rows.some((row) => row.note)).toBe(false);
		const [bounded] = await callTools(env, { trial_balance: { ...tools.trial_balance, answerCharacters: 2000 } }, [
			{ tool: 'trial_balance', arguments: {} },
		]);
		expect(bounded.answer!.length).toBeLessThanOrEqual(2000 + 200);
		const shown = answerOf(bounded);
		const note = shown.pop();
		expect(shown).toEqual(rows.slice(0, shown.length));
		expect(note).toEqual({
			note: `${shown.length} of ${rows.length} rows shown; … ${rows.length - shown.length} more; narrow the question (a shorter period)`,
		});
	});
});

describe('one clear error', () => {
	it('a refused argument reads once, with what to change, and no "Details:"', async () => {
		const [special, missing] = await callTools(
			env,
			{
				search_invoices: {
					resource: 'salesInvoice',
					operation: 'search',
					searchText: fromAI('invoice_number', 'The invoice number'),
				},
				get_invoice: {
					resource: 'salesInvoice',
					operation: 'get',
					id: { __rl: true, mode: 'id', value: fromAI('sales_invoice_id', 'The ID') },
				},
			},
			[
				{ tool: 'search_invoices', arguments: { invoice_number: 'SI-1042' } },
				{ tool: 'get_invoice', arguments: { sales_invoice_id: 'no-such-invoice' } },
			],
		);
		expect(special.answer).toBeNull();
		expect(special.error).toBe(
			'NodeOperationError: Invalid "Search Text": the service cannot search for special characters; use letters, digits and spaces only (search "SI 1042" instead of "SI-1042")',
		);
		expect(missing.answer).toBeNull();
		expect(missing.error).not.toContain('Details:');
		expect(missing.error).toMatch(/^NodeOperationError: .+\. Check the ID: Search or Get Many give the IDs\.$/);
		const said = missing.error!.replace(/^NodeOperationError: /, '').split('. Check the ID')[0];
		expect(missing.error!.split(said)).toHaveLength(2);
	});
});

describe('arguments with a fixed set of values', () => {
	it('an OpenAPI enum refuses another value naming the allowed ones; the service’s refusal of a status reads once', async () => {
		const [visibleIn, status] = await callTools(
			env,
			{
				ledger_accounts: {
					resource: 'ledgerAccount',
					operation: 'getAll',
					filters: { visibleIn: fromAI('visible_in', 'Where the account is offered') },
				},
				invoices_by_status: {
					resource: 'salesInvoice',
					operation: 'getAll',
					filters: { statusId: fromAI('status', 'UNPAID or PART_PAID') },
				},
			},
			[
				{ tool: 'ledger_accounts', arguments: { visible_in: 'everywhere' } },
				{ tool: 'invoices_by_status', arguments: { status: 'OPEN' } },
			],
		);
		expect(visibleIn.error).toMatch(
			/^NodeOperationError: Invalid "Visible in": must be one of sales, .*reporting, got "everywhere"\.$/,
		);
		expect(status.error).toMatch(/status_id/);
		expect(status.error).toMatch(/UNPAID/);
		expect(status.error).not.toContain('Details:');
	});
});

describe('a write the agent repeats', () => {
	it('the same arguments create one invoice; other arguments another', async () => {
		const [customer] = (
			await env.fetchDirect('/contacts?contact_type_id=CUSTOMER&items_per_page=1&attributes=reference')
		).body.$items as IDataObject[];
		const [product] = (await env.fetchDirect('/products?items_per_page=1&attributes=item_code')).body
			.$items as IDataObject[];
		const tools = {
			create_invoice: {
				resource: 'salesInvoice',
				operation: 'create',
				fields: defineBelow({
					contact_id: fromAI('contact_reference', 'The customer’s reference'),
					date: '2025-05-02',
					reference: fromAI('reference', 'Your reference'),
					invoice_lines: fromAI('lines', 'The lines', 'json'),
				}),
				options: { contactGivenBy: 'reference', lineItemsGivenBy: 'itemCode' },
			},
		};
		const call = (reference: string) => ({
			tool: 'create_invoice',
			arguments: {
				contact_reference: customer.reference,
				reference,
				lines: [{ product_id: product.item_code, description: 'Tool line', quantity: 2, unit_price: 7 }],
			},
		});
		const workflowId = 'tool-workflow';
		const first = await callTools(env, tools, [call('TOOL-REPEAT')], workflowId);
		const again = await callTools(env, tools, [call('TOOL-REPEAT')], workflowId);
		const other = await callTools(env, tools, [call('TOOL-OTHER')], workflowId);
		expect(answerOf(again[0])[0].sales_invoice_id).toBe(answerOf(first[0])[0].sales_invoice_id);
		expect(answerOf(other[0])[0].sales_invoice_id).not.toBe(answerOf(first[0])[0].sales_invoice_id);
		const byReference = async (reference: string) =>
			(
				(await env.fetchDirect(`/sales_invoices?search=${reference.replace('-', '%20')}&attributes=reference`)).body
					.$items as IDataObject[]
			).filter((invoice) => invoice.reference === reference);
		expect(await byReference('TOOL-REPEAT')).toHaveLength(1);
		expect(await byReference('TOOL-OTHER')).toHaveLength(1);
	});
});
