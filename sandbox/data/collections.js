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
const { REFERENCE_COLLECTIONS } = require('./reference-collections');
const { BUSINESS_COLLECTIONS } = require('./business-collections');
const {
	recordDefinition,
	filterParameters,
	sortFields,
	listParameter,
	availability,
	recordParameters,
} = require('../../openapi/collections');

/**
 * THE table of the collections. One row drives routing (name, singleton), item ids (idKind),
 * search (the kind's `search` getters: present exactly on the 14 searchable collections of the
 * spec and on the three it does not name whose OpenAPI list declares `search`: analysis_types,
 * stock_movements, unallocated_artefacts), and record generation (counts per business and the kind that makes and renders rows).
 *
 * What the service declares is not restated here: `finish` takes each collection's accepted
 * filters (`filters`, `parameters`), sort attributes (`sorts`), `attributes` support, record
 * definition, availability (`countries`), the item GET's query parameters (`itemParameters`) and
 * whether the item renders as a PDF (`pdf`) from the reference OpenAPI (openapi/collections.js).
 * A business of a country the OpenAPI does not list gets an empty list (a settings object: 404). A row may add `predicates` for its own filters (see
 * sandbox/api/filters.js).
 *
 * Counts are live records per business key; collections offering `deleted_since` get 1 % more,
 * soft-deleted. `lead` sales invoices follow the `scale` option.
 *
 * Edge sizes, on purpose: lead products = 400 (a multiple of 200), lead corrective invoices = 0
 * (Spain-only in the real service), lead bank_accounts = 4 (< one page).
 */

/** Master data is set up around the start; documents spread over the whole seeded history. */
const MASTER = { from: SEED_START - 45 * DAY_MS, to: SEED_START + 30 * DAY_MS };
const HISTORY = { from: SEED_START, to: SEED_END };

// `shape` is kept on the row for the writes (sandbox/api/writes/kinds/documents.js).
const doc = (name, shape, counts) => ({
	name,
	...artefact({ space: name, ...shape }),
	shape: Object.freeze({ space: name, ...shape }),
	counts,
	window: HISTORY,
});
const sales = { side: 'sales' };
const purchase = { side: 'purchase', number: null };

const CORE = [
	{ name: 'artefact_statuses', ...reference.artefact_statuses },
	{ name: 'attachments', ...attachments },
	{ name: 'bank_account_types', ...reference.bank_account_types },
	{ name: 'bank_accounts', ...bankAccounts },
	{ name: 'contacts', ...contacts, counts: { lead: 1050, second: 160, invited: 90 }, window: MASTER },
	{ name: 'countries', ...reference.countries },
	{ name: 'exchange_rates', ...reference.exchange_rates },
	{ name: 'financial_settings', singleton: true, ...financialSettings },
	{ name: 'invoice_settings', singleton: true, ...invoiceSettings },
	{ name: 'ledger_account_types', ...reference.ledger_account_types },
	{ name: 'ledger_accounts', ...ledgerAccounts },
	{ name: 'ledger_entries', ...ledgerEntries },
	{ name: 'other_payments', ...otherPayments, counts: { lead: 300, second: 60, invited: 40 }, window: HISTORY },
	{ name: 'products', ...product, counts: { lead: 400, second: 30, invited: 24 }, window: MASTER },
	doc(
		'purchase_corrective_invoices',
		{
			...purchase,
			lines: 'invoice_lines',
			second: 'due_date',
			lifecycle: 'payable',
			txType: 'PURCHASE_CORRECTIVE_INVOICE',
			corrective: true,
		},
		{ lead: 0, second: 6, invited: 0 },
	),
	doc(
		'purchase_credit_notes',
		{ ...purchase, lines: 'credit_note_lines', second: null, lifecycle: 'credit', txType: 'PURCHASE_CREDIT_NOTE' },
		{ lead: 40, second: 8, invited: 5 },
	),
	doc(
		'purchase_invoices',
		{ ...purchase, lines: 'invoice_lines', second: 'due_date', lifecycle: 'payable', txType: 'PURCHASE_INVOICE' },
		{ lead: 600, second: 90, invited: 50 },
	),
	{
		name: 'purchase_quick_entries',
		...quickEntry('purchase'),
		counts: { lead: 80, second: 12, invited: 8 },
		window: HISTORY,
	},
	doc(
		'sales_corrective_invoices',
		{
			...sales,
			number: 'invoice_number',
			prefixKey: 'corrective',
			lines: 'invoice_lines',
			second: 'due_date',
			lifecycle: 'payable',
			txType: 'SALES_CORRECTIVE_INVOICE',
			corrective: true,
		},
		{ lead: 0, second: 9, invited: 0 },
	),
	doc(
		'sales_credit_notes',
		{
			...sales,
			number: 'credit_note_number',
			prefixKey: 'credit_note',
			lines: 'credit_note_lines',
			second: null,
			lifecycle: 'credit',
			txType: 'SALES_CREDIT_NOTE',
		},
		{ lead: 120, second: 15, invited: 10 },
	),
	doc(
		'sales_estimates',
		{
			...sales,
			number: 'estimate_number',
			prefixKey: 'estimate',
			lines: 'estimate_lines',
			second: 'expiry_date',
			lifecycle: 'quote',
			txType: null,
		},
		{ lead: 90, second: 10, invited: 7 },
	),
	doc(
		'sales_invoices',
		{
			...sales,
			number: 'invoice_number',
			prefixKey: 'invoice',
			lines: 'invoice_lines',
			second: 'due_date',
			lifecycle: 'payable',
			txType: 'SALES_INVOICE',
		},
		{ lead: 'scale', second: 240, invited: 130 },
	),
	{
		name: 'sales_quick_entries',
		...quickEntry('sales'),
		counts: { lead: 75, second: 12, invited: 6 },
		window: HISTORY,
	},
	doc(
		'sales_quotes',
		{
			...sales,
			number: 'quote_number',
			prefixKey: 'quote',
			lines: 'quote_lines',
			second: 'expiry_date',
			lifecycle: 'quote',
			txType: null,
		},
		{ lead: 180, second: 25, invited: 18 },
	),
	{ name: 'services', ...service, counts: { lead: 35, second: 8, invited: 12 }, window: MASTER },
	{ name: 'stock_items', ...stockItem, counts: { lead: 60, second: 15, invited: 20 }, window: MASTER },
	{ name: 'tax_offices', ...reference.tax_offices },
	{ name: 'tax_profiles', ...taxProfiles },
	{ name: 'tax_rates', ...reference.tax_rates },
];

/**
 * A row as the sandbox uses it: the row's own parts plus what the OpenAPI declares for the
 * collection (rows do not restate filters or sorts; if one does, the OpenAPI's win).
 */
function finish(row) {
	const filters = filterParameters(row.name);
	const countries = availability(row.name)?.countries;
	// What `GET /<name>/{key}` takes (`attributes`, `show_payments_allocations`, …); none for settings objects.
	const item = row.singleton ? {} : Object.fromEntries(recordParameters(row.name, false).map((p) => [p.name, p]));
	return Object.freeze({
		idKind: 'hex',
		singleton: false,
		search: null,
		predicates: {},
		...row,
		definition: recordDefinition(row.name),
		filters: Object.freeze(filters.map((p) => p.name)),
		parameters: Object.freeze(Object.fromEntries(filters.map((p) => [p.name, p]))),
		sorts: Object.freeze(sortFields(row.name)),
		attributes: listParameter(row.name, 'attributes') !== undefined,
		itemParameters: Object.freeze(item),
		// `mark_as_sent` ("mark the artefact as sent") only means something where the service renders
		// the document to send it: exactly the item paths that answer `Accept: application/pdf`.
		pdf: 'mark_as_sent' in item,
		countries: countries ? Object.freeze(countries) : null,
		searchable: Boolean(row.search),
	});
}

const TABLE = [...CORE, ...REFERENCE_COLLECTIONS, ...BUSINESS_COLLECTIONS].map(finish);

const BY_NAME = new Map(TABLE.map((def) => [def.name, def]));

/** Whether a business of this country has the collection at all ("Endpoint Availability"). */
const availableIn = (def, country) => def.countries === null || def.countries.includes(country);

module.exports = { TABLE, BY_NAME, availableIn };
