import type { CollectionOverlay, FilterDefinition, FilterOption } from './types';

/**
 * What we know better than the OpenAPI, merged over the generated rows (generated.ts): the
 * one-line descriptions users see in the Resource list, names the OpenAPI spells awkwardly,
 * the search hints, and filter texts and kinds. Never edit generated.ts; correct it here.
 */

type FilterOverride = Partial<Omit<FilterDefinition, 'name' | 'query'>>;

const option = (value: string, name: string): FilterOption => ({ name, value });

/**
 * Texts and kinds by query parameter, for every collection that has the parameter: on its list
 * (a filter) and on its record's GET (an option of Get).
 */
export const FILTER_OVERLAY: Record<string, FilterOverride> = {
	updated_or_created_since: {
		displayName: 'Updated or Created Since',
		description: 'Only records created or changed at or after this moment (ISO 8601, e.g. 2026-01-31T09:00:00Z)',
	},
	deleted_since: {
		displayName: 'Deleted Since',
		description: 'Only records deleted after this moment (ISO 8601, e.g. 2026-01-31T09:00:00Z)',
	},
	// The OpenAPI types both as date-times; the service filters by day, as the spec's dates are.
	from_date: {
		kind: 'date',
		displayName: 'From Date',
		description: 'Only records dated on or after this day (YYYY-MM-DD)',
	},
	to_date: {
		kind: 'date',
		displayName: 'To Date',
		description: 'Only records dated on or before this day (YYYY-MM-DD)',
	},
	updated_from_date: {
		kind: 'date',
		displayName: 'Updated From Date',
		description: 'Only records last changed on or after this day (YYYY-MM-DD)',
	},
	updated_to_date: {
		kind: 'date',
		displayName: 'Updated To Date',
		description: 'Only records last changed on or before this day (YYYY-MM-DD)',
	},
	contact_id: {
		description: 'Only records of this contact: its ID, as Get Many or Search of contacts gives it',
	},
	status_id: {
		description:
			'Only records with this status, for example UNPAID, PART_PAID, PAID or VOID (see the Artefact Status resource)',
	},
	has_attachments: {
		description: 'Whether to return only records with attachments (on) or only records without (off)',
	},
	active: { description: 'Whether to return only active items (on) or only inactive items (off)' },
	out_of_stock: { description: 'Whether to return only stock items that are out of stock' },
	below_reorder_level: { description: 'Whether to return only stock items below their reorder level' },
	email: { description: 'Only contacts whose contact person has this email address' },
	bank_account_id: { description: 'Only records of this bank account' },
	ledger_account_id: { description: 'Only entries posted to this ledger account' },
	transaction_id: { description: 'Only entries of this transaction' },
	ledger_account_type_id: {
		displayName: 'Ledger Account Type ID',
		description: 'Only ledger accounts of this type (see the Ledger Account Type resource)',
	},
	attachment_context_type_id: {
		displayName: 'Attached To (Type)',
		description:
			'Type of record the attachments belong to, for example SALES_INVOICE; use together with Attached To (ID)',
	},
	attachment_context_id: {
		displayName: 'Attached To (ID)',
		description: 'ID of the record the attachments belong to; use together with Attached To (Type)',
	},
	legacy_attachment_context_id: {
		displayName: 'Legacy Attached To (ID)',
		description: 'API v2 ID of the record the attachments belong to',
	},
	legacy_attachment_context_type: {
		displayName: 'Legacy Attached To (Type)',
		description: 'API v2 type of the record the attachments belong to',
	},
	show_unfinished_recurring_invoices_status: {
		description: 'Whether to show whether the contact has unfinished recurring invoices',
	},
	nested_attributes: {
		description: 'Fields of nested records to return: "all", or a comma-separated list of field names',
	},
	// Get's: the OpenAPI names each record's internal class here ("the Base Artefact", "the State").
	attributes: { description: 'Fields of the record to return: "all", or a comma-separated list of field names' },
	// Get's, on transactions: the OpenAPI gives no description.
	expand_origin: {
		description: 'Whether to return the document or payment the transaction comes from (origin) in full',
	},
	appName: { displayName: 'App Name', description: 'Name of the app the bank accounts belong to' },
	// The OpenAPI: "requires from_date and to_date"; the service refuses it without them.
	show_balance_details: { requires: ['from_date', 'to_date'] },
};

const CONTACT_TYPES = [option('CUSTOMER', 'Customer'), option('VENDOR', 'Supplier')];

const LEDGER_AREA_HINT = '(v2 "expense types" = Expenses, "income types" = Sales)';
const DOCUMENT_SEARCH = 'number, reference or contact name';
const ITEM_SEARCH = 'item code or description';

/**
 * The resources of a small business's everyday work, in the order the Resource list and n8n's
 * actions panel show them first: what sells, who buys and sells, what is bought, what is paid,
 * what the books say. Every other resource follows alphabetically.
 */
export const EVERYDAY_RESOURCES = [
	'salesInvoice',
	'contact',
	'purchaseInvoice',
	'product',
	'service',
	'contactPayment',
	'report',
	'salesCreditNote',
	'salesQuote',
	'purchaseCreditNote',
	'bankAccount',
	'ledgerAccount',
];

/** Per resource: descriptions for the Resource list, names, search hints and filter overrides. */
export const COLLECTION_OVERLAY: Record<string, CollectionOverlay> = {
	address: { description: 'Addresses of contacts' },
	addressRegion: { description: 'Regions, states and provinces an address can be in' },
	addressType: { description: 'Kinds of address: delivery, accounts, sales, purchasing' },
	analysisType: { description: 'Analysis types for reporting on transactions', searchMatches: 'code or name' },
	analysisTypeCategory: { description: 'Categories (values) of analysis types' },
	artefactStatus: { description: 'Statuses a sales or purchase document can have' },
	attachment: { description: 'Files attached to records' },
	attachmentContextType: { description: 'Kinds of record a file can be attached to' },
	bankAccount: { description: 'Bank, cash and card accounts' },
	bankAccountType: { description: 'Kinds of bank account (v2 "account types")' },
	bankDeposit: { description: 'Cash and cheques paid into a bank account' },
	bankOpeningBalance: { description: 'Opening balances of bank accounts' },
	bankReconciliation: { description: 'Bank statements reconciled against the books' },
	bankTransfer: { description: 'Money moved between the business’s bank accounts' },
	businessActivityType: { description: 'Kinds of business activity' },
	businessExchangeRate: { description: 'Exchange rates the business set itself' },
	businessSettings: { description: 'Business type, registration and defaults of the business' },
	businessType: { description: 'Kinds of business (sole trader, partnership, company…)' },
	catalogItemType: { description: 'Kinds of product and service item' },
	cisSettings: {
		singular: 'CIS Settings',
		plural: 'CIS Settings',
		description: 'Construction Industry Scheme settings',
	},
	coaAccount: {
		singular: 'Chart Template Account',
		plural: 'Chart Template Accounts',
		description: 'The accounts of the charts of accounts templates',
	},
	coaTemplate: {
		singular: 'Chart of Accounts Template',
		plural: 'Chart of Accounts Templates',
		description: 'Charts of accounts a new business can start from',
	},
	contact: {
		description: 'Customers and suppliers',
		searchMatches: 'contact name, company name or reference',
		filters: {
			contact_type_id: {
				kind: 'options',
				displayName: 'Contact Type',
				description: 'Only contacts of this type',
				options: CONTACT_TYPES,
			},
		},
	},
	contactAllocation: { description: 'Credit notes and payments on account set against invoices' },
	contactOpeningBalance: {
		description: 'Opening balances of customers and suppliers',
		filters: {
			contact_type_id: {
				kind: 'options',
				displayName: 'Contact Type',
				description: 'Only balances of contacts of this type',
				options: CONTACT_TYPES,
			},
		},
	},
	contactOpeningBalanceType: { description: 'Kinds of contact opening balance (invoice, credit note)' },
	contactPayment: { description: 'Payments received from customers and paid to suppliers, with what they settle' },
	contactPerson: { description: 'People at a contact’s addresses' },
	contactPersonType: { description: 'Roles a contact person can have' },
	contactType: { description: 'Kinds of contact: customer, supplier' },
	correctiveReasonCode: { description: 'Reasons for a corrective invoice' },
	country: { description: 'Countries known to the service' },
	countryGroup: { description: 'Groups of countries, such as the EU' },
	countryOfRegistration: {
		singular: 'Country of Registration',
		plural: 'Countries of Registration',
		description: 'Countries a business can be registered in',
	},
	currency: { plural: 'Currencies', description: 'Currencies the service knows' },
	datevSettings: { singular: 'DATEV Settings', plural: 'DATEV Settings', description: 'Settings of the DATEV export' },
	emailSettings: { description: 'Email settings of the business' },
	euGoodsServicesType: { description: 'Goods or services, for EU sales lists' },
	euSalesDescription: { description: 'Descriptions of EU sales for tax returns' },
	exchangeRate: { description: 'Exchange rates of the business’s currencies' },
	financialSettings: { description: 'Year end, base currency and tax settings of the business' },
	hostedArtefactPaymentSetting: { description: 'Online payment settings of documents' },
	invoiceSettings: { description: 'Numbering, texts and print settings of documents' },
	journal: { description: 'Journals: balanced debits and credits entered by hand' },
	journalCode: { description: 'Journal codes that group journals' },
	journalCodeType: { description: 'Kinds of journal code' },
	ledgerAccount: {
		description: 'The chart of accounts',
		// The spec lists the searchable collections; ledger accounts are not among them.
		searchMatches: false,
		filters: {
			visible_in: { description: `Only ledger accounts offered in this area ${LEDGER_AREA_HINT}` },
			not_visible_in: { description: 'Only ledger accounts not offered in this area' },
			from_date: { description: 'Day the balances start (with Show Balance Details)' },
			to_date: { description: 'Day the balances end (with Show Balance Details)' },
		},
	},
	ledgerAccountClassification: { description: 'Classifications of ledger accounts' },
	ledgerAccountOpeningBalance: { description: 'Opening balances of ledger accounts' },
	ledgerAccountType: { description: 'Kinds of ledger account' },
	ledgerEntry: { plural: 'Ledger Entries', description: 'Debits and credits posted to ledger accounts' },
	legalFormType: { description: 'Legal forms of a business' },
	liveExchangeRate: { description: 'Current market exchange rates' },
	migrationTaxReturn: { description: 'Tax returns brought over from another system' },
	migrations: {
		singular: 'Migration',
		plural: 'Migration',
		description: 'Status of a data migration into the business',
	},
	openingBalanceJournal: { description: 'Journals that set opening balances' },
	otherPayment: {
		description: 'Payments and receipts not tied to an invoice (v2 "expenses" and "incomes")',
		filters: {
			transaction_type_id: {
				kind: 'options',
				displayName: 'Transaction Type',
				description: 'Payments (v2 "expenses") or receipts (v2 "incomes")',
				options: [option('OTHER_PAYMENT', 'Other Payment'), option('OTHER_RECEIPT', 'Other Receipt')],
			},
		},
	},
	paymentMethod: { description: 'Ways to pay: bank transfer, cash, cheque, card…' },
	product: { description: 'Products the business sells or buys', searchMatches: ITEM_SEARCH },
	productSalesPriceType: { description: 'Named sales prices of products (selling price, trade…)' },
	purchaseCorrectiveInvoice: { description: 'Corrections of purchase invoices', searchMatches: DOCUMENT_SEARCH },
	purchaseCreditNote: { description: 'Credit notes received from suppliers', searchMatches: DOCUMENT_SEARCH },
	purchaseInvoice: { description: 'Invoices received from suppliers', searchMatches: DOCUMENT_SEARCH },
	purchaseQuickEntry: {
		plural: 'Purchase Quick Entries',
		description: 'Purchase invoices and credit notes entered in batch',
		searchMatches: DOCUMENT_SEARCH,
	},
	quickEntryType: { description: 'Kinds of quick entry: invoice or credit note' },
	salesCorrectiveInvoice: { description: 'Corrections of sales invoices', searchMatches: DOCUMENT_SEARCH },
	salesCreditNote: { description: 'Credit notes issued to customers', searchMatches: DOCUMENT_SEARCH },
	salesEstimate: { description: 'Estimates given to customers', searchMatches: DOCUMENT_SEARCH },
	salesInvoice: { description: 'Invoices issued to customers', searchMatches: DOCUMENT_SEARCH },
	salesQuickEntry: {
		plural: 'Sales Quick Entries',
		description: 'Sales invoices and credit notes entered in batch',
		searchMatches: DOCUMENT_SEARCH,
	},
	salesQuote: { description: 'Quotes given to customers', searchMatches: DOCUMENT_SEARCH },
	service: { description: 'Services the business sells or buys', searchMatches: ITEM_SEARCH },
	serviceRateType: { description: 'Named rates of services (hourly, daily…)' },
	stockItem: { description: 'Products whose stock the business tracks', searchMatches: ITEM_SEARCH },
	stockMovement: { description: 'Changes to the quantity in stock of stock items', searchMatches: 'details' },
	taxDetermination: { description: 'The tax rate the service determines for a document line' },
	taxOffice: { description: 'Tax offices' },
	taxProfile: { description: 'Tax profiles of the business' },
	taxRate: {
		description: 'Tax rates the business can use',
		filters: {
			usage: {
				kind: 'options',
				description: 'Only tax rates for sales or for purchases',
				options: [option('purchase', 'Purchase'), option('sales', 'Sales')],
			},
		},
	},
	taxReturnFrequency: { description: 'How often tax returns are filed' },
	taxScheme: { description: 'Tax schemes such as standard, cash accounting or flat rate' },
	taxType: { description: 'Kinds of tax' },
	transaction: { description: 'Transactions: the postings behind every document and payment' },
	transactionType: { description: 'Kinds of transaction' },
	unallocatedArtefact: {
		description: 'Open payments on account and credit notes of contacts',
		searchMatches: 'contact',
	},
};

/**
 * The records whose create accepts an `idempotency_id` (the service's guide lists them; the
 * OpenAPI does not say), by the name of the request's wrapper. On these the node sends one with
 * every create, so a create repeated after a lost answer is recognised instead of made twice.
 */
export const IDEMPOTENT_CREATES: readonly string[] = [
	'address',
	'bank_account',
	'bank_deposit',
	'bank_opening_balance',
	'bank_reconciliation',
	'bank_transfer',
	'business_exchange_rate',
	'contact',
	'contact_allocation',
	'contact_opening_balance',
	'contact_payment',
	'contact_person',
	'hosted_artefact_payment_setting',
	'journal',
	'journal_code',
	'ledger_account',
	'ledger_account_opening_balance',
	'migration_tax_return',
	'opening_balance_journal',
	'other_payment',
	'product',
	'product_sales_price_type',
	'purchase_corrective_invoice',
	'purchase_credit_note',
	'purchase_invoice',
	'purchase_quick_entry',
	'sales_corrective_invoice',
	'sales_credit_note',
	'sales_estimate',
	'sales_invoice',
	'sales_quick_entry',
	'sales_quote',
	'service',
	'service_rate_type',
	'stock_item',
	'stock_movement',
];

/**
 * The attributes people identify a record by outside the service (a customer's account
 * reference, an item code, a nominal code): the columns Create or Update can match on, the first
 * preselected. Each must be an attribute of the record's create, or a write shorthand
 * (actions/write/upsertKeys.ts), and found by the list's own filter of that name, by its search
 * (which must match the attribute, see the search hints above) or else by reading the whole list.
 */
export const NATURAL_KEYS: Readonly<Record<string, readonly string[]>> = {
	contact: ['reference', 'email'],
	product: ['item_code'],
	service: ['item_code'],
	stockItem: ['item_code'],
	ledgerAccount: ['nominal_code'],
};

/** Where the values of an attribute that names an entry of a reference list come from. */
export interface ReferenceList {
	/** The list's path (`GET /{path}`, every page). */
	path: string;
	/** Only in the writes of these collections (by path), where the name means another list elsewhere. */
	onlyIn?: RegExp;
}

const listAt = (path: string, onlyIn?: RegExp): ReferenceList => ({ path, onlyIn });

/**
 * The write attributes (top level of a request schema) that name an entry of a short list of the
 * business, by attribute name: the resource mapper offers that list's entries by name. Read from
 * the OpenAPI's `_id` attributes and their descriptions. Long lists (contacts, products,
 * documents) are left out on purpose: the lookups by reference and item code cover them; so are
 * `status_id` outside documents (a bank reconciliation's or a migration's status is no artefact
 * status) and `tax_address_region_id` (Canadian provinces only, the list holds US states too).
 */
export const REFERENCE_LISTS: Readonly<Record<string, ReferenceList>> = {
	tax_rate_id: listAt('tax_rates'),
	shipping_tax_rate_id: listAt('tax_rates'),
	sales_tax_rate_id: listAt('tax_rates'),
	purchase_tax_rate_id: listAt('tax_rates'),
	default_sales_tax_rate_id: listAt('tax_rates'),
	ledger_account_id: listAt('ledger_accounts'),
	sales_ledger_account_id: listAt('ledger_accounts'),
	purchase_ledger_account_id: listAt('ledger_accounts'),
	default_sales_ledger_account_id: listAt('ledger_accounts'),
	default_purchase_ledger_account_id: listAt('ledger_accounts'),
	non_recoverable_ledger_account_id: listAt('ledger_accounts'),
	bank_account_id: listAt('bank_accounts'),
	from_bank_account_id: listAt('bank_accounts'),
	to_bank_account_id: listAt('bank_accounts'),
	payment_bank_account_id: listAt('bank_accounts'),
	currency_id: listAt('currencies'),
	base_currency_id: listAt('currencies'),
	country_id: listAt('countries'),
	country_of_registration_id: listAt('countries_of_registration'),
	country_group_id: listAt('country_groups'),
	payment_method_id: listAt('payment_methods'),
	default_payment_method_id: listAt('payment_methods'),
	contact_type_ids: listAt('contact_types'),
	contact_person_type_ids: listAt('contact_person_types'),
	status_id: listAt('artefact_statuses', /^(sales|purchase)_/),
	transaction_type_id: listAt('transaction_types'),
	address_type_id: listAt('address_types'),
	analysis_type_id: listAt('analysis_types'),
	attachment_context_type_id: listAt('attachment_context_types'),
	bank_account_type_id: listAt('bank_account_types'),
	business_activity_type_id: listAt('business_activity_types'),
	business_type_id: listAt('business_types'),
	catalog_item_type_id: listAt('catalog_item_types'),
	contact_opening_balance_type_id: listAt('contact_opening_balance_types'),
	corrective_reason_code_id: listAt('corrective_reason_codes'),
	journal_code_type_id: listAt('journal_code_types'),
	ledger_account_classification_id: listAt('ledger_account_classifications'),
	ledger_account_type_id: listAt('ledger_account_types'),
	legal_form_type_id: listAt('legal_form_types'),
	product_sales_price_type_id: listAt('product_sales_price_types'),
	quick_entry_type_id: listAt('quick_entry_types'),
	tax_office_id: listAt('tax_offices'),
	tax_return_frequency_id: listAt('tax_return_frequencies'),
	tax_scheme_id: listAt('tax_schemes'),
	tax_type_id: listAt('tax_types'),
};

/**
 * The columns a Simplified row starts with, where the record has them, in this order: what
 * people read a record by (its number, date, contact, status and totals). The record's key
 * column comes first; every other column follows in the OpenAPI's order. `*_number` stands for
 * the document's number, whatever the document calls it (`invoice_number`, `quote_number`).
 */
export const LEADING_COLUMNS: readonly string[] = [
	'displayed_as',
	'*_number',
	'name',
	'date',
	'due_date',
	'contact_id',
	'contact_name',
	'contact_reference',
	'reference',
	'status_id',
	'status_name',
	'currency_id',
	'net_amount',
	'tax_amount',
	'total_amount',
	'outstanding_amount',
	'created_at',
	'updated_at',
];

/**
 * The document's columns each line of One Row per Line repeats (where the document has them),
 * after its key: enough to sort, filter and pivot lines by document, customer and date, and
 * the document's `updated_at` to tell a line's version.
 */
export const DOCUMENT_COLUMNS_ON_LINES: readonly string[] = [
	'displayed_as',
	'*_number',
	'date',
	'contact_id',
	'contact_name',
	'reference',
	'status_id',
	'currency_id',
	'updated_at',
];
