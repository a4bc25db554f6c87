import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { serviceErrorMessage } from '../n8n-differences';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const firstIds = async (path: string, n: number) =>
	((await env.fetchDirect(`/${path}?items_per_page=${n}`)).body.$items as IDataObject[]).map((item) => String(item.id));

describe('several input items', () => {
	it('each item runs with its own expression parameters, and every output names its item', async () => {
		const result = await env.runNode(
			{ resource: 'salesInvoice', operation: 'getAll', limit: '={{ $json.limit }}' },
			{},
			{ input: [{ limit: 1 }, { limit: 3 }] },
		);
		expect(result.error).toBeUndefined();
		const items = result.items(NODE);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 1 }, { item: 1 }]);
	});

	it('Get by an id from each item', async () => {
		const ids = await firstIds('contacts', 3);
		const parameters = {
			resource: 'contact',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: '={{ $json.contactId }}' },
		};
		const input = { input: ids.map((contactId) => ({ contactId })) };
		const raw = await env.runNode({ ...parameters, output: 'raw' }, {}, input);
		expect(raw.json(NODE).map((contact) => contact.id)).toEqual(ids);
		// The default output, Simplified: the record's id is its key column.
		const simplified = await env.runNode(parameters, {}, input);
		expect(simplified.json(NODE).map((contact) => contact.contact_id)).toEqual(ids);
		expect(simplified.items(NODE).map((item) => item.pairedItem)).toEqual(ids.map((_id, item) => ({ item })));
	});
});

describe('errors', () => {
	it('an unknown id becomes a NodeApiError with the service’s message and status', async () => {
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: 'ffffffffffffffffffffffffffffffff' },
		});
		const direct = await env.fetchDirect('/sales_invoices/ffffffffffffffffffffffffffffffff');
		const serviceMessage = (direct.body as unknown as Array<{ $message: string }>)[0].$message;
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(serviceErrorMessage(serviceMessage, 404));
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	it('an id containing "/" and "?" is sent as one encoded path segment', async () => {
		const parameters = { resource: 'salesInvoice', operation: 'get', id: { __rl: true, mode: 'id', value: 'a/b?c#d' } };
		let position = env.sandbox.log.entries().length;
		const result = await env.runNode({ ...parameters, output: 'raw' });
		const [entry] = env.apiRequestsSince(position);
		expect(entry.path).toBe('/sales_invoices/a%2Fb%3Fc%23d');
		expect(entry.status).toBe(404);
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('404');

		// The default output, Simplified, sends the same path, with the attributes its row needs as the only query.
		position = env.sandbox.log.entries().length;
		const simplified = await env.runNode(parameters);
		const [asked] = env.apiRequestsSince(position);
		const [path, query] = asked.path.split('?');
		expect(path).toBe('/sales_invoices/a%2Fb%3Fc%23d');
		expect([...new URLSearchParams(query).keys()]).toEqual(['attributes']);
		expect(asked.status).toBe(404);
		expect((simplified.error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	it('with continue on fail, the failing item becomes an error item and the others are intact', async () => {
		const [good] = await firstIds('contacts', 1);
		const result = await env.runNode(
			{
				resource: 'contact',
				operation: 'get',
				id: { __rl: true, mode: 'id', value: '={{ $json.contactId }}' },
				output: 'raw',
			},
			{ continueOnFail: true },
			{ input: [{ contactId: good }, { contactId: 'ffffffffffffffffffffffffffffffff' }, { contactId: good }] },
		);
		expect(result.error).toBeUndefined();
		const items = result.items(NODE);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.id).toBe(good);
		expect(items[1].json.error).toEqual(expect.any(String));
		expect(items[2].json.id).toBe(good);
	});

	it.each([
		['a limit of 0', { resource: 'contact', operation: 'getAll', limit: 0 }, /Limit/],
		[
			'an empty id',
			{ resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: '={{ "  " }}' } },
			/Contact ID.*empty/,
		],
		[
			'".." as id',
			{ resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: '={{ ".." }}' } },
			/Contact ID/,
		],
		[
			'an operation the resource lacks',
			{ resource: 'country', operation: 'search', searchText: 'a' },
			/Operation.*country/,
		],
		[
			'from date after to date',
			{
				resource: 'salesInvoice',
				operation: 'getAll',
				limit: 1,
				filters: { fromDate: '2024-02-01', toDate: '2024-01-01' },
			},
			/From Date/,
		],
		[
			'a day that does not exist',
			{ resource: 'salesInvoice', operation: 'getAll', limit: 1, filters: { fromDate: '2024-02-30' } },
			/From Date.*YYYY-MM-DD/,
		],
		[
			'attributes with spaces inside names',
			{
				resource: 'salesInvoice',
				operation: 'getAll',
				limit: 1,
				output: 'raw',
				options: { attributes: 'total amount;x' },
			},
			/Attributes/,
		],
	])('%s is refused before any request, naming the field', async (_case, parameters, message) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(parameters as IDataObject as never);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(message);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
	});
});

describe('filters and options', () => {
	it('from/to dates narrow sales invoices to the period', async () => {
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			filters: { fromDate: '2024-01-01T00:00:00', toDate: '2024-03-31' },
			output: 'raw',
			options: { attributes: 'date' },
		});
		const dates = result.json(NODE).map((invoice) => String(invoice.date));
		expect(dates.length).toBeGreaterThan(0);
		expect(dates.every((date) => date >= '2024-01-01' && date <= '2024-03-31')).toBe(true);
		const all = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$total as number;
		expect(dates.length).toBeLessThan(all);
	});

	it('visible_in on ledger accounts and transaction_type_id on other payments reach the service', async () => {
		const position = env.sandbox.log.entries().length;
		const expenses = await env.runNode({
			resource: 'ledgerAccount',
			operation: 'getAll',
			returnAll: true,
			filters: { visibleIn: 'expenses' },
			output: 'raw',
			options: { attributes: 'visible_in_expenses' },
		});
		expect(expenses.json(NODE).every((account) => account.visible_in_expenses === true)).toBe(true);
		const receipts = await env.runNode({
			resource: 'otherPayment',
			operation: 'getAll',
			returnAll: true,
			filters: { transactionTypeId: 'OTHER_RECEIPT' },
			output: 'raw',
			options: { attributes: 'transaction_type' },
		});
		const types = new Set(receipts.json(NODE).map((payment) => (payment.transaction_type as IDataObject).id));
		expect([...types]).toEqual(['OTHER_RECEIPT']);
		const paths = env.apiRequestsSince(position).map((entry) => entry.path);
		expect(paths.some((path) => path.includes('visible_in=expenses'))).toBe(true);
		expect(paths.some((path) => path.includes('transaction_type_id=OTHER_RECEIPT'))).toBe(true);
	});

	it('Show Legacy ID adds legacy_id; sort newest first reverses the order', async () => {
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			limit: 3,
			output: 'raw',
			options: { showLegacyId: true, sort: 'date:desc', attributes: 'date' },
		});
		const items = result.json(NODE);
		expect(items.every((item) => Number.isInteger(item.legacy_id))).toBe(true);
		const dates = items.map((item) => String(item.date));
		expect([...dates].sort().reverse()).toEqual(dates);
		const oldest = (await env.fetchDirect('/sales_invoices?items_per_page=1&attributes=date')).body
			.$items as IDataObject[];
		expect(dates[0] > String(oldest[0].date)).toBe(true);
	});
});
