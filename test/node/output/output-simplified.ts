// Simplified and One Row per Line through n8n's engine against the sandbox: the column rules on
// every collection the sandbox holds records of, values equal to the service's own, the lines of
// documents, Raw unchanged, and every item paired with the input item it came from.
import type { IDataObject } from 'n8n-workflow';

import { COLLECTIONS, type CollectionDefinition } from '../../../nodes/AccountingService/collections/table';
import { MAX_COLUMN_NAME } from '../../../nodes/AccountingService/output/columns';
import { hasLines } from '../../../nodes/AccountingService/output/output';
import { keyColumnOf, shapeOf } from '../../../nodes/AccountingService/output/shape';
import { useConnectedSandbox } from '../connected-sandbox';
import { requiredFilters } from '../query-samples';

const NODE = 'Accounting Service';
const COLUMN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A value a sheet cell or a Data Table column takes as it is. */
const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function expectFlatRow(row: IDataObject, key: string) {
	const badNames = Object.keys(row).filter((name) => !COLUMN.test(name) || name.length > MAX_COLUMN_NAME);
	expect(badNames).toEqual([]);
	for (const [name, value] of Object.entries(row)) {
		if (!isPlain(value)) throw new Error(`column ${name} holds ${JSON.stringify(value)}`);
	}
	expect(row).not.toHaveProperty('id');
	expect(row).not.toHaveProperty('$path');
	expect(row).toHaveProperty(key);
}

const lists = COLLECTIONS.filter((row) => !row.singleton);

describe('the shape of every collection (from the OpenAPI, no request)', () => {
	it.each(COLLECTIONS.map((row) => [row.resource, row] as const))(
		'%s: valid column names, each once, the key column first and no bare id',
		(_resource, row: CollectionDefinition) => {
			const shape = shapeOf(row);
			const names = shape.columns.map((column) => column.name);
			for (const name of names) {
				expect(name).toMatch(COLUMN);
				expect(name.length).toBeLessThanOrEqual(MAX_COLUMN_NAME);
			}
			expect(new Set(names).size).toBe(names.length);
			expect(names).not.toContain('id');
			if (names.includes(keyColumnOf(row))) expect(names[0]).toBe(keyColumnOf(row));
			if (!row.singleton) expect(names[0]).toBe(keyColumnOf(row));
			if (shape.lines) {
				const lineNames = [...shape.lines.document, ...shape.lines.columns].map((column) => column.name);
				expect(new Set(lineNames).size).toBe(lineNames.length);
				for (const name of shape.lines.columns.map((column) => column.name)) expect(name).toMatch(/^line_/);
				expect(lineNames[0]).toBe(keyColumnOf(row));
			}
		},
	);

	it('key columns name the record: <singular>_id, different for every collection', () => {
		const keys = COLLECTIONS.map(keyColumnOf);
		expect(new Set(keys).size).toBe(keys.length);
		expect(keyColumnOf(COLLECTIONS.find((row) => row.resource === 'salesInvoice')!)).toBe('sales_invoice_id');
		expect(keyColumnOf(COLLECTIONS.find((row) => row.resource === 'contact')!)).toBe('contact_id');
	});

	it('One Row per Line is offered for documents with lines, and not for quick entries', () => {
		const withLines = COLLECTIONS.filter(hasLines).map((row) => row.path);
		expect(withLines).toEqual(
			expect.arrayContaining([
				'sales_invoices',
				'purchase_invoices',
				'sales_credit_notes',
				'purchase_credit_notes',
				'sales_corrective_invoices',
				'purchase_corrective_invoices',
				'sales_quotes',
				'sales_estimates',
			]),
		);
		expect(withLines).not.toContain('sales_quick_entries');
		expect(withLines).not.toContain('contacts');
	});
});

describe('Simplified rows through the engine', () => {
	const env = useConnectedSandbox();

	it('a sales invoice row: the everyday columns first, with the service’s values, amounts as numbers', async () => {
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 5 });
		expect(result.error).toBeUndefined();
		const rows = result.json(NODE);
		const direct = (await env.fetchDirect('/sales_invoices?items_per_page=5&attributes=all')).body
			.$items as IDataObject[];
		expect(rows).toHaveLength(5);
		rows.forEach((row, index) => {
			const record = direct[index];
			const contact = record.contact as IDataObject;
			const status = record.status as IDataObject;
			const currency = record.currency as IDataObject;
			expectFlatRow(row, 'sales_invoice_id');
			expect(row).toMatchObject({
				sales_invoice_id: record.id,
				invoice_number: record.invoice_number,
				date: record.date,
				due_date: record.due_date,
				contact_id: contact.id,
				contact_name: record.contact_name,
				reference: record.reference,
				status_id: status.id,
				status_name: status.displayed_as,
				currency_id: currency.id,
				net_amount: record.net_amount,
				tax_amount: record.tax_amount,
				total_amount: record.total_amount,
				outstanding_amount: record.outstanding_amount,
				updated_at: record.updated_at,
			});
			expect(Object.keys(row).slice(0, 4)).toEqual(['sales_invoice_id', 'displayed_as', 'invoice_number', 'date']);
		});
	});

	it('asks the service for the attributes the row needs, never "all"', async () => {
		const position = env.sandbox.log.entries().length;
		await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 2 });
		const [request] = env.apiRequestsSince(position).filter((entry) => entry.path.startsWith('/sales_invoices'));
		const asked = new URL(request.path, 'http://x').searchParams.get('attributes')!.split(',');
		expect(asked).toEqual(expect.arrayContaining(['contact', 'status', 'net_amount', 'updated_at']));
		expect(asked).not.toContain('all');
		expect(asked).not.toContain('invoice_lines');
	});

	it('a reference’s label never overwrites the record’s own column of that name', async () => {
		const [row] = (await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 1 })).json(NODE);
		const [record] = (await env.fetchDirect('/sales_invoices?items_per_page=1&attributes=all')).body
			.$items as IDataObject[];
		expect(row.contact_name).toBe(record.contact_name);
		expect(row.contact_name).not.toBe((record.contact as IDataObject).displayed_as);
	});

	it('sums of a Simplified amount column are exact to the cent', async () => {
		const rows = (await env.runNode({ resource: 'salesInvoice', operation: 'getAll', returnAll: true })).json(NODE);
		const cents = rows.reduce((total, row) => total + Math.round((row.total_amount as number) * 100), 0);
		const summed = rows.reduce((total, row) => total + (row.total_amount as number), 0);
		expect(Math.round(summed * 100)).toBe(cents);
	});

	it('a contact row lists its contact types as ids and names', async () => {
		const [row] = (await env.runNode({ resource: 'contact', operation: 'getAll', limit: 1 })).json(NODE);
		const [record] = (await env.fetchDirect('/contacts?items_per_page=1&attributes=all')).body.$items as IDataObject[];
		const types = record.contact_types as IDataObject[];
		expect(row.contact_type_ids).toBe(types.map((type) => type.id).join(', '));
		expect(row.contact_type_names).toBe(types.map((type) => type.displayed_as).join(', '));
		expectFlatRow(row, 'contact_id');
	});

	it.each(lists.map((row) => [row.resource, row] as const))(
		'%s: Get Many gives flat rows with the key column',
		async (_resource, row: CollectionDefinition) => {
			const filters = requiredFilters(row).typed;
			const result = await env.runNode({ resource: row.resource, operation: 'getAll', limit: 3, filters });
			expect(result.error).toBeUndefined();
			const rows = result.json(NODE);
			const columns = shapeOf(row).columns.map((column) => column.name);
			for (const flat of rows) {
				expectFlatRow(flat, keyColumnOf(row));
				expect(Object.keys(flat)).toEqual(columns);
			}
		},
	);
});

describe('One Row per Line and Raw', () => {
	const env = useConnectedSandbox();

	it('one row per line, the document’s columns repeated and line_number counting from 1', async () => {
		const result = await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 3, output: 'lines' });
		expect(result.error).toBeUndefined();
		const rows = result.json(NODE);
		const direct = (await env.fetchDirect('/sales_invoices?items_per_page=3&attributes=all')).body
			.$items as IDataObject[];
		const expected = direct.flatMap((invoice) =>
			(invoice.invoice_lines as IDataObject[]).map((line, index) => ({ invoice, line, index })),
		);
		expect(rows).toHaveLength(expected.length);
		rows.forEach((row, position) => {
			const { invoice, line, index } = expected[position];
			expectFlatRow(row, 'sales_invoice_id');
			expect(row).toMatchObject({
				sales_invoice_id: invoice.id,
				invoice_number: invoice.invoice_number,
				date: invoice.date,
				contact_id: (invoice.contact as IDataObject).id,
				contact_name: invoice.contact_name,
				line_number: index + 1,
				line_id: line.id,
				line_description: line.description,
				line_quantity: line.quantity,
				line_unit_price: line.unit_price,
				line_net_amount: line.net_amount,
				line_tax_rate_id: (line.tax_rate as IDataObject).id,
				line_tax_rate_name: (line.tax_rate as IDataObject).displayed_as,
				line_tax_amount: line.tax_amount,
				line_total_amount: line.total_amount,
				line_ledger_account_id: (line.ledger_account as IDataObject).id,
				line_product_id: (line.product as IDataObject | null)?.id ?? null,
			});
		});
	});

	it('asks for the document columns it repeats and the lines, not for the rest of the document', async () => {
		const position = env.sandbox.log.entries().length;
		await env.runNode({ resource: 'salesInvoice', operation: 'getAll', limit: 2, output: 'lines' });
		const [request] = env.apiRequestsSince(position).filter((entry) => entry.path.startsWith('/sales_invoices'));
		const asked = new URL(request.path, 'http://x').searchParams.get('attributes')!.split(',');
		expect(asked).toEqual(expect.arrayContaining(['invoice_lines', 'invoice_number', 'date', 'contact', 'updated_at']));
		expect(asked).not.toContain('total_amount');
		expect(asked).not.toContain('tax_analysis');
	});

	it('Raw is the service’s record exactly', async () => {
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			limit: 3,
			output: 'raw',
			options: { attributes: 'all' },
		});
		const direct = (await env.fetchDirect('/sales_invoices?items_per_page=3&attributes=all')).body.$items;
		expect(result.json(NODE)).toEqual(direct);
	});

	it('Get gives one Simplified row, asking for its attributes', async () => {
		const [first] = (await env.fetchDirect('/sales_invoices?items_per_page=1&attributes=all')).body
			.$items as IDataObject[];
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: String(first.id) },
		});
		const [row] = result.json(NODE);
		expect(row.sales_invoice_id).toBe(first.id);
		expect(row.total_amount).toBe(first.total_amount);
		const [request] = env.apiRequestsSince(position);
		expect(new URL(request.path, 'http://x').searchParams.get('attributes')).toContain('total_amount');
	});

	it('every row keeps the input item it came from', async () => {
		const result = await env.runNode(
			{ resource: 'salesInvoice', operation: 'getAll', limit: '={{ $json.limit }}', output: 'lines' },
			{},
			{ input: [{ limit: 1 }, { limit: 2 }] },
		);
		const items = result.items(NODE);
		const direct = (await env.fetchDirect('/sales_invoices?items_per_page=2&attributes=all')).body
			.$items as IDataObject[];
		const linesOf = (count: number) =>
			direct.slice(0, count).reduce((total, invoice) => total + (invoice.invoice_lines as unknown[]).length, 0);
		const pairs = items.map((item) => (item.pairedItem as { item: number }).item);
		expect(pairs).toEqual([...Array(linesOf(1)).fill(0), ...Array(linesOf(2)).fill(1)]);
	});

	it.each([['simplifed'], ['lines '], ['RAW']])(
		'refuses Output "%s", naming the option and the allowed values',
		async (value) => {
			const result = await env.runNode({ resource: 'contact', operation: 'getAll', limit: 1, output: value });
			expect(result.error?.message).toMatch(/Invalid "Output"/);
			expect(result.error?.message).toMatch(/simplified/);
		},
	);

	it('refuses One Row per Line for records without lines', async () => {
		const result = await env.runNode({ resource: 'contact', operation: 'getAll', limit: 1, output: 'lines' });
		expect(result.error?.message).toMatch(/Invalid "Output"/);
	});
});
