// The business-data collections (sandbox/data/business-collections.js), in process: records that
// refer to each other and to the documents, contacts, bank accounts, stock and ledger as real books
// would, strict validation against the OpenAPI, and item paths.
import { buildDataset } from '../../../sandbox/data';
import { createApi } from '../../../sandbox/api';
import { createValidator } from '../../../sandbox/openapi/validator';
import { BUSINESS_COLLECTIONS } from '../../../sandbox/data/business-collections';

const dataset = buildDataset();
const handler = createApi({ dataset, clock: dataset.clock });
const businesses = dataset.businesses;
const NAMES: string[] = BUSINESS_COLLECTIONS.map((row: { name: string }) => row.name);

async function get(path: string, business: string) {
	const [p, q = ''] = path.split('?');
	return handler.handle({
		method: 'GET',
		path: p,
		query: new URLSearchParams(q),
		headers: { 'x-business': business },
		body: undefined,
		auth: { userId: dataset.user.id, scope: 'full_access' },
	});
}

/** Every item of a list, following $next. */
async function all(path: string, business: string): Promise<any[]> {
	const items: any[] = [];
	let next: string | null = `${path}${path.includes('?') ? '&' : '?'}items_per_page=200`;
	while (next) {
		const reply = await get(next, business);
		expect(reply.status).toBe(200);
		items.push(...reply.json.$items);
		next = reply.json.$next;
	}
	return items;
}

const cents = (n: number) => Math.round(n * 100);
const ids = (items: any[]) => new Set(items.map((item) => item.id));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const PAYABLE = [
	'sales_invoices',
	'sales_credit_notes',
	'sales_corrective_invoices',
	'sales_quick_entries',
	'purchase_invoices',
	'purchase_credit_notes',
	'purchase_corrective_invoices',
	'purchase_quick_entries',
];

describe.each(businesses.map((b) => [b.key, b] as const))('%s business', (key, business) => {
	const b = business.id;
	const cache = new Map<string, Promise<any[]>>();
	const list = (path: string) => {
		if (!cache.has(path)) cache.set(path, all(path, b));
		return cache.get(path)!;
	};

	test('records validate strictly against their OpenAPI definitions', async () => {
		const validate = createValidator({ strict: true });
		for (const name of NAMES) {
			const { definition } = dataset.collections.find((c) => c.name === name)!;
			const problems = new Set<string>();
			for (const record of await list(`/${name}?attributes=all`))
				for (const p of validate(definition!, record)) problems.add(`${name} ${p}`);
			expect([...problems]).toEqual([]);
		}
	});

	test('a record by id equals its list item (attributes=all); tax_determinations has no item path', async () => {
		for (const name of NAMES) {
			const items = await list(`/${name}?attributes=all`);
			if (items.length === 0) continue;
			for (const item of [items[0], items[items.length - 1]]) {
				const path = `/${name}/${encodeURIComponent(item.id)}`;
				const reply = await get(path, b);
				expect(item.$path).toBe(path);
				if (name === 'tax_determinations') {
					// Tax rates, as /tax_rates has them; no item path.
					const { $path, ...rate } = item;
					expect((await get(`/tax_rates/${item.id}`, b)).json).toEqual({ ...rate, $path: `/tax_rates/${item.id}` });
					expect(reply.status).toBe(404);
					continue;
				}
				// Unallocated artefacts are the open documents themselves: same ids, a link to them.
				if (name === 'unallocated_artefacts') expect((await get(item.links[0].href, b)).json.id).toBe(item.id);
				expect([name, reply.status]).toEqual([name, 200]);
				expect(reply.json).toEqual(item);
			}
		}
	});

	test('only French businesses have journal codes, only British ones migrated VAT returns', () => {
		expect(dataset.count(b, 'journal_codes') > 0).toBe(business.country === 'fr');
		expect(dataset.count(b, 'migration_tax_returns') > 0).toBe(business.country === 'gb');
		for (const name of NAMES.filter(
			(n) => !['journal_codes', 'migration_tax_returns', 'contact_allocations'].includes(n),
		)) {
			expect([name, dataset.count(b, name) > 0]).toEqual([name, true]);
		}
	});

	test('payments and allocations settle each document: their amounts add up to total − outstanding, as its status says', async () => {
		const payments = await list('/contact_payments?attributes=all');
		const allocations = await list('/contact_allocations?attributes=all');
		const settled = new Map<string, number>();
		const contactOf = new Map<string, string>();
		const add = (artefact: any, amount: number) => settled.set(artefact.id, (settled.get(artefact.id) ?? 0) + amount);
		// Each payment settles one document with its whole amount.
		expect(
			payments.filter(
				(p) =>
					p.allocated_artefacts.length !== 1 ||
					cents(p.total_amount) !== sum(p.allocated_artefacts.map((a: any) => cents(a.amount))),
			),
		).toEqual([]);
		for (const p of payments) {
			for (const a of p.allocated_artefacts) add(a.artefact, cents(a.amount));
			contactOf.set(p.allocated_artefacts[0].artefact.id, p.contact.id);
		}
		// An allocation sets a credit note (negative) against an invoice: it nets to zero.
		expect(allocations.filter((a) => sum(a.allocated_artefacts.map((x: any) => cents(x.amount))) !== 0)).toEqual([]);
		for (const a of allocations) {
			for (const x of a.allocated_artefacts) {
				add(x.artefact, Math.abs(cents(x.amount)));
				contactOf.set(x.artefact.id, a.contact.id);
			}
		}
		const documents = new Set<string>();
		const problems: string[] = [];
		let checked = 0;
		for (const space of PAYABLE) {
			for (const doc of await list(`/${space}?attributes=total_amount,outstanding_amount,status,contact`)) {
				documents.add(doc.id);
				const status = doc.status.id;
				const outstanding = cents(doc.outstanding_amount);
				// A void document owes nothing and was paid nothing.
				const paid = status === 'VOID' ? 0 : cents(doc.total_amount) - outstanding;
				const problem = (what: string) => problems.push(`${doc.$path} (${status}): ${what}`);
				if (status === 'VOID' && outstanding !== 0) problem(`outstanding ${outstanding}`);
				if ((settled.get(doc.id) ?? 0) !== paid) problem(`settled ${settled.get(doc.id) ?? 0}, paid ${paid}`);
				if (status === 'PAID' && outstanding !== 0) problem(`outstanding ${outstanding}`);
				if (status === 'PART_PAID' && !(paid > 0 && outstanding > 0))
					problem(`paid ${paid}, outstanding ${outstanding}`);
				if (['UNPAID', 'DRAFT', 'VOID', 'DISPUTED'].includes(status) && paid !== 0) problem(`paid ${paid}`);
				if (contactOf.has(doc.id) && contactOf.get(doc.id) !== doc.contact.id) problem(`settled by another contact`);
				checked++;
			}
		}
		expect(problems).toEqual([]);
		const openingBalances = ids(await list('/contact_opening_balances'));
		expect(
			[...settled.keys()].filter((artefact) => !documents.has(artefact) && !openingBalances.has(artefact)),
		).toEqual([]);
		expect(checked).toBeGreaterThan(100);
		if (dataset.count(b, 'sales_credit_notes') > 0) expect(allocations.length).toBeGreaterThan(0);
	});

	test('payments, allocations and opening balances are booked: their transactions move what they say', async () => {
		const entries = await list('/ledger_entries?attributes=debit,credit,ledger_account,transaction,contact');
		const byTx = new Map<string, any[]>();
		for (const e of entries) byTx.set(e.transaction.id, [...(byTx.get(e.transaction.id) ?? []), e]);
		const banks = await list('/bank_accounts?attributes=all');
		const bankLedger = new Map(banks.map((a: any) => [a.id, a.ledger_account.id]));
		const unbooked = (await list('/contact_payments?attributes=all')).filter((p) => {
			const legs = byTx.get(p.transaction.id)!;
			const onBank = legs.filter((e) => e.ledger_account.id === bankLedger.get(p.bank_account.id));
			return (
				Math.abs(sum(onBank.map((e) => cents(e.debit) - cents(e.credit)))) !== cents(p.total_amount) ||
				!legs.every((e) => e.contact?.id === p.contact.id)
			);
		});
		expect(unbooked).toEqual([]);
		for (const a of await list('/contact_allocations?attributes=all')) {
			// Both sides on the contact's control account: the allocation moves no money.
			const legs = byTx.get(a.transaction.id)!;
			expect(new Set(legs.map((e) => e.ledger_account.id)).size).toBe(1);
			expect(sum(legs.map((e) => cents(e.debit)))).toBe(cents(a.allocated_artefacts[0].amount));
		}
		for (const ob of await list('/contact_opening_balances?attributes=all')) {
			expect(sum(byTx.get(ob.transaction.id)!.map((e) => cents(e.debit)))).toBe(cents(ob.total_amount));
		}
	});

	test('unallocated artefacts are exactly the booked documents and opening balances still open, per contact', async () => {
		const unallocated = await list('/unallocated_artefacts?attributes=links');
		const artefactOf = async (u: any) => (await get(u.links[0].href, b)).json;
		const open = new Set<string>();
		for (const space of PAYABLE) {
			for (const doc of await list(`/${space}?attributes=outstanding_amount,status`)) {
				if (!['DRAFT', 'VOID'].includes(doc.status.id) && cents(doc.outstanding_amount) > 0) open.add(doc.id);
			}
		}
		const payments = await list('/contact_payments?attributes=allocated_artefacts');
		const paidOpening = new Set(payments.flatMap((p: any) => p.allocated_artefacts.map((a: any) => a.artefact.id)));
		for (const ob of await list('/contact_opening_balances')) if (!paidOpening.has(ob.id)) open.add(ob.id);
		expect([...ids(unallocated)].sort()).toEqual([...open].sort());
		const one = unallocated[Math.floor(unallocated.length / 2)];
		const record = await artefactOf(one);
		expect(record.id).toBe(one.id);
		const mine = await list(`/unallocated_artefacts?contact_id=${record.contact.id}&attributes=links`);
		expect(mine.map((u) => u.id)).toContain(one.id);
		for (const u of mine) expect((await artefactOf(u)).contact.id).toBe(record.contact.id);
		// Searched by the contact's reference (a word of its own).
		const contact = (await get(`/contacts/${record.contact.id}`, b)).json;
		const searched = await list(`/unallocated_artefacts?search=${encodeURIComponent(contact.reference)}`);
		expect(searched.map((u) => u.id)).toEqual(mine.map((u) => u.id));
	});

	test('journals balance on existing ledger accounts, and so do the opening balances', async () => {
		const accounts = ids(await list('/ledger_accounts'));
		for (const name of ['journals', 'opening_balance_journals']) {
			const journals = await list(`/${name}?attributes=all`);
			expect(journals.length).toBeGreaterThan(0);
			for (const j of journals) {
				const lines = j.journal_lines;
				expect(lines.length).toBeGreaterThanOrEqual(2);
				expect(sum(lines.map((l: any) => cents(l.debit)))).toBe(sum(lines.map((l: any) => cents(l.credit))));
				for (const l of lines) expect(accounts.has(l.ledger_account.id)).toBe(true);
				if (name === 'journals') expect(cents(j.total)).toBe(sum(lines.map((l: any) => cents(l.debit))));
			}
		}
		const openings = await list('/ledger_account_opening_balances?attributes=all');
		expect(sum(openings.map((o) => cents(o.debit)))).toBe(sum(openings.map((o) => cents(o.credit))));
		for (const o of openings) expect(accounts.has(o.ledger_account.id)).toBe(true);
	});

	test('contact persons and addresses belong to existing contacts; the contacts show them under the same ids', async () => {
		const contacts = await list('/contacts?attributes=main_address,delivery_address,main_contact_person');
		const addresses = new Map((await list('/addresses?attributes=all')).map((a) => [a.id, a]));
		const persons = new Map((await list('/contact_persons?attributes=all')).map((p) => [p.id, p]));
		const contactIds = ids(contacts);
		expect([...addresses.values()].filter((a) => !contactIds.has(a.contact.id))).toEqual([]);
		// What each contact shows of its addresses and main person, against those records: one
		// comparison of every contact at once.
		const shown: unknown[] = [];
		const records: unknown[] = [];
		for (const c of contacts) {
			for (const field of ['main_address', 'delivery_address']) {
				if (!c[field]) continue;
				const { $path, contact, created_at, updated_at, deleted_at, bank_account, name, ...shared } = addresses.get(
					c[field].id,
				)!;
				shown.push({ of: c.id, [field]: c[field] });
				records.push({ of: contact.id, [field]: expect.objectContaining(shared) });
			}
			const main = persons.get(c.main_contact_person.id)!;
			shown.push({ of: c.id, main_contact_person: main, address: main.address.id });
			records.push({
				of: c.id,
				main_contact_person: expect.objectContaining(c.main_contact_person),
				address: c.main_address.id,
			});
		}
		expect(shown).toEqual(records);
		// A person's address is one of its contact's addresses.
		const sample = contacts.filter((_, i) => i % Math.ceil(contacts.length / 12) === 0);
		for (const c of sample) {
			const mine = await list(`/contact_persons?contact_id=${c.id}&attributes=address`);
			expect(mine.length).toBeGreaterThanOrEqual(1);
			for (const p of mine) expect(addresses.get(p.address.id)!.contact.id).toBe(c.id);
			const byAddress = await list(`/contact_persons?address_id=${c.main_address.id}`);
			expect(byAddress.map((p) => p.id)).toContain(c.main_contact_person.id);
		}
		expect(persons.size).toBeGreaterThan(contacts.length);
	});

	test('transfers, deposits, opening balances and statements name existing bank accounts and agree with the ledger', async () => {
		const banks = new Map((await list('/bank_accounts?attributes=all')).map((a) => [a.id, a]));
		for (const t of await list('/bank_transfers?attributes=all')) {
			expect(banks.has(t.from_bank_account.id) && banks.has(t.to_bank_account.id)).toBe(true);
			expect(t.from_bank_account.id).not.toBe(t.to_bank_account.id);
			expect(t.amount).toBeGreaterThan(0);
		}
		for (const d of await list('/bank_deposits?attributes=all')) {
			expect(banks.get(d.from_bank_account.id)!.bank_account_type.id).toBe('CASH_IN_HAND');
			expect(banks.has(d.to_bank_account.id)).toBe(true);
			expect(cents(d.total_amount)).toBe(cents(d.cash_amount) + cents(d.cheque_amount));
		}
		const openings = await list('/bank_opening_balances?attributes=all');
		expect(new Set(openings.map((o) => o.bank_account.id)).size).toBe(openings.length);
		for (const o of openings) expect(banks.has(o.bank_account.id)).toBe(true);
		const statements = await list('/bank_reconciliations?attributes=all');
		const last = new Map<string, any>();
		for (const s of statements) {
			expect(banks.has(s.bank_account.id)).toBe(true);
			expect(cents(s.closing_balance)).toBe(cents(s.starting_balance) + cents(s.total_received) - cents(s.total_paid));
			expect(cents(s.balance_difference)).toBe(cents(s.statement_end_balance) - cents(s.reconciled_balance));
			const before = last.get(s.bank_account.id);
			if (before) expect(cents(s.starting_balance)).toBe(cents(before.closing_balance));
			last.set(s.bank_account.id, s);
		}
		// The latest statement closes at the bank account's balance.
		for (const [id, s] of last) expect(cents(s.closing_balance)).toBe(cents(banks.get(id)!.balance));
	});

	test('stock movements name existing stock items and add up to their quantity in stock', async () => {
		const items = await list('/stock_items?attributes=quantity_in_stock');
		const movements = await list('/stock_movements?attributes=all');
		const running = new Map<string, number>();
		for (const m of movements) {
			const now = (running.get(m.stock_item.id) ?? 0) + m.quantity;
			expect(now).toBeGreaterThanOrEqual(0);
			running.set(m.stock_item.id, now);
		}
		const live = new Map(items.map((i) => [i.id, i.quantity_in_stock]));
		for (const id of running.keys()) expect(live.has(id)).toBe(true);
		for (const [id, quantity] of live) expect([id, running.get(id) ?? 0]).toEqual([id, quantity]);
		const one = items[0];
		const mine = await list(`/stock_movements?stock_item_id=${one.id}&attributes=stock_item`);
		expect(mine.length).toBeGreaterThan(0);
		expect(mine.every((m) => m.stock_item.id === one.id)).toBe(true);
	});

	test("/transactions lists exactly the ledger's transactions, with their totals and origins", async () => {
		const transactions = await list('/transactions?attributes=total,transaction_type,origin');
		const entries = await list('/ledger_entries?attributes=debit,transaction,transaction_type');
		const debits = new Map<string, number>();
		for (const e of entries) debits.set(e.transaction.id, (debits.get(e.transaction.id) ?? 0) + cents(e.debit));
		expect([...ids(transactions)].sort()).toEqual([...debits.keys()].sort());
		expect(
			transactions.filter(
				(t) => cents(t.total) !== debits.get(t.id) || t.$path !== `/transactions/${t.id}` || t.origin === null,
			),
		).toEqual([]);
		const payment = (await list('/contact_payments?attributes=transaction'))[0];
		const tx = (await get(payment.transaction.$path, b)).json;
		expect(tx.origin.id).toBe(payment.id);
		expect(tx.displayed_as).toBe(payment.transaction.displayed_as);
		const receipts = await list('/transactions?transaction_type_id=CUSTOMER_RECEIPT&attributes=transaction_type');
		expect(receipts.length).toBeGreaterThan(0);
		expect(receipts.every((t) => t.transaction_type.id === 'CUSTOMER_RECEIPT')).toBe(true);
	});

	test('products and services name the price and rate types of the business', async () => {
		const priceTypes = ids(await list('/product_sales_price_types'));
		const rateTypes = ids(await list('/service_rate_types'));
		for (const p of await list('/products?attributes=sales_prices')) {
			for (const price of p.sales_prices) expect(priceTypes.has(price.product_sales_price_type.id)).toBe(true);
		}
		for (const s of await list('/services?attributes=sales_rates')) {
			for (const rate of s.sales_rates) expect(rateTypes.has(rate.service_rate_type.id)).toBe(true);
		}
		expect((await list('/product_sales_price_types?active=false')).length).toBe(1);
	});

	test('analysis categories belong to analysis types; hosted payment settings name open sales invoices', async () => {
		const types = await list('/analysis_types?attributes=all');
		const categories = await list('/analysis_type_categories?attributes=all');
		const typeIds = ids(types);
		for (const c of categories) expect(typeIds.has(c.analysis_type.id)).toBe(true);
		expect(sum(types.map((t) => t.analysis_type_categories.length))).toBe(categories.length);
		const groups = await list('/analysis_type_categories?analysis_type_level=GROUP&attributes=analysis_type');
		const groupTypes = ids(types.filter((t) => t.analysis_type_level.includes('GROUP')));
		expect(groups.length).toBeGreaterThan(0);
		expect(groups.every((c) => groupTypes.has(c.analysis_type.id))).toBe(true);
		for (const setting of await list('/hosted_artefact_payment_settings?attributes=all')) {
			const invoice = (await get(`/sales_invoices/${setting.object_guid}`, b)).json;
			expect(cents(invoice.outstanding_amount)).toBeGreaterThan(0);
			const found = await list(`/hosted_artefact_payment_settings?object_guid=${setting.object_guid}`);
			expect(found.map((s) => s.id)).toEqual([setting.id]);
		}
	});
});
