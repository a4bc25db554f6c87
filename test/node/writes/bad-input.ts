import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { serviceErrorMatching } from '../n8n-differences';

const env = useConnectedSandbox();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const invoices = (extra: IDataObject) => ({ resource: 'salesInvoice', operation: 'getAll', limit: 5, ...extra });
const invoice = (id: string) => ({ resource: 'salesInvoice', operation: 'get', id: byId(id) });
const search = (searchText: string) => ({ resource: 'contact', operation: 'search', limit: 5, searchText });
const filters = (resource: string, chosen: IDataObject) => ({
	resource,
	operation: 'getAll',
	limit: 5,
	filters: chosen,
});

/** [case, parameters, field the error names] — refused by the node, before any request. */
const REFUSED_BEFORE_SENDING: Array<[string, IDataObject, RegExp]> = [
	['limit 0', invoices({ limit: 0 }), /"Limit"/],
	['limit -1', invoices({ limit: -1 }), /"Limit"/],
	['limit 1.5', invoices({ limit: 1.5 }), /"Limit"/],
	['limit as text', invoices({ limit: '={{ "ten" }}' }), /"Limit"/],
	['limit as an object', invoices({ limit: '={{ { n: 5 } }}' }), /"Limit"/],
	['from date month 13', filters('salesInvoice', { fromDate: '2024-13-01' }), /"From Date".*YYYY-MM-DD/],
	['from date 30 February', filters('salesInvoice', { fromDate: '2024-02-30' }), /"From Date"/],
	['from date in words', filters('salesInvoice', { fromDate: '={{ "yesterday" }}' }), /"From Date"/],
	['to date day first', filters('salesInvoice', { toDate: '={{ "31/01/2024" }}' }), /"To Date"/],
	[
		'from date after to date',
		filters('salesInvoice', { fromDate: '2024-03-01', toDate: '2024-02-01' }),
		/"From Date".*after/,
	],
	[
		'updated since not a date',
		filters('salesInvoice', { updatedOrCreatedSince: '={{ "last week" }}' }),
		/"Updated or Created Since"/,
	],
	['deleted since impossible day', filters('salesInvoice', { deletedSince: '2024-99-99T00:00:00' }), /"Deleted Since"/],
	[
		'ledger entries dates reversed',
		filters('ledgerEntry', { fromDate: '2025-01-01', toDate: '2024-01-01' }),
		/"From Date"/,
	],
	['visible_in not an area', filters('ledgerAccount', { visibleIn: '={{ "nowhere" }}' }), /"Visible in".*one of/],
	[
		'transaction type unknown',
		filters('otherPayment', { transactionTypeId: '={{ "EXPENSE" }}' }),
		/"Transaction Type"/,
	],
	['contact type unknown', filters('contact', { contactTypeId: '={{ "ALIEN" }}' }), /"Contact Type"/],
	['has attachments as text', filters('salesInvoice', { hasAttachments: '={{ "yes" }}' }), /"Has Attachments"/],
	['contact id as an object', filters('salesInvoice', { contactId: '={{ { id: 1 } }}' }), /"Contact ID"/],
	['empty id', invoice('={{ "" }}'), /"Sales Invoice ID".*empty/],
	['whitespace id', invoice('={{ "   " }}'), /"Sales Invoice ID".*empty/],
	['id ".."', invoice('={{ ".." }}'), /"Sales Invoice ID"/],
	['id "."', invoice('={{ "." }}'), /"Sales Invoice ID"/],
	['id as an object', invoice('={{ { id: "x" } }}'), /"Sales Invoice ID"/],
	['id as a list', invoice('={{ ["a", "b"] }}'), /"Sales Invoice ID"/],
	['empty search', search('={{ "" }}'), /"Search Text".*empty/],
	['whitespace search', search('={{ "   " }}'), /"Search Text".*empty/],
	['search "&"', search('&'), /"Search Text".*special characters/],
	['search with an apostrophe', search("O'Brien"), /"Search Text".*special characters/],
	['search with a hyphen', search('SI-1042'), /"Search Text".*special characters/],
	['search with a percent sign', search('50%'), /"Search Text".*special characters/],
	['search with markup', search('<b>'), /"Search Text".*special characters/],
	['search with a slash', search('a/b'), /"Search Text".*special characters/],
	['search as an object', search('={{ { q: "a" } }}'), /"Search Text".*expected text/],
	['business id with a slash', invoices({ business: byId('={{ "abc/../x" }}') }), /"Business"/],
	['business id with a space', invoices({ business: byId('={{ "my business" }}') }), /"Business"/],
	['business id as an object', invoices({ business: byId('={{ { id: 1 } }}') }), /"Business"/],
	['max wait as text', invoices({ requestOptions: { maxWaitSeconds: '={{ "long" }}' } }), /"Max Wait \(Seconds\)"/],
	[
		'search on a collection without search',
		{ resource: 'country', operation: 'search', searchText: 'a' },
		/"Operation"/,
	],
	['delete where the service has none', { resource: 'country', operation: 'delete' }, /"Operation"/],
	// Attributes choose the fields of a Raw record; Simplified asks for the fields its columns need.
	['attributes with a space', invoices({ output: 'raw', options: { attributes: 'total amount' } }), /"Attributes"/],
	['attributes with a semicolon', invoices({ output: 'raw', options: { attributes: 'all;drop' } }), /"Attributes"/],
	['max retries 11', invoices({ requestOptions: { maxRetries: 11 } }), /"Max Retries"/],
	['max retries -1', invoices({ requestOptions: { maxRetries: -1 } }), /"Max Retries"/],
	[
		'concurrent requests 0',
		invoices({ requestOptions: { concurrentRequests: 0 } }),
		/"Concurrent Requests".*from 1 to 10/,
	],
	['concurrent requests 11', invoices({ requestOptions: { concurrentRequests: 11 } }), /"Concurrent Requests"/],
	['concurrent requests 2.5', invoices({ requestOptions: { concurrentRequests: 2.5 } }), /"Concurrent Requests"/],
	[
		'max requests per minute 0',
		invoices({ requestOptions: { maxRequestsPerMinute: 0 } }),
		/"Max Requests per Minute".*from 1 to 60000/,
	],
	['user update without fields', { resource: 'user', operation: 'update', updateFields: {} }, /"Update Fields"/],
	[
		'n8n’s Custom API Call entry chosen in the node',
		{ resource: '__CUSTOM_API_CALL__', operation: '__CUSTOM_API_CALL__' },
		/custom API call runs in an HTTP Request node/,
	],
	[
		'Get on a list without an item path',
		{ resource: 'taxDetermination', operation: 'get', id: byId('x') },
		/"Operation"/,
	],
	[
		'legacy attachment id not whole',
		{ resource: 'attachment', operation: 'getAll', limit: 1, filters: { legacyAttachmentContextId: 1.5 } },
		/"Legacy Attached To \(ID\)".*whole number/,
	],
];

/** [case, parameters, HTTP status] — sent, and refused by the service with its own message. */
const REFUSED_BY_SERVICE: Array<[string, IDataObject, string]> = [
	['unknown business id (a list)', invoices({ business: byId('0123456789abcdef0123456789abcdef') }), '403'],
	[
		'unknown business id (one record)',
		{ ...invoice('ffffffffffffffffffffffffffffffff'), business: byId('0123456789abcdef0123456789abcdef') },
		'403',
	],
	['id with "/"', invoice('a/b'), '404'],
	['id with "?"', invoice('a?b'), '404'],
	['id with "#"', invoice('a#b'), '404'],
	['unicode id', invoice('fäktura-ü'), '404'],
	[
		'business the user does not own',
		{
			resource: 'business',
			operation: 'update',
			businessId: byId('={{ $json.invited }}'),
			updateFields: { website: 'x' },
		},
		'403',
	],
];

function secrets(): string[] {
	const token = env.store.oauthTokenData(env.credential.id) as IDataObject;
	return [String(token.access_token), String(token.refresh_token), env.sandbox.client.clientSecret];
}

function expectNoSecrets(...things: unknown[]) {
	const text = JSON.stringify(things, (_key, value: unknown) =>
		value instanceof Error ? { ...value, message: value.message, stack: value.stack } : value,
	);
	for (const secret of secrets()) expect(text).not.toContain(secret);
}

describe(`bad input refused before any request (${REFUSED_BEFORE_SENDING.length} cases)`, () => {
	it.each(REFUSED_BEFORE_SENDING)('%s', async (_case, parameters, field) => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(parameters as INodeParameters);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(field);
		expect(result.error?.message).not.toMatch(/\n\s+at /);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
		expectNoSecrets(result.run, result.error);
	});
});

describe(`refused by the service, with its message (${REFUSED_BY_SERVICE.length} cases)`, () => {
	it.each(REFUSED_BY_SERVICE)('%s', async (_case, parameters, status) => {
		const invited = (env.sandbox.dataset.businesses as Array<{ id: string; owned: boolean }>).find(
			(business) => !business.owned,
		)!;
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode(parameters as INodeParameters, {}, { input: [{ invited: invited.id }] });
		expect(result.error?.name).toBe('NodeApiError');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe(status);
		const [request] = env.apiRequestsSince(position);
		expect(request.status).toBe(Number(status));
		// The service's own message (any but the node's fallback); on n8n 1.x only the status reaches
		// the node, except in a read of a list, which reads the answer itself.
		const ownMessage = /^(?!The service answered with HTTP)/;
		expect(result.error?.message).toMatch(
			parameters.operation === 'getAll' ? ownMessage : serviceErrorMatching(ownMessage, status),
		);
		expectNoSecrets(result.run, result.error);
	});
});

describe('continue on fail', () => {
	it('turns each bad item into an error item and keeps the good ones', async () => {
		const result = await env.runNode(
			{ resource: 'salesInvoice', operation: 'getAll', limit: '={{ $json.limit }}', output: 'raw' },
			{ continueOnFail: true },
			{ input: [{ limit: 2 }, { limit: 0 }, { limit: 'x' }, { limit: 1 }] },
		);
		const items = result.items('Accounting Service');
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(items[2].json.error).toMatch(/"Limit"/);
		expect(items[3].json.error).toMatch(/"Limit"/);
		expect(items[4].json.id).toEqual(expect.any(String));
		expectNoSecrets(result.run);
	});
});

it('a limit above one page is not an error: 201 records in two pages (and the request that checks nothing was deleted meanwhile)', async () => {
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode(invoices({ limit: 201 }));
	expect(result.json('Accounting Service')).toHaveLength(201);
	const requests = env.apiRequestsSince(position).map((entry) => entry.path);
	expect(requests.filter((path) => path.includes('items_per_page=200'))).toHaveLength(2);
	expect(requests.filter((path) => /deleted_since/.test(path))).toHaveLength(1);
	expect(requests).toHaveLength(3);
});
