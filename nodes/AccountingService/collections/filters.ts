import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * Every list filter the node offers, keyed by an id that collection rows refer to.
 * `name` is the public parameter name inside "Filters" (saved workflows depend on it);
 * `query` is the service's query parameter.
 */
export type FilterKind = 'dateTime' | 'date' | 'string' | 'boolean' | 'options';

export interface FilterDefinition {
	name: string;
	query: string;
	displayName: string;
	kind: FilterKind;
	description: string;
	options?: INodePropertyOptions[];
}

const option = (value: string, name: string): INodePropertyOptions => ({ name, value });

const LEDGER_AREAS = [
	option('banking', 'Banking'),
	option('expenses', 'Expenses'),
	option('journals', 'Journals'),
	option('other_payments', 'Other Payments'),
	option('other_receipts', 'Other Receipts'),
	option('reporting', 'Reporting'),
	option('sales', 'Sales'),
];

export const FILTERS = {
	updatedOrCreatedSince: {
		name: 'updatedOrCreatedSince',
		query: 'updated_or_created_since',
		displayName: 'Updated or Created Since',
		kind: 'dateTime',
		description: 'Only records created or changed at or after this moment',
	},
	deletedSince: {
		name: 'deletedSince',
		query: 'deleted_since',
		displayName: 'Deleted Since',
		kind: 'dateTime',
		description: 'Only records deleted after this moment',
	},
	fromDate: {
		name: 'fromDate',
		query: 'from_date',
		displayName: 'From Date',
		kind: 'date',
		description: 'Only records dated on or after this day',
	},
	toDate: {
		name: 'toDate',
		query: 'to_date',
		displayName: 'To Date',
		kind: 'date',
		description: 'Only records dated on or before this day',
	},
	contactId: {
		name: 'contactId',
		query: 'contact_id',
		displayName: 'Contact ID',
		kind: 'string',
		description: 'Only records of this contact',
	},
	statusId: {
		name: 'statusId',
		query: 'status_id',
		displayName: 'Status ID',
		kind: 'string',
		description: 'Only records with this status, for example UNPAID, PART_PAID, PAID or VOID (see the Artefact Status resource)',
	},
	hasAttachments: {
		name: 'hasAttachments',
		query: 'has_attachments',
		displayName: 'Has Attachments',
		kind: 'boolean',
		description: 'Whether to return only records with attachments (on) or only records without (off)',
	},
	active: {
		name: 'active',
		query: 'active',
		displayName: 'Active',
		kind: 'boolean',
		description: 'Whether to return only active items (on) or only inactive items (off)',
	},
	outOfStock: {
		name: 'outOfStock',
		query: 'out_of_stock',
		displayName: 'Out of Stock',
		kind: 'boolean',
		description: 'Whether to return only stock items that are out of stock',
	},
	belowReorderLevel: {
		name: 'belowReorderLevel',
		query: 'below_reorder_level',
		displayName: 'Below Reorder Level',
		kind: 'boolean',
		description: 'Whether to return only stock items below their reorder level',
	},
	contactTypeId: {
		name: 'contactTypeId',
		query: 'contact_type_id',
		displayName: 'Contact Type',
		kind: 'options',
		description: 'Only contacts of this type',
		options: [option('CUSTOMER', 'Customer'), option('VENDOR', 'Supplier')],
	},
	email: {
		name: 'email',
		query: 'email',
		displayName: 'Email',
		kind: 'string',
		description: 'Only contacts whose contact person has this email address',
	},
	visibleIn: {
		name: 'visibleIn',
		query: 'visible_in',
		displayName: 'Visible In',
		kind: 'options',
		description: 'Only ledger accounts offered in this area (v2 "expense types" = Expenses, "income types" = Sales)',
		options: LEDGER_AREAS,
	},
	notVisibleIn: {
		name: 'notVisibleIn',
		query: 'not_visible_in',
		displayName: 'Not Visible In',
		kind: 'options',
		description: 'Only ledger accounts not offered in this area',
		options: LEDGER_AREAS,
	},
	ledgerAccountTypeId: {
		name: 'ledgerAccountTypeId',
		query: 'ledger_account_type_id',
		displayName: 'Ledger Account Type ID',
		kind: 'string',
		description: 'Only ledger accounts of this type (see the Ledger Account Type resource)',
	},
	otherPaymentType: {
		name: 'transactionTypeId',
		query: 'transaction_type_id',
		displayName: 'Transaction Type',
		kind: 'options',
		description: 'Payments (v2 "expenses") or receipts (v2 "incomes")',
		options: [option('OTHER_PAYMENT', 'Other Payment'), option('OTHER_RECEIPT', 'Other Receipt')],
	},
	bankAccountId: {
		name: 'bankAccountId',
		query: 'bank_account_id',
		displayName: 'Bank Account ID',
		kind: 'string',
		description: 'Only payments of this bank account',
	},
	ledgerAccountId: {
		name: 'ledgerAccountId',
		query: 'ledger_account_id',
		displayName: 'Ledger Account ID',
		kind: 'string',
		description: 'Only entries posted to this ledger account',
	},
	transactionId: {
		name: 'transactionId',
		query: 'transaction_id',
		displayName: 'Transaction ID',
		kind: 'string',
		description: 'Only entries of this transaction',
	},
	attachmentContextTypeId: {
		name: 'attachmentContextTypeId',
		query: 'attachment_context_type_id',
		displayName: 'Attached To (Type)',
		kind: 'string',
		description: 'Type of record the attachments belong to, for example SALES_INVOICE; use together with Attached To (ID)',
	},
	attachmentContextId: {
		name: 'attachmentContextId',
		query: 'attachment_context_id',
		displayName: 'Attached To (ID)',
		kind: 'string',
		description: 'ID of the record the attachments belong to; use together with Attached To (Type)',
	},
	taxRateUsage: {
		name: 'usage',
		query: 'usage',
		displayName: 'Usage',
		kind: 'options',
		description: 'Only tax rates for sales or for purchases',
		options: [option('purchase', 'Purchase'), option('sales', 'Sales')],
	},
} satisfies Record<string, FilterDefinition>;

export type FilterId = keyof typeof FILTERS;

/** Fields the service can sort by, per collection; each becomes "ascending" and "descending" choices. */
export type SortField = 'created_at' | 'updated_at' | 'date' | 'due_date' | 'expiry_date';

export function sortProperty(fields: readonly SortField[]): INodeProperties {
	const label = (field: string) =>
		field.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		default: `${fields[0]}:asc`,
		description: 'Order in which the service returns the records',
		options: fields.flatMap((field) => [
			{ name: `${label(field)} (Oldest First)`, value: `${field}:asc` },
			{ name: `${label(field)} (Newest First)`, value: `${field}:desc` },
		]),
	};
}
