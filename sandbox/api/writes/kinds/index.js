'use strict';

const { BY_NAME } = require('../../../data/collections');
const { documentKind, quickEntryKind } = require('./documents');
const settlements = require('./settlements');
const banking = require('./banking');
const catalogue = require('./catalogue');
const contacts = require('./contacts');
const lists = require('./lists');

/**
 * What each collection does beyond the generic mapping of a request onto its record
 * (../build.js). A kind may have:
 *
 * - `build(w, record)`: checks (adding to `w.problems`), derives the record's computed fields and
 *   sets the row's compact fields on `w.draft` (what filters, search and other kinds read);
 * - `label(w, record)`: the record's `displayed_as`;
 * - `editable(w)` / `deletable(w)`: why an update / delete is refused, or null;
 * - `book(w, row, index)`: its bookings and effects once committed (ledger transaction, settling
 *   documents, stock quantities); `revert(w, row, index)` undoes the effects (bookings are undone
 *   by the engine); `afterRevert`, `beforeCommit`, `afterCommit`, `beforeUpdate`: hooks.
 */

const DEFAULT_KIND = {
	build() {},
	label: (w, record) =>
		record.name ??
		record.reference ??
		record.description ??
		(w.row ? w.ctx.displayedAs(w.def.name, w.rowIndex) : w.def.name),
};

const KINDS = {
	...Object.fromEntries(
		[
			'sales_invoices',
			'sales_credit_notes',
			'sales_corrective_invoices',
			'sales_quotes',
			'sales_estimates',
			'purchase_invoices',
			'purchase_credit_notes',
			'purchase_corrective_invoices',
		].map((name) => [name, documentKind(BY_NAME.get(name))]),
	),
	sales_quick_entries: quickEntryKind(BY_NAME.get('sales_quick_entries'), 'sales'),
	purchase_quick_entries: quickEntryKind(BY_NAME.get('purchase_quick_entries'), 'purchase'),
	contact_payments: settlements.contactPayments,
	contact_allocations: settlements.contactAllocations,
	contact_opening_balances: settlements.contactOpeningBalances,
	journals: banking.journals,
	opening_balance_journals: banking.openingBalanceJournals,
	bank_transfers: banking.bankTransfers,
	bank_deposits: banking.bankDeposits,
	bank_opening_balances: banking.bankOpeningBalances,
	ledger_account_opening_balances: banking.ledgerAccountOpeningBalances,
	other_payments: banking.otherPayments,
	ledger_accounts: banking.ledgerAccounts,
	bank_accounts: banking.bankAccounts,
	bank_reconciliations: banking.bankReconciliations,
	products: catalogue.products,
	services: catalogue.services,
	stock_items: catalogue.stockItems,
	stock_movements: catalogue.stockMovements,
	product_sales_price_types: catalogue.productSalesPriceTypes,
	service_rate_types: catalogue.serviceRateTypes,
	contacts: contacts.contacts,
	addresses: contacts.addresses,
	contact_persons: contacts.contactPersons,
	attachments: lists.attachments,
	tax_rates: lists.taxRates,
	journal_codes: lists.journalCodes,
	business_exchange_rates: lists.businessExchangeRates,
	hosted_artefact_payment_settings: lists.hostedArtefactPaymentSettings,
	migration_tax_returns: lists.migrationTaxReturns,
	analysis_type_categories: lists.analysisTypeCategories,
};

module.exports = { KINDS, DEFAULT_KIND };
