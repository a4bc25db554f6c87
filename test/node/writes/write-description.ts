// The write side's operations and fields, checked against the production OpenAPI itself.
import type { ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';

import { AccountingService } from '../../../nodes/AccountingService/AccountingService.node';
import { HANDLERS } from '../../../nodes/AccountingService/actions/router';
import { WRITE_SCHEMAS } from '../../../nodes/AccountingService/collections/generated-writes';
import { IDEMPOTENT_CREATES } from '../../../nodes/AccountingService/collections/overlay';
import { COLLECTIONS, findCollection } from '../../../nodes/AccountingService/collections/table';
import { getWriteFields } from '../../../nodes/AccountingService/methods/resourceMapping';
import { resolveSchema } from '../../../openapi/document';
import { recordWrites, wrapped } from '../../../openapi/writes';

const { description } = new AccountingService();
const properties = (name: string) => description.properties.filter((property) => property.name === name);
const shownFor = (property: INodeProperties, resource: string, operation: string) =>
	!!property.displayOptions?.show?.resource?.includes(resource) &&
	!!property.displayOptions?.show?.operation?.includes(operation);
const fieldsFor = async (resource: string, operation: string) =>
	(
		await getWriteFields.call({
			getCurrentNodeParameter: (name: string) => ({ resource, operation })[name],
		} as unknown as ILoadOptionsFunctions)
	).fields;

const writesOf = (row: { path: string; singleton: boolean }) => recordWrites(row.path, row.singleton);
const writable = COLLECTIONS.filter((row) => row.writes.create || row.writes.update);

describe('operations: exactly where the OpenAPI has the method', () => {
	it('39 creates, 43 updates (settings objects’ PUT included), 36 deletes', () => {
		const having = (operation: string) =>
			COLLECTIONS.filter((row) => operation in HANDLERS[row.resource]).map((row) => row.path);
		for (const operation of ['create', 'update', 'delete'] as const) {
			expect(having(operation)).toEqual(COLLECTIONS.filter((row) => writesOf(row)[operation]).map((row) => row.path));
		}
		expect([having('create').length, having('update').length, having('delete').length]).toEqual([39, 43, 36]);
		expect(having('release').sort()).toEqual([
			'purchase_credit_notes',
			'purchase_invoices',
			'sales_credit_notes',
			'sales_invoices',
		]);
		expect(having('reissue')).toEqual(['journals']);
	});

	it('names them Create, Update, Delete, Release with sentence-case actions', () => {
		const options = properties('operation').flatMap(
			(property) => property.options as Array<{ name: string; value: string; action: string }>,
		);
		const of = (value: string) => options.filter((option) => option.value === value);
		expect(new Set(of('create').map((option) => option.name))).toEqual(new Set(['Create']));
		expect(new Set(of('update').map((option) => option.name))).toEqual(new Set(['Update']));
		expect(new Set(of('delete').map((option) => option.name))).toEqual(new Set(['Delete']));
		expect(new Set(of('release').map((option) => option.name))).toEqual(new Set(['Release']));
		const actions = options.map((option) => option.action);
		expect(actions).toEqual(
			expect.arrayContaining([
				'Create a sales invoice',
				'Update financial settings',
				'Delete a contact',
				'Release a sales invoice',
				'Reissue a journal',
			]),
		);
	});

	it('names the record to update, delete or release with the same locator as Get', () => {
		const get = properties('id').find((property) => shownFor(property, 'salesInvoice', 'get'))!;
		for (const operation of ['update', 'delete', 'release']) {
			const locator = properties('id').find((property) => shownFor(property, 'salesInvoice', operation))!;
			expect(locator.type).toBe('resourceLocator');
			expect(locator.modes).toEqual(get.modes);
		}
		expect(properties('id').some((property) => shownFor(property, 'financialSettings', 'update'))).toBe(false);
	});
});

describe('Fields: one resource mapper, its fields from the OpenAPI’s request schema', () => {
	it('is one parameter named fields, of type resourceMapper, with auto-mapping', () => {
		// Create or Update has its own, in mode upsert (lookups/upsert.ts); the reads' Fields of
		// Select Included Fields share the name and never show with a write.
		const recordWrites = properties('fields').filter(
			(property) => property.type !== 'multiOptions' && !property.displayOptions?.show?.operation?.includes('upsert'),
		);
		const [fields] = recordWrites;
		expect(recordWrites).toHaveLength(1);
		expect(fields.type).toBe('resourceMapper');
		expect(fields.typeOptions?.resourceMapper).toMatchObject({
			resourceMapperMethod: 'getWriteFields',
			mode: 'add',
			supportAutoMap: true,
		});
		expect(fields.typeOptions?.loadOptionsDependsOn).toEqual(['resource', 'operation']);
		expect(description.properties.length).toBeGreaterThan(0);
		expect(Object.keys(new AccountingService().methods.resourceMapping)).toEqual(['getWriteFields']);
	});

	const cases = writable.flatMap((row) =>
		(['create', 'update'] as const)
			.filter((operation) => row.writes[operation])
			.map((operation) => [row.resource, operation, row] as const),
	);

	it.each(cases)(
		'%s %s: every attribute of the request, typed, required as the OpenAPI says',
		async (resource, operation, row) => {
			const record = wrapped(writesOf(row)[operation]!.definition!);
			const fields = await fieldsFor(resource, operation);
			expect(fields.map((field) => field.id).sort()).toEqual(Object.keys(record.properties ?? {}).sort());
			for (const field of fields) {
				const schema = resolveSchema(record.properties![field.id]);
				const expected = schema.enum
					? 'options'
					: schema.format === 'date' || schema.format === 'date-time'
						? 'dateTime'
						: ((
								{ integer: 'number', number: 'number', boolean: 'boolean', object: 'object', array: 'array' } as Record<
									string,
									string
								>
							)[schema.type ?? ''] ?? 'string');
				expect([field.id, field.type]).toEqual([field.id, expected]);
				if (schema.enum) expect(field.options?.map((option) => option.value)).toEqual(schema.enum);
				// A list the editor builds (Lines, Allocations) is checked by the node instead: n8n would block the run otherwise.
				const byEditor =
					/_lines$/.test(field.id) &&
					['description', 'ledger_account_id', 'unit_price'].every((name) => JSON.stringify(schema).includes(name));
				const allocations = field.id === 'allocated_artefacts';
				const required =
					operation === 'create' && (record.required ?? []).includes(field.id) && !byEditor && !allocations;
				expect([field.id, field.required]).toEqual([field.id, required]);
				expect(field.displayName).toMatch(/^[A-Z]/);
				expect(field.removed).toBe(!field.required);
			}
		},
	);

	it('field ids are the attribute names inside the wrapper', async () => {
		const ids = (await fieldsFor('salesInvoice', 'create')).map((field) => field.id);
		expect(ids).toEqual(expect.arrayContaining(['contact_id', 'date', 'invoice_lines', 'main_address']));
		const byId = Object.fromEntries((await fieldsFor('salesInvoice', 'create')).map((field) => [field.id, field]));
		expect(byId.contact_id).toMatchObject({ displayName: 'Contact ID', type: 'string', required: true });
		expect(byId.date).toMatchObject({ type: 'dateTime', required: true });
		expect(byId.main_address).toMatchObject({ type: 'object', required: false });
		expect(byId.invoice_lines).toMatchObject({ type: 'array', required: false });
		expect((await fieldsFor('salesInvoice', 'update')).every((field) => !field.required)).toBe(true);
	});

	it('no fields for an operation without a request body', async () => {
		expect(await fieldsFor('salesInvoice', 'delete')).toEqual([]);
	});
});

describe('lines and allocations in the editor', () => {
	const documents = [
		'salesInvoice',
		'salesCreditNote',
		'salesQuote',
		'salesEstimate',
		'salesCorrectiveInvoice',
		'purchaseInvoice',
		'purchaseCreditNote',
		'purchaseCorrectiveInvoice',
	];

	it.each(documents.flatMap((resource) => ['create', 'update'].map((operation) => [resource, operation])))(
		'%s %s has Lines',
		(resource, operation) => {
			const lines = properties('lines').filter((property) => shownFor(property, resource, operation));
			expect(lines).toHaveLength(1);
			const values = (lines[0].options as Array<{ values: INodeProperties[] }>)[0].values;
			const locators = Object.fromEntries(
				values
					.filter((value) => value.type === 'resourceLocator')
					.map((value) => [value.name, value.modes?.[0].typeOptions?.searchListMethod]),
			);
			expect(locators).toEqual({
				product: 'searchProducts',
				service: 'searchServices',
				ledgerAccount: 'searchLedgerAccounts',
				taxRate: 'searchTaxRates',
			});
			expect(values.map((value) => value.name)).toEqual(
				expect.arrayContaining(['description', 'quantity', 'unitPrice', 'additionalFields']),
			);
			expect(values.some((value) => value.name === 'discountAmount')).toBe(resource.startsWith('sales'));
		},
	);

	it('no Lines where the lines are not a document’s (journals, payments) or there are none', () => {
		for (const resource of ['journal', 'otherPayment', 'contact', 'contactPayment']) {
			expect(properties('lines').some((property) => shownFor(property, resource, 'create'))).toBe(false);
		}
	});

	it('Allocations on contact payments and contact allocations', () => {
		for (const resource of ['contactPayment', 'contactAllocation']) {
			expect(properties('allocations').some((property) => shownFor(property, resource, 'create'))).toBe(true);
		}
	});
});

describe('special writes', () => {
	it('Void Reason exactly where the OpenAPI’s DELETE declares void_reason', () => {
		const [voidReason] = properties('voidReason');
		const declared = COLLECTIONS.filter((row) =>
			writesOf(row).delete?.query.some((parameter) => parameter.name === 'void_reason'),
		);
		expect(voidReason.displayOptions?.show).toEqual({
			resource: declared.map((row) => row.resource),
			operation: ['delete'],
		});
		expect(declared.map((row) => row.path).sort()).toEqual([
			'sales_corrective_invoices',
			'sales_credit_notes',
			'sales_invoices',
		]);
	});

	it('Idempotency Key on exactly the creates the service’s guide lists (overlay.ts), 36 of them', () => {
		const wrappers = COLLECTIONS.filter((row) => row.writes.create).map(
			(row) => WRITE_SCHEMAS[row.writes.create!].wrapper,
		);
		for (const name of IDEMPOTENT_CREATES) expect(wrappers).toContain(name);
		const idempotent = COLLECTIONS.filter((row) => row.idempotentCreate).map((row) => row.resource);
		expect(idempotent).toHaveLength(36);
		const withKey = properties('options').filter(
			(property) =>
				property.displayOptions?.show?.operation?.includes('create') &&
				(property.options as INodeProperties[]).some((value) => value.name === 'idempotencyKey'),
		);
		expect(withKey.flatMap((property) => property.displayOptions?.show?.resource).sort()).toEqual(
			[...idempotent].sort(),
		);
		const invoiceOptions = withKey.find((property) => shownFor(property, 'salesInvoice', 'create'))!;
		// In the order of their labels: Column Names or IDs (fields), Contact Given By, …
		expect((invoiceOptions.options as INodeProperties[]).map((value) => value.name)).toEqual([
			'fields',
			'contactGivenBy',
			'idempotencyKey',
			'ledgerAccountsGivenBy',
			'lineItemsGivenBy',
			'output',
		]);
		expect(findCollection('taxRate')?.idempotentCreate).toBe(false);
	});
});
