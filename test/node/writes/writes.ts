// The write side through n8n's engine against the sandbox: documents built in the editor and by
// Map Automatically, payments that settle them, voids and releases, nothing duplicated when an
// answer is lost, nothing written under a readonly credential, the service's refusals shown.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import {
	accountingServiceNode,
	connectCredential,
	CredentialStore,
	isN8n1,
	probeNode,
	recommendedGrantType,
	runWorkflow,
} from '../../harness';
import { lineTaxAmount } from '../../../nodes/AccountingService/actions/write/tax';
import { useConnectedSandbox } from '../connected-sandbox';
import { serviceErrorMatching } from '../n8n-differences';
import {
	autoMap,
	byId,
	create,
	defineBelow,
	editorAllocations,
	editorLines,
	rawOutput,
	update,
} from '../write-helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { consent } = require('../../../sandbox/consent-client') as {
	consent: (url: string, options: { decision: 'allow' | 'deny' }) => Promise<string>;
};

const NODE = 'Accounting Service';
type FaultSpec = Parameters<ReturnType<typeof useConnectedSandbox>['sandbox']['faults']['inject']>[0];
const env = useConnectedSandbox();

interface Ids {
	customer: string;
	salesAccount: string;
	taxRate: string;
	percentage: number;
	product: string;
	service: string;
	bank: string;
}
const ids = {} as Ids;

const items = async (path: string) => (await env.fetchDirect(path)).body.$items as IDataObject[];
const totalOf = async (path: string) =>
	(await env.fetchDirect(`${path}${path.includes('?') ? '&' : '?'}items_per_page=1`)).body.$total as number;
const invoiceOf = async (id: string) => (await env.fetchDirect(`/sales_invoices/${id}`)).body;
/** A write made directly (another user of the business), not through the node. */
async function putDirect(path: string, body: IDataObject) {
	const token = String((env.store.oauthTokenData(env.credential.id) as IDataObject).access_token);
	const response = await request(`${env.urls.baseUrl}${path}`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify(body),
	});
	await response.body.text();
	expect(response.statusCode).toBe(200);
}
const idOf = (value: unknown) => (value as IDataObject | undefined)?.id;
const writesSince = (position: number) => env.apiRequestsSince(position).filter((entry) => entry.method !== 'GET');
const cents = (value: unknown) => Math.round(Number(value) * 100);

beforeAll(async () => {
	const [customer] = await items('/contacts?contact_type_id=CUSTOMER&items_per_page=1');
	const [salesAccount] = await items('/ledger_accounts?visible_in=sales&items_per_page=1');
	const rates = await items('/tax_rates?usage=sales&attributes=percentage&items_per_page=200');
	const rate =
		rates.find(
			(candidate) => Number(candidate.percentage) > 0 && !Number.isInteger(Number(candidate.percentage) / 2),
		) ?? rates.find((candidate) => Number(candidate.percentage) > 0)!;
	const [product] = await items('/products?items_per_page=1');
	const [service] = await items('/services?items_per_page=1');
	const [bank] = await items('/bank_accounts?items_per_page=1');
	Object.assign(ids, {
		customer: customer.id,
		salesAccount: salesAccount.id,
		taxRate: rate.id,
		percentage: Number(rate.percentage),
		product: product.id,
		service: service.id,
		bank: bank.id,
	});
});

const twoLines = () =>
	editorLines([
		{
			description: 'Widgets',
			product: ids.product,
			ledgerAccount: ids.salesAccount,
			quantity: 3,
			unitPrice: 19.99,
			discountAmount: 5,
			taxRate: ids.taxRate,
		},
		{
			description: 'Setup',
			service: ids.service,
			ledgerAccount: ids.salesAccount,
			quantity: 1.5,
			unitPrice: 80,
			taxRate: ids.taxRate,
		},
	]);

async function createInvoice(extra: IDataObject = {}, lines = twoLines()): Promise<IDataObject> {
	const result = await env.runNode(
		create('salesInvoice', defineBelow({ contact_id: ids.customer, date: '2025-03-01', ...extra }), { lines }),
	);
	expect(result.error).toBeUndefined();
	return result.json(NODE)[0];
}

describe('a two-line sales invoice', () => {
	it('built in the editor from lists and numbers: tax amounts computed to the cent, tax rates read once', async () => {
		const before = await totalOf('/sales_invoices');
		const position = env.sandbox.log.entries().length;
		const created = await createInvoice({ reference: 'EDITOR-1' });

		const stored = await invoiceOf(String(created.id));
		const lines = stored.invoice_lines as IDataObject[];
		expect(lines).toHaveLength(2);
		expect(lines.map((line) => line.description)).toEqual(['Widgets', 'Setup']);
		expect(idOf(lines[0].product)).toBe(ids.product);
		expect(idOf(lines[1].service)).toBe(ids.service);
		expect(lines.map((line) => idOf(line.tax_rate))).toEqual([ids.taxRate, ids.taxRate]);
		const expected = [
			lineTaxAmount({ quantity: 3, unit_price: 19.99, discount_amount: 5 }, ids.percentage),
			lineTaxAmount({ quantity: 1.5, unit_price: 80 }, ids.percentage),
		];
		expect(lines.map((line) => cents(line.tax_amount))).toEqual(expected.map(cents));
		expect(stored.reference).toBe('EDITOR-1');
		expect(await totalOf('/sales_invoices')).toBe(before + 1);

		const requests = env.apiRequestsSince(position).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
		expect(requests.filter((request) => request === 'GET /tax_rates')).toHaveLength(1);
		expect(requests.filter((request) => request === 'POST /sales_invoices')).toHaveLength(1);
	});

	it('from a spreadsheet row with Map Automatically: columns named as the attributes, lines as JSON text, other columns ignored', async () => {
		const row = {
			contact_id: ids.customer,
			date: '2025-03-02',
			reference: 'SHEET-7',
			notes: 'From the sheet',
			invoice_lines: JSON.stringify([
				{
					description: 'Widgets',
					ledger_account_id: ids.salesAccount,
					quantity: '2',
					unit_price: '19.99',
					tax_rate_id: ids.taxRate,
				},
				{
					description: 'Delivery',
					ledger_account_id: ids.salesAccount,
					quantity: 1,
					unit_price: 7.5,
					tax_rate_id: ids.taxRate,
				},
			]),
			'Customer name': 'Ada Ltd',
			row_number: 7,
		};
		const result = await env.runNode(create('salesInvoice', autoMap()), {}, { input: [row] });
		expect(result.error).toBeUndefined();
		const [created] = result.json(NODE);
		const stored = await invoiceOf(String(created.id));
		expect(stored).toMatchObject({ reference: 'SHEET-7', notes: 'From the sheet', date: '2025-03-02' });
		expect(idOf(stored.contact)).toBe(ids.customer);
		const lines = stored.invoice_lines as IDataObject[];
		expect(lines.map((line) => Number(line.quantity))).toEqual([2, 1]);
		expect(lines.map((line) => cents(line.tax_amount))).toEqual(
			[
				lineTaxAmount({ quantity: 2, unit_price: 19.99 }, ids.percentage),
				lineTaxAmount({ quantity: 1, unit_price: 7.5 }, ids.percentage),
			].map(cents),
		);
	});

	it('many items, many lines: the tax rates are read once per execution and business', async () => {
		const row = (reference: string) => ({
			contact_id: ids.customer,
			date: '2025-03-03',
			reference,
			invoice_lines: [
				{
					description: 'A',
					ledger_account_id: ids.salesAccount,
					quantity: 1,
					unit_price: 10,
					tax_rate_id: ids.taxRate,
				},
				{
					description: 'B',
					ledger_account_id: ids.salesAccount,
					quantity: 2,
					unit_price: 10.5,
					tax_rate_id: ids.taxRate,
				},
			],
		});
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', autoMap()),
			{},
			{ input: [row('MANY-1'), row('MANY-2'), row('MANY-3')] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items(NODE).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const requests = env.apiRequestsSince(position).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
		expect(requests.filter((request) => request === 'GET /tax_rates')).toHaveLength(1);
		expect(requests.filter((request) => request === 'POST /sales_invoices')).toHaveLength(3);
	});

	it('a tax amount the user gives is sent as given (and the tax rates are not read)', async () => {
		const given = lineTaxAmount({ quantity: 1, unit_price: 100 }, ids.percentage)!;
		const position = env.sandbox.log.entries().length;
		const created = await createInvoice(
			{},
			editorLines([
				{
					description: 'Given',
					ledgerAccount: ids.salesAccount,
					unitPrice: 100,
					taxRate: ids.taxRate,
					taxAmount: given,
				},
			]),
		);
		const [line] = (await invoiceOf(String(created.id))).invoice_lines as IDataObject[];
		expect(cents(line.tax_amount)).toBe(cents(given));
		expect(env.apiRequestsSince(position).some((entry) => entry.path.startsWith('/tax_rates'))).toBe(false);
	});

	it('a contact payment allocated to it in the editor settles it: the invoice shows PAID', async () => {
		const invoice = await createInvoice({ reference: 'TO-PAY' });
		const total = Number(invoice.total_amount);
		const result = await env.runNode(
			create(
				'contactPayment',
				defineBelow({
					transaction_type_id: 'CUSTOMER_RECEIPT',
					contact_id: ids.customer,
					bank_account_id: ids.bank,
					date: '2025-03-05',
					total_amount: total,
				}),
				{ allocations: editorAllocations([{ artefact: String(invoice.id), amount: total }]) },
			),
		);
		expect(result.error).toBeUndefined();
		const [payment] = result.json(NODE);
		const paid = await invoiceOf(String(invoice.id));
		expect(idOf(paid.status)).toBe('PAID');
		expect(Number(paid.outstanding_amount)).toBe(0);
		const stored = (await env.fetchDirect(`/contact_payments/${String(payment.id)}`)).body;
		expect((stored.allocated_artefacts as IDataObject[]).map((allocation) => idOf(allocation.artefact))).toEqual([
			invoice.id,
		]);
	});

	it('a payment’s allocations given as a list in Fields work too', async () => {
		const invoice = await createInvoice({ reference: 'TO-PAY-2' });
		const half = Number(invoice.total_amount) / 2;
		const result = await env.runNode(
			create(
				'contactPayment',
				defineBelow({
					transaction_type_id: 'CUSTOMER_RECEIPT',
					contact_id: ids.customer,
					bank_account_id: ids.bank,
					date: '2025-03-06',
					total_amount: half,
					allocated_artefacts: JSON.stringify([{ artefact_id: invoice.id, amount: half }]),
				}),
			),
		);
		expect(result.error).toBeUndefined();
		expect(idOf((await invoiceOf(String(invoice.id))).status)).toBe('PART_PAID');
	});
});

describe('update, release, void', () => {
	it('Update changes only what was set', async () => {
		const invoice = await createInvoice({ reference: 'UPD-1', notes: 'before' });
		const result = await env.runNode(
			update('salesInvoice', String(invoice.id), defineBelow({ notes: 'after', reference: null })),
		);
		expect(result.error).toBeUndefined();
		const stored = await invoiceOf(String(invoice.id));
		expect(stored).toMatchObject({ notes: 'after', reference: 'UPD-1' });
	});

	it('Update of a settings object', async () => {
		const before = (await env.fetchDirect('/invoice_settings')).body;
		const next = Number(before.next_invoice_number ?? 1) + 100;
		const result = await env.runNode({
			resource: 'invoiceSettings',
			operation: 'update',
			fields: defineBelow({ next_invoice_number: next }),
		} as INodeParameters);
		expect(result.error).toBeUndefined();
		expect((await env.fetchDirect('/invoice_settings')).body.next_invoice_number).toBe(next);
	});

	it('Release issues a draft', async () => {
		const draft = await createInvoice({ status_id: 'DRAFT' });
		expect(idOf((await invoiceOf(String(draft.id))).status)).toBe('DRAFT');
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'release',
			id: byId(String(draft.id)),
			options: rawOutput(),
		});
		expect(result.error).toBeUndefined();
		expect(result.json(NODE)[0].id).toBe(draft.id);
		expect(idOf((await invoiceOf(String(draft.id))).status)).not.toBe('DRAFT');
	});

	it('Reissue a journal', async () => {
		const [bank, other] = await items('/ledger_accounts?visible_in=journals&items_per_page=2');
		const made = await env.runNode(
			create(
				'journal',
				defineBelow({
					date: '2025-03-01',
					reference: 'N8N-J1',
					journal_lines: [
						{ ledger_account_id: bank.id, debit: 25, credit: 0, details: 'In' },
						{ ledger_account_id: other.id, debit: 0, credit: 25, details: 'Out' },
					],
				}),
			),
		);
		expect(made.error).toBeUndefined();
		const journal = made.json(NODE)[0];
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({
			resource: 'journal',
			operation: 'reissue',
			id: byId(String(journal.id)),
			options: rawOutput(),
		});
		expect(result.error).toBeUndefined();
		expect(result.json(NODE)).toHaveLength(1);
		expect(writesSince(position).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`POST /journals/${String(journal.id)}/reissue`,
		]);
	});

	it('Delete without a Void Reason: refused for an issued invoice (read, nothing deleted), done for a draft', async () => {
		const issued = await createInvoice();
		let position = env.sandbox.log.entries().length;
		const refused = await env.runNode({ resource: 'salesInvoice', operation: 'delete', id: byId(String(issued.id)) });
		expect(refused.error?.name).toBe('NodeOperationError');
		expect(refused.error?.message).toMatch(/"Void Reason".*reason/);
		expect(writesSince(position)).toEqual([]);
		expect(idOf((await invoiceOf(String(issued.id))).status)).not.toBe('VOID');

		const draft = await createInvoice({ status_id: 'DRAFT' });
		position = env.sandbox.log.entries().length;
		const deleted = await env.runNode({ resource: 'salesInvoice', operation: 'delete', id: byId(String(draft.id)) });
		expect(deleted.error).toBeUndefined();
		expect(writesSince(position).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`DELETE /sales_invoices/${String(draft.id)}`,
		]);
	});

	it('Delete with a Void Reason voids the invoice and outputs it', async () => {
		const issued = await createInvoice();
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'delete',
			id: byId(String(issued.id)),
			voidReason: 'Wrong customer',
			options: rawOutput(),
		});
		expect(result.error).toBeUndefined();
		const [voided] = result.json(NODE);
		expect(voided.id).toBe(issued.id);
		expect(idOf(voided.status)).toBe('VOID');
		expect(writesSince(position)[0].path).toBe(`/sales_invoices/${String(issued.id)}?void_reason=Wrong%20customer`);
	});

	it('Delete of a record the service removes outputs { id, deleted: true }; it is gone', async () => {
		const quote = await env.runNode(
			create('salesQuote', defineBelow({ contact_id: ids.customer, date: '2025-03-01', expiry_date: '2025-04-01' }), {
				lines: editorLines([
					{ description: 'Quote line', ledgerAccount: ids.salesAccount, unitPrice: 10, taxRate: ids.taxRate },
				]),
			}),
		);
		expect(quote.error).toBeUndefined();
		const id = String(quote.json(NODE)[0].id);
		const result = await env.runNode({
			resource: 'salesQuote',
			operation: 'delete',
			id: byId(id),
			options: rawOutput(),
		});
		expect(result.json(NODE)).toEqual([{ id, deleted: true }]);
		expect((await env.fetchDirect(`/sales_quotes/${id}`)).status).toBe(404);
	});
});

describe('nothing duplicated', () => {
	it('a create whose answer is lost after the service committed it is repeated with its idempotency_id: exactly one record', async () => {
		const before = await totalOf('/sales_invoices');
		// The sandbox processes the create, commits it, then drops the connection without an answer.
		env.sandbox.faults.inject({ kind: 'reset-after-commit', pathPrefix: '/sales_invoices' } as unknown as FaultSpec);
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: ids.customer, date: '2025-03-10', reference: 'RESET-1' }), {
				lines: twoLines(),
			}),
		);
		expect(result.error).toBeUndefined();
		const posts = env.apiRequestsSince(position).filter((entry) => entry.method === 'POST');
		expect(posts.length).toBe(2);
		expect(posts[0].fault).toBe('reset-after-commit');
		expect(await totalOf('/sales_invoices')).toBe(before + 1);
		expect(
			(await items('/sales_invoices?search=RESET&items_per_page=20')).filter(
				(invoice) => String(invoice.displayed_as).length,
			),
		).toHaveLength(1);
		expect(result.json(NODE)).toHaveLength(1);
	});

	const plainCreate = (reference: string) =>
		create('salesInvoice', defineBelow({ contact_id: ids.customer, date: '2025-03-12', reference }), {
			lines: twoLines(),
		}) as INodeParameters;

	it('Retry On Fail after a create the service committed but whose answer was lost: one record', async () => {
		const before = await totalOf('/sales_invoices');
		env.sandbox.faults.inject({ kind: 'reset-after-commit', pathPrefix: '/sales_invoices' } as unknown as FaultSpec);
		const position = env.sandbox.log.entries().length;
		// The node does not repeat it itself (Max Retries 0): n8n's Retry On Fail runs the node again.
		const result = await env.runNode(
			{ ...plainCreate('RETRY-1'), requestOptions: { maxRetries: 0 } },
			{ retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		);
		expect(result.error).toBeUndefined();
		const posts = env.apiRequestsSince(position).filter((entry) => entry.method === 'POST');
		expect(posts.map((entry) => entry.fault)).toEqual(['reset-after-commit', null]);
		expect(await totalOf('/sales_invoices')).toBe(before + 1);
	});

	it('identical items of one run, and two executions of the same items, each make their own records', async () => {
		const before = await totalOf('/sales_invoices');
		const twice = await env.runNode(plainCreate('SAME'), {}, { input: [{ order: 1 }, { order: 1 }] });
		expect(twice.error).toBeUndefined();
		const again = await env.runNode(plainCreate('SAME'), {}, { input: [{ order: 1 }, { order: 1 }] });
		expect(again.error).toBeUndefined();
		const made = [...twice.json(NODE), ...again.json(NODE)].map((invoice) => invoice.id);
		expect(new Set(made).size).toBe(4);
		expect(await totalOf('/sales_invoices')).toBe(before + 4);
	});

	it('two runs of the node in one execution (as in a loop) with identical items make two records', async () => {
		const before = await totalOf('/sales_invoices');
		// One probe feeds two others; both feed the create, which n8n runs once for each (run 0, run 1).
		const probe = (name: string) => ({ ...probeNode(env.credential, { path: '/businesses' }), name });
		const result = await runWorkflow({
			store: env.store,
			nodes: [
				probe('Start'),
				probe('Branch A'),
				probe('Branch B'),
				accountingServiceNode(env.credential, plainCreate('LOOP')),
			],
			connections: {
				Start: {
					main: [
						[
							{ node: 'Branch A', type: 'main', index: 0 },
							{ node: 'Branch B', type: 'main', index: 0 },
						],
					],
				},
				'Branch A': { main: [[{ node: NODE, type: 'main', index: 0 }]] },
				'Branch B': { main: [[{ node: NODE, type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
			input: [{ one: 1 }],
		});
		expect(result.error).toBeUndefined();
		const runs = result.run.data.resultData.runData[NODE];
		expect(runs).toHaveLength(2);
		const made = runs.flatMap((run) => run.data?.main?.[0] ?? []).map((item) => item.json.id);
		expect(new Set(made).size).toBe(made.length);
		expect(await totalOf('/sales_invoices')).toBe(before + made.length);
	});

	it('the same Idempotency Key in two executions makes one record', async () => {
		const before = await totalOf('/sales_invoices');
		const parameters = create(
			'salesInvoice',
			defineBelow({ contact_id: ids.customer, date: '2025-03-11', reference: '={{ $json.order }}' }),
			{
				lines: twoLines(),
				options: { idempotencyKey: '={{ $json.order }}' },
			},
		);
		const first = await env.runNode(parameters as INodeParameters, {}, { input: [{ order: 'ORDER-1001' }] });
		const second = await env.runNode(parameters as INodeParameters, {}, { input: [{ order: 'ORDER-1001' }] });
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(second.json(NODE)[0].id).toBe(first.json(NODE)[0].id);
		expect(await totalOf('/sales_invoices')).toBe(before + 1);
		const third = await env.runNode(parameters as INodeParameters, {}, { input: [{ order: 'ORDER-1002' }] });
		expect(third.json(NODE)[0].id).not.toBe(first.json(NODE)[0].id);
		expect(await totalOf('/sales_invoices')).toBe(before + 2);
	});

	it('a create without an idempotency_id is never repeated when its outcome is unknown', async () => {
		const before = await totalOf('/analysis_type_categories');
		env.sandbox.faults.inject({ kind: 'reset', pathPrefix: '/analysis_type_categories' });
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(create('analysisTypeCategory', defineBelow({ code: 'X1', name: 'Reset once' })));
		expect(result.error?.name).toBe('NodeApiError');
		expect(writesSince(position)).toHaveLength(1);
		expect(await totalOf('/analysis_type_categories')).toBe(before);
	});

	it('an update is repeated after a 503 (not processed); after a reset only where it carries an idempotency_id', async () => {
		const invoice = await createInvoice();
		env.sandbox.faults.inject({ kind: '503', pathPrefix: `/sales_invoices/${String(invoice.id)}` });
		let position = env.sandbox.log.entries().length;
		const retried = await env.runNode(update('salesInvoice', String(invoice.id), defineBelow({ notes: 'after 503' })));
		expect(retried.error).toBeUndefined();
		expect(writesSince(position).map((entry) => entry.status)).toEqual([503, 200]);

		// Sales invoices are idempotent at the service: the update carries an id, and is repeated.
		env.sandbox.faults.inject({
			kind: 'reset-after-commit',
			pathPrefix: `/sales_invoices/${String(invoice.id)}`,
		} as unknown as FaultSpec);
		position = env.sandbox.log.entries().length;
		const repeated = await env.runNode(
			update('salesInvoice', String(invoice.id), defineBelow({ notes: 'after reset' })),
		);
		expect(repeated.error).toBeUndefined();
		expect(writesSince(position).map((entry) => [entry.fault, entry.status])).toEqual([
			['reset-after-commit', null],
			[null, 200],
		]);
		expect((await invoiceOf(String(invoice.id))).notes).toBe('after reset');

		// Tax rates are not: their update carries no id and is never repeated after a reset.
		const [rate] = await items('/tax_rates?items_per_page=1');
		env.sandbox.faults.inject({ kind: 'reset', pathPrefix: `/tax_rates/${String(rate.id)}` });
		position = env.sandbox.log.entries().length;
		const dropped = await env.runNode(update('taxRate', String(rate.id), defineBelow({ name: 'After reset' })));
		expect(dropped.error?.name).toBe('NodeApiError');
		expect(writesSince(position)).toHaveLength(1);
	});

	it('Retry On Fail of an update whose answer was lost: the service recognises the repeat', async () => {
		const invoice = await createInvoice();
		env.sandbox.faults.inject({
			kind: 'reset-after-commit',
			pathPrefix: `/sales_invoices/${String(invoice.id)}`,
		} as unknown as FaultSpec);
		const position = env.sandbox.log.entries().length;
		// Between n8n's two tries somebody else changes the invoice (through the API): a repeat the
		// service recognises leaves that change alone; an update applied a second time would undo it.
		let changedElsewhere: Promise<unknown> | undefined;
		const watcher = setInterval(() => {
			if (writesSince(position).length === 0) return;
			clearInterval(watcher);
			changedElsewhere = putDirect(`/sales_invoices/${String(invoice.id)}`, {
				sales_invoice: { notes: 'changed elsewhere' },
			});
		}, 1);
		const result = await env.runNode(
			{
				...update('salesInvoice', String(invoice.id), defineBelow({ notes: 'once' })),
				requestOptions: { maxRetries: 0 },
			},
			{ retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		);
		clearInterval(watcher);
		await changedElsewhere;
		expect(result.error).toBeUndefined();
		expect(writesSince(position).map((entry) => entry.status)).toEqual([null, 200, 200]);
		expect((await invoiceOf(String(invoice.id))).notes).toBe('changed elsewhere');
	});
});

describe('refusals', () => {
	// A credential that says it is Read Only is refused before sending (read-only-scope.ts). Where
	// nothing tells the node (a token response without its scopes), the service still refuses.
	it('a readonly token the credential cannot tell: the service’s 403, clear, and nothing written', async () => {
		const connected = await connectCredential({
			endpoints: env.urls,
			client: env.sandbox.client,
			grantType: recommendedGrantType,
			scope: 'readonly',
			consent: async (url) => await consent(url, { decision: 'allow' }),
		});
		const { scopes: _granted, ...tokenData } = connected.data.oauthTokenData as IDataObject;
		const store = new CredentialStore();
		const credential = store.add({
			type: 'accountingServiceOAuth2Api',
			name: 'Read only',
			data: { ...connected.data, scope: 'full_access', oauthTokenData: tokenData },
		});
		const before = await totalOf('/sales_invoices');
		const result = await runWorkflow({
			store,
			nodes: [
				accountingServiceNode(
					credential,
					create('salesInvoice', defineBelow({ contact_id: ids.customer, date: '2025-03-01' }), {
						lines: twoLines(),
					}) as INodeParameters,
				),
			],
		});
		expect(result.error?.name).toBe('NodeApiError');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('403');
		expect(result.error?.message).toMatch(serviceErrorMatching(/readonly|read-only|read only/i, 403));
		expect(await totalOf('/sales_invoices')).toBe(before);
		const token = store.oauthTokenData(credential.id) as IDataObject;
		expect(JSON.stringify([result.run, result.error?.message, result.error?.description])).not.toContain(
			String(token.access_token),
		);
	});

	it('what the service refuses shows every $source with its message; with continue on fail only that item fails', async () => {
		const before = await totalOf('/sales_invoices');
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: '={{ $json.contact }}', date: '2025-03-12' }), {
				lines: twoLines(),
			}),
			{ continueOnFail: true },
			{
				input: [{ contact: ids.customer }, { contact: 'ffffffffffffffffffffffffffffffff' }, { contact: ids.customer }],
			},
		);
		expect(result.error).toBeUndefined();
		const output = result.items(NODE);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json.id).toEqual(expect.any(String));
		expect(output[1].json.error).toMatch(serviceErrorMatching(/contact_id/, 422));
		expect(output[2].json.id).toEqual(expect.any(String));
		expect(await totalOf('/sales_invoices')).toBe(before + 2);

		const failed = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: 'ffffffffffffffffffffffffffffffff', date: '2025-03-12' }), {
				lines: twoLines(),
			}),
		);
		expect(failed.error?.name).toBe('NodeApiError');
		expect((failed.error as unknown as { httpCode: string }).httpCode).toBe('422');
		// The service's error array, each entry as `$source: $message` (n8n 1.x hands the node the status only).
		expect(failed.error?.message).toMatch(serviceErrorMatching(/^contact_id: .*contact/, 422));
	});

	it('several refusals at once: every $source with its message, and no token or secret anywhere', async () => {
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: 'ffffffffffffffffffffffffffffffff', date: '2025-03-12' }), {
				lines: editorLines([
					{ description: 'A', ledgerAccount: ids.salesAccount, unitPrice: 10, taxAmount: 0 },
					{ description: 'B', ledgerAccount: 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', unitPrice: 10, taxAmount: 0 },
				]),
			}),
		);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(
			serviceErrorMatching(
				/^The service refused the record: contact_id: .*; invoice_lines\.1\.ledger_account_id: /,
				422,
			),
		);
		if (!isN8n1)
			expect(String(result.error?.description).split('\n')).toEqual([
				expect.stringMatching(/^contact_id: /),
				expect.stringMatching(/^invoice_lines\.1\.ledger_account_id: /),
			]);
		const token = env.store.oauthTokenData(env.credential.id) as IDataObject;
		const everything = JSON.stringify([
			result.run,
			result.error?.message,
			result.error?.description,
			(result.error as unknown as { errorResponse?: unknown })?.errorResponse,
		]);
		for (const secret of [String(token.access_token), String(token.refresh_token), env.sandbox.client.clientSecret])
			expect(everything).not.toContain(secret);
	});

	it('an unknown tax rate is refused before the invoice is sent, naming the line', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(
			create('salesInvoice', defineBelow({ contact_id: ids.customer, date: '2025-03-12' }), {
				lines: editorLines([
					{ description: 'A', ledgerAccount: ids.salesAccount, unitPrice: 10, taxRate: ids.taxRate },
					{ description: 'B', ledgerAccount: ids.salesAccount, unitPrice: 10, taxRate: 'no-such-rate' },
				]),
			}),
		);
		expect(result.error?.message).toMatch(
			/"invoice_lines": line 2: tax rate "no-such-rate" is not a tax rate of this business/,
		);
		expect(writesSince(position)).toEqual([]);
	});
});
