// Every filter of every collection, through n8n's engine: the node sends what the service's
// OpenAPI declares, in the service's format, and the sandbox (as strict as the service) takes it.
import type { INodeParameters, NodeParameterValue } from 'n8n-workflow';

import type { FilterDefinition } from '../../nodes/AccountingService/collections/filters';
import { COLLECTIONS, type CollectionDefinition } from '../../nodes/AccountingService/collections/table';
import { useConnectedSandbox } from './connected-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

/** Values the service knows for text filters that name a code rather than a record. */
const KNOWN_CODES: Record<string, string> = {
	status_id: 'PAID',
	attachment_context_type_id: 'SALES_INVOICE',
	ledger_account_type_id: 'SALES',
	ledger_account_classification_id: 'SALES',
	email: 'nobody@example.com',
	transaction_type_id: 'SALES_INVOICE',
	contact_type_id: 'CUSTOMER',
	nested_attributes: 'all',
	country_id: 'GB',
	artefact_line_tax_included: 'false',
};

/** What a user would type into the filter, and what the service then receives. */
function sample(filter: FilterDefinition): { typed: NodeParameterValue; sent: string } {
	switch (filter.kind) {
		case 'boolean':
			return { typed: true, sent: 'true' };
		case 'date':
			return { typed: '2024-03-01', sent: '2024-03-01' };
		case 'dateTime':
			return { typed: '2024-03-01T10:30:00Z', sent: '2024-03-01T10:30:00+00:00' };
		case 'number':
			return { typed: 12.5, sent: '12.5' };
		case 'integer':
			return { typed: 12, sent: '12' };
		case 'options': {
			const value = String(filter.options?.[0]?.value);
			return { typed: value, sent: value };
		}
		default: {
			const value = KNOWN_CODES[filter.query] ?? 'no-such-record';
			return { typed: value, sent: value };
		}
	}
}

/** The service wants the attached-to type and id together. */
const PARTNERS: Record<string, string> = {
	attachment_context_id: 'attachment_context_type_id',
	attachment_context_type_id: 'attachment_context_id',
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
	const partner = row.filters.find((candidate) => candidate.query === PARTNERS[filter.query]);
	if (partner) chosen[partner.name] = sample(partner).typed;
	const position = env.sandbox.log.entries().length;

	const result = await env.runNode({ resource: row.resource, operation: 'getAll', limit: 1, filters: chosen });

	expect(result.error?.message).toBeUndefined();
	const [request] = env.apiRequestsSince(position);
	const query = new URL(request.path, 'http://sandbox').searchParams;
	expect(query.get(filter.query)).toBe(sample(filter).sent);
	expect(result.json(NODE).length).toBeLessThanOrEqual(1);
});
