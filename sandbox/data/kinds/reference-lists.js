'use strict';

const R = require('../reference');
const C = require('../code-lists');
const { codeList } = require('./reference');
const { stamps, formatInstant } = require('./common');
const { TRANSACTION_TYPES, GROUPS } = require('./ledger');
const { TYPES: CONTACT_TYPES } = require('./contacts');
const { attachments } = require('./attachments');
const { SEED_END } = require('../time');
const { byCode, whenTrue } = require('../../api/row-filters');
const { availability } = require('../../../openapi/collections');

/**
 * The reference lists the service offers besides the original ones, code-keyed like them.
 * Lists other records point at are built from the same constants those records use, so every
 * reference resolves: contacts' types, attachments' context types, ledger entries' and other
 * payments' transaction types, bank accounts' payment methods, addresses' types and groups.
 */

const plain = (rows) => () => rows;
const perCountry = (table) => (ctx) => table[ctx.biz.country] ?? [];

/** The collection whose records post each transaction type; a type is valid where that collection exists. */
const SOURCE_OF_TYPE = {
	SALES_INVOICE: 'sales_invoices',
	SALES_CREDIT_NOTE: 'sales_credit_notes',
	SALES_CORRECTIVE_INVOICE: 'sales_corrective_invoices',
	SALES_QUICK_ENTRY_INVOICE: 'sales_quick_entries',
	SALES_QUICK_ENTRY_CREDIT_NOTE: 'sales_quick_entries',
	PURCHASE_INVOICE: 'purchase_invoices',
	PURCHASE_CREDIT_NOTE: 'purchase_credit_notes',
	PURCHASE_CORRECTIVE_INVOICE: 'purchase_corrective_invoices',
	PURCHASE_QUICK_ENTRY_INVOICE: 'purchase_quick_entries',
	PURCHASE_QUICK_ENTRY_CREDIT_NOTE: 'purchase_quick_entries',
};
const validIn = (type, country) => {
	const countries = SOURCE_OF_TYPE[type] ? availability(SOURCE_OF_TYPE[type])?.countries : undefined;
	return countries === undefined || countries.includes(country);
};

/** Rates drift a little from the business's own exchange rates: "live" ones come from a feed. */
function liveRates(ctx) {
	const perEuro = R.CURRENCIES.find(([code]) => code === ctx.biz.currency)[2];
	return R.CURRENCIES.filter(([code]) => code !== ctx.biz.currency).map(([code, name, units], k) => [
		code,
		name,
		(units / perEuro) * (1 + (((k * 37) % 11) - 5) / 1000),
	]);
}

const KINDS = {
	address_regions: {
		// Canadian provinces and US states: id `CA-BC`, code `BC`.
		...codeList(
			plain(C.ADDRESS_REGIONS.map(([country, code, name]) => [`${country}-${code}`, name, country, code])),
			(row) => ({ code: row.details[1], name: row.name }),
		),
		predicates: { country_id: byCode('countries', (row, code) => row.details[0] === code) },
	},
	address_types: codeList(plain(C.ADDRESS_TYPES)),
	attachment_context_types: codeList(plain(Object.values(attachments.CONTEXT_TYPES))),
	business_activity_types: codeList(plain(C.BUSINESS_ACTIVITY_TYPES)),
	business_types: codeList(plain(C.BUSINESS_TYPES), (row) => ({ name: row.name, description: row.details[0] })),
	catalog_item_types: codeList(plain(C.CATALOG_ITEM_TYPES)),
	coa_templates: codeList(perCountry(C.COA_TEMPLATES), (row, ctx) => ({
		...stamps(row),
		name: row.name,
		country: ctx.ref('countries', ctx.countryIndex),
	})),
	contact_opening_balance_types: codeList(plain(C.CONTACT_OPENING_BALANCE_TYPES)),
	contact_person_types: codeList(plain(C.CONTACT_PERSON_TYPES)),
	contact_types: codeList(plain(CONTACT_TYPES.map(([, code, label]) => [code, label]))),
	corrective_reason_codes: codeList(plain(C.CORRECTIVE_REASON_CODES)),
	countries_of_registration: codeList(plain(C.COUNTRIES_OF_REGISTRATION)),
	country_groups: codeList(
		plain(Object.entries(C.COUNTRY_GROUPS).map(([code, group]) => [code, group.name, group.members])),
	),
	currencies: codeList(
		plain(R.CURRENCIES.map(([code, name]) => [code, name])),
		undefined,
		(row) => `${row.name} (${row.code})`,
	),
	eu_goods_services_types: codeList(plain(C.EU_GOODS_SERVICES_TYPES)),
	eu_sales_descriptions: codeList(plain(C.EU_SALES_DESCRIPTIONS)),
	journal_code_types: codeList(plain(C.JOURNAL_CODE_TYPES)),
	ledger_account_classifications: {
		...codeList(plain(C.LEDGER_ACCOUNT_CLASSIFICATIONS)),
		predicates: { ledger_account_type_id: byCode('ledger_account_types', (row, code) => row.details[0] === code) },
	},
	legal_form_types: codeList(plain(C.LEGAL_FORM_TYPES)),
	live_exchange_rates: codeList(
		liveRates,
		(row, ctx) => ({
			rate: Number(row.details[0].toFixed(6)),
			inverse_rate: Number((1 / row.details[0]).toFixed(6)),
			base_currency: ctx.refCode('currencies', ctx.biz.currency),
			currency: ctx.refCode('currencies', row.code),
			retrieved_at: formatInstant(SEED_END),
			updated_at: formatInstant(SEED_END),
		}),
		(row) => `${row.name} (${row.code})`,
	),
	payment_methods: codeList(plain(C.PAYMENT_METHODS)),
	quick_entry_types: codeList(plain(C.QUICK_ENTRY_TYPES)),
	tax_return_frequencies: codeList(plain(C.TAX_RETURN_FREQUENCIES)),
	tax_schemes: codeList(perCountry(C.TAX_SCHEMES)),
	tax_types: codeList(perCountry(C.TAX_TYPES), (row, ctx) => ({
		federal_tax: false,
		country: ctx.ref('countries', ctx.countryIndex),
		address_regions: [],
		// VAT-like taxes carry the business's tax rates; withholding (IRPF) has none of them.
		tax_rates: row.details[0] ? ctx.rows('tax_rates').map((r, i) => ctx.ref('tax_rates', i)) : [],
	})),
	transaction_types: {
		...codeList(plain(TRANSACTION_TYPES)),
		predicates: {
			valid_for_business: whenTrue('valid_for_business', (row, ctx) => validIn(row.code, ctx.biz.country)),
		},
	},
};

/** Chart-of-accounts templates' accounts: the country's chart, minus share capital for a sole trader. */
const coaAccounts = {
	seed(ctx) {
		const rows = [];
		for (const [template] of C.COA_TEMPLATES[ctx.biz.country] ?? []) {
			for (const account of ctx.chart.rows) {
				if (template.endsWith('SOLE_TRADER') && account.role === 'equity') continue;
				rows.push({ ...account, template, created: ctx.biz.createdMs, updated: ctx.biz.createdMs, deleted: null });
			}
		}
		return rows;
	},
	displayedAs: (row) => `${row.name} (${row.nominal})`,
	render(row, ctx) {
		const classification = C.classificationOf(row);
		return {
			...stamps(row),
			ledger_account_group: {
				id: GROUPS[row.type],
				displayed_as: GROUPS[row.type][0] + GROUPS[row.type].slice(1).toLowerCase(),
			},
			name: row.name,
			control_name: row.control,
			nominal_code: row.nominal,
			ledger_account_type: ctx.refCode('ledger_account_types', row.type),
			ledger_account_classification: classification
				? ctx.refCode('ledger_account_classifications', classification)
				: null,
			tax_rate: row.type === 'SALES' || row.type === 'DIRECT_EXPENSES' ? ctx.ref('tax_rates', 0) : null,
			fixed_tax_rate: false,
			cis_materials: false,
			cis_labour: false,
		};
	},
	predicates: { coa_template_id: byCode('coa_templates', (row, code) => row.template === code) },
};

module.exports = { ...KINDS, coa_accounts: coaAccounts };
