'use strict';

const { SEED_START, SEED_END, DAY_MS } = require('./time');
const reference = require('./kinds/reference');
const { kind: contacts } = require('./kinds/contacts');
const { product, service, stockItem } = require('./kinds/items');
const { artefact } = require('./kinds/artefacts');
const { quickEntry } = require('./kinds/quick-entries');
const { otherPayments } = require('./kinds/other-payments');
const { bankAccounts } = require('./kinds/bank-accounts');
const { ledgerAccounts, ledgerEntries } = require('./kinds/ledger');
const { attachments } = require('./kinds/attachments');
const { taxProfiles, financialSettings, invoiceSettings } = require('./kinds/settings');

/**
 * THE table of the 29 collections. One row drives routing (name, singleton), item ids (idKind),
 * search (the kind's `search` getters: present exactly on the 14 searchable collections), the
 * accepted filters and sort keys (from the reference OpenAPI), and record generation (counts per
 * business and the kind that makes and renders rows).
 *
 * Counts are live records per business key; collections offering `deleted_since` get 1 % more,
 * soft-deleted. `lead` sales invoices follow the `scale` option.
 *
 * Edge sizes, on purpose: lead products = 400 (a multiple of 200), lead tax_offices and corrective
 * invoices = 0 (Spain-only in the real service), lead bank_accounts = 4 (< one page).
 */

const DOC_FILTERS = ['contact_id', 'status_id', 'from_date', 'to_date', 'updated_or_created_since', 'deleted_since', 'has_attachments'];
const QUOTE_FILTERS = ['contact_id', 'status_id', 'from_date', 'to_date', 'updated_or_created_since', 'has_attachments'];
const ITEM_FILTERS = ['updated_or_created_since', 'deleted_since', 'active'];
const DUE_SORTS = ['created_at', 'updated_at', 'date', 'due_date'];
const DATE_SORTS = ['created_at', 'updated_at', 'date'];

/** Master data is set up around the start; documents spread over the whole seeded history. */
const MASTER = { from: SEED_START - 45 * DAY_MS, to: SEED_START + 30 * DAY_MS };
const HISTORY = { from: SEED_START, to: SEED_END };

const doc = (name, shape, counts, filters = DOC_FILTERS, sorts = DUE_SORTS) => ({
	name, ...artefact({ space: name, ...shape }), counts, window: HISTORY, filters, sorts,
});
const sales = { side: 'sales' };
const purchase = { side: 'purchase', number: null };

const TABLE = [
	{ name: 'artefact_statuses', ...reference.artefact_statuses },
	{ name: 'attachments', ...attachments, filters: ['attachment_context_id', 'attachment_context_type_id', 'updated_or_created_since', 'deleted_since'] },
	{ name: 'bank_account_types', ...reference.bank_account_types },
	{ name: 'bank_accounts', ...bankAccounts, filters: ['updated_or_created_since', 'deleted_since'] },
	{ name: 'contacts', ...contacts, counts: { lead: 1050, second: 160, invited: 90 }, window: MASTER,
		filters: ['updated_or_created_since', 'deleted_since', 'contact_type_id', 'email'] },
	{ name: 'countries', ...reference.countries },
	{ name: 'exchange_rates', ...reference.exchange_rates },
	{ name: 'financial_settings', singleton: true, ...financialSettings },
	{ name: 'invoice_settings', singleton: true, ...invoiceSettings },
	{ name: 'ledger_account_types', ...reference.ledger_account_types },
	{ name: 'ledger_accounts', ...ledgerAccounts,
		filters: ['updated_or_created_since', 'visible_in', 'not_visible_in', 'ledger_account_type_id'] },
	{ name: 'ledger_entries', ...ledgerEntries,
		filters: ['from_date', 'to_date', 'transaction_id', 'transaction_type_id', 'updated_or_created_since', 'ledger_account_id'] },
	{ name: 'other_payments', ...otherPayments, counts: { lead: 300, second: 60, invited: 40 }, window: HISTORY,
		filters: ['bank_account_id', 'contact_id', 'deleted_since', 'from_date', 'has_attachments', 'to_date', 'transaction_type_id', 'updated_or_created_since'],
		sorts: DATE_SORTS },
	{ name: 'products', ...product, counts: { lead: 400, second: 30, invited: 24 }, window: MASTER, filters: ITEM_FILTERS },
	doc('purchase_corrective_invoices', { ...purchase, lines: 'invoice_lines', second: 'due_date', lifecycle: 'payable', txType: 'PURCHASE_CORRECTIVE_INVOICE', corrective: true },
		{ lead: 0, second: 6, invited: 0 }),
	doc('purchase_credit_notes', { ...purchase, lines: 'credit_note_lines', second: null, lifecycle: 'credit', txType: 'PURCHASE_CREDIT_NOTE' },
		{ lead: 40, second: 8, invited: 5 }, DOC_FILTERS, DATE_SORTS),
	doc('purchase_invoices', { ...purchase, lines: 'invoice_lines', second: 'due_date', lifecycle: 'payable', txType: 'PURCHASE_INVOICE' },
		{ lead: 600, second: 90, invited: 50 }),
	{ name: 'purchase_quick_entries', ...quickEntry('purchase'), counts: { lead: 80, second: 12, invited: 8 }, window: HISTORY,
		filters: DOC_FILTERS, sorts: DATE_SORTS },
	doc('sales_corrective_invoices', { ...sales, number: 'invoice_number', prefixKey: 'corrective', lines: 'invoice_lines', second: 'due_date', lifecycle: 'payable', txType: 'SALES_CORRECTIVE_INVOICE', corrective: true },
		{ lead: 0, second: 9, invited: 0 }),
	doc('sales_credit_notes', { ...sales, number: 'credit_note_number', prefixKey: 'credit_note', lines: 'credit_note_lines', second: null, lifecycle: 'credit', txType: 'SALES_CREDIT_NOTE' },
		{ lead: 120, second: 15, invited: 10 }, DOC_FILTERS, DATE_SORTS),
	doc('sales_estimates', { ...sales, number: 'estimate_number', prefixKey: 'estimate', lines: 'estimate_lines', second: 'expiry_date', lifecycle: 'quote', txType: null },
		{ lead: 90, second: 10, invited: 7 }, QUOTE_FILTERS, []),
	doc('sales_invoices', { ...sales, number: 'invoice_number', prefixKey: 'invoice', lines: 'invoice_lines', second: 'due_date', lifecycle: 'payable', txType: 'SALES_INVOICE' },
		{ lead: 'scale', second: 240, invited: 130 }),
	{ name: 'sales_quick_entries', ...quickEntry('sales'), counts: { lead: 75, second: 12, invited: 6 }, window: HISTORY,
		filters: DOC_FILTERS, sorts: DATE_SORTS },
	doc('sales_quotes', { ...sales, number: 'quote_number', prefixKey: 'quote', lines: 'quote_lines', second: 'expiry_date', lifecycle: 'quote', txType: null },
		{ lead: 180, second: 25, invited: 18 }, QUOTE_FILTERS, ['created_at', 'updated_at', 'date', 'expiry_date']),
	{ name: 'services', ...service, counts: { lead: 35, second: 8, invited: 12 }, window: MASTER, filters: ITEM_FILTERS },
	{ name: 'stock_items', ...stockItem, counts: { lead: 60, second: 15, invited: 20 }, window: MASTER,
		filters: [...ITEM_FILTERS, 'out_of_stock', 'below_reorder_level'] },
	{ name: 'tax_offices', ...reference.tax_offices },
	{ name: 'tax_profiles', ...taxProfiles, filters: ['updated_or_created_since'] },
	{ name: 'tax_rates', ...reference.tax_rates, filters: ['updated_or_created_since'] },
].map((def) => Object.freeze({
	idKind: 'hex', singleton: false, filters: [], sorts: [], search: null, ...def,
	searchable: Boolean(def.search),
}));

const BY_NAME = new Map(TABLE.map((def) => [def.name, def]));

module.exports = { TABLE, BY_NAME };
