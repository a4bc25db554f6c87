// Every write of the generated table through n8n's engine against the sandbox: for each resource
// with a create, a record built like one the business already has is created (Get returns what was
// sent), updated (Get shows the change) and deleted (gone, or voided); resources with only an update
// (settings objects, analysis types, tax profiles) are changed in place.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	deleteVoids,
	writeSchemaOf,
	COLLECTIONS,
	type CollectionDefinition,
} from '../../../nodes/AccountingService/collections/table';
import type { WriteField } from '../../../nodes/AccountingService/collections/types';
import { useConnectedSandbox } from '../connected-sandbox';
import { byId, defineBelow, rawOutput } from '../write-helpers';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

type Business = { id: string; country: string; owned: boolean };
const businesses = () => env.sandbox.dataset.businesses as Business[];
const headersFor = (business: string) => ({ 'x-business': business });

/** Attributes of a list element worth copying besides the required ones: what makes a line a line. */
const ELEMENT_EXTRAS = [
	'quantity',
	'unit_price',
	'tax_rate_id',
	'unit_price_includes_tax',
	'discount_amount',
	'net_amount',
	'details',
];
/** Top-level attributes copied besides the required ones, so Get has something to show. */
const RECORD_EXTRAS = ['reference', 'notes', 'due_date', 'description', 'details'];

/**
 * A write attribute's value read from a record of the read side: `contact_id` from `contact.id`,
 * `contact_type_ids` from `contact_types[].id`, nested objects and lists alike.
 */
function readValue(field: WriteField, record: IDataObject): unknown {
	const name = field.name;
	const value = record[name];
	if (field.type === 'array' && field.fields) {
		if (!Array.isArray(value)) return undefined;
		return (value as IDataObject[]).map((element) =>
			fromRecord(field.fields!, element, (child) => !!child.required || ELEMENT_EXTRAS.includes(child.name)),
		);
	}
	if (field.type === 'object' && field.fields) {
		if (!value || typeof value !== 'object') return undefined;
		const nested = fromRecord(field.fields, value as IDataObject, () => true);
		return Object.keys(nested).length ? nested : undefined;
	}
	if (/_ids$/.test(name) && !(name in record)) {
		const references = record[name.replace(/_ids$/, 's')];
		return Array.isArray(references) ? references.map((reference) => (reference as IDataObject).id) : undefined;
	}
	if (/_id$/.test(name) && !(name in record)) {
		const reference = record[name.replace(/_id$/, '')];
		return reference && typeof reference === 'object' ? (reference as IDataObject).id : undefined;
	}
	if (value === null || value === undefined || typeof value === 'object') return undefined;
	if (field.type === 'options' && !field.options?.includes(String(value))) return undefined;
	return value;
}

function fromRecord(
	fields: readonly WriteField[],
	record: IDataObject,
	pick: (field: WriteField) => boolean,
): IDataObject {
	const out: IDataObject = {};
	for (const field of fields) {
		if (!pick(field)) continue;
		const value = readValue(field, record);
		if (value !== undefined && value !== '') out[field.name] = value as IDataObject[string];
	}
	return out;
}

/** Unique values where the service allows only one record with them. */
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${++counter}`.toUpperCase();

/** What a step of building a record may use: the business's records, and the node to make new ones. */
interface Workshop {
	business: string;
	source: IDataObject;
	list(path: string): Promise<IDataObject[]>;
	make(resource: string, attributes: IDataObject): Promise<IDataObject>;
}

const referenceId = (value: unknown) => (value as IDataObject | null | undefined)?.id as string | undefined;

/**
 * Per resource: what a copy must change to be a new record the service accepts — unique codes,
 * a record that has no opening balance yet, open documents to allocate — and the attributes the
 * service needs beyond what the OpenAPI marks required.
 */
const ADJUST: Record<string, (attributes: IDataObject, workshop: Workshop) => Promise<IDataObject>> = {
	address: async (attributes, { source }) => ({
		...attributes,
		name: unique('N8N Address '),
		contact_id: referenceId(source.contact),
	}),
	analysisTypeCategory: async (attributes, { source }) => ({
		...attributes,
		code: unique('C').slice(0, 10),
		name: unique('N8N Category '),
		analysis_type_id: referenceId(source.analysis_type),
	}),
	attachment: async (attributes, { source }) => ({
		...attributes,
		file: Buffer.from('%PDF-1.4 n8n').toString('base64'),
		file_name: 'n8n.pdf',
		mime_type: 'application/pdf',
		file_extension: '.pdf',
		file_size: 12,
		attachment_context_type_id: referenceId(source.attachment_context_type),
		attachment_context_id: referenceId(source.attachment_context),
	}),
	bankAccount: async (attributes) => ({ ...attributes, bank_account_details: { account_name: unique('N8N Bank ') } }),
	// An opening balance per account: a new account gets one.
	bankOpeningBalance: async (attributes, { make, list }) => {
		const [type] = await list('/bank_account_types?items_per_page=1');
		const account = await make('bankAccount', {
			bank_account_type_id: type.id,
			bank_account_details: { account_name: unique('N8N Bank ') },
		});
		return { ...attributes, bank_account_id: account.id };
	},
	ledgerAccountOpeningBalance: async (attributes, { make, source, list }) => {
		const [account] = await list(`/ledger_accounts/${String(referenceId(source.ledger_account))}`);
		const copy = await make('ledgerAccount', {
			ledger_account_type_id: referenceId(account.ledger_account_type),
			included_in_chart: true,
			name: unique('N8N OB '),
			display_name: unique('N8N OB '),
			nominal_code: 9000 + (++counter % 900),
		});
		return { ...attributes, ledger_account_id: copy.id };
	},
	// A rate per currency: one the business has none for yet.
	businessExchangeRate: async (attributes, { list }) => {
		const used = new Set(
			(await list('/business_exchange_rates?items_per_page=200&attributes=currency')).map((rate) =>
				referenceId(rate.currency),
			),
		);
		const settings = (await list('/financial_settings'))[0];
		const base = referenceId(settings.base_currency);
		const free = (await list('/currencies?items_per_page=200')).find(
			(currency) => currency.id !== base && !used.has(String(currency.id)),
		);
		return { ...attributes, currency_id: free?.id };
	},
	// An invoice set against a credit note of the same customer, both made here.
	contactAllocation: async (attributes, { make, list, source }) => {
		const contact = referenceId(source.contact)!;
		const sales = referenceId(source.transaction_type) === 'CUSTOMER_ALLOCATION';
		const [account] = await list(`/ledger_accounts?visible_in=${sales ? 'sales' : 'expenses'}&items_per_page=1`);
		const line = [
			{ description: 'Allocated', ledger_account_id: account.id, quantity: 1, unit_price: 50, tax_amount: 0 },
		];
		const invoice = await make(sales ? 'salesInvoice' : 'purchaseInvoice', {
			contact_id: contact,
			date: '2025-04-01',
			...(sales ? {} : { due_date: '2025-05-01', vendor_reference: unique('V') }),
			invoice_lines: line,
		});
		const credit = await make(sales ? 'salesCreditNote' : 'purchaseCreditNote', {
			contact_id: contact,
			date: '2025-04-01',
			...(sales ? {} : { vendor_reference: unique('V') }),
			credit_note_lines: line,
		});
		return {
			...attributes,
			contact_id: contact,
			allocated_artefacts: [
				{ artefact_id: invoice.id, amount: 50 },
				{ artefact_id: credit.id, amount: -50 },
			],
		};
	},
	contact: async (attributes) => ({ ...attributes, reference: unique('N8N'), name: unique('N8N Contact ') }),
	// Nothing to settle: the whole payment on account (allocations are tested in writes.ts).
	contactPayment: async (attributes, { source }) => {
		const { allocated_artefacts: _allocations, ...rest } = attributes;
		return {
			...rest,
			total_amount: 12.34,
			payment_on_account: { contact_id: referenceId(source.contact), total_amount: 12.34 },
		};
	},
	// A setting per invoice: a new invoice gets one.
	hostedArtefactPaymentSetting: async (attributes, { make, list }) => {
		const [customer] = await list('/contacts?contact_type_id=CUSTOMER&items_per_page=1');
		const [account] = await list('/ledger_accounts?visible_in=sales&items_per_page=1');
		const invoice = await make('salesInvoice', {
			contact_id: customer.id,
			date: '2025-04-02',
			invoice_lines: [
				{ description: 'Pay online', ledger_account_id: account.id, quantity: 1, unit_price: 10, tax_amount: 0 },
			],
		});
		return { ...attributes, object_guid: invoice.id };
	},
	journalCode: async (attributes) => ({ ...attributes, code: unique('J').slice(0, 6), name: unique('N8N ') }),
	ledgerAccount: async (attributes) => ({
		...attributes,
		nominal_code: 9000 + (++counter % 900),
		name: unique('N8N '),
		display_name: unique('N8N '),
	}),
	otherPayment: async (attributes, { source }) => ({
		...attributes,
		bank_account_id: referenceId(source.bank_account),
		contact_id: referenceId(source.contact),
	}),
	product: async (attributes) => ({ ...attributes, item_code: unique('N8N-P') }),
	purchaseCorrectiveInvoice: async (attributes, { source, list }) => correctiveOf(attributes, source, list),
	purchaseQuickEntry: async (attributes, { source }) => quickEntryOf(attributes, source),
	salesCorrectiveInvoice: async (attributes, { source, list }) => correctiveOf(attributes, source, list),
	salesQuickEntry: async (attributes, { source }) => quickEntryOf(attributes, source),
	service: async (attributes) => ({ ...attributes, item_code: unique('N8N-S') }),
	stockItem: async (attributes) => ({ ...attributes, item_code: unique('N8N-SI') }),
};

/** A correction of the same original invoice, to its contact. */
async function correctiveOf(
	attributes: IDataObject,
	source: IDataObject,
	list: Workshop['list'],
): Promise<IDataObject> {
	const original = source.original_invoice as IDataObject;
	const [invoice] = await list(String(original.$path));
	return {
		...attributes,
		contact_id: referenceId(invoice.contact),
		date: source.date,
		original_invoice_id: referenceId(source.original_invoice),
		corrective_reason_code_id: referenceId(source.corrective_reason_code),
		invoice_lines: ((source.invoice_lines as IDataObject[]) ?? []).map((line) => ({
			description: line.description,
			ledger_account_id: referenceId(line.ledger_account),
			quantity: line.quantity,
			unit_price: line.unit_price,
			tax_rate_id: referenceId(line.tax_rate),
		})),
	};
}

const quickEntryOf = (attributes: IDataObject, source: IDataObject): IDataObject => ({
	...attributes,
	reference: unique('QE'),
	net_amount: source.net_amount,
	tax_rate_id: referenceId(source.tax_rate),
	tax_amount: source.tax_amount,
});

/** The first record of a collection in some business that has one (most rows: the lead business). */
async function sourceOf(row: CollectionDefinition): Promise<{ business: string; record: IDataObject } | undefined> {
	for (const business of businesses()) {
		const list = await env.fetchDirect(`/${row.path}?items_per_page=1`, headersFor(business.id));
		const [first] = (list.body.$items as IDataObject[] | undefined) ?? [];
		if (!first) continue;
		const item = await env.fetchDirect(`/${row.path}/${String(first.id)}`, headersFor(business.id));
		if (item.status === 200) return { business: business.id, record: item.body };
	}
	return undefined;
}

/** A sent value as the record shows it: a reference by its id, numbers as numbers. */
function shown(record: IDataObject, name: string): unknown {
	if (name in record) return record[name];
	if (/_id$/.test(name)) return (record[name.replace(/_id$/, '')] as IDataObject | null)?.id;
	if (/_ids$/.test(name))
		return ((record[name.replace(/_ids$/, 's')] as IDataObject[] | null) ?? []).map((reference) => reference.id);
	return undefined;
}

const comparable = (value: unknown) =>
	typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) ? Number(value) : value;

/** The attribute an update changes: a plain text attribute the record shows, else a switch it flips, a day or a number. */
function changeOf(row: CollectionDefinition, record: IDataObject): [string, string | boolean | number] | undefined {
	const fields = writeSchemaOf(row, 'update')?.fields ?? [];
	const preferred = ['notes', 'reference', 'description', 'details', 'name', 'job_title', 'display_name'];
	const candidates = fields.filter(
		(field) =>
			field.type === 'string' &&
			!/_ids?$/.test(field.name) &&
			!field.options &&
			field.name in record &&
			!['file', 'mime_type', 'file_name', 'file_extension', 'locale'].includes(field.name),
	);
	const field =
		preferred.map((name) => candidates.find((candidate) => candidate.name === name)).find(Boolean) ?? candidates[0];
	if (!field) {
		const flag = fields.find(
			(candidate) => candidate.type === 'boolean' && typeof record[candidate.name] === 'boolean',
		);
		if (flag) return [flag.name, !record[flag.name]];
		const day = fields.find((candidate) => candidate.type === 'date' && typeof record[candidate.name] === 'string');
		if (day) return [day.name, record[day.name] === '2025-01-15' ? '2025-01-16' : '2025-01-15'];
		const number = fields.find(
			(candidate) => candidate.type === 'number' && typeof record[candidate.name] === 'number',
		);
		return number ? [number.name, Math.round((Number(record[number.name]) + 0.25) * 100) / 100] : undefined;
	}
	const value =
		field.maxLength && field.maxLength < 12 ? unique('U').slice(0, field.maxLength) : `Changed ${unique('')}`;
	return [field.name, value];
}

const creatable = COLLECTIONS.filter((row) => row.writes.create);
const updateOnly = COLLECTIONS.filter((row) => row.writes.update && !row.writes.create);

describe(`create → update → delete, every resource with a create (${creatable.length})`, () => {
	it.each(creatable.map((row) => [row.resource, row] as const))('%s', async (_resource, row) => {
		const source = await sourceOf(row);
		if (!source) throw new Error(`The sandbox has no ${row.path} record in any business to build one like it`);
		const schema = writeSchemaOf(row, 'create')!;
		const business = byId(source.business);
		const workshop: Workshop = {
			business: source.business,
			source: source.record,
			list: async (path) => {
				const got = await env.fetchDirect(path, headersFor(source.business));
				return Array.isArray(got.body.$items) ? (got.body.$items as IDataObject[]) : [got.body];
			},
			make: async (resource, attributes) => {
				const made = await env.runNode({
					resource,
					operation: 'create',
					business,
					fields: defineBelow(attributes),
					options: rawOutput(),
				} as INodeParameters);
				if (made.error) throw new Error(`${resource}: ${made.error.message} ${String(made.error.description)}`);
				return made.json(NODE)[0];
			},
		};
		let attributes = fromRecord(
			schema.fields,
			source.record,
			(field) => !!field.required || RECORD_EXTRAS.includes(field.name),
		);
		attributes = (await ADJUST[row.resource]?.(attributes, workshop)) ?? attributes;

		const created = await env.runNode({
			resource: row.resource,
			operation: 'create',
			business,
			fields: defineBelow(attributes),
			options: rawOutput(),
		} as INodeParameters);
		expect([row.resource, created.error?.message, created.error?.description]).toEqual([
			row.resource,
			undefined,
			undefined,
		]);
		const [record] = created.json(NODE);
		const id = String(record.id);
		const got = await env.fetchDirect(`/${row.path}/${id}`, headersFor(source.business));
		expect(got.status).toBe(200);
		for (const [name, value] of Object.entries(attributes)) {
			if (typeof value === 'object' || ['file', 'file_size'].includes(name)) continue;
			expect([name, comparable(shown(got.body, name))]).toEqual([name, comparable(value)]);
		}

		if (row.writes.update) {
			const change = changeOf(row, got.body);
			expect([row.resource, 'has an attribute to change', !!change]).toEqual([
				row.resource,
				'has an attribute to change',
				true,
			]);
			if (change) {
				const [name, value] = change;
				const updated = await env.runNode({
					resource: row.resource,
					operation: 'update',
					business,
					id: byId(id),
					fields: defineBelow({ [name]: value }),
				} as INodeParameters);
				expect([row.resource, 'update', updated.error?.message, updated.error?.description]).toEqual([
					row.resource,
					'update',
					undefined,
					undefined,
				]);
				expect((await env.fetchDirect(`/${row.path}/${id}`, headersFor(source.business))).body[name]).toBe(value);
			}
		}

		if (row.writes.delete) {
			const voids = deleteVoids(row);
			const deleted = await env.runNode({
				resource: row.resource,
				operation: 'delete',
				business,
				id: byId(id),
				...(voids ? { voidReason: 'Made by a test' } : {}),
				options: rawOutput(),
			} as INodeParameters);
			expect([row.resource, 'delete', deleted.error?.message, deleted.error?.description]).toEqual([
				row.resource,
				'delete',
				undefined,
				undefined,
			]);
			const after = await env.fetchDirect(`/${row.path}/${id}`, headersFor(source.business));
			if (voids) expect((after.body.status as IDataObject | undefined)?.id).toBe('VOID');
			else expect(after.status).toBe(404);
			if (!voids) expect(deleted.json(NODE)).toEqual([{ id, deleted: true }]);
		}
	});
});

describe(`update in place, every resource with an update but no create (${updateOnly.length})`, () => {
	it.each(updateOnly.map((row) => [row.resource, row] as const))('%s', async (_resource, row) => {
		let business: Business | undefined;
		let record: IDataObject | undefined;
		let path = `/${row.path}`;
		for (const candidate of businesses().filter((b) => b.owned)) {
			if (row.singleton) {
				const got = await env.fetchDirect(path, headersFor(candidate.id));
				if (got.status === 200) [business, record] = [candidate, got.body];
			} else {
				const found = await sourceOf(row);
				if (found)
					[business, record, path] = [
						businesses().find((b) => b.id === found.business),
						found.record,
						`/${row.path}/${String(found.record.id)}`,
					];
			}
			if (record) break;
		}
		if (!business || !record) {
			// DATEV settings exist only for German businesses, and the sandbox has none: the node passes the service's 404 on.
			const [first] = writeSchemaOf(row, 'update')?.fields ?? [];
			const refused = await env.runNode({
				resource: row.resource,
				operation: 'update',
				fields: defineBelow({ [first.name]: first.type === 'string' ? 'X' : 1 }),
			} as INodeParameters);
			expect([
				row.resource,
				refused.error?.name,
				(refused.error as unknown as { httpCode?: string })?.httpCode,
			]).toEqual([row.resource, 'NodeApiError', '404']);
			expect(
				businesses().some((candidate) => row.availability?.includes('Germany') && candidate.country === 'de'),
			).toBe(false);
			return;
		}
		const change = changeOf(row, record);
		if (!change) throw new Error(`${row.path}: no text attribute to change`);
		const [name, value] = change;
		const updated = await env.runNode({
			resource: row.resource,
			operation: 'update',
			business: byId(business.id),
			...(row.singleton ? {} : { id: byId(String(record.id)) }),
			fields: defineBelow({ [name]: value }),
		} as INodeParameters);
		expect([row.resource, updated.error?.message, updated.error?.description]).toEqual([
			row.resource,
			undefined,
			undefined,
		]);
		expect((await env.fetchDirect(path, headersFor(business.id))).body[name]).toBe(value);
	});
});
