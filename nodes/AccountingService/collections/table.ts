import type { FilterId, SortField } from './filters';

/**
 * One row per collection of the Accounting Service API v3.1. Everything the node offers for
 * a collection — resource option, operations, ID locator, filters, list search, the README's
 * operations table and the test matrix — is generated from this table.
 */
export interface CollectionDefinition {
	/** Public `resource` value: camelCase singular. Saved workflows depend on it. */
	resource: string;
	singular: string;
	plural: string;
	/** Path below the base URL, without the leading slash. */
	path: string;
	/** Accepts `search=`; the hint tells the user which fields it matches. */
	searchMatches?: string;
	/** The path returns one object (no list, no ID). */
	singleton?: boolean;
	filters?: readonly FilterId[];
	sort?: readonly SortField[];
	description: string;
}

const ARTEFACT_FILTERS = [
	'contactId',
	'statusId',
	'fromDate',
	'toDate',
	'updatedOrCreatedSince',
	'deletedSince',
	'hasAttachments',
] as const satisfies readonly FilterId[];

const ITEM_FILTERS = ['active', 'updatedOrCreatedSince', 'deletedSince'] as const satisfies readonly FilterId[];

const INVOICE_SORT = ['created_at', 'updated_at', 'date', 'due_date'] as const satisfies readonly SortField[];
const DATED_SORT = ['created_at', 'updated_at', 'date'] as const satisfies readonly SortField[];

const DOCUMENT_SEARCH = 'document number, reference or contact name';

export const COLLECTIONS: readonly CollectionDefinition[] = [
	{
		resource: 'artefactStatus',
		singular: 'Artefact Status',
		plural: 'Artefact Statuses',
		path: 'artefact_statuses',
		description: 'Statuses a sales or purchase document can have',
	},
	{
		resource: 'attachment',
		singular: 'Attachment',
		plural: 'Attachments',
		path: 'attachments',
		filters: ['attachmentContextTypeId', 'attachmentContextId', 'updatedOrCreatedSince', 'deletedSince'],
		description: 'Files attached to records',
	},
	{
		resource: 'bankAccount',
		singular: 'Bank Account',
		plural: 'Bank Accounts',
		path: 'bank_accounts',
		filters: ['updatedOrCreatedSince', 'deletedSince'],
		description: 'Bank, cash and card accounts',
	},
	{
		resource: 'bankAccountType',
		singular: 'Bank Account Type',
		plural: 'Bank Account Types',
		path: 'bank_account_types',
		description: 'Kinds of bank account (v2 "account types")',
	},
	{
		resource: 'contact',
		singular: 'Contact',
		plural: 'Contacts',
		path: 'contacts',
		searchMatches: 'contact name, company name or reference',
		filters: ['contactTypeId', 'email', 'updatedOrCreatedSince', 'deletedSince'],
		description: 'Customers and suppliers',
	},
	{
		resource: 'country',
		singular: 'Country',
		plural: 'Countries',
		path: 'countries',
		description: 'Countries known to the service',
	},
	{
		resource: 'exchangeRate',
		singular: 'Exchange Rate',
		plural: 'Exchange Rates',
		path: 'exchange_rates',
		description: 'Exchange rates of the business’s currencies',
	},
	{
		resource: 'financialSettings',
		singular: 'Financial Settings',
		plural: 'Financial Settings',
		path: 'financial_settings',
		singleton: true,
		description: 'Year end, base currency and tax settings of the business',
	},
	{
		resource: 'invoiceSettings',
		singular: 'Invoice Settings',
		plural: 'Invoice Settings',
		path: 'invoice_settings',
		singleton: true,
		description: 'Numbering, texts and print settings of documents',
	},
	{
		resource: 'ledgerAccount',
		singular: 'Ledger Account',
		plural: 'Ledger Accounts',
		path: 'ledger_accounts',
		filters: ['visibleIn', 'notVisibleIn', 'ledgerAccountTypeId', 'updatedOrCreatedSince'],
		description: 'The chart of accounts',
	},
	{
		resource: 'ledgerAccountType',
		singular: 'Ledger Account Type',
		plural: 'Ledger Account Types',
		path: 'ledger_account_types',
		description: 'Kinds of ledger account',
	},
	{
		resource: 'ledgerEntry',
		singular: 'Ledger Entry',
		plural: 'Ledger Entries',
		path: 'ledger_entries',
		filters: ['fromDate', 'toDate', 'ledgerAccountId', 'transactionId', 'updatedOrCreatedSince'],
		description: 'Debits and credits posted to ledger accounts',
	},
	{
		resource: 'otherPayment',
		singular: 'Other Payment',
		plural: 'Other Payments',
		path: 'other_payments',
		filters: [
			'otherPaymentType',
			'bankAccountId',
			'contactId',
			'fromDate',
			'toDate',
			'updatedOrCreatedSince',
			'deletedSince',
			'hasAttachments',
		],
		sort: DATED_SORT,
		description: 'Payments and receipts not tied to an invoice (v2 "expenses" and "incomes")',
	},
	{
		resource: 'product',
		singular: 'Product',
		plural: 'Products',
		path: 'products',
		searchMatches: 'item code or description',
		filters: ITEM_FILTERS,
		description: 'Products the business sells or buys',
	},
	{
		resource: 'purchaseCorrectiveInvoice',
		singular: 'Purchase Corrective Invoice',
		plural: 'Purchase Corrective Invoices',
		path: 'purchase_corrective_invoices',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: INVOICE_SORT,
		description: 'Corrections of purchase invoices (Spain)',
	},
	{
		resource: 'purchaseCreditNote',
		singular: 'Purchase Credit Note',
		plural: 'Purchase Credit Notes',
		path: 'purchase_credit_notes',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: DATED_SORT,
		description: 'Credit notes received from suppliers',
	},
	{
		resource: 'purchaseInvoice',
		singular: 'Purchase Invoice',
		plural: 'Purchase Invoices',
		path: 'purchase_invoices',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: INVOICE_SORT,
		description: 'Invoices received from suppliers',
	},
	{
		resource: 'purchaseQuickEntry',
		singular: 'Purchase Quick Entry',
		plural: 'Purchase Quick Entries',
		path: 'purchase_quick_entries',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: DATED_SORT,
		description: 'Purchase invoices and credit notes entered in batch',
	},
	{
		resource: 'salesCorrectiveInvoice',
		singular: 'Sales Corrective Invoice',
		plural: 'Sales Corrective Invoices',
		path: 'sales_corrective_invoices',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: INVOICE_SORT,
		description: 'Corrections of sales invoices (Spain)',
	},
	{
		resource: 'salesCreditNote',
		singular: 'Sales Credit Note',
		plural: 'Sales Credit Notes',
		path: 'sales_credit_notes',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: DATED_SORT,
		description: 'Credit notes issued to customers',
	},
	{
		resource: 'salesEstimate',
		singular: 'Sales Estimate',
		plural: 'Sales Estimates',
		path: 'sales_estimates',
		searchMatches: DOCUMENT_SEARCH,
		filters: ['contactId', 'statusId', 'fromDate', 'toDate', 'updatedOrCreatedSince', 'hasAttachments'],
		description: 'Estimates given to customers',
	},
	{
		resource: 'salesInvoice',
		singular: 'Sales Invoice',
		plural: 'Sales Invoices',
		path: 'sales_invoices',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: INVOICE_SORT,
		description: 'Invoices issued to customers',
	},
	{
		resource: 'salesQuickEntry',
		singular: 'Sales Quick Entry',
		plural: 'Sales Quick Entries',
		path: 'sales_quick_entries',
		searchMatches: DOCUMENT_SEARCH,
		filters: ARTEFACT_FILTERS,
		sort: DATED_SORT,
		description: 'Sales invoices and credit notes entered in batch',
	},
	{
		resource: 'salesQuote',
		singular: 'Sales Quote',
		plural: 'Sales Quotes',
		path: 'sales_quotes',
		searchMatches: DOCUMENT_SEARCH,
		filters: ['contactId', 'statusId', 'fromDate', 'toDate', 'updatedOrCreatedSince', 'hasAttachments'],
		sort: ['created_at', 'updated_at', 'date', 'expiry_date'],
		description: 'Quotes given to customers',
	},
	{
		resource: 'service',
		singular: 'Service',
		plural: 'Services',
		path: 'services',
		searchMatches: 'item code or description',
		filters: ITEM_FILTERS,
		description: 'Services the business sells or buys',
	},
	{
		resource: 'stockItem',
		singular: 'Stock Item',
		plural: 'Stock Items',
		path: 'stock_items',
		searchMatches: 'item code or description',
		filters: [...ITEM_FILTERS, 'outOfStock', 'belowReorderLevel'],
		description: 'Products whose stock the business tracks',
	},
	{
		resource: 'taxOffice',
		singular: 'Tax Office',
		plural: 'Tax Offices',
		path: 'tax_offices',
		description: 'Tax offices (Germany and Spain)',
	},
	{
		resource: 'taxProfile',
		singular: 'Tax Profile',
		plural: 'Tax Profiles',
		path: 'tax_profiles',
		filters: ['updatedOrCreatedSince'],
		description: 'Tax profiles of the business',
	},
	{
		resource: 'taxRate',
		singular: 'Tax Rate',
		plural: 'Tax Rates',
		path: 'tax_rates',
		filters: ['taxRateUsage', 'updatedOrCreatedSince'],
		description: 'Tax rates the business can use',
	},
];

const byResource = new Map(COLLECTIONS.map((row) => [row.resource, row]));

export function findCollection(resource: string): CollectionDefinition | undefined {
	return byResource.get(resource);
}

export const isSearchable = (row: CollectionDefinition) => row.searchMatches !== undefined;
