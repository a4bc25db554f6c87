// Select Included Fields through n8n's engine: rows of exactly the record's key and the chosen
// columns in the chosen order, values equal to the Simplified row's, and the request asking only
// for the attributes those columns read; on reads, writes and the trigger; bad Fields refused.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { findCollection } from '../../../nodes/AccountingService/collections/table';
import { includedFieldNames } from '../../../nodes/AccountingService/output/includedFields';
import { useConnectedSandbox } from '../connected-sandbox';
import { startTriggerSandbox } from '../trigger-sandbox';
import { create, defineBelow } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 120 });

const INVOICE_FIELDS = [
	'invoice_number',
	'contact_name',
	'total_amount',
	'due_date',
	'status_name',
	'date',
	'currency_id',
	'outstanding_amount',
];
const getMany = (output: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'salesInvoice',
	operation: 'getAll',
	limit: 30,
	output,
	...extra,
});
const attributesOf = (path: string) => new URL(path, 'http://sandbox').searchParams.get('attributes');

describe('Output → Select Included Fields', () => {
	it('Get Many: the key and the eight chosen columns in the chosen order, equal to the Simplified row; only their attributes asked for', async () => {
		const simplified = (await env.runNode(getMany('simplified'))).json(NODE);
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(getMany('fields', { fields: INVOICE_FIELDS }));

		expect(result.error).toBeUndefined();
		const rows = result.json(NODE);
		expect(rows).toHaveLength(30);
		rows.forEach((row, index) => {
			expect(Object.keys(row)).toEqual(['sales_invoice_id', ...INVOICE_FIELDS]);
			for (const [name, value] of Object.entries(row)) expect(value).toEqual(simplified[index][name]);
		});
		const [request] = env.apiRequestsSince(position);
		expect(attributesOf(request.path)?.split(',').sort()).toEqual(
			[
				'invoice_number',
				'contact_name',
				'total_amount',
				'due_date',
				'status',
				'date',
				'currency',
				'outstanding_amount',
			].sort(),
		);
	});

	it('a line’s columns give one row per line, the document’s chosen columns repeated, as One Row per Line has them', async () => {
		const fields = ['invoice_number', 'line_number', 'line_description', 'line_total_amount'];
		const lines = (await env.runNode(getMany('lines', { limit: 5 }))).json(NODE);
		const position = env.sandbox.log.entries().length;

		const rows = (await env.runNode(getMany('fields', { limit: 5, fields }))).json(NODE);

		expect(rows).toEqual(
			lines.map((line) => Object.fromEntries(['sales_invoice_id', ...fields].map((name) => [name, line[name]]))),
		);
		expect(rows.length).toBeGreaterThan(5);
		expect(attributesOf(env.apiRequestsSince(position)[0].path)).toBe('invoice_number,invoice_lines');
	});

	it('business_id only when chosen, in its place; Include Business adds nothing else; Show Legacy ID adds legacy_id after the key', async () => {
		const second = env.sandbox.dataset.businesses.find((business: { key: string }) => business.key === 'second')!;
		const business = { __rl: true, mode: 'id', value: second.id };
		const chosen = (
			await env.runNode(getMany('fields', { limit: 2, business, fields: ['business_id', 'total_amount'] }))
		).json(NODE);
		const without = (
			await env.runNode(
				getMany('fields', {
					limit: 2,
					business,
					fields: ['total_amount'],
					options: { includeBusiness: true, showLegacyId: true },
				}),
			)
		).json(NODE);

		expect(chosen.map((row) => Object.keys(row))).toEqual([
			['sales_invoice_id', 'business_id', 'total_amount'],
			['sales_invoice_id', 'business_id', 'total_amount'],
		]);
		expect(chosen[0].business_id).toBe(second.id);
		expect(without.map((row) => Object.keys(row))).toEqual([
			['sales_invoice_id', 'legacy_id', 'total_amount'],
			['sales_invoice_id', 'legacy_id', 'total_amount'],
		]);
	});

	it('Show Legacy ID: legacy_id right after the key, beside the chosen columns, as the service gives it (Get Many, Get, one row per line)', async () => {
		const options = { showLegacyId: true };
		const raw = (await env.runNode(getMany('raw', { limit: 3, options }))).json(NODE);
		const legacyIds = raw.map((record) => record.legacy_id);
		for (const id of legacyIds) expect(typeof id).toBe('number');

		const rows = (
			await env.runNode(
				getMany('fields', { limit: 3, options, fields: ['total_amount', 'contact_name', 'business_id'] }),
			)
		).json(NODE);
		expect(rows.map((row) => Object.keys(row))).toEqual(
			Array(3).fill(['sales_invoice_id', 'legacy_id', 'total_amount', 'contact_name', 'business_id']),
		);
		expect(rows.map((row) => row.legacy_id)).toEqual(legacyIds);

		const got = await env.runNode({
			resource: 'salesInvoice',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: String(raw[0].id) },
			output: 'fields',
			fields: ['contact_name'],
			options,
		});
		expect(got.json(NODE)).toEqual([
			{ sales_invoice_id: raw[0].id, legacy_id: legacyIds[0], contact_name: rows[0].contact_name },
		]);

		const perLine = (
			await env.runNode(getMany('fields', { limit: 1, options, fields: ['line_number', 'line_total_amount'] }))
		).json(NODE);
		expect(perLine.length).toBeGreaterThan(0);
		for (const row of perLine) {
			expect(Object.keys(row)).toEqual(['sales_invoice_id', 'legacy_id', 'line_number', 'line_total_amount']);
			expect(row.legacy_id).toBe(legacyIds[0]);
		}
	});

	it('Get and Search give the same rows', async () => {
		const [first] = (await env.runNode(getMany('fields', { limit: 1, fields: ['contact_name', 'total_amount'] }))).json(
			NODE,
		);
		const got = await env.runNode({
			resource: 'salesInvoice',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: String(first.sales_invoice_id) },
			output: 'fields',
			fields: ['contact_name', 'total_amount'],
		});
		expect(got.json(NODE)).toEqual([first]);
		const contacts = await env.runNode({
			resource: 'contact',
			operation: 'search',
			searchText: 'a',
			limit: 3,
			output: 'fields',
			fields: ['name', 'email'],
		});
		for (const row of contacts.json(NODE)) expect(Object.keys(row)).toEqual(['contact_id', 'name', 'email']);
	});

	it('a write outputs the record it wrote as the chosen columns', async () => {
		const [contact] = (
			await env.runNode({ resource: 'contact', operation: 'getAll', limit: 1, output: 'fields', fields: ['name'] })
		).json(NODE);
		const [account] = (
			await env.runNode({
				resource: 'ledgerAccount',
				operation: 'getAll',
				limit: 1,
				filters: { ledgerAccountTypeId: 'SALES' },
				output: 'fields',
				fields: ['name'],
			})
		).json(NODE);
		const parameters = create(
			'salesInvoice',
			defineBelow({
				contact_id: contact.contact_id,
				date: '2025-06-01',
				invoice_lines: [
					{ description: 'Catering', ledger_account_id: account.ledger_account_id, quantity: 2, unit_price: 40 },
				],
			}),
			{ options: { output: 'fields', fields: ['invoice_number', 'total_amount', 'business_id'] } },
		);

		const result = await env.runNode(parameters);

		expect(result.error).toBeUndefined();
		const [row] = result.json(NODE);
		expect(Object.keys(row)).toEqual(['sales_invoice_id', 'invoice_number', 'total_amount', 'business_id']);
		expect(row.business_id).toBe(env.sandbox.dataset.leadBusinessId);
		expect(typeof row.total_amount).toBe('number');
	});

	it.each<[string, unknown, RegExp]>([
		[
			'nothing chosen',
			[],
			/Invalid "Column Names or IDs": choose at least one of the sales invoices' columns: displayed_as, invoice_number, /,
		],
		[
			'a name the collection does not have',
			['invoice_number', 'customer'],
			/Invalid "Column Names or IDs": "customer" is not a column of sales invoices; allowed: .*contact_name.*line_description.*business_id$/,
		],
		[
			'an expression giving names as text, one unknown',
			'={{ "invoice_number, total, due_date" }}',
			/"total" is not a column of sales invoices/,
		],
	])(
		'%s: refused naming Column Names or IDs and the allowed names, before any request',
		async (_case, fields, message) => {
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode(getMany('fields', { fields: fields as INodeParameters['fields'] }));
			expect(result.error?.message).toMatch(message);
			expect(env.apiRequestsSince(position)).toEqual([]);
		},
	);

	it('Fields offers the Simplified names but the key, the line’s, and business_id', () => {
		const names = includedFieldNames(findCollection('salesInvoice')!);
		expect(names).not.toContain('sales_invoice_id');
		expect(names.slice(0, 3)).toEqual(['displayed_as', 'invoice_number', 'date']);
		expect(names).toEqual(expect.arrayContaining(['line_number', 'line_description', 'business_id']));
		expect(includedFieldNames(findCollection('contact')!)).not.toContain('line_number');
	});
});

describe('the trigger with Select Included Fields', () => {
	it('rows of the key, the chosen columns and change_type; the poll asks for those attributes and its times', async () => {
		const trigger = await startTriggerSandbox();
		try {
			const poller = trigger.poller({ output: 'fields', fields: ['invoice_number', 'total_amount'] });
			await poller.activate();
			trigger.clock.advance(60);
			const record = trigger.create('sales_invoices') as IDataObject;
			const position = trigger.sandbox.log.entries().length;

			const { json } = await poller.poll();

			expect(json).toEqual([
				{
					sales_invoice_id: record.id,
					invoice_number: record.invoice_number,
					total_amount: record.total_amount,
					change_type: 'created',
				},
			]);
			const asked = trigger.apiRequestsSince(position).map((entry) => attributesOf(entry.path));
			expect(asked).toContain('invoice_number,total_amount,created_at,updated_at');
		} finally {
			await trigger.sandbox.stop();
		}
	});
});
