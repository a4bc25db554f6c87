'use strict';

const { formatInstant } = require('./common');
const { DAY_MS } = require('../time');

/**
 * The settings objects beyond financial and invoice settings: one object per business, each
 * `GET /<name>` answering it whole. Where the reference offers one in some countries only (CIS in
 * the UK, DATEV in Germany), businesses elsewhere get 404 (collections.js, api/index.js).
 */

const ref = (ctx, collection, code) => (code ? ctx.refCode(collection, code) : null);
const account = (ctx, role) => ctx.ref('ledger_accounts', ctx.chart.byRole(role));

/** Per-country facts of the French and British registrations. */
const REGISTRATION = {
	gb: { businessType: 'LIMITED_COMPANY', countryOfRegistration: 'ENGLAND_AND_WALES' },
	es: { businessType: 'LIMITED_COMPANY', auxiliaryAccounts: true },
	fr: {
		businessType: 'LIMITED_COMPANY',
		auxiliaryAccounts: true,
		siret: '30326504500017',
		rcs: 'RCS Besançon B 303 265 045',
		activity: 'ARTISANAL',
		legalForm: 'SARL',
	},
};

const businessSettings = {
	render(ctx) {
		const r = REGISTRATION[ctx.biz.country] ?? {};
		const fr = ctx.biz.country === 'fr';
		return {
			$path: '/business_settings',
			siret: r.siret ?? null,
			management_centre_member: fr ? false : null,
			rcs_number: r.rcs ?? null,
			share_capital: fr ? ctx.biz.openingCapital / 100 : null,
			business_activity_type: ref(ctx, 'business_activity_types', r.activity),
			legal_form_type: ref(ctx, 'legal_form_types', r.legalForm),
			auxiliary_accounts_visible: r.auxiliaryAccounts ?? null,
			default_ledger_accounts: {
				bank_charges_ledger_account: account(ctx, 'bank_charges'),
				bank_interest_received_ledger_account: account(ctx, 'other_income'),
				bank_interest_charges_paid_ledger_account: account(ctx, 'bank_charges'),
				exchange_rate_gains_ledger_account: account(ctx, 'other_income'),
				exchange_rate_losses_ledger_account: account(ctx, 'bank_charges'),
				sales_ledger_account: account(ctx, 'sales_goods'),
				sales_discount_ledger_account: account(ctx, 'sales_goods'),
				purchase_ledger_account: account(ctx, 'purchases'),
				purchase_discount_ledger_account: account(ctx, 'purchases'),
				product_sales_ledger_account: account(ctx, 'sales_goods'),
				product_purchase_ledger_account: account(ctx, 'purchases'),
				service_sales_ledger_account: account(ctx, 'sales_services'),
				service_purchase_ledger_account: account(ctx, 'purchases'),
				stock_purchase_ledger_account: account(ctx, 'purchases'),
				other_receipt_ledger_account: account(ctx, 'other_income'),
				other_payment_ledger_account: account(ctx, 'purchases'),
				customer_receipt_discount_ledger_account: account(ctx, 'sales_goods'),
				vendor_payment_discount_ledger_account: account(ctx, 'purchases'),
				carriage_ledger_account: account(ctx, 'sales_goods'),
			},
			business_type: ref(ctx, 'business_types', r.businessType),
			country_of_registration: ref(ctx, 'countries_of_registration', r.countryOfRegistration),
			business_created_at: formatInstant(ctx.biz.createdMs),
			updated_at: formatInstant(ctx.biz.createdMs),
			wizard_complete: true,
		};
	},
};

/** UK Construction Industry Scheme: a café is neither contractor nor subcontractor. */
const cisSettings = {
	render: () => ({
		$path: '/cis_settings',
		unique_tax_reference: '8392047165',
		contractor: false,
		subcontractor: false,
		accounts_office_reference: '120PA00284615',
		paye_reference: '120/AB28461',
		tax_rate: null,
	}),
};

/** German DATEV export numbers; no seeded business is German, so every business answers 404. */
const datevSettings = {
	render: (ctx) => ({
		$path: '/datev_settings',
		tax_consultant_number: 1234567,
		client_number: 10_001,
		next_customer_number: 10_000 + ctx.rows('contacts').length,
		next_supplier_number: 70_000 + ctx.rows('contacts').length,
		updated_at: formatInstant(ctx.biz.createdMs),
	}),
};

/** The e-mail texts a business sends documents with, in its own language. */
const MESSAGES = {
	en: {
		invoice: 'Please find attached our invoice. Thank you for your business.',
		credit_note: 'Please find attached our credit note.',
		quote: 'Please find attached our quote. We look forward to hearing from you.',
		estimate: 'Please find attached our estimate.',
		statement: 'Please find attached your statement of account.',
	},
	es: {
		invoice: 'Le adjuntamos nuestra factura. Gracias por su confianza.',
		credit_note: 'Le adjuntamos nuestra factura rectificativa.',
		quote: 'Le adjuntamos nuestro presupuesto.',
		estimate: 'Le adjuntamos nuestra estimación.',
		statement: 'Le adjuntamos su extracto de cuenta.',
	},
	fr: {
		invoice: 'Veuillez trouver ci-joint notre facture. Merci de votre confiance.',
		credit_note: 'Veuillez trouver ci-joint notre avoir.',
		quote: 'Veuillez trouver ci-joint notre devis.',
		estimate: 'Veuillez trouver ci-joint notre estimation.',
		statement: 'Veuillez trouver ci-joint votre relevé de compte.',
	},
};

const emailSettings = {
	render(ctx) {
		const locale = ctx.L.locale;
		const messages = MESSAGES[locale.slice(0, 2)];
		return {
			$path: '/email_settings',
			default_messages: Object.entries(messages).map(([type, message]) => ({ message_type: type, locale, message })),
			pdf_attached: true,
			send_bcc: false,
			updated_at: formatInstant(ctx.biz.createdMs),
		};
	},
};

/** The lead business came over from Sage 50; the others started in the cloud and show no migration. */
const migrations = {
	render(ctx) {
		if (ctx.biz.key !== 'lead') {
			return {
				$path: '/migrations',
				id: null,
				status: { id: 'NOT_STARTED', displayed_as: 'Not started' },
				started_at: null,
				completed_at: null,
				source_product: null,
				source_product_version: null,
				source_license: null,
				source_tool: null,
				source_tool_version: null,
				schema_id: null,
			};
		}
		const started = ctx.biz.createdMs + 2 * 3_600_000;
		return {
			$path: '/migrations',
			id: ctx.pseudoId('migrations', 0),
			status: { id: 'COMPLETE', displayed_as: 'Complete' },
			started_at: formatInstant(started),
			completed_at: formatInstant(started + DAY_MS / 24),
			source_product: 'Sage 50 Accounts',
			source_product_version: '29.0',
			source_license: 'Sage 50 Accounts Professional',
			source_tool: 'Sage Accounting Migration Tool',
			source_tool_version: '3.4.1',
			schema_id: 'sage50-uk-accounts-v29',
		};
	},
};

module.exports = { businessSettings, cisSettings, datevSettings, emailSettings, migrations };
