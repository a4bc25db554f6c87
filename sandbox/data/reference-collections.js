'use strict';

const lists = require('./kinds/reference-lists');
const { businessSettings, cisSettings, datevSettings, emailSettings, migrations } = require('./kinds/settings-objects');

/**
 * Rows of the collection table (collections.js) for the service's reference lists and settings
 * objects beyond the original 29. Like every row they get their filters, sorts and availability
 * from the OpenAPI when collections.js finishes them.
 */
const LIST_NAMES = [
	'address_regions',
	'address_types',
	'attachment_context_types',
	'business_activity_types',
	'business_types',
	'catalog_item_types',
	'coa_accounts',
	'coa_templates',
	'contact_opening_balance_types',
	'contact_person_types',
	'contact_types',
	'corrective_reason_codes',
	'countries_of_registration',
	'country_groups',
	'currencies',
	'eu_goods_services_types',
	'eu_sales_descriptions',
	'journal_code_types',
	'ledger_account_classifications',
	'legal_form_types',
	'live_exchange_rates',
	'payment_methods',
	'quick_entry_types',
	'tax_return_frequencies',
	'tax_schemes',
	'tax_types',
	'transaction_types',
];

const REFERENCE_COLLECTIONS = [
	...LIST_NAMES.map((name) => ({ name, ...lists[name] })),
	{ name: 'business_settings', singleton: true, ...businessSettings },
	{ name: 'cis_settings', singleton: true, ...cisSettings },
	{ name: 'datev_settings', singleton: true, ...datevSettings },
	{ name: 'email_settings', singleton: true, ...emailSettings },
	{ name: 'migrations', singleton: true, ...migrations },
];

module.exports = { REFERENCE_COLLECTIONS };
