import type { INodeParameters, NodeParameterValue } from 'n8n-workflow';

import type { FilterDefinition } from '../../nodes/AccountingService/collections/filters';

/** Values the service knows for text parameters that name a code rather than a record. */
const KNOWN_CODES: Record<string, string> = {
	status_id: 'PAID',
	attachment_context_type_id: 'SALES_INVOICE',
	ledger_account_type_id: 'SALES',
	ledger_account_classification_id: 'SALES',
	email: 'nobody@example.com',
	transaction_type_id: 'SALES_INVOICE',
	contact_type_id: 'CUSTOMER',
	attributes: 'all',
	nested_attributes: 'all',
	country_id: 'GB',
	artefact_line_tax_included: 'false',
};

/**
 * What a user would type into a typed query parameter (a filter, or an option of Get), and what
 * the service then receives.
 */
export function sample(parameter: FilterDefinition): { typed: NodeParameterValue; sent: string } {
	switch (parameter.kind) {
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
			const value = String(parameter.options?.[0]?.value);
			return { typed: value, sent: value };
		}
		default: {
			const value = KNOWN_CODES[parameter.query] ?? 'no-such-record';
			return { typed: value, sent: value };
		}
	}
}

/** The filters the OpenAPI requires of a list (Usage of Tax Determinations): as typed, and as sent. */
export function requiredFilters(row: { filters: readonly FilterDefinition[] }): {
	typed: INodeParameters;
	sent: Record<string, string>;
} {
	const required = row.filters.filter((filter) => filter.required);
	return {
		typed: Object.fromEntries(required.map((filter) => [filter.name, sample(filter).typed])),
		sent: Object.fromEntries(required.map((filter) => [filter.query, sample(filter).sent])),
	};
}
