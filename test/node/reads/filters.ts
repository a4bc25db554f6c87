// Every filter of every collection, through n8n's engine: the node sends what the service's
// OpenAPI declares, in the service's format, and the sandbox (as strict as the service) takes it.
import type { INodeParameters } from 'n8n-workflow';

import { COLLECTIONS, type CollectionDefinition } from '../../../nodes/AccountingService/collections/table';
import { useConnectedSandbox } from '../connected-sandbox';
import { sample } from '../query-samples';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

/** The service wants the attached-to type and id together, and balance details for a period. */
const PARTNERS: Record<string, string[]> = {
	attachment_context_id: ['attachment_context_type_id'],
	attachment_context_type_id: ['attachment_context_id'],
	show_balance_details: ['from_date', 'to_date'],
};

const cases = COLLECTIONS.filter((row) => !row.singleton).flatMap((row) =>
	row.filters.map((filter) => [`${row.path} ${filter.query}`, row, filter] as const),
);

it('covers every filter of every list', () => {
	expect(cases.length).toBe(COLLECTIONS.reduce((sum, row) => sum + row.filters.length, 0));
	expect(cases.length).toBeGreaterThan(150);
});

it.each(cases)('%s: sent as the service expects and accepted', async (_name, row: CollectionDefinition, filter) => {
	const chosen: INodeParameters = { [filter.name]: sample(filter).typed };
	for (const required of row.filters.filter((candidate) => candidate.required)) {
		chosen[required.name] ??= sample(required).typed;
	}
	for (const partner of row.filters.filter((candidate) => PARTNERS[filter.query]?.includes(candidate.query))) {
		chosen[partner.name] = sample(partner).typed;
	}
	const position = env.sandbox.log.entries().length;

	const result = await env.runNode({ resource: row.resource, operation: 'getAll', limit: 1, filters: chosen });

	expect(result.error?.message).toBeUndefined();
	const [request] = env.apiRequestsSince(position);
	const query = new URL(request.path, 'http://sandbox').searchParams;
	expect(query.get(filter.query)).toBe(sample(filter).sent);
	expect(result.json(NODE).length).toBeLessThanOrEqual(1);
});

it('Show Balance Details without both dates: refused naming them, before any request', async () => {
	const position = env.sandbox.log.entries().length;

	const result = await env.runNode({
		resource: 'ledgerAccount',
		operation: 'getAll',
		filters: { showBalanceDetails: true, fromDate: '2025-01-01' },
	});

	expect(result.error?.message).toBe(
		'Invalid "Show Balance Details": the service needs From Date and To Date with it; add To Date',
	);
	expect(env.apiRequestsSince(position)).toEqual([]);
});

describe('a filter the OpenAPI requires (GET /tax_determinations usage)', () => {
	it.each([
		['without Usage', { contactId: 'no-such-record' }],
		['with Usage empty (an expression giving nothing)', { usage: '' }],
	])(
		'Tax Determination → Get Many %s: refused naming Usage and its values, before any request',
		async (_case, filters) => {
			const position = env.sandbox.log.entries().length;

			const result = await env.runNode({ resource: 'taxDetermination', operation: 'getAll', filters });

			expect(result.error?.message).toBe(
				'Invalid "Usage": the service requires it and it is empty; add the filter Usage (Sales, Purchases)',
			);
			expect(env.apiRequestsSince(position)).toEqual([]);
		},
	);

	it('with Usage, the request carries it and the service answers', async () => {
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode({
			resource: 'taxDetermination',
			operation: 'getAll',
			limit: 3,
			filters: { usage: 'purchases' },
		});

		expect(result.error).toBeUndefined();
		expect(result.json(NODE).length).toBeGreaterThan(0);
		const [request] = env.apiRequestsSince(position);
		expect(new URL(request.path, 'http://sandbox').searchParams.get('usage')).toBe('purchases');
	});
});
