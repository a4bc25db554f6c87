// Conformance of sales documents as PDFs and of the item GET's own query parameters, over HTTP with
// a real token:
// - `Accept: application/pdf` on a sales invoice, credit note or corrective invoice: a one-page PDF
//   (read back with pdf.js) whose bytes are `dataset.renderDocumentPdf`'s for the record's state;
//   `mark_as_sent` (default true) marks the document sent; an invalid value is a 400; anywhere else
//   the PDF type is a 406 with the service's error body; an unknown id stays the JSON 404;
// - `show_payments_allocations` (on item paths and payable lists), `nested_attributes` and
//   `attributes` on item paths, where the OpenAPI declares them, consistent with /contact_payments
//   and /contact_allocations.
import { request } from 'undici';
import { createValidator } from '../../../sandbox/openapi/validator';
import { accessToken } from '../token-helper';
import { startSandbox, type Sandbox, type Urls } from '../oauth-flow';
import { bodies } from '../write-bodies';
import { pdfText } from '../pdf-text';

let sandbox: Sandbox;
let urls: Urls;
let token: string;
const validate = createValidator({ strict: true });

beforeAll(async () => {
	({ sandbox, urls } = await startSandbox());
	token = await accessToken(sandbox, urls, 'full_access');
});
afterAll(() => sandbox.stop());

interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	bytes: Buffer;
	json: any;
}

async function call(
	method: string,
	path: string,
	{ business, accept = 'application/json', body }: { business?: string; accept?: string; body?: unknown } = {},
): Promise<Reply> {
	const response = await request(urls.baseUrl + path, {
		method: method as any,
		headers: {
			authorization: `Bearer ${token}`,
			accept,
			...(business ? { 'x-business': business } : {}),
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const bytes = Buffer.from(await response.body.arrayBuffer());
	const json = String(response.headers['content-type']).startsWith('application/json')
		? JSON.parse(bytes.toString('utf8'))
		: undefined;
	return { status: response.statusCode, headers: response.headers, bytes, json };
}
const get = (path: string, business?: string) => call('GET', path, { business });
const pdf = (path: string, business?: string) => call('GET', path, { business, accept: 'application/pdf' });
const post = (path: string, body: unknown, business?: string) => call('POST', path, { business, body });
const bodyFor = bodies(
	(path, business) => get(path, business),
	(path, body, business) => post(path, body, business),
);

const businessId = (key: string) => sandbox.dataset.businesses.find((b) => b.key === key)!.id;
const lead = () => sandbox.dataset.leadBusinessId;

/** The service's error body, exactly one entry. */
function expectServiceError(reply: Reply, status: number, dataCode: string, source: string) {
	expect(reply.status).toBe(status);
	expect(reply.headers['content-type']).toMatch(/^application\/json/);
	expect(reply.json).toEqual([
		{ $severity: 'error', $dataCode: dataCode, $message: expect.any(String), $source: source },
	]);
}

/** A new unsent sales document of the business, made through the writes. */
async function newDocument(collection: string, business: string, lines?: unknown[]) {
	const body = await bodyFor(collection, business);
	const wrapper = Object.keys(body)[0];
	if (lines) body[wrapper][collection === 'sales_credit_notes' ? 'credit_note_lines' : 'invoice_lines'] = lines;
	const made = await post(`/${collection}`, body, business);
	expect(made.status).toBe(201);
	return made.json;
}

const DOCUMENTS = [
	{ collection: 'sales_invoices', business: 'lead', number: 'invoice_number', definition: 'SalesInvoice' },
	{ collection: 'sales_credit_notes', business: 'lead', number: 'credit_note_number', definition: 'SalesCreditNote' },
	{
		collection: 'sales_corrective_invoices',
		business: 'second',
		number: 'invoice_number',
		definition: 'SalesCorrectiveInvoice',
	},
] as const;

describe('PDFs of sales documents', () => {
	test.each(DOCUMENTS)(
		'$collection: a one-page PDF with the number, equal to a second rendering',
		async ({ collection, business: key, number }) => {
			const business = businessId(key);
			const { json } = await get(`/${collection}?items_per_page=5&attributes=${number},contact_name,sent`, business);
			const record = json.$items.find((r: any) => r.sent) ?? json.$items[0];

			const answer = await pdf(`/${collection}/${record.id}`, business);
			expect(answer.status).toBe(200);
			expect(answer.headers['content-type']).toBe('application/pdf');
			expect(answer.headers['x-business']).toBe(business);
			expect(Date.parse(String(answer.headers.date))).not.toBeNaN();
			expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
			expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(answer.bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);

			expect((await sandbox.dataset.renderDocumentPdf(business, collection, record.id)).equals(answer.bytes)).toBe(
				true,
			);
			expect((await pdf(`/${collection}/${record.id}`, business)).bytes.equals(answer.bytes)).toBe(true);

			const { text, pages } = await pdfText(answer.bytes);
			expect(pages).toBe(1);
			expect(text).toContain(record[number]);
			expect(text).toContain(record.contact_name);
			expect(text).toContain(sandbox.dataset.businesses.find((b) => b.id === business)!.name);
		},
	);

	test('shows the lines, dates, totals and currency of the record', async () => {
		const { json } = await get(`/sales_invoices?items_per_page=1&attributes=all&status_id=PAID`);
		const invoice = json.$items[0];
		const { text } = await pdfText((await pdf(`/sales_invoices/${invoice.id}`)).bytes);
		for (const line of invoice.invoice_lines) {
			expect(text).toContain(line.description);
			expect(text).toContain(line.unit_price.toFixed(2));
			expect(text).toContain(line.total_amount.toFixed(2));
		}
		expect(text).toContain(invoice.date);
		expect(text).toContain(invoice.due_date);
		expect(text).toContain(invoice.contact_reference);
		const grouped = invoice.total_amount.toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ',');
		expect(text).toContain(`GBP ${grouped}`);
	});

	test('marks the document sent by default: sent false → true, updated_at moves, the bytes follow the state', async () => {
		const made = await newDocument('sales_invoices', lead());
		expect(made.sent).toBe(false);
		sandbox.clock.advance(61);
		const answer = await pdf(`/sales_invoices/${made.id}`);
		expect(answer.status).toBe(200);
		const after = (await get(`/sales_invoices/${made.id}`)).json;
		expect(after.sent).toBe(true);
		expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(made.updated_at) + 61_000);
		const changed = await get(`/sales_invoices?updated_or_created_since=${after.updated_at}&items_per_page=200`);
		expect(changed.json.$items.map((i: any) => i.id)).toContain(made.id);
		expect((await sandbox.dataset.renderDocumentPdf(lead(), 'sales_invoices', made.id)).equals(answer.bytes)).toBe(
			true,
		);

		// Already sent: nothing to mark, the same bytes again.
		sandbox.clock.advance(5);
		expect((await pdf(`/sales_invoices/${made.id}?mark_as_sent=true`)).bytes.equals(answer.bytes)).toBe(true);
		expect((await get(`/sales_invoices/${made.id}`)).json.updated_at).toBe(after.updated_at);
	});

	test('mark_as_sent=false leaves the document as it was', async () => {
		const made = await newDocument('sales_credit_notes', lead());
		sandbox.clock.advance(7);
		const answer = await pdf(`/sales_credit_notes/${made.id}?mark_as_sent=false`);
		expect(answer.status).toBe(200);
		const after = (await get(`/sales_credit_notes/${made.id}`)).json;
		expect(after.sent).toBe(false);
		expect(after.updated_at).toBe(made.updated_at);
		expect((await sandbox.dataset.renderDocumentPdf(lead(), 'sales_credit_notes', made.id)).equals(answer.bytes)).toBe(
			true,
		);
	});

	test('a change to the record changes the bytes', async () => {
		const made = await newDocument('sales_invoices', lead());
		const first = (await pdf(`/sales_invoices/${made.id}`)).bytes;
		sandbox.clock.advance(3);
		const changed = await call('PUT', `/sales_invoices/${made.id}`, {
			body: { sales_invoice: { notes: 'Deliver to the back door.' } },
		});
		expect(changed.status).toBe(200);
		const second = (await pdf(`/sales_invoices/${made.id}`)).bytes;
		expect(second.equals(first)).toBe(false);
		expect((await pdfText(second)).text).toContain('Deliver to the back door.');
	});

	test('an invalid mark_as_sent is refused as other booleans are, and marks nothing', async () => {
		const made = await newDocument('sales_invoices', lead());
		const refused = await pdf(`/sales_invoices/${made.id}?mark_as_sent=yes`);
		expectServiceError(refused, 400, 'InvalidParameter', 'mark_as_sent');
		expect(refused.headers['x-business']).toBe(lead());
		expect((await get(`/sales_invoices/${made.id}`)).json.sent).toBe(false);
		// As JSON too: the item GET validates what it declares.
		expectServiceError(await get(`/sales_invoices/${made.id}?mark_as_sent=1`), 400, 'InvalidParameter', 'mark_as_sent');
	});

	test('an unknown id stays the JSON 404', async () => {
		expectServiceError(await pdf(`/sales_invoices/${'f'.repeat(32)}`), 404, 'RecordNotFound', 'id');
	});

	test.each([
		['a quote', async () => `/sales_quotes/${(await get('/sales_quotes?items_per_page=1')).json.$items[0].id}`],
		[
			'an estimate',
			async () => `/sales_estimates/${(await get('/sales_estimates?items_per_page=1')).json.$items[0].id}`,
		],
		[
			'a purchase invoice',
			async () => `/purchase_invoices/${(await get('/purchase_invoices?items_per_page=1')).json.$items[0].id}`,
		],
		['the sales invoices list', async () => '/sales_invoices'],
		['the quotes list', async () => '/sales_quotes?items_per_page=5'],
		['the lead business', async () => '/businesses/lead'],
		['a settings object', async () => '/financial_settings'],
	])('Accept: application/pdf on %s → 406 with the service body', async (_, pathOf) => {
		const answer = await pdf(await pathOf());
		expectServiceError(answer, 406, 'NotAcceptable', 'Accept');
		expect(answer.json[0].$message).toMatch(/application\/pdf/);
		expect(answer.headers['x-business']).toBe(lead());
	});

	test('Accept negotiation: JSON where the caller also takes it; JSON by default; PDF by preference', async () => {
		const quote = (await get('/sales_quotes?items_per_page=1')).json.$items[0];
		const both = await call('GET', `/sales_quotes/${quote.id}`, { accept: 'application/pdf, application/json' });
		expect(both.status).toBe(200);
		expect(both.json.id).toBe(quote.id);
		const invoice = (await get('/sales_invoices?items_per_page=1')).json.$items[0];
		expect((await call('GET', `/sales_invoices/${invoice.id}`, { accept: '*/*' })).json.id).toBe(invoice.id);
		const preferred = await call('GET', `/sales_invoices/${invoice.id}`, {
			accept: 'application/json;q=0.5, application/pdf',
		});
		expect(preferred.headers['content-type']).toBe('application/pdf');
		// A write asked for as a PDF is refused before anything is written.
		const before = sandbox.dataset.count(lead(), 'sales_invoices');
		const write = await call('POST', '/sales_invoices', {
			accept: 'application/pdf',
			body: await bodyFor('sales_invoices', lead()),
		});
		expectServiceError(write, 406, 'NotAcceptable', 'Accept');
		expect(sandbox.dataset.count(lead(), 'sales_invoices')).toBe(before);
	});

	test('a 50-line invoice made through the writes fits one page', async () => {
		const template = (await bodyFor('sales_invoices', lead())).sales_invoice.invoice_lines[0];
		const lines = Array.from({ length: 50 }, (_, k) => ({
			...template,
			description: `Line ${k + 1}: Café de Olla Blend Ground for Espresso 1 kg`,
			quantity: (k % 9) + 1,
			unit_price: 12.5 + k,
			tax_amount: Math.round(((k % 9) + 1) * (12.5 + k) * 20) / 100,
		}));
		const made = await newDocument('sales_invoices', lead(), lines);
		const answer = await pdf(`/sales_invoices/${made.id}`);
		const { text, pages } = await pdfText(answer.bytes);
		expect(pages).toBe(1);
		expect(text).toContain('Line 1: Café de Olla');
		expect(text).toContain('Line 50: Café de Olla');
		expect(text).toContain(made.invoice_number);
		expect(answer.bytes.length).toBeLessThan(64 * 1024);
	});
});

describe('item GET query parameters', () => {
	/** Σ over a document's payments_allocations, in cents. */
	const settledCents = (entries: any[]) =>
		entries.reduce((sum, e) => sum + Math.round(e.amount * 100) + Math.round(e.discount * 100), 0);

	test('show_payments_allocations: the payments and allocations the sandbox lists for the document', async () => {
		const allocations = (await get('/contact_allocations?items_per_page=200&attributes=allocated_artefacts')).json
			.$items;
		const allocated = allocations[0].allocated_artefacts.map((a: any) => a.artefact);
		const paid = (await get('/sales_invoices?items_per_page=3&status_id=PAID')).json.$items;
		const partPaid = (await get('/sales_invoices?items_per_page=3&status_id=PART_PAID')).json.$items;
		const unpaid = (await get('/sales_invoices?items_per_page=1&status_id=UNPAID')).json.$items;
		const purchase = (await get('/purchase_invoices?items_per_page=2&status_id=PAID')).json.$items;
		const documents = [...allocated, ...paid, ...partPaid, ...unpaid, ...purchase];

		for (const ref of documents) {
			const reply = await get(`${ref.$path}?show_payments_allocations=true`);
			expect(reply.status).toBe(200);
			const doc = reply.json;
			const definition = ref.$path.startsWith('/sales_credit_notes')
				? 'SalesCreditNote'
				: ref.$path.startsWith('/purchase')
					? 'PurchaseInvoice'
					: 'SalesInvoice';
			expect(validate(definition, doc)).toEqual([]);
			expect(settledCents(doc.payments_allocations)).toBe(Math.round(doc.total_paid * 100));
			expect(settledCents(doc.payments_allocations)).toBe(
				Math.round((doc.total_amount - doc.outstanding_amount) * 100),
			);

			// Each entry is a payment or allocation whose allocated artefacts name this document with that amount …
			for (const entry of doc.payments_allocations) {
				const source = (await get(entry.$path)).json;
				const line = source.allocated_artefacts.find((a: any) => a.artefact.id === doc.id);
				expect(Math.abs(line.amount)).toBeCloseTo(entry.amount, 2);
				expect(entry.date).toBe(source.date);
				expect(entry.type).toBe(source.transaction_type.displayed_as);
				expect(entry.contact_payment ?? entry.contact_allocation).toEqual({
					id: source.id,
					displayed_as: source.displayed_as,
					$path: source.$path,
				});
			}
			// … and every payment of the contact naming it is there.
			const payments = await get(
				`/contact_payments?contact_id=${doc.contact.id}&items_per_page=200&attributes=allocated_artefacts`,
			);
			const naming = payments.json.$items.filter((p: any) =>
				p.allocated_artefacts.some((a: any) => a.artefact.id === doc.id),
			);
			const listed = doc.payments_allocations.filter((e: any) => e.contact_payment).map((e: any) => e.id);
			expect([...new Set(listed)].sort()).toEqual(naming.map((p: any) => p.id).sort());
		}
		expect(documents.length).toBeGreaterThanOrEqual(8);
		expect((await get(`${unpaid[0].$path}?show_payments_allocations=true`)).json.payments_allocations).toEqual([]);
	});

	test('show_payments_allocations follows payments written and deleted through the API', async () => {
		const made = await newDocument('sales_invoices', lead());
		const total = made.total_amount;
		const body = await bodyFor('contact_payments', lead());
		Object.assign(body.contact_payment, {
			transaction_type_id: 'CUSTOMER_RECEIPT',
			contact_id: made.contact.id,
			total_amount: 5,
			allocated_artefacts: [{ artefact_id: made.id, amount: 5 }],
		});
		const payment = await post('/contact_payments', body);
		expect(payment.json).toMatchObject({ id: expect.any(String) });
		const shown = (await get(`/sales_invoices/${made.id}?show_payments_allocations=true`)).json;
		expect(shown.payments_allocations).toEqual([
			expect.objectContaining({ id: payment.json.id, amount: 5, discount: 0, contact_allocation: null }),
		]);
		expect(shown.outstanding_amount).toBeCloseTo(total - 5, 2);

		expect((await call('DELETE', `/contact_payments/${payment.json.id}`)).status).toBe(204);
		expect((await get(`/sales_invoices/${made.id}?show_payments_allocations=true`)).json.payments_allocations).toEqual(
			[],
		);
	});

	test('without the flag, or where the path does not declare it, there is no payments_allocations', async () => {
		const invoice = (await get('/sales_invoices?items_per_page=1&status_id=PAID')).json.$items[0];
		expect((await get(invoice.$path)).json).not.toHaveProperty('payments_allocations');
		expect((await get(`${invoice.$path}?show_payments_allocations=false`)).json).not.toHaveProperty(
			'payments_allocations',
		);
		const quote = (await get('/sales_quotes?items_per_page=1')).json.$items[0];
		expect((await get(`${quote.$path}?show_payments_allocations=true`)).json).not.toHaveProperty(
			'payments_allocations',
		);
		expectServiceError(
			await get(`${invoice.$path}?show_payments_allocations=maybe`),
			400,
			'InvalidParameter',
			'show_payments_allocations',
		);
	});

	test('show_payments_allocations on a payable list: each item shows what its own item GET shows', async () => {
		for (const path of ['/sales_invoices', '/sales_credit_notes', '/purchase_invoices', '/purchase_quick_entries']) {
			const listed = (await get(`${path}?items_per_page=40&show_payments_allocations=true&attributes=total_amount`))
				.json.$items;
			expect(listed.some((item: any) => item.payments_allocations.length > 0)).toBe(true);
			for (const item of listed) {
				const own = (await get(`${item.$path}?show_payments_allocations=true`)).json;
				expect(item.payments_allocations).toEqual(own.payments_allocations);
			}
		}
		const plain = (await get('/sales_invoices?items_per_page=5&attributes=total_amount')).json.$items;
		expect(plain.every((item: any) => !('payments_allocations' in item))).toBe(true);
		const quotes = (await get('/sales_quotes?items_per_page=5&show_payments_allocations=true')).json.$items;
		expect(quotes.every((item: any) => !('payments_allocations' in item))).toBe(true);
	});

	test('nested_attributes=all: nested references become the records they name', async () => {
		const invoice = (await get('/sales_invoices?items_per_page=20&attributes=invoice_lines')).json.$items.find(
			(i: any) => i.invoice_lines.some((l: any) => l.product),
		);
		const plain = (await get(invoice.$path)).json;
		const nested = (await get(`${invoice.$path}?nested_attributes=all`)).json;
		expect(validate('SalesInvoice', nested)).toEqual([]);
		expect(nested.contact).toEqual((await get(plain.contact.$path)).json);
		const line = nested.invoice_lines.findIndex((l: any) => l.product);
		expect(nested.invoice_lines[line].product).toEqual((await get(plain.invoice_lines[line].product.$path)).json);
		// A line's ledger account is declared `Base`, not `LedgerAccount`: it stays a reference.
		expect(nested.invoice_lines[line].ledger_account).toEqual(plain.invoice_lines[line].ledger_account);
		// The nested records are as their own GET shows them (not expanded in turn); the rest is unchanged.
		expect(nested.contact.currency).toEqual({ id: 'GBP', displayed_as: expect.any(String), $path: '/currencies/GBP' });
		expect(nested.total_amount).toBe(plain.total_amount);
		expect(Object.keys(nested)).toEqual(Object.keys(plain));
	});

	test('nested_attributes=a,b: nested references get those attributes on top of their base', async () => {
		const invoice = (await get('/sales_invoices?items_per_page=1')).json.$items[0];
		const nested = (await get(`${invoice.$path}?nested_attributes=email,reference`)).json;
		const contact = (await get(nested.contact.$path)).json;
		expect(nested.contact).toEqual({
			id: contact.id,
			displayed_as: contact.displayed_as,
			$path: contact.$path,
			email: contact.email,
			reference: contact.reference,
		});
		expect(validate('SalesInvoice', nested)).toEqual([]);
	});

	test('nested_attributes is ignored where the item path does not declare it', async () => {
		const product = (await get('/products?items_per_page=1')).json.$items[0];
		expect((await get(`${product.$path}?nested_attributes=all`)).json).toEqual((await get(product.$path)).json);
	});

	test('attributes on an item: the listed attributes plus the base fields; all or absent: everything', async () => {
		const invoice = (await get('/sales_invoices?items_per_page=1')).json.$items[0];
		const full = (await get(invoice.$path)).json;
		const some = (await get(`${invoice.$path}?attributes=date,total_amount,no_such_field`)).json;
		expect(some).toEqual({
			id: full.id,
			displayed_as: full.displayed_as,
			$path: full.$path,
			date: full.date,
			total_amount: full.total_amount,
		});
		expect((await get(`${invoice.$path}?attributes=all`)).json).toEqual(full);
		const contact = (await get(`${full.contact.$path}?attributes=name`)).json;
		expect(Object.keys(contact)).toEqual(['id', 'displayed_as', '$path', 'name']);
		// Together: the flag adds its array to the chosen attributes.
		const paid = (await get('/sales_invoices?items_per_page=1&status_id=PAID')).json.$items[0];
		const both = (await get(`${paid.$path}?attributes=total_paid&show_payments_allocations=true`)).json;
		expect(Object.keys(both)).toEqual(['id', 'displayed_as', '$path', 'total_paid', 'payments_allocations']);
	});

	test('declared parameters are validated by type; undeclared ones are ignored', async () => {
		const invoice = (await get('/sales_invoices?items_per_page=1')).json.$items[0];
		expectServiceError(
			await get(`${invoice.$path}?show_analysis_types=sometimes`),
			400,
			'InvalidParameter',
			'show_analysis_types',
		);
		expect((await get(`${invoice.$path}?show_analysis_types=TRUE&show_corrections=false`)).status).toBe(200);
		expect((await get(`${invoice.$path}?whatever=1&page=x`)).json).toEqual((await get(invoice.$path)).json);
	});
});
