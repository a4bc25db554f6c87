// All Businesses with Continue On Fail when one failure reaches every business at once: each
// error item names its own business, and only it. The token expiring after the businesses are
// listed and the service failing to renew it; and one error object given to every business's read.
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import * as read from '../../../nodes/AccountingService/transport/read';
import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };
const env = useConnectedSandbox({ scale: 20 }, { fresh: true });

type Business = { id: string; name: string };
const realSleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

it('the token expires after the listing and its renewal fails: one error item per business, naming only it', async () => {
	const businesses = env.sandbox.dataset.businesses as Business[];
	const token = { ...env.store.oauthTokenData(env.credential.id) } as IDataObject;
	// No recorded expiry: the node learns of the expiry from the service's 401.
	delete token.n8n_expires_at;
	env.store.replaceData(env.credential.id, { ...env.store.data(env.credential.id), oauthTokenData: token });
	// Every business's first page is held until the access token has expired (5 minutes).
	env.sandbox.faults.inject({ kind: 'slow', delayMs: 300, pathPrefix: '/contacts', count: businesses.length });
	// The service cannot renew the token: every business meets the 401 and waits for the one refusal.
	env.sandbox.faults.inject({ kind: '503', target: 'token', count: 10 });
	const position = env.sandbox.log.entries().length;
	const running = env.runNode(
		{ resource: 'contact', operation: 'getAll', returnAll: true, business: ALL },
		{ continueOnFail: true },
	);
	const held = () => env.apiRequestsSince(position).filter((entry) => entry.path.startsWith('/contacts')).length;
	for (let waited = 0; held() < businesses.length && waited < 5_000; waited += 5) await realSleep(5);
	env.sandbox.clock.advance(301);
	const result = await running;

	expect(result.error).toBeUndefined();
	expectOneErrorPerBusiness(result.json(NODE));
});

it('one error object thrown into every business’s read: each item names only its business', async () => {
	const apiRequestAllItems = read.apiRequestAllItems;
	const shared = new NodeApiError(
		{ name: 'x', type: 'x', typeVersion: 1, parameters: {}, id: 'x', position: [0, 0] },
		{
			status: 503,
		} as JsonObject,
		{ message: 'The service is temporarily unavailable', httpCode: '503' },
	);
	const spy = jest.spyOn(read, 'apiRequestAllItems').mockImplementation(async function (
		this: ThisParameterType<typeof apiRequestAllItems>,
		request,
	) {
		if (request.path === '/businesses') return await apiRequestAllItems.call(this, request);
		throw shared;
	});
	try {
		const result = await env.runNode(
			{ resource: 'contact', operation: 'getAll', returnAll: true, business: ALL },
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expectOneErrorPerBusiness(result.json(NODE));
		expect(shared.message).toBe('The service is temporarily unavailable');
	} finally {
		spy.mockRestore();
	}
});

function expectOneErrorPerBusiness(rows: IDataObject[]) {
	const businesses = env.sandbox.dataset.businesses as Business[];
	expect(rows).toHaveLength(businesses.length);
	for (const row of rows) {
		const business = businesses.find((candidate) => candidate.id === row.business_id)!;
		expect(row.business_name).toBe(business.name);
		const message = String(row.error);
		expect(message.startsWith(`Business "${business.name}" (${business.id}): `)).toBe(true);
		expect(message.match(/Business "/g)).toHaveLength(1);
	}
	expect(new Set(rows.map((row) => row.business_id))).toEqual(new Set(businesses.map((business) => business.id)));
}
