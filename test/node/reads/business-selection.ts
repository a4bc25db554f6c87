import type { INodeParameterResourceLocator } from 'n8n-workflow';

import { isN8n1 } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { serviceErrorMatching } from '../n8n-differences';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const businesses = () =>
	env.sandbox.dataset.businesses as Array<{ id: string; key: string; lead: boolean; owned: boolean }>;
const secondBusiness = () => businesses().find((business) => !business.lead)!;

async function runSalesInvoices(business?: INodeParameterResourceLocator) {
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode({
		resource: 'salesInvoice',
		operation: 'getAll',
		limit: 2,
		output: 'raw',
		...(business ? { business } : {}),
		options: { includeBusiness: true },
	});
	return { result, requests: env.apiRequestsSince(position) };
}

describe('business selection', () => {
	it('the lead business (default) sends no X-Business header; the service reports the lead', async () => {
		const { result, requests } = await runSalesInvoices(undefined);
		expect(result.error).toBeUndefined();
		expect(requests.map((entry) => entry.business)).toEqual([null]);
		expect(result.json(NODE).map((item) => item.business_id)).toEqual([
			env.sandbox.dataset.leadBusinessId,
			env.sandbox.dataset.leadBusinessId,
		]);
	});

	it('choosing "Lead business" in the list also sends no header', async () => {
		const { requests } = await runSalesInvoices({ __rl: true, mode: 'list', value: 'lead' });
		expect(requests.map((entry) => entry.business)).toEqual([null]);
	});

	it.each(['list', 'id'])('a business chosen %s is sent as X-Business and read from', async (mode) => {
		const chosen = secondBusiness();
		const { result, requests } = await runSalesInvoices({ __rl: true, mode: mode as string, value: chosen.id });
		expect(result.error).toBeUndefined();
		expect(requests.map((entry) => entry.business)).toEqual([chosen.id]);
		const items = result.json(NODE);
		expect(items.map((item) => item.business_id)).toEqual([chosen.id, chosen.id]);
		const direct = await env.fetchDirect('/sales_invoices?items_per_page=2', { 'x-business': chosen.id });
		expect(items.map((item) => item.id)).toEqual((direct.body.$items as Array<{ id: string }>).map((item) => item.id));
	});

	it('every page of a Return All carries the chosen business', async () => {
		const chosen = secondBusiness();
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			business: { __rl: true, mode: 'id', value: chosen.id },
		});
		expect(result.json(NODE)).toHaveLength(env.sandbox.dataset.count(chosen.id, 'sales_invoices'));
		const requests = env.apiRequestsSince(position);
		expect(requests.length).toBeGreaterThan(1);
		expect(new Set(requests.map((entry) => entry.business))).toEqual(new Set([chosen.id]));
	});

	it('Business → Get Many lists the account’s businesses and sends no X-Business', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({ resource: 'business', operation: 'getAll', returnAll: true });
		expect(
			result
				.json(NODE)
				.map((item) => item.id)
				.sort(),
		).toEqual(
			businesses()
				.map((business) => business.id)
				.sort(),
		);
		expect(env.apiRequestsSince(position).map((entry) => entry.business)).toEqual([null]);
	});

	it('an unknown business id is the service’s error, with its message (a list read sees it on n8n 1.x too)', async () => {
		const { result } = await runSalesInvoices({ __rl: true, mode: 'id', value: '0123456789abcdef0123456789abcdef' });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(/business/i);
		// The service names the header as the field at fault.
		expect(JSON.stringify(result.error?.description ?? '')).toMatch(/X-Business/);
	});

	it('an unknown business id on a single record: the service’s message (n8n 1.x: the status only)', async () => {
		const result = await env.runNode({
			resource: 'salesInvoice',
			operation: 'get',
			id: { __rl: true, mode: 'id', value: 'ffffffffffffffffffffffffffffffff' },
			business: { __rl: true, mode: 'id', value: '0123456789abcdef0123456789abcdef' },
		});
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(serviceErrorMatching(/business/i, 403));
		// The service names the header as the field at fault; n8n 1.x does not let the node see it.
		if (isN8n1) expect(result.error?.description ?? undefined).toBeUndefined();
		else expect(JSON.stringify(result.error?.description ?? '')).toMatch(/X-Business/);
	});

	it('n8n itself refuses a typed business id with characters no id has (1.x: without naming the field)', async () => {
		const position = env.sandbox.log.entries().length;
		const refusal = isN8n1 ? /The workflow has issues and cannot be executed/ : /business ID/;
		await expect(runSalesInvoices({ __rl: true, mode: 'id', value: 'abc/../x' })).rejects.toThrow(refusal);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
	});

	it('a business id from an expression with characters no id has is refused before sending', async () => {
		const position = env.sandbox.log.entries().length;
		const { result } = await runSalesInvoices({ __rl: true, mode: 'id', value: '={{ "abc/../x" }}' });
		expect(result.error?.message).toMatch(/Business/);
		expect(env.apiRequestsSince(position)).toHaveLength(0);
	});
});
