// Conformance of the writes: every POST, PUT and DELETE of the OpenAPI for the seeded businesses, over
// HTTP with real tokens. Table-driven from the OpenAPI (a valid minimal create for every collection
// with POST, then PUT where it has PUT and DELETE where it has DELETE), then the rules one by one:
// validation before anything is written (the service's 422 body, one entry per problem), references,
// line tax amounts, voids and drafts, release, payments and allocations settling documents, idempotency
// (replay, 7-day expiry), readonly tokens, X-Business, the reset-after-commit fault, attachments.
import { createHash } from 'node:crypto';
import { request } from 'undici';
import { createSandbox } from '../../../sandbox';
import { createValidator } from '../../../sandbox/openapi/validator';
import { recordDefinition } from '../../../openapi/collections';
import { methodsOf, openApi } from '../../../openapi/document';
import { wrapped, writeOperation, writeOperations } from '../../../openapi/writes';
import { IDEMPOTENT } from '../../../sandbox/api/writes/idempotency';
import { accessToken } from '../token-helper';
import { inProcessApi } from '../in-process';
import { bodies, creatable, wrapperOf, BUSINESS_KEY } from '../write-bodies';

type Sandbox = ReturnType<typeof createSandbox>;
interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	json: any;
}

let sandbox: Sandbox;
let baseUrl: string;
let urls: Awaited<ReturnType<Sandbox['start']>>;
let token: string;
let readonlyToken: string;
const validate = createValidator({ strict: true });

beforeAll(async () => {
	sandbox = createSandbox({ port: 0 });
	urls = await sandbox.start();
	baseUrl = urls.baseUrl;
	token = await accessToken(sandbox, urls, 'full_access');
	readonlyToken = await accessToken(sandbox, urls, 'readonly');
});
afterAll(() => sandbox.stop());

/** Fresh tokens after the clock moved past their 300 seconds. */
async function renewTokens() {
	token = await accessToken(sandbox, urls, 'full_access');
	readonlyToken = await accessToken(sandbox, urls, 'readonly');
}

async function call(
	method: string,
	path: string,
	body?: unknown,
	options: { business?: string; auth?: string; raw?: string } = {},
): Promise<Reply> {
	const headers: Record<string, string> = {
		authorization: `Bearer ${options.auth ?? token}`,
		accept: 'application/json',
	};
	if (options.business) headers['x-business'] = options.business;
	if (body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
	const response = await request(baseUrl + path, {
		method: method as any,
		headers,
		body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
	});
	const text = await response.body.text();
	return { status: response.statusCode, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}
const get = (path: string, business?: string) => call('GET', path, undefined, { business });
const post = (path: string, body: unknown, business?: string) => call('POST', path, body, { business });
const put = (path: string, body: unknown, business?: string) => call('PUT', path, body, { business });
const del = (path: string, business?: string) => call('DELETE', path, undefined, { business });

const businessId = (key: string) => sandbox.dataset.businesses.find((b) => b.key === key)!.id;
const lead = () => sandbox.dataset.leadBusinessId;
const bodyFor = bodies(
	(path, business) => get(path, business),
	(path, body, business) => post(path, body, business),
);
const count = (business: string, name: string) => sandbox.dataset.count(business, name);

/** The service's error body: every entry complete, and the sources named. */
function expectInvalid(reply: Reply, ...sources: string[]) {
	expect(reply.status).toBe(422);
	expect(Array.isArray(reply.json)).toBe(true);
	for (const entry of reply.json) {
		expect(entry).toEqual({
			$severity: 'error',
			$dataCode: expect.any(String),
			$message: expect.any(String),
			$source: expect.any(String),
		});
	}
	expect(reply.json.map((e: any) => e.$source)).toEqual(expect.arrayContaining(sources));
}

/** Debits equal credits in the trial balance over all time. */
async function expectBalanced(business: string) {
	const tb = await get('/trial_balance?from_date=2000-01-01&to_date=2099-12-31', business);
	expect(tb.status).toBe(200);
	const cents = (s: string) => Math.round(Number(s) * 100);
	const debit = tb.json.ledger_accounts.reduce((s: number, a: any) => s + cents(a.closing_balance.debit), 0);
	const credit = tb.json.ledger_accounts.reduce((s: number, a: any) => s + cents(a.closing_balance.credit), 0);
	expect(debit).toBe(credit);
}

const hasPath = (template: string, method: 'put' | 'delete' | 'get') =>
	methodsOf(template).includes(method.toUpperCase());

/** A field the PUT definition lets change, and a new value for it. */
const CHANGES: Array<[string, unknown]> = [
	['reference', 'CHANGED-1'],
	['notes', 'Changed notes'],
	['name', 'Changed name'],
	['description', 'Changed description'],
	['details', 'Changed details'],
	['file_name', 'changed.txt'],
	['is_visible', false],
	['rate', 1.25],
];
function changeFor(collection: string): [string, unknown] | undefined {
	const op = writeOperation(`/${collection}/{key}`, 'PUT');
	if (!op) return undefined;
	const inner = wrapped(op.definition!).properties ?? {};
	const response = openApi().definitions[recordDefinition(collection)!].properties ?? {};
	return CHANGES.find(([field]) => field in inner && field in response);
}

describe('every collection with POST: create, read, list, update, delete', () => {
	const created = new Map<string, { id: string; business: string; record: any }>();

	test('the OpenAPI has 44 POST (39 collections and 5 release and 1 reissue actions), 43 PUT, 36 DELETE', () => {
		const ops = [...writeOperations().values()].flat().map((op) => op.method);
		expect(ops.filter((m) => m === 'POST')).toHaveLength(44);
		expect(ops.filter((m) => m === 'PUT')).toHaveLength(43);
		expect(ops.filter((m) => m === 'DELETE')).toHaveLength(36);
		expect(creatable()).toHaveLength(38 + 1);
	});

	test.each(creatable().map((c) => [c]))(
		'%s: a valid minimal create → 201, the record by id, in the list and in updated_or_created_since',
		async (name) => {
			const business = businessId(BUSINESS_KEY[name] ?? 'lead');
			const before = count(business, name);
			const since = new Date(sandbox.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
			const body = await bodyFor(name, business);
			const reply = await post(`/${name}`, body, business);
			if (reply.status !== 201)
				throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.json)} for ${JSON.stringify(body)}`);
			expect(reply.headers['x-business']).toBe(business);
			const record = reply.json;
			expect(record.id).toMatch(/^[0-9a-f]{32}$|^[A-Z]{3}$/);
			expect(record.$path).toBe(`/${name}/${encodeURIComponent(record.id)}`);
			expect(validate(recordDefinition(name)!, record)).toEqual([]);
			expect(count(business, name)).toBe(before + 1);
			if (hasPath(`/${name}/{key}`, 'get')) expect((await get(record.$path, business)).json).toEqual(record);
			// Default order is creation order: the new record is the list's last.
			const last = await get(`/${name}?items_per_page=1&page=100000`, business);
			expect(last.json.$items[0].id).toBe(record.id);
			if (sandbox.dataset.collections.find((c) => c.name === name)!.filters.includes('updated_or_created_since')) {
				const fresh = await get(`/${name}?updated_or_created_since=${since}&items_per_page=200`, business);
				expect(fresh.json.$items.map((i: any) => i.id)).toContain(record.id);
			}
			created.set(name, { id: record.id, business, record });
		},
	);

	test.each(
		creatable()
			.filter((c) => changeFor(c))
			.map((c) => [c]),
	)('%s: PUT changes a field and bumps updated_at', async (name) => {
		const made = created.get(name);
		if (!made) return;
		const [field, value] = changeFor(name)!;
		sandbox.clock.advance(2);
		const reply = await put(
			`/${name}/${encodeURIComponent(made.id)}`,
			{ [wrapperOf(name)]: { [field]: value } },
			made.business,
		);
		if (reply.status !== 200) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.json)}`);
		expect(reply.json[field]).toEqual(value);
		expect(reply.json.id).toBe(made.id);
		expect(Date.parse(reply.json.updated_at)).toBeGreaterThan(
			Date.parse(made.record.updated_at ?? made.record.created_at ?? 0),
		);
		expect(validate(recordDefinition(name)!, reply.json)).toEqual([]);
		if (hasPath(`/${name}/{key}`, 'get'))
			expect((await get(`/${name}/${encodeURIComponent(made.id)}`, made.business)).json[field]).toEqual(value);
	});

	test.each(
		creatable()
			.filter((c) => hasPath(`/${c}/{key}`, 'delete'))
			.map((c) => [c]),
	)('%s: DELETE removes it (or voids it)', async (name) => {
		const made = created.get(name);
		if (!made) return;
		const path = `/${name}/${encodeURIComponent(made.id)}`;
		const voids = writeOperation(`/${name}/{key}`, 'DELETE')!.query.some((p) => p.name === 'void_reason');
		const before = count(made.business, name);
		const reply = await del(voids ? `${path}?void_reason=Raised%20in%20error` : path, made.business);
		if (voids) {
			expect(reply.status).toBe(200);
			expect(reply.json.status.id).toBe('VOID');
			expect(reply.json.outstanding_amount).toBe(0);
			expect(reply.json.void_reason).toBe('Raised in error');
			expect((await get(path, made.business)).json.status.id).toBe('VOID');
			return;
		}
		if (reply.status !== 204) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.json)}`);
		expect(count(made.business, name)).toBe(before - 1);
		if (hasPath(`/${name}/{key}`, 'get')) expect((await get(path, made.business)).status).toBe(404);
		if (sandbox.dataset.collections.find((c) => c.name === name)!.filters.includes('deleted_since')) {
			const gone = await get(`/${name}?deleted_since=2000-01-01&items_per_page=200`, made.business);
			expect(gone.json.$items.map((i: any) => i.id)).toContain(made.id);
		}
	});

	test('after all of it the books of every business still balance', async () => {
		for (const b of sandbox.dataset.businesses) await expectBalanced(b.id);
	});
});

describe('routes', () => {
	test('a method the OpenAPI does not have on a path is a 405 naming the ones it has', async () => {
		const invoice = (await get('/sales_invoices?items_per_page=1')).json.$items[0];
		const cases: Array<[string, string, string]> = [
			['PUT', '/sales_invoices', 'GET, POST'],
			['POST', '/countries', 'GET'],
			['DELETE', '/financial_settings', 'GET, PUT'],
			['DELETE', `/ledger_accounts/${(await get('/ledger_accounts?items_per_page=1')).json.$items[0].id}`, 'GET, PUT'],
			['PUT', `/sales_invoices/${invoice.id}/release`, 'POST'],
			['POST', `/sales_quotes/${(await get('/sales_quotes?items_per_page=1')).json.$items[0].id}/release`, ''],
		];
		for (const [method, path, allow] of cases) {
			const reply = await call(method, path, method === 'DELETE' ? undefined : {});
			if (allow === '') {
				expect(reply.status).toBe(404);
				continue;
			}
			expect(reply.status).toBe(405);
			expect(reply.headers.allow).toBe(allow);
			expect(reply.json[0].$dataCode).toBe('MethodNotAllowed');
		}
	});

	test("a collection the business's country does not have cannot be written to (404), nor an unknown record (404)", async () => {
		const reply = await post('/sales_corrective_invoices', { sales_corrective_invoice: {} });
		expect(reply.status).toBe(404);
		expect(reply.json[0].$source).toBe('path');
		expect((await put('/products/0123456789abcdef0123456789abcdef', { product: { description: 'x' } })).status).toBe(
			404,
		);
		expect((await del('/products/0123456789abcdef0123456789abcdef')).status).toBe(404);
	});
});

describe("validation: refused with 422 and the service's body, nothing written", () => {
	let invoice: any;
	beforeAll(async () => {
		invoice = await bodyFor('sales_invoices', lead());
	});
	const withInvoice = (change: (i: any) => void) => {
		const copy = structuredClone(invoice);
		change(copy.sales_invoice);
		return copy;
	};
	async function refused(body: unknown, ...sources: string[]) {
		const before = count(lead(), 'sales_invoices');
		const ledger = count(lead(), 'ledger_entries');
		const reply = await post('/sales_invoices', body);
		expectInvalid(reply, ...sources);
		expect(count(lead(), 'sales_invoices')).toBe(before);
		expect(count(lead(), 'ledger_entries')).toBe(ledger);
		return reply;
	}

	test('an unknown reference, top level or in a line', async () => {
		await refused(
			withInvoice((i) => {
				i.contact_id = '0123456789abcdef0123456789abcdef';
			}),
			'contact_id',
		);
		await refused(
			withInvoice((i) => {
				i.invoice_lines[0].ledger_account_id = 'nope';
			}),
			'invoice_lines.0.ledger_account_id',
		);
		await refused(
			withInvoice((i) => {
				i.invoice_lines[0].tax_rate_id = 'XX_STANDARD';
			}),
			'invoice_lines.0.tax_rate_id',
		);
		await refused(
			withInvoice((i) => {
				i.invoice_lines[0].product_id = invoice.sales_invoice.contact_id;
			}),
			'invoice_lines.0.product_id',
		);
		// A record of another business is unknown here.
		const theirs = (await get('/contacts?items_per_page=1', businessId('second'))).json.$items[0].id;
		await refused(
			withInvoice((i) => {
				i.contact_id = theirs;
			}),
			'contact_id',
		);
		// A deleted record too.
		const gone = (await get('/contacts?deleted_since=2000-01-01&items_per_page=1')).json.$items[0].id;
		await refused(
			withInvoice((i) => {
				i.contact_id = gone;
			}),
			'contact_id',
		);
	});

	test('a line without tax_amount (v3.1 validates it strictly)', async () => {
		const reply = await refused(
			withInvoice((i) => {
				i.invoice_lines.push({ ...i.invoice_lines[0] });
				delete i.invoice_lines[1].tax_amount;
			}),
			'invoice_lines.1.tax_amount',
		);
		expect(reply.json).toHaveLength(1);
		await refused(
			withInvoice((i) => {
				i.invoice_lines[0].tax_amount = null;
			}),
			'invoice_lines.0.tax_amount',
		);
	});

	test('a missing required attribute, a wrong type, a malformed date, an undeclared attribute: all at once', async () => {
		const reply = await refused(
			withInvoice((i) => {
				delete i.date;
				i.notes = 42;
				i.due_date = '15/07/2025';
				i.colour = 'red';
				delete i.invoice_lines[0].description;
			}),
			'date',
			'notes',
			'due_date',
			'colour',
			'invoice_lines.0.description',
		);
		expect(reply.json).toHaveLength(5);
		expect(reply.json.find((e: any) => e.$source === 'colour').$message).toMatch(/not an attribute/);
	});

	test('a value outside an enum, a string over its maximum length', async () => {
		const contact = await bodyFor('contacts', lead());
		contact.contact.credit_terms = 'whenever';
		contact.contact.reference = 'FAR-TOO-LONG-REFERENCE';
		const before = count(lead(), 'contacts');
		expectInvalid(await post('/contacts', contact), 'credit_terms', 'reference');
		expect(count(lead(), 'contacts')).toBe(before);
	});

	test('a body that is no object, or without its wrapper, names the wrapper', async () => {
		expectInvalid(await post('/sales_invoices', { invoice: invoice.sales_invoice }), 'sales_invoice');
		expectInvalid(await post('/sales_invoices', [invoice]), 'sales_invoice');
		expectInvalid(await call('POST', '/sales_invoices', undefined), 'sales_invoice');
		expectInvalid(await post('/sales_invoices', { sales_invoice: 'yes' }), 'sales_invoice');
		// An attribute beside the wrapper is undeclared too.
		expectInvalid(await post('/sales_invoices', { ...invoice, extra: true }), 'extra');
	});

	test('a sales document needs a customer, a purchase document a supplier; totals are computed, not trusted', async () => {
		const supplier = (
			await get('/contacts?contact_type_id=VENDOR&items_per_page=200&attributes=contact_types')
		).json.$items.find((c: any) => c.contact_types.every((t: any) => t.id === 'VENDOR'));
		await refused(
			withInvoice((i) => {
				i.contact_id = supplier.id;
			}),
			'contact_id',
		);
		const reply = await post(
			'/sales_invoices',
			withInvoice((i) => {
				i.total_amount = 1_000_000;
				i.invoice_lines = [
					{ ...i.invoice_lines[0], quantity: 3, unit_price: 12.5, discount_amount: 2.5, tax_amount: 7 },
					{ ...i.invoice_lines[0], quantity: 1, unit_price: 100, unit_price_includes_tax: true, tax_amount: 16.67 },
				];
			}),
		);
		expect(reply.status).toBe(201);
		expect(reply.json.invoice_lines.map((l: any) => l.net_amount)).toEqual([35, 83.33]);
		expect(reply.json).toMatchObject({
			net_amount: 118.33,
			tax_amount: 23.67,
			total_amount: 142,
			outstanding_amount: 142,
			total_quantity: 4,
		});
		expect(reply.json.status.id).toBe('UNPAID');
		expect(reply.json.tax_analysis[0]).toMatchObject({ net_amount: 118.33, tax_amount: 23.67 });
	});
});

describe('documents: drafts, release, void, delete', () => {
	async function draftInvoice() {
		const body = await bodyFor('sales_invoices', lead());
		body.sales_invoice.status_id = 'DRAFT';
		const reply = await post('/sales_invoices', body);
		expect(reply.status).toBe(201);
		expect(reply.json.status.id).toBe('DRAFT');
		expect(reply.json.transaction).toBeNull();
		return reply.json;
	}

	test('a draft books nothing; release makes it UNPAID and books it; releasing again is refused', async () => {
		const ledger = count(lead(), 'ledger_entries');
		const draft = await draftInvoice();
		expect(count(lead(), 'ledger_entries')).toBe(ledger);
		const released = await post(`/sales_invoices/${draft.id}/release`, undefined);
		expect(released.status).toBe(201);
		expect(released.json.status.id).toBe('UNPAID');
		expect(released.json.outstanding_amount).toBe(draft.total_amount);
		expect(released.json.transaction).not.toBeNull();
		expect(count(lead(), 'ledger_entries')).toBeGreaterThan(ledger);
		const open = await get(`/unallocated_artefacts/${draft.id}`);
		expect(open.status).toBe(200);
		expectInvalid(await post(`/sales_invoices/${draft.id}/release`, undefined), 'status');
		await expectBalanced(lead());
	});

	test('a seeded draft can be released too', async () => {
		const draft = (await get('/sales_invoices?status_id=DRAFT&items_per_page=1')).json.$items[0];
		const released = await post(`/sales_invoices/${draft.id}/release`, undefined);
		expect(released.status).toBe(201);
		expect(released.json.status.id).toBe('UNPAID');
		await expectBalanced(lead());
	});

	test('voiding needs void_reason unless draft; a voided document stays, VOID, owing nothing; a draft is deleted', async () => {
		const body = await bodyFor('sales_invoices', lead());
		const invoice = (await post('/sales_invoices', body)).json;
		expectInvalid(await del(`/sales_invoices/${invoice.id}`), 'void_reason');
		expectInvalid(await del(`/sales_invoices/${invoice.id}?void_reason=`), 'void_reason');
		expect((await get(`/sales_invoices/${invoice.id}`)).json.status.id).toBe('UNPAID');
		const voided = await del(`/sales_invoices/${invoice.id}?void_reason=Duplicate`);
		expect(voided.status).toBe(200);
		expect(voided.json).toMatchObject({
			status: { id: 'VOID' },
			outstanding_amount: 0,
			void_reason: 'Duplicate',
			total_amount: invoice.total_amount,
		});
		expect((await get(`/sales_invoices/${invoice.id}`)).json.status.id).toBe('VOID');
		expect((await get(`/unallocated_artefacts/${invoice.id}`)).status).toBe(404);
		expectInvalid(await del(`/sales_invoices/${invoice.id}?void_reason=Again`), 'id');
		await expectBalanced(lead());

		const draft = await draftInvoice();
		expect((await del(`/sales_invoices/${draft.id}`)).status).toBe(204);
		expect((await get(`/sales_invoices/${draft.id}`)).status).toBe(404);
	});

	test('a seeded invoice can be voided; a paid one cannot, nor edited', async () => {
		const unpaid = (await get('/sales_invoices?status_id=UNPAID&items_per_page=1')).json.$items[0];
		expect((await del(`/sales_invoices/${unpaid.id}?void_reason=Customer%20cancelled`)).json.status.id).toBe('VOID');
		const paid = (await get('/sales_invoices?status_id=PAID&items_per_page=1')).json.$items[0];
		expectInvalid(await del(`/sales_invoices/${paid.id}?void_reason=No`), 'id');
		expectInvalid(await put(`/sales_invoices/${paid.id}`, { sales_invoice: { notes: 'x' } }), 'sales_invoice');
		await expectBalanced(lead());
	});

	test('PUT of lines recomputes the totals and rebooks; PUT cannot move the status', async () => {
		const invoice = (await post('/sales_invoices', await bodyFor('sales_invoices', lead()))).json;
		const line = {
			description: 'More',
			ledger_account_id: invoice.invoice_lines[0].ledger_account.id,
			quantity: 5,
			unit_price: 20,
			tax_amount: 20,
		};
		const changed = await put(`/sales_invoices/${invoice.id}`, { sales_invoice: { invoice_lines: [line] } });
		expect(changed.status).toBe(200);
		expect(changed.json).toMatchObject({ net_amount: 100, tax_amount: 20, total_amount: 120, outstanding_amount: 120 });
		expect(changed.json.invoice_number).toBe(invoice.invoice_number);
		expectInvalid(await put(`/sales_invoices/${invoice.id}`, { sales_invoice: { status_id: 'PAID' } }), 'status_id');
		expectInvalid(
			await put(`/sales_invoices/${invoice.id}`, {
				sales_invoice: { invoice_lines: [{ ...line, tax_amount: undefined }] },
			}),
			'invoice_lines.0.tax_amount',
		);
		await expectBalanced(lead());
	});

	test('every release action of the OpenAPI releases a draft of its collection', async () => {
		for (const name of ['sales_invoices', 'sales_credit_notes', 'purchase_invoices', 'purchase_credit_notes']) {
			const body = await bodyFor(name, lead());
			body[wrapperOf(name)].status_id = 'DRAFT';
			const draft = (await post(`/${name}`, body)).json;
			const released = await post(`/${name}/${draft.id}/release`, undefined);
			expect(released.status).toBe(201);
			expect(released.json.status.id).toBe('UNPAID');
			expect(validate(recordDefinition(name)!, released.json)).toEqual([]);
		}
		await expectBalanced(lead());
	});

	test('reissuing a journal voids it and books it again under a new id', async () => {
		const journal = (await post('/journals', await bodyFor('journals', lead()))).json;
		const entries = count(lead(), 'ledger_entries');
		const reissued = await post(`/journals/${journal.id}/reissue`, undefined);
		expect(reissued.status).toBe(201);
		expect(reissued.json.id).not.toBe(journal.id);
		expect(reissued.json.journal_lines.map((l: any) => [l.ledger_account.id, l.debit, l.credit])).toEqual(
			journal.journal_lines.map((l: any) => [l.ledger_account.id, l.debit, l.credit]),
		);
		expect(reissued.json.transaction.id).not.toBe(journal.transaction.id);
		expect((await get(`/journals/${journal.id}`)).status).toBe(404);
		expect(count(lead(), 'ledger_entries')).toBe(entries);
		expect(validate('Journal', reissued.json)).toEqual([]);
		expect((await post('/journals/0123456789abcdef0123456789abcdef/reissue', undefined)).status).toBe(404);
		await expectBalanced(lead());
	});

	test('a journal that does not balance, or a line with both debit and credit, is refused', async () => {
		const body = await bodyFor('journals', lead());
		body.journal.journal_lines[1].credit = 9;
		expectInvalid(await post('/journals', body), 'journal_lines');
		body.journal.journal_lines[1].credit = 10;
		body.journal.journal_lines[0].credit = 1;
		expectInvalid(await post('/journals', body), 'journal_lines.0');
	});

	test('purchase invoices are deleted (the OpenAPI declares no void_reason there)', async () => {
		const invoice = (await post('/purchase_invoices', await bodyFor('purchase_invoices', lead()))).json;
		expect((await del(`/purchase_invoices/${invoice.id}`)).status).toBe(204);
		expect((await get(`/purchase_invoices/${invoice.id}`)).status).toBe(404);
		await expectBalanced(lead());
	});
});

describe('payments and allocations settle documents', () => {
	async function openInvoice(total: { unit: number; tax: number }) {
		const body = await bodyFor('sales_invoices', lead());
		Object.assign(body.sales_invoice.invoice_lines[0], { quantity: 1, unit_price: total.unit, tax_amount: total.tax });
		const reply = await post('/sales_invoices', body);
		expect(reply.status).toBe(201);
		return reply.json;
	}
	const bank = async () =>
		(await get('/bank_accounts?attributes=bank_account_type')).json.$items.find(
			(b: any) => b.bank_account_type.id === 'CHECKING',
		).id;
	const receipt = async (invoice: any, amount: number, total = amount) =>
		post('/contact_payments', {
			contact_payment: {
				transaction_type_id: 'CUSTOMER_RECEIPT',
				contact_id: invoice.contact.id,
				bank_account_id: await bank(),
				date: '2025-06-20',
				total_amount: total,
				allocated_artefacts: [{ artefact_id: invoice.id, amount }],
			},
		});

	test('a receipt lowers the outstanding amount (PART_PAID), the rest pays it (PAID); over-allocation and a wrong total are refused', async () => {
		const invoice = await openInvoice({ unit: 20, tax: 4 });
		const part = await receipt(invoice, 10);
		expect(part.status).toBe(201);
		expect(validate('ContactPayment', part.json)).toEqual([]);
		let now = (await get(`/sales_invoices/${invoice.id}`)).json;
		expect(now).toMatchObject({
			status: { id: 'PART_PAID' },
			outstanding_amount: 14,
			total_paid: 10,
			last_paid: '2025-06-20',
		});
		expect(Date.parse(now.updated_at)).toBeGreaterThanOrEqual(Date.parse(invoice.updated_at));

		const payments = count(lead(), 'contact_payments');
		expectInvalid(await receipt(invoice, 14.01), 'allocated_artefacts.0.amount');
		expectInvalid(await receipt(invoice, 5, 6), 'total_amount');
		expectInvalid(await receipt(invoice, -5), 'allocated_artefacts.0.amount');
		expect(count(lead(), 'contact_payments')).toBe(payments);

		const rest = await receipt(invoice, 14);
		expect(rest.status).toBe(201);
		now = (await get(`/sales_invoices/${invoice.id}`)).json;
		expect(now).toMatchObject({ status: { id: 'PAID' }, outstanding_amount: 0, total_paid: 24 });
		expect((await get(`/unallocated_artefacts/${invoice.id}`)).status).toBe(404);
		expectInvalid(await receipt(invoice, 1), 'allocated_artefacts.0.amount');

		// Deleting a payment undoes what it settled.
		expect((await del(`/contact_payments/${rest.json.id}`)).status).toBe(204);
		now = (await get(`/sales_invoices/${invoice.id}`)).json;
		expect(now).toMatchObject({ status: { id: 'PART_PAID' }, outstanding_amount: 14 });
		expect((await get(`/unallocated_artefacts/${invoice.id}`)).status).toBe(200);
		await expectBalanced(lead());
	});

	test("a payment of another contact's invoice, of a draft or a void one, is refused; a payment on account adds to the total", async () => {
		const invoice = await openInvoice({ unit: 50, tax: 10 });
		const other = (await get('/contacts?contact_type_id=CUSTOMER&items_per_page=2')).json.$items.find(
			(c: any) => c.id !== invoice.contact.id,
		);
		const reply = await post('/contact_payments', {
			contact_payment: {
				transaction_type_id: 'CUSTOMER_RECEIPT',
				contact_id: other.id,
				bank_account_id: await bank(),
				date: '2025-06-20',
				total_amount: 10,
				allocated_artefacts: [{ artefact_id: invoice.id, amount: 10 }],
			},
		});
		expectInvalid(reply, 'allocated_artefacts.0.artefact_id');
		const onAccount = await post('/contact_payments', {
			contact_payment: {
				transaction_type_id: 'CUSTOMER_RECEIPT',
				contact_id: invoice.contact.id,
				bank_account_id: await bank(),
				date: '2025-06-21',
				total_amount: 25,
				allocated_artefacts: [{ artefact_id: invoice.id, amount: 20 }],
				payment_on_account: { total_amount: 5 },
			},
		});
		expect(onAccount.status).toBe(201);
		expect(onAccount.json.payment_on_account.total_amount).toBe(5);
		expect((await get(`/sales_invoices/${invoice.id}`)).json.outstanding_amount).toBe(40);
		const draft = await bodyFor('sales_invoices', lead());
		draft.sales_invoice.status_id = 'DRAFT';
		const drafted = (await post('/sales_invoices', draft)).json;
		expectInvalid(await receipt(drafted, 1), 'allocated_artefacts.0.artefact_id');
	});

	test('a contact allocation sets a credit note against an invoice; its amounts must sum to zero', async () => {
		const invoice = await openInvoice({ unit: 30, tax: 6 });
		const noteBody = await bodyFor('sales_credit_notes', lead());
		noteBody.sales_credit_note.contact_id = invoice.contact.id;
		Object.assign(noteBody.sales_credit_note.credit_note_lines[0], { quantity: 1, unit_price: 10, tax_amount: 2 });
		const note = (await post('/sales_credit_notes', noteBody)).json;
		const allocation = (amounts: [number, number]) =>
			post('/contact_allocations', {
				contact_allocation: {
					transaction_type_id: 'CUSTOMER_ALLOCATION',
					contact_id: invoice.contact.id,
					allocated_artefacts: [
						{ artefact_id: invoice.id, amount: amounts[0] },
						{ artefact_id: note.id, amount: amounts[1] },
					],
				},
			});
		expectInvalid(await allocation([12, -10]), 'allocated_artefacts');
		expectInvalid(await allocation([13, -13]), 'allocated_artefacts.1.amount');
		const made = await allocation([12, -12]);
		expect(made.status).toBe(201);
		expect(validate('ContactAllocation', made.json)).toEqual([]);
		expect((await get(`/sales_invoices/${invoice.id}`)).json).toMatchObject({
			outstanding_amount: 24,
			status: { id: 'PART_PAID' },
		});
		expect((await get(`/sales_credit_notes/${note.id}`)).json).toMatchObject({
			outstanding_amount: 0,
			status: { id: 'PAID' },
		});
		await expectBalanced(lead());
		expect((await del(`/contact_allocations/${made.json.id}`)).status).toBe(204);
		expect((await get(`/sales_credit_notes/${note.id}`)).json.outstanding_amount).toBe(12);
	});

	test("the customer's balance follows the books", async () => {
		const invoice = await openInvoice({ unit: 100, tax: 20 });
		const before = (await get(`/contacts/${invoice.contact.id}`)).json.balance;
		await receipt(invoice, 120);
		const after = (await get(`/contacts/${invoice.contact.id}`)).json.balance;
		expect(Math.round((before - after) * 100)).toBe(12000);
	});
});

describe('idempotency', () => {
	const guid = () => createHash('md5').update(String(Math.random())).digest('hex');

	test("the list of idempotent resources is the developer guide's 36", () => {
		expect(IDEMPOTENT.size).toBe(36);
		for (const wrapper of IDEMPOTENT) expect(creatable().map(wrapperOf)).toContain(wrapper);
	});

	test('a repeated POST with the same idempotency_id returns the first answer and creates nothing', async () => {
		const key = guid();
		const body = await bodyFor('contacts', lead());
		body.contact.idempotency_id = key;
		const before = count(lead(), 'contacts');
		const first = await post('/contacts', body);
		expect(first.status).toBe(201);
		sandbox.clock.advance(5);
		const second = await post('/contacts', body);
		expect(second.status).toBe(201);
		expect(second.json).toEqual(first.json);
		expect(count(lead(), 'contacts')).toBe(before + 1);
		// Another business is another key (another collection in the same business: api-upsert-support.ts).
		const elsewhere = await bodyFor('contacts', businessId('second'));
		elsewhere.contact.idempotency_id = key;
		const there = await post('/contacts', elsewhere, businessId('second'));
		expect(there.status).toBe(201);
		expect(there.json.id).not.toBe(first.json.id);
	});

	test('an idempotency_id that is no 32-digit hex GUID is refused; on a resource without idempotency it is undeclared', async () => {
		const body = await bodyFor('products', lead());
		for (const bad of ['123', '0123456789abcdef0123456789abcdeg', '01234567-89ab-cdef-0123-456789abcdef', 42]) {
			body.product.idempotency_id = bad;
			expectInvalid(await post('/products', body), 'idempotency_id');
		}
		const rate = await bodyFor('tax_rates', lead());
		rate.tax_rate.idempotency_id = guid();
		const reply = await post('/tax_rates', rate);
		expectInvalid(reply, 'idempotency_id');
		expect(reply.json[0].$message).toMatch(/not an attribute/);
		// Nor on PUT to such a resource (PUT to an idempotent one: api-upsert-support.ts).
		const taxRate = (await get('/tax_rates?items_per_page=1')).json.$items[0];
		expectInvalid(await put(`/tax_rates/${taxRate.id}`, { tax_rate: { idempotency_id: guid() } }), 'idempotency_id');
	});

	test('a refused request is not remembered: the corrected retry with the same idempotency_id goes through', async () => {
		const key = guid();
		const body = await bodyFor('products', lead());
		body.product.idempotency_id = key;
		expectInvalid(
			await post('/products', { product: { ...body.product, sales_ledger_account_id: 'nope' } }),
			'sales_ledger_account_id',
		);
		expect((await post('/products', body)).status).toBe(201);
	});

	test('after 7 days the same idempotency_id creates again', async () => {
		const key = guid();
		const body = await bodyFor('services', lead());
		body.service.idempotency_id = key;
		const first = await post('/services', body);
		sandbox.clock.advance(7 * 24 * 3600 - 10);
		await renewTokens();
		expect((await post('/services', body)).json.id).toBe(first.json.id);
		sandbox.clock.advance(10);
		await renewTokens();
		const again = await post('/services', body);
		expect(again.status).toBe(201);
		expect(again.json.id).not.toBe(first.json.id);
	});
});

describe('scopes, businesses, faults and the request log', () => {
	test('a readonly token is refused with 403 on every write, and nothing is written', async () => {
		const body = await bodyFor('contacts', lead());
		const before = count(lead(), 'contacts');
		const product = (await get('/products?items_per_page=1')).json.$items[0];
		for (const [method, path, payload] of [
			['POST', '/contacts', body],
			['PUT', `/products/${product.id}`, { product: { description: 'x' } }],
			['DELETE', `/products/${product.id}`, undefined],
			['PUT', '/financial_settings', { financial_settings: {} }],
		] as const) {
			const reply = await call(method, path, payload, { auth: readonlyToken });
			expect(reply.status).toBe(403);
			expect(reply.json[0].$dataCode).toBe('InsufficientScope');
		}
		expect(count(lead(), 'contacts')).toBe(before);
		expect((await get(`/products/${product.id}`)).json.description).toBe(
			product.displayed_as.split(' - ').slice(1).join(' - '),
		);
	});

	test('X-Business: the write goes to the selected business, and only there', async () => {
		const second = businessId('second');
		const body = await bodyFor('products', second);
		const [leadBefore, secondBefore] = [count(lead(), 'products'), count(second, 'products')];
		const reply = await post('/products', body, second);
		expect(reply.status).toBe(201);
		expect(reply.headers['x-business']).toBe(second);
		expect([count(lead(), 'products'), count(second, 'products')]).toEqual([leadBefore, secondBefore + 1]);
		expect((await get(`/products/${reply.json.id}`)).status).toBe(404);
		expect((await get(`/products/${reply.json.id}`, second)).status).toBe(200);
		// References are the selected business's: the lead's ledger account is unknown in the second.
		const leadBody = await bodyFor('products', lead());
		expectInvalid(await post('/products', leadBody, second), 'sales_ledger_account_id');
	});

	test('reset-after-commit: the write happens, the answer is lost (ECONNRESET); the replay with the same idempotency_id returns the record', async () => {
		const body = await bodyFor('sales_invoices', lead());
		body.sales_invoice.idempotency_id = createHash('md5').update('reset-after-commit').digest('hex');
		sandbox.faults.inject({ kind: 'reset-after-commit', pathPrefix: '/sales_invoices', method: 'POST' });
		const before = count(lead(), 'sales_invoices');
		const seq = sandbox.log.entries().at(-1)!.seq;
		await expect(post('/sales_invoices', body)).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect(count(lead(), 'sales_invoices')).toBe(before + 1);
		const lastId = (await get('/sales_invoices?items_per_page=1&page=100000')).json.$items[0].id;
		const replay = await post('/sales_invoices', body);
		expect(replay.status).toBe(201);
		expect(replay.json.id).toBe(lastId);
		expect(count(lead(), 'sales_invoices')).toBe(before + 1);
		const posts = sandbox.log.entries().filter((e) => e.seq > seq && e.method === 'POST');
		expect(posts.map((e) => [e.path, e.status, e.fault])).toEqual([
			['/v3.1/sales_invoices', null, 'reset-after-commit'],
			['/v3.1/sales_invoices', 201, null],
		]);
	});

	test('a 503 or a reset before processing writes nothing; the retry does', async () => {
		const body = await bodyFor('products', lead());
		const before = count(lead(), 'products');
		sandbox.faults.inject({ kind: '503', pathPrefix: '/products', method: 'POST', retryAfter: 1 });
		const refused = await post('/products', body);
		expect(refused.status).toBe(503);
		expect(refused.headers['retry-after']).toBe('1');
		sandbox.faults.inject({ kind: 'reset', pathPrefix: '/products', method: 'POST' });
		await expect(post('/products', body)).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect(count(lead(), 'products')).toBe(before);
		// The GET polls around it are not hit by a fault for POST.
		sandbox.faults.inject({ kind: '503', pathPrefix: '/products', method: 'POST' });
		expect((await get('/products?items_per_page=1')).status).toBe(200);
		sandbox.faults.clear();
		expect((await post('/products', body)).status).toBe(201);
		expect(count(lead(), 'products')).toBe(before + 1);
	});

	test('the fault controls accept the new kind and the method filter over HTTP', async () => {
		const reply = await request(`${urls.controlUrl}/faults`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ kind: 'reset-after-commit', pathPrefix: '/contacts', method: 'PUT' }),
		});
		expect(reply.statusCode).toBe(201);
		expect(((await reply.body.json()) as any).injected).toMatchObject({ kind: 'reset-after-commit', method: 'PUT' });
		expect(() => sandbox.faults.inject({ kind: 'reset-after-commit', target: 'token' } as any)).toThrow(TypeError);
		expect(() => sandbox.faults.inject({ kind: '503', method: 'PATCH' } as any)).toThrow(TypeError);
		sandbox.faults.clear();
	});

	test('writes are in the request log: exactly one POST for one create, none for a refused readonly… it is logged with its 403', async () => {
		const seq = sandbox.log.entries().at(-1)!.seq;
		const body = await bodyFor('product_sales_price_types', lead());
		await post('/product_sales_price_types', body);
		await call('POST', '/product_sales_price_types', body, { auth: readonlyToken });
		const writes = sandbox.log.entries().filter((e) => e.seq > seq && e.method !== 'GET');
		expect(writes.map((e) => [e.method, e.path, e.status])).toEqual([
			['POST', '/v3.1/product_sales_price_types', 201],
			['POST', '/v3.1/product_sales_price_types', 403],
		]);
	});
});

describe('attachments', () => {
	const MAX = 2_621_440;
	async function attach(bytes: Buffer, extra: Record<string, unknown> = {}) {
		const body = await bodyFor('attachments', lead());
		Object.assign(body.attachment, {
			file: bytes.toString('base64'),
			file_name: 'scan.bin',
			mime_type: 'application/octet-stream',
			file_size: bytes.length,
			...extra,
		});
		return post('/attachments', body);
	}

	test('a file of exactly 2,621,440 bytes is stored and served back byte for byte', async () => {
		const bytes = Buffer.alloc(MAX, 7);
		bytes.write('sandbox', 0);
		const reply = await attach(bytes, {
			attachment_context_type_id: 'SALES_INVOICE',
			attachment_context_id: (await get('/sales_invoices?items_per_page=1')).json.$items[0].id,
			description: 'Delivery note',
		});
		expect(reply.status).toBe(201);
		expect(reply.json).toMatchObject({
			file_size: MAX,
			file_name: 'scan.bin',
			description: 'Delivery note',
			attachment_context_type: { id: 'SALES_INVOICE' },
		});
		expect(reply.json.$file_path).toBe(`/attachments/${reply.json.id}/file`);
		const file = await request(`${baseUrl}${reply.json.$file_path}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/octet-stream' },
		});
		expect(file.statusCode).toBe(200);
		const served = Buffer.from(await file.body.arrayBuffer());
		expect(createHash('sha256').update(served).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
		const listed = await get(
			`/attachments?attachment_context_type_id=SALES_INVOICE&attachment_context_id=${reply.json.attachment_context.id}`,
		);
		expect(listed.json.$items.map((i: any) => i.id)).toContain(reply.json.id);
	});

	test('one byte more is refused naming file; invalid base64, a wrong file_size, an unknown context too', async () => {
		const before = count(lead(), 'attachments');
		expectInvalid(await attach(Buffer.alloc(MAX + 1), { file_size: undefined }), 'file');
		expectInvalid(await attach(Buffer.alloc(10), { file: 'not base64!!' }), 'file');
		expectInvalid(await attach(Buffer.alloc(10), { file_size: 11 }), 'file_size');
		expectInvalid(
			await attach(Buffer.alloc(10), { attachment_context_id: '0123456789abcdef0123456789abcdef' }),
			'attachment_context_id',
		);
		expectInvalid(
			await attach(Buffer.alloc(10), { attachment_context_type_id: 'NOT_A_TYPE' }),
			'attachment_context_type_id',
		);
		expect(count(lead(), 'attachments')).toBe(before);
	});
});

describe('settings objects and other updates', () => {
	test('PUT a settings object changes it; a reference inside is checked', async () => {
		const reply = await put('/invoice_settings', {
			invoice_settings: { quote_default_days_to_expiry: 45, document_headings: { sales_invoice: 'Facture' } },
		});
		expect(reply.status).toBe(200);
		expect(reply.json.quote_default_days_to_expiry).toBe(45);
		expect((await get('/invoice_settings')).json.quote_default_days_to_expiry).toBe(45);
		expect(validate('InvoiceSettings', reply.json)).toEqual([]);
		expectInvalid(
			await put('/invoice_settings', { invoice_settings: { payment_bank_account_id: 'nope' } }),
			'payment_bank_account_id',
		);
		expectInvalid(
			await put('/financial_settings', { financial_settings: { base_currency_id: 'USD' } }),
			'base_currency_id',
		);
		expect((await put('/datev_settings', { datev_settings: {} })).status).toBe(404);
	});

	test('a seeded record can be updated: its other fields stay, updated_at moves', async () => {
		const product = (await get('/products?items_per_page=1&attributes=all')).json.$items[0];
		sandbox.clock.advance(3);
		const reply = await put(`/products/${product.id}`, { product: { notes: 'Now with oat milk' } });
		expect(reply.status).toBe(200);
		const { updated_at: a, notes: n1, ...rest } = reply.json;
		const { updated_at: b, notes: n2, ...was } = product;
		expect(rest).toEqual(was);
		expect(n1).toBe('Now with oat milk');
		expect(Date.parse(a)).toBeGreaterThan(Date.parse(b));
		const since = new Date(Date.parse(a) - 1000).toISOString();
		expect((await get(`/products?updated_or_created_since=${since}`)).json.$items.map((i: any) => i.id)).toContain(
			product.id,
		);
	});

	test('a new contact gets its main address and contact person in /addresses and /contact_persons', async () => {
		const body = await bodyFor('contacts', lead());
		body.contact.main_address = { address_line_1: '2 Sandbox Road', city: 'Leeds', postal_code: 'LS1 1AA' };
		body.contact.main_contact_person = { name: 'Ada Sandbox', email: 'ada@example.com' };
		const contact = (await post('/contacts', body)).json;
		expect(contact.main_address).toMatchObject({ address_line_1: '2 Sandbox Road', country: { id: 'GB' } });
		const address = await get(`/addresses/${contact.main_address.id}`);
		expect(address.status).toBe(200);
		expect(address.json).toMatchObject({ address_line_1: '2 Sandbox Road', contact: { id: contact.id } });
		const person = await get(`/contact_persons/${contact.main_contact_person.id}`);
		expect(person.json).toMatchObject({ name: 'Ada Sandbox', email: 'ada@example.com' });
		// Editing the address edits what the contact shows.
		await put(`/addresses/${contact.main_address.id}`, { address: { city: 'York' } });
		expect((await get(`/contacts/${contact.id}`)).json.main_address.city).toBe('York');
		// A contact's reference is unique.
		const twin = await bodyFor('contacts', lead());
		twin.contact.reference = contact.reference;
		expectInvalid(await post('/contacts', twin), 'reference');
		// Searchable under its name at once.
		const found = await get(`/contacts?search=${encodeURIComponent(contact.name.split(' ')[0])}&items_per_page=200`);
		expect(found.json.$items.map((i: any) => i.id)).toContain(contact.id);
	});

	test('stock movements move the stock, never below zero', async () => {
		const item = (await get('/stock_items?attributes=quantity_in_stock&items_per_page=1')).json.$items[0];
		const stock = item.quantity_in_stock;
		const move = (quantity: number) =>
			post('/stock_movements', {
				stock_movement: { stock_item_id: item.id, date: '2025-06-20', quantity, cost_price: 1, details: 'Count' },
			});
		expect((await move(5)).status).toBe(201);
		expect((await get(`/stock_items/${item.id}`)).json.quantity_in_stock).toBe(stock + 5);
		expectInvalid(await move(-(stock + 6)), 'quantity');
	});
});

describe('every PUT and DELETE of the OpenAPI on seeded records (in-process): answered by the rules, records valid, books balanced', () => {
	// A dataset of its own, so the seeded records the other tests read stay as they are.
	const { buildDataset } = require('../../../sandbox/data');
	const dataset = buildDataset();
	const { call } = inProcessApi(dataset);
	const handle = (method: string, path: string, body: unknown, business: string) => call(method, path, business, body);
	const ops = [...writeOperations().values()].flat();
	const businessFor = (name: string) => {
		const meta = dataset.collections.find((c: any) => c.name === name);
		const key =
			BUSINESS_KEY[name] ??
			dataset.businesses.find((b: any) => !meta.countries || meta.countries.includes(b.country))?.key ??
			'lead';
		return dataset.businesses.find((b: any) => b.key === key).id;
	};
	async function firstRecord(name: string, business: string) {
		const list = await handle('GET', `/${name}?items_per_page=5`, undefined, business);
		return list.json.$items?.[list.json.$items.length - 1];
	}

	test.each(ops.filter((op: any) => op.method === 'PUT').map((op: any) => [op.path, op]))(
		'PUT %s with an empty wrapper: 200 (or 422 when it cannot change), the record valid',
		async (path, op: any) => {
			const business = businessFor(op.collection);
			const meta = dataset.collections.find((c: any) => c.name === op.collection);
			const target = meta.singleton ? `/${op.collection}` : (await firstRecord(op.collection, business))?.$path;
			if (!target) return;
			const reply = await handle('PUT', target, { [op.wrapper]: {} }, business);
			if (meta.countries && !meta.countries.includes(dataset.businesses.find((b: any) => b.id === business).country)) {
				expect(reply.status).toBe(404);
				return;
			}
			expect([200, 422]).toContain(reply.status);
			if (reply.status === 422) {
				expect(reply.json[0]).toMatchObject({ $severity: 'error', $source: op.wrapper });
				return;
			}
			expect(validate(recordDefinition(op.collection)!, reply.json)).toEqual([]);
			expect((await handle('GET', target, undefined, business)).json).toEqual(reply.json);
		},
	);

	test.each(ops.filter((op: any) => op.method === 'DELETE').map((op: any) => [op.path, op]))(
		'DELETE %s: 204 (void: 200) or refused with 422, nothing half done',
		async (path, op: any) => {
			const business = businessFor(op.collection);
			const record = await firstRecord(op.collection, business);
			if (!record) return;
			const before = dataset.count(business, op.collection);
			const voids = op.query.some((p: any) => p.name === 'void_reason');
			const reply = await handle('DELETE', `${record.$path}${voids ? '?void_reason=Test' : ''}`, undefined, business);
			expect([200, 204, 422]).toContain(reply.status);
			if (reply.status === 422) {
				expect(dataset.count(business, op.collection)).toBe(before);
				expect(reply.json[0]).toMatchObject({ $severity: 'error', $source: 'id' });
			} else if (reply.status === 204) {
				expect(dataset.count(business, op.collection)).toBe(before - 1);
				expect((await handle('GET', record.$path, undefined, business)).status).toBe(404);
			} else {
				expect(reply.json.status.id).toBe('VOID');
			}
		},
	);

	test('the books of every business balance after all of it', async () => {
		for (const b of dataset.businesses) {
			const tb = await handle('GET', '/trial_balance?from_date=2000-01-01&to_date=2099-12-31', undefined, b.id);
			const cents = (s: string) => Math.round(Number(s) * 100);
			const sum = (side: 'debit' | 'credit') =>
				tb.json.ledger_accounts.reduce((s: number, a: any) => s + cents(a.closing_balance[side]), 0);
			expect(sum('debit')).toBe(sum('credit'));
		}
	});
});
