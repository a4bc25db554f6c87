// Valid minimal request bodies for every collection the OpenAPI lets you create (POST /<collection>),
// built from the OpenAPI's request definitions: each required attribute (nested ones too, and every
// line's tax_amount) gets a value of its declared type; each reference (`*_id`, `*_ids`) names a
// seeded record of the business. A few collections need what the definitions cannot say (a journal
// balances, a deposit leaves a cash account, a payment allocates an open invoice): `RULES` adds it.
// Shared by writes/api-writes.ts (over HTTP) and api-schema.test.ts (in-process).
import { creatableCollections, writeOperation, wrapped } from '../../openapi/writes';
import { targetsOf } from '../../sandbox/api/writes/references';

export type Getter = (path: string, business: string) => Promise<{ status: number; json?: any }>;
export type Poster = (path: string, body: unknown, business: string) => Promise<{ status: number; json?: any }>;

/** The business a collection is created in: the lead, unless the service does not offer it there. */
export const BUSINESS_KEY: Record<string, 'lead' | 'second' | 'invited'> = {
	sales_corrective_invoices: 'second',
	purchase_corrective_invoices: 'second',
	journal_codes: 'invited',
};

export const creatable = (): string[] => creatableCollections();
export const wrapperOf = (collection: string): string => writeOperation(`/${collection}`, 'POST')!.wrapper!;

/** `post` makes what a body needs first (an allocation's open invoice and credit note). */
export function bodies(get: Getter, post: Poster) {
	let integers = 1;
	const cache = new Map<string, any[]>();
	async function records(business: string, name: string): Promise<any[]> {
		const key = `${business}|${name}`;
		if (!cache.has(key)) {
			const reply = await get(`/${name}?attributes=all&items_per_page=200`, business);
			cache.set(key, reply.status === 200 ? reply.json.$items : []);
		}
		return cache.get(key)!;
	}
	const pick = async (business: string, name: string, test: (r: any) => boolean = () => true) =>
		(await records(business, name)).find(test);
	const id = async (business: string, name: string, test?: (r: any) => boolean) => {
		const found = await pick(business, name, test);
		if (!found) throw new Error(`no ${name} record for the body`);
		return found.id as string;
	};
	const bank = (business: string, type: string) =>
		id(business, 'bank_accounts', (b) => b.bank_account_type.id === type);
	const account = (business: string, type: string) =>
		id(business, 'ledger_accounts', (a) => a.ledger_account_type.id === type);
	const line = async (business: string, type: string) => ({
		description: 'Sandbox line',
		ledger_account_id: await account(business, type),
		quantity: 2,
		unit_price: 10,
		tax_amount: 4,
	});

	/** What the definitions cannot say, per collection. */
	const RULES: Record<string, (business: string) => Promise<Record<string, unknown>>> = {
		journals: async (b) => ({
			journal_lines: [
				{ ledger_account_id: await account(b, 'OVERHEADS'), debit: 10, credit: 0 },
				{ ledger_account_id: await account(b, 'DIRECT_EXPENSES'), debit: 0, credit: 10 },
			],
		}),
		opening_balance_journals: async (b) => RULES.journals(b),
		attachments: async (b) => ({
			file: Buffer.from('sandbox attachment').toString('base64'),
			file_name: 'note.txt',
			mime_type: 'text/plain',
			attachment_context_type_id: 'CONTACT',
			attachment_context_id: await id(b, 'contacts'),
		}),
		bank_deposits: async (b) => ({
			from_bank_account_id: await bank(b, 'CASH_IN_HAND'),
			to_bank_account_id: await bank(b, 'CHECKING'),
			cash_amount: 10,
		}),
		bank_transfers: async (b) => ({
			from_bank_account_id: await bank(b, 'CHECKING'),
			to_bank_account_id: await bank(b, 'SAVINGS'),
			amount: 10,
		}),
		addresses: async (b) => ({
			contact_id: await id(b, 'contacts'),
			address_type_id: 'DELIVERY',
			address_line_1: '1 Sandbox Lane',
		}),
		contacts: async () => ({ contact_type_ids: ['CUSTOMER'] }),
		bank_accounts: async () => ({ bank_account_details: { account_name: 'Sandbox Bank' } }),
		bank_opening_balances: async (b) => ({ bank_account_id: await bank(b, 'CHECKING'), debit: 10, credit: 0 }),
		ledger_account_opening_balances: async (b) => ({
			ledger_account_id: await account(b, 'OVERHEADS'),
			debit: 10,
			credit: 0,
		}),
		contact_opening_balances: async (b) => ({
			contact_opening_balance_type_id: 'INVOICE',
			contact_id: await id(b, 'contacts', customer),
		}),
		other_payments: async (b) => ({
			transaction_type_id: 'OTHER_PAYMENT',
			bank_account_id: await bank(b, 'CHECKING'),
			total_amount: 12,
			payment_lines: [{ ledger_account_id: await account(b, 'OVERHEADS'), total_amount: 12, tax_amount: 2 }],
		}),
		sales_quick_entries: async () => ({ quick_entry_type_id: 'INVOICE', net_amount: 10, tax_amount: 2 }),
		purchase_quick_entries: async () => ({ quick_entry_type_id: 'INVOICE', net_amount: 10, tax_amount: 2 }),
		contact_payments: async (b) => {
			const invoice = await pick(b, 'sales_invoices', (i) => i.status.id === 'UNPAID' && i.outstanding_amount > 5);
			return {
				transaction_type_id: 'CUSTOMER_RECEIPT',
				contact_id: invoice.contact.id,
				total_amount: 5,
				allocated_artefacts: [{ artefact_id: invoice.id, amount: 5 }],
			};
		},
		// An allocation needs an open invoice and an open credit note of one customer: made first.
		contact_allocations: async (b) => {
			const contact = await id(b, 'contacts', customer);
			const invoice = (
				await post(
					'/sales_invoices',
					{ sales_invoice: { contact_id: contact, date: '2025-06-15', invoice_lines: [await line(b, 'SALES')] } },
					b,
				)
			).json;
			const note = (
				await post(
					'/sales_credit_notes',
					{
						sales_credit_note: { contact_id: contact, date: '2025-06-16', credit_note_lines: [await line(b, 'SALES')] },
					},
					b,
				)
			).json;
			return {
				transaction_type_id: 'CUSTOMER_ALLOCATION',
				contact_id: contact,
				allocated_artefacts: [
					{ artefact_id: invoice.id, amount: 10 },
					{ artefact_id: note.id, amount: -10 },
				],
			};
		},
		hosted_artefact_payment_settings: async (b) => ({
			object_guid: await id(b, 'sales_invoices', (i) => i.status.id === 'UNPAID'),
		}),
		business_exchange_rates: async () => ({ currency_id: 'CHF', rate: 1.1 }),
		analysis_type_categories: async (b) => ({
			analysis_type_id: await id(b, 'analysis_types'),
			name: 'Sandbox',
			code: 'SBX',
		}),
		sales_invoices: async (b) => ({ invoice_lines: [await line(b, 'SALES')] }),
		sales_credit_notes: async (b) => ({ credit_note_lines: [await line(b, 'SALES')] }),
		sales_quotes: async (b) => ({ quote_lines: [await line(b, 'SALES')] }),
		sales_estimates: async (b) => ({ estimate_lines: [await line(b, 'SALES')] }),
		purchase_invoices: async (b) => ({ invoice_lines: [await line(b, 'DIRECT_EXPENSES')] }),
		purchase_credit_notes: async (b) => ({ credit_note_lines: [await line(b, 'DIRECT_EXPENSES')] }),
		sales_corrective_invoices: async (b) => ({
			original_invoice_id: await id(b, 'sales_invoices'),
			date: '2025-06-15',
			invoice_lines: [await line(b, 'SALES')],
		}),
		purchase_corrective_invoices: async (b) => ({
			original_invoice_id: await id(b, 'purchase_invoices'),
			date: '2025-06-15',
			invoice_lines: [await line(b, 'DIRECT_EXPENSES')],
		}),
		stock_movements: async (b) => ({ stock_item_id: await id(b, 'stock_items'), quantity: 3 }),
		tax_rates: async () => ({ component_tax_rate: [{ name: 'Sandbox rate', percentage: 7.5 }] }),
	};

	const customer = (c: any) => c.contact_types?.some((t: any) => t.id === 'CUSTOMER');
	const vendor = (c: any) => c.contact_types?.some((t: any) => t.id === 'VENDOR');

	async function valueOf(
		business: string,
		collection: string,
		attribute: string,
		schema: any,
		parent: any,
	): Promise<unknown> {
		if (/_ids$/.test(attribute)) return [await id(business, targetsOf(attribute, { collection, parent })![0])];
		if (/_id$/.test(attribute) || attribute === 'object_guid') {
			const targets = targetsOf(attribute, { collection, parent }) ?? [];
			const test = attribute === 'contact_id' ? (collection.startsWith('purchase') ? vendor : customer) : () => true;
			for (const target of targets) {
				const found = await pick(business, target, test);
				if (found) return found.id;
			}
			throw new Error(`no record for ${collection}.${attribute}`);
		}
		if (schema.format === 'date') return '2025-06-15';
		if (schema.type === 'string') return `Sandbox ${attribute.replace(/_/g, ' ')}`.slice(0, schema.maxLength ?? 60);
		if (schema.type === 'number') return 10;
		// Integers are nominal codes and the like, unique per body: a counter, so runs repeat.
		if (schema.type === 'integer') return 9000 + (integers++ % 900);
		if (schema.type === 'boolean') return true;
		if (schema.type === 'array')
			return schema.items?.type === 'object' ? [await objectOf(business, collection, schema.items)] : [];
		if (schema.type === 'object') return objectOf(business, collection, schema);
		return null;
	}

	async function objectOf(business: string, collection: string, schema: any): Promise<Record<string, unknown>> {
		const out: Record<string, unknown> = {};
		const required = new Set<string>(schema.required ?? []);
		if (schema.properties?.tax_amount && schema.properties?.unit_price) required.add('tax_amount');
		for (const attribute of required)
			out[attribute] = await valueOf(business, collection, attribute, schema.properties[attribute], out);
		return out;
	}

	/** `{ <wrapper>: { … } }` for a collection in a business. */
	return async function bodyFor(collection: string, business: string): Promise<Record<string, any>> {
		const op = writeOperation(`/${collection}`, 'POST')!;
		const rules = RULES[collection] ? await RULES[collection](business) : {};
		const generic = await objectOf(business, collection, {
			...wrapped(op.definition!),
			required: (wrapped(op.definition!).required ?? []).filter((a: string) => !(a in rules)),
		});
		return { [op.wrapper!]: { ...generic, ...rules } };
	};
}
