'use strict';

const { badParameter } = require('../api/errors');
const { parseBoolean } = require('../api/params');
const { TRANSACTION_TYPES } = require('./kinds/ledger');
const { CUSTOMER, VENDOR } = require('./kinds/contacts');
const { addresses, contactPersons } = require('./kinds/contact-details');
const {
	contactAllocations,
	contactPayments,
	unallocatedArtefacts,
	contactOpeningBalances,
	hostedArtefactPaymentSettings,
} = require('./kinds/settlements');
const { bankOpeningBalances, bankTransfers, bankDeposits, bankReconciliations } = require('./kinds/banking');
const {
	journalCodes,
	journals,
	ledgerAccountOpeningBalances,
	openingBalanceJournals,
	transactions,
} = require('./kinds/journals');
const {
	productSalesPriceTypes,
	serviceRateTypes,
	analysisTypes,
	analysisTypeCategories,
	businessExchangeRates,
	taxDeterminations,
	migrationTaxReturns,
	stockMovements,
} = require('./kinds/business-lists');

/**
 * Rows of the collection table (collections.js) for the business data beyond the original 29:
 * contact details, payments and allocations, opening balances, journals, banking, the audit trail
 * and the business's own lists. Like every row they get their filters, sorts and availability
 * (an empty list in a country the OpenAPI does not list: journal_codes outside France,
 * migration_tax_returns outside the UK) from the OpenAPI when collections.js finishes them.
 *
 * Their records refer to each other and to the existing data as real books would; see the kinds
 * (contact-details, settlements, banking, journals, business-lists) and
 * test/sandbox/reads/api-business-data.ts for the rules.
 *
 * `predicates` decide the filters these rows keep as row fields (row indexes, codes), or that the
 * rendered record does not show (a contact person's contact, an unallocated artefact's contact);
 * the other declared filters use the generic rules of sandbox/api/filters.js.
 */

const NOTHING = () => false;

/** A filter by the id of a related record held as a row index; an id naming nothing matches nothing. */
const related = (collection, field) => ({
	parse(raw, ctx) {
		const index = ctx.find(collection, raw);
		return index < 0 ? NOTHING : (row) => row[field] === index;
	},
});

/** @param {string} name @param {readonly string[]} allowed @param {string} raw */
function oneOf(name, allowed, raw) {
	const found = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
	if (found === undefined) badParameter(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
	return found;
}

const TYPE_IDS = TRANSACTION_TYPES.map(([id]) => id);
const transactionType = {
	parse: (raw) => {
		const t = oneOf('transaction_type_id', TYPE_IDS, raw);
		return (row) => row.type === t;
	},
};
const byContact = { contact_id: related('contacts', 'contact') };
const flag = (name, field) => ({
	parse: (raw) => {
		const want = parseBoolean(raw, name);
		return (row) => row[field] === want;
	},
});
const analysisLevel = (levelOf) => ({
	parse(raw, ctx) {
		const level = oneOf('analysis_type_level', ['TRANSACTION', 'GROUP'], raw);
		return (row) => levelOf(row, ctx) === level;
	},
});

const BUSINESS_COLLECTIONS = [
	{ name: 'addresses', ...addresses, predicates: { ...byContact, bank_account_id: related('bank_accounts', 'bank') } },
	{
		name: 'analysis_type_categories',
		...analysisTypeCategories,
		predicates: { analysis_type_level: analysisLevel((row, ctx) => ctx.rows('analysis_types')[row.type].level) },
	},
	{ name: 'analysis_types', ...analysisTypes, predicates: { analysis_type_level: analysisLevel((row) => row.level) } },
	{ name: 'bank_deposits', ...bankDeposits },
	{
		name: 'bank_opening_balances',
		...bankOpeningBalances,
		predicates: { bank_account_id: related('bank_accounts', 'bank') },
	},
	{
		name: 'bank_reconciliations',
		...bankReconciliations,
		predicates: { bank_account_id: related('bank_accounts', 'bank') },
	},
	{ name: 'bank_transfers', ...bankTransfers },
	{ name: 'business_exchange_rates', ...businessExchangeRates },
	{
		name: 'contact_allocations',
		...contactAllocations,
		predicates: { ...byContact, transaction_type_id: transactionType },
	},
	{
		name: 'contact_opening_balances',
		...contactOpeningBalances,
		predicates: {
			...byContact,
			contact_type_id: {
				parse(raw) {
					const bit = oneOf('contact_type_id', ['CUSTOMER', 'VENDOR'], raw) === 'CUSTOMER' ? CUSTOMER : VENDOR;
					return (row) => (row.types & bit) !== 0;
				},
			},
		},
	},
	{
		name: 'contact_payments',
		...contactPayments,
		predicates: {
			...byContact,
			bank_account_id: related('bank_accounts', 'bank'),
			transaction_type_id: transactionType,
		},
	},
	{
		name: 'contact_persons',
		...contactPersons,
		predicates: { ...byContact, address_id: related('addresses', 'address') },
	},
	{
		name: 'hosted_artefact_payment_settings',
		...hostedArtefactPaymentSettings,
		predicates: {
			object_guid: {
				parse(raw, ctx) {
					const index = ctx.find('sales_invoices', raw);
					return index < 0 ? NOTHING : (row) => row.space === 'sales_invoices' && row.index === index;
				},
			},
		},
	},
	{ name: 'journal_codes', ...journalCodes },
	{ name: 'journals', ...journals },
	{ name: 'ledger_account_opening_balances', ...ledgerAccountOpeningBalances },
	{ name: 'migration_tax_returns', ...migrationTaxReturns },
	{ name: 'opening_balance_journals', ...openingBalanceJournals },
	{ name: 'product_sales_price_types', ...productSalesPriceTypes, predicates: { active: flag('active', 'active') } },
	{ name: 'service_rate_types', ...serviceRateTypes, predicates: { active: flag('active', 'active') } },
	{ name: 'stock_movements', ...stockMovements, predicates: { stock_item_id: related('stock_items', 'item') } },
	{ name: 'tax_determinations', ...taxDeterminations },
	{
		name: 'transactions',
		...transactions,
		predicates: {
			transaction_type_id: transactionType,
			has_attachments: {
				parse(raw, ctx) {
					const want = parseBoolean(raw, 'has_attachments');
					return (row) => transactions.attachmentsOf(ctx, row.tx) > 0 === want;
				},
			},
		},
	},
	{ name: 'unallocated_artefacts', ...unallocatedArtefacts, predicates: byContact },
];

module.exports = { BUSINESS_COLLECTIONS };
