// Datasets built with options already seeded in this process are copies of books seeded once
// (sandbox/data/index.js): each serves exactly what a freshly seeded dataset serves, and shares
// nothing with another, so a change to one is never seen by a dataset built before or after it.
import { createHash } from 'node:crypto';
import { buildDataset, seedDataset } from '../../sandbox/data';
import { TABLE } from '../../sandbox/data/collections';
import { fullRecord, singletonRecord } from '../../sandbox/data/records';
import { inProcessApi } from './in-process';

type Dataset = ReturnType<typeof buildDataset>;

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const TRIAL_BALANCE = '/trial_balance?from_date=2023-07-01&to_date=2025-06-30';
const INVOICES = '/sales_invoices?attributes=all&items_per_page=200';
const CONTACTS = '/contacts?attributes=all&items_per_page=200&search=a';
const TRANSACTIONS = '/transactions?attributes=all&items_per_page=200';
// Found by its code: a code-keyed collection the changes add to.
const SWISS_FRANC = '/business_exchange_rates/CHF';

/**
 * What a dataset serves, one hash per business and collection: every record as the API renders it
 * (the soft-deleted ones too, with their legacy ids), every settings object, each business's
 * access, and through the API its trial balance, the businesses and the user.
 */
async function servedBy(dataset: Dataset): Promise<Record<string, string>> {
	const out: Record<string, string> = {};
	for (const business of dataset.businesses) {
		const ctx = dataset.contextOf(business.id);
		for (const def of TABLE) {
			out[`${business.key} ${def.name}`] = sha256(
				def.singleton
					? singletonRecord(ctx, def)
					: ctx.rows(def.name).map((_: unknown, index: number) => fullRecord(ctx, def, index, true)),
			);
		}
	}
	return { ...out, ...(await viewsOf(dataset)) };
}

/** Through the API: each business's access and trial balance, the first page of a few lists, the businesses, the user. */
async function viewsOf(dataset: Dataset): Promise<Record<string, string>> {
	const out: Record<string, string> = {};
	const api = inProcessApi(dataset);
	const views = [TRIAL_BALANCE, INVOICES, CONTACTS, TRANSACTIONS, SWISS_FRANC];
	for (const business of dataset.businesses) {
		out[`${business.key} access`] = dataset.accessOf(business.id);
		if (dataset.accessOf(business.id) !== 'active') continue;
		for (const path of views) {
			const reply = await api.get(path, business.id);
			out[`${business.key} ${path}`] = sha256([reply.status, reply.json]);
		}
	}
	out.businesses = sha256((await api.get('/businesses?attributes=all')).json);
	out.user = sha256((await api.get('/user')).json);
	return out;
}

/**
 * What a dataset holds, one hash per business and collection: its rows as they are kept (the
 * fields records are rendered from) and their version, and the books' transactions, settings and
 * business record; with the views the API answers, which read through the caches.
 */
async function heldBy(dataset: Dataset): Promise<Record<string, string>> {
	const out: Record<string, string> = {};
	for (const business of dataset.businesses) {
		const ctx = dataset.contextOf(business.id);
		for (const def of TABLE)
			if (!def.singleton) out[`${business.key} ${def.name}`] = sha256([ctx.version(def.name), ctx.rows(def.name)]);
		const { transactions, settings, record, updatedMs } = ctx.biz;
		out[`${business.key} books`] = sha256([ctx.generation(), transactions, settings, record, updatedMs]);
	}
	return { ...out, ...(await viewsOf(dataset)) };
}

/** Changes of every kind: the test hooks, documents booked, edited and voided, a payment, settings, the business, the user. */
async function change(dataset: Dataset) {
	const lead = dataset.leadBusinessId;
	const second = dataset.businesses.find((b) => b.key === 'second')!.id;
	const api = inProcessApi(dataset);
	const ok = async (method: string, path: string, body?: unknown) => {
		const reply = await api.call(method, path, lead, body);
		const status = method === 'POST' ? 201 : 200;
		expect([method, path, reply.status, reply.status === status ? '' : reply.json]).toEqual([method, path, status, '']);
		return reply.json;
	};
	const invoices = await api.all('/sales_invoices?attributes=all');
	const unpaid = invoices.filter((i) => i.status.id === 'UNPAID' && i.outstanding_amount > 5);
	// A contact the contacts view lists: renamed, and owing the invoice booked to it.
	const contact = (await api.get(CONTACTS)).json.$items.find((c: any) =>
		c.contact_types.some((t: any) => t.id === 'CUSTOMER'),
	).id;
	const sales = (await api.all('/ledger_accounts?attributes=all')).find((a) => a.ledger_account_type.id === 'SALES').id;
	const bank = (await api.all('/bank_accounts?attributes=all')).find((b) => b.bank_account_type.id === 'CHECKING').id;
	const line = { description: 'Copied books', ledger_account_id: sales, quantity: 2, unit_price: 10, tax_amount: 4 };

	dataset.createRecord(lead, 'sales_invoices', { notes: 'made by the hook' });
	dataset.updateRecord(lead, 'contacts', contact, { name: 'Renamed by the hook' });
	dataset.deleteRecord(lead, 'products', (await api.all('/products'))[0].id);
	dataset.setBusinessAccess(second, 'lapsed');

	const made = await ok('POST', '/sales_invoices', {
		sales_invoice: { contact_id: contact, date: '2025-06-15', invoice_lines: [line] },
	});
	await ok('PUT', `/sales_invoices/${made.id}`, { sales_invoice: { invoice_lines: [{ ...line, quantity: 3 }] } });
	await ok('PUT', `/sales_invoices/${unpaid[0].id}`, { sales_invoice: { notes: 'edited seeded invoice' } });
	await ok('DELETE', `/sales_invoices/${unpaid[1].id}?void_reason=Raised%20in%20error`);
	await ok('POST', '/contact_payments', {
		contact_payment: {
			transaction_type_id: 'CUSTOMER_RECEIPT',
			bank_account_id: bank,
			date: '2025-06-20',
			contact_id: unpaid[2].contact.id,
			total_amount: 5,
			allocated_artefacts: [{ artefact_id: unpaid[2].id, amount: 5 }],
		},
	});
	await ok('POST', '/business_exchange_rates', { business_exchange_rate: { currency_id: 'CHF', rate: 1.1 } });
	// Tax determinations are the tax rates' rows.
	await ok('POST', '/tax_rates', {
		tax_rate: { name: 'Copied', component_tax_rate: [{ name: 'Copied rate', percentage: 7.5 }] },
	});
	await ok('PUT', '/invoice_settings', { invoice_settings: { quote_default_days_to_expiry: 45 } });
	await ok('PUT', `/businesses/${lead}`, { business: { mobile: '0700 900 123' } });
	await ok('PUT', '/user', { user: { last_name: 'Ó Briain' } });
}

/** The collections and views that differ between two snapshots. */
const differences = (a: Record<string, string>, b: Record<string, string>) =>
	Object.keys({ ...a, ...b }).filter((key) => a[key] !== b[key]);

/** Every object a dataset's books hold: the arrays of rows, the rows and what they nest, the transactions, the business's record. */
function objectsOf(dataset: Dataset): Set<object> {
	const found = new Set<object>();
	const walk = (value: unknown) => {
		if (value === null || typeof value !== 'object' || found.has(value)) return;
		found.add(value);
		for (const inner of Object.values(value)) walk(inner);
	};
	for (const business of dataset.businesses) {
		const ctx = dataset.contextOf(business.id);
		for (const def of TABLE) if (!def.singleton) walk(ctx.rows(def.name));
		walk([ctx.biz.transactions, ctx.biz.postings, ctx.biz.record, ctx.biz.prefixes]);
	}
	return found;
}

// Changes are stamped with the same instant in every dataset, so the same changes give the same books.
const INSTANT = Date.parse('2025-07-01T09:00:00Z');
const still = { now: () => INSTANT, nowSeconds: () => INSTANT / 1000, advance: () => INSTANT };
const base = { scale: 20, seed: 'copies-of-books', clock: still };

const wide = { ...base, scaleAllBusinesses: true };

test('a dataset built after others serves what a freshly seeded one serves, every record of every business', async () => {
	// Its books are those seeded for the datasets before it, which sent numbers: a copy takes the
	// options of its own dataset.
	const options = { ...wide, amounts: 'string', trialBalanceAmounts: 'number' } as const;
	buildDataset(wide);
	buildDataset(wide);
	expect(differences(await servedBy(buildDataset(options)), await servedBy(seedDataset(options)))).toEqual([]);
});

/** What tells books seeded with other options apart: the ids, how many invoices and attachments each business has. */
const shapeOf = (dataset: Dataset) =>
	dataset.businesses.map((b) => [b.id, dataset.count(b.id, 'sales_invoices'), dataset.count(b.id, 'attachments')]);

test.each([
	['scale', { scale: 21 }],
	['seed', { seed: 'other-books' }],
	['businesses', { businesses: 4 }],
	['scaleAllBusinesses', { scaleAllBusinesses: true }],
	['bigAttachmentMiB', { bigAttachmentMiB: 1 }],
])('books seeded with another %s are not copied for a dataset', (_, change) => {
	buildDataset(base);
	buildDataset(base);
	const options = { ...base, ...change };
	expect(shapeOf(buildDataset(options))).toEqual(shapeOf(seedDataset(options)));
	expect(shapeOf(buildDataset(options))).not.toEqual(shapeOf(seedDataset(base)));
});

test('datasets share nothing: a changed dataset is seen by none built before or after it', async () => {
	const fresh = await heldBy(seedDataset(base));
	const readBefore = buildDataset(base);
	const unreadBefore = buildDataset(base);
	expect(differences(await heldBy(readBefore), fresh)).toEqual([]);

	const changed = buildDataset(base);
	await change(changed);
	const after = buildDataset(base);

	// Every kind of change shows in the dataset changed, and only there.
	const lead = changed.leadBusiness.key;
	expect(differences(await heldBy(changed), fresh)).toEqual(
		expect.arrayContaining([
			`${lead} sales_invoices`,
			`${lead} contacts`,
			`${lead} products`,
			`${lead} ledger_entries`,
			`${lead} transactions`,
			`${lead} contact_payments`,
			`${lead} business_exchange_rates`,
			`${lead} tax_rates`,
			`${lead} tax_determinations`,
			`${lead} books`,
			...[TRIAL_BALANCE, INVOICES, CONTACTS, TRANSACTIONS, SWISS_FRANC].map((view) => `${lead} ${view}`),
			'second access',
			'businesses',
			'user',
		]),
	);
	for (const other of [readBefore, unreadBefore, after]) expect(differences(await heldBy(other), fresh)).toEqual([]);

	// A code added in another dataset is unknown here, even at the row index it had there.
	const elsewhere = inProcessApi(buildDataset(base));
	const yen = { business_exchange_rate: { currency_id: 'JPY', rate: 180 } };
	expect((await elsewhere.call('POST', '/business_exchange_rates', undefined, yen)).status).toBe(201);
	expect((await elsewhere.get(SWISS_FRANC)).status).toBe(404);

	// The same changes made again after, in a dataset built after them, give the same books.
	await change(after);
	expect(differences(await heldBy(after), await heldBy(changed))).toEqual([]);

	// And no object of one dataset's books is one of another's.
	const objects = objectsOf(changed);
	for (const other of [readBefore, unreadBefore, after, buildDataset(base)])
		expect(
			[...objectsOf(other)]
				.filter((value) => objects.has(value))
				.slice(0, 3)
				.map((value) => JSON.stringify(value).slice(0, 120)),
		).toEqual([]);
});
