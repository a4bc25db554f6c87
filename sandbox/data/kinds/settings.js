'use strict';

const { formatDay, formatInstant, stamps } = require('./common');
const { SEED_START, dayOf } = require('../time');

/** Tax registrations per country: [tax type id, label] (the ids are /tax_types codes). */
const TAX_PROFILES = {
	gb: [['GB_VAT', 'VAT']],
	es: [
		['ES_IVA', 'IVA'],
		['ES_IRPF', 'IRPF'],
	],
	fr: [['FR_TVA', 'TVA']],
};
/** The VAT scheme each business is on (/tax_schemes codes). */
const TAX_SCHEME = { gb: 'STANDARD', es: 'GENERAL', fr: 'REEL_NORMAL' };

const taxProfiles = {
	seed: (ctx) =>
		TAX_PROFILES[ctx.biz.country].map(([type, label]) => ({
			type,
			label,
			created: ctx.biz.createdMs,
			updated: ctx.biz.createdMs,
			deleted: null,
		})),
	displayedAs: (row) => row.label,
	render: (row, ctx) => ({
		...stamps(row),
		tax_type: ctx.refCode('tax_types', row.type),
		tax_number: ctx.biz.taxNumber,
		tax_number_suffix: null,
		collect_tax: true,
		tax_return_frequency: ctx.refCode('tax_return_frequencies', 'QUARTERLY'),
		address_region: null,
	}),
};

/** `GET /financial_settings` is one object per business, not a list. */
const financialSettings = {
	render: (ctx) => ({
		$path: '/financial_settings',
		year_end_date: ctx.biz.country === 'gb' ? '2025-06-30' : '2024-12-31',
		year_end_lockdown_date: null,
		accounting_type: 'accrual',
		accounts_start_date: formatDay(dayOf(SEED_START)),
		base_currency: ctx.refCode('currencies', ctx.biz.currency),
		multi_currency_enabled: false,
		use_live_exchange_rates: false,
		mtd_activation_status: ctx.biz.country === 'gb' ? 'active' : null,
		mtd_connected: ctx.biz.country === 'gb',
		mtd_authenticated_date: ctx.biz.country === 'gb' ? formatDay(dayOf(ctx.biz.createdMs)) : null,
		tax_scheme: ctx.refCode('tax_schemes', TAX_SCHEME[ctx.biz.country]),
		tax_return_frequency: ctx.refCode('tax_return_frequencies', 'QUARTERLY'),
		tax_number: ctx.biz.taxNumber,
		general_tax_number: null,
		// Tax offices are German only.
		tax_office: ctx.rows('tax_offices').length ? ctx.ref('tax_offices', 0) : null,
		default_irpf_rate: ctx.biz.country === 'es' ? 15 : null,
		flat_rate_tax_percentage: null,
		recoverable_percentage: null,
		sales_tax_calculation: 'invoice',
		purchase_tax_calculation: 'invoice',
		updated_at: formatInstant(ctx.biz.createdMs),
		postponed_accounting: false,
		destination_vat: false,
	}),
};

/** `GET /invoice_settings`, one object per business. */
const invoiceSettings = {
	render: (ctx) => {
		const p = ctx.biz.prefixes;
		const next = (space) => ctx.rows(space).length + 1;
		return {
			$path: '/invoice_settings',
			next_invoice_number: next('sales_invoices'),
			next_credit_note_number: next('sales_credit_notes'),
			separate_invoice_credit_note_numbering: true,
			sales_invoice_number_prefix: p.invoice,
			sales_credit_note_number_prefix: p.credit_note,
			invoice_terms_and_conditions: ctx.biz.terms,
			default_note_on_invoice: null,
			default_note_on_credit_note: null,
			default_note_on_estimate: null,
			default_note_on_quote: null,
			next_quote_number: next('sales_quotes'),
			quote_number_prefix: p.quote,
			estimate_number_prefix: p.estimate,
			quote_default_days_to_expiry: 30,
			estimate_default_days_to_expiry: 30,
			quote_terms_and_conditions: null,
			estimate_terms_and_conditions: null,
			quick_entry_prefix: 'QE-',
			late_payment_percentage: ctx.biz.country === 'fr' ? 10 : null,
			prompt_payment_percentage: null,
			payment_bank_account: ctx.ref('bank_accounts', 0),
			sales_corrective_invoice_number_prefix: p.corrective,
			next_sales_corrective_invoice_number: next('sales_corrective_invoices'),
			customer_credit_days: 30,
			vendor_credit_days: 30,
			customer_credit_terms: 'date_from_invoice',
			vendor_credit_terms: 'date_from_payment',
			updated_at: formatInstant(ctx.biz.createdMs),
		};
	},
};

module.exports = { taxProfiles, financialSettings, invoiceSettings, TAX_PROFILES, TAX_SCHEME };
