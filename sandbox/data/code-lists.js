'use strict';

/**
 * The service's reference lists beyond those of reference.js, keyed by readable codes as the
 * service keys them. Records elsewhere name these codes (a bank account's default payment method,
 * a contact's types, an address's type), and the conformance test checks that every such
 * reference exists in its list.
 */

/** [code, name] */
const PAYMENT_METHODS = [
	['ALTERNATIVE_PAYMENT', 'Alternative Payment'],
	['BANK_TRANSFER', 'Bank Transfer'],
	['CASH', 'Cash'],
	['CHEQUE', 'Cheque'],
	['CREDIT_DEBIT', 'Credit/Debit Card'],
	['DIRECT_DEBIT', 'Direct Debit'],
];

const ADDRESS_TYPES = [
	['DELIVERY', 'Delivery'],
	['ACCOUNTS', 'Accounts'],
	['SALES', 'Sales'],
	['PURCHASING', 'Purchasing'],
];

const CONTACT_PERSON_TYPES = [
	['ACCOUNTS', 'Accounts'],
	['SALES', 'Sales'],
	['PURCHASING', 'Purchasing'],
	['CONTACT', 'Contact'],
];

/** Products are non-stock items; stock items and services have their own types. */
const CATALOG_ITEM_TYPES = [
	['STOCK_ITEM', 'Stock'],
	['NON_STOCK_ITEM', 'Non-Stock'],
	['SERVICE', 'Service'],
];

const CONTACT_OPENING_BALANCE_TYPES = [
	['INVOICE', 'Invoice'],
	['CREDIT_NOTE', 'Credit Note'],
];

const QUICK_ENTRY_TYPES = [
	['INVOICE', 'Invoice'],
	['CREDIT_NOTE', 'Credit Note'],
];

/** Spain's "facturas rectificativas" reasons (AEAT codes R1–R5). */
const CORRECTIVE_REASON_CODES = [
	['R1', 'Error fundado en derecho y causas del art. 80 Uno, Dos y Seis LIVA'],
	['R2', 'Concurso de acreedores (art. 80 Tres LIVA)'],
	['R3', 'Créditos total o parcialmente incobrables (art. 80 Cuatro LIVA)'],
	['R4', 'Resto de causas'],
	['R5', 'Facturas rectificativas en facturas simplificadas'],
];

/** The political entities the OpenAPI names for `country_of_registration` (British Isles only). */
const COUNTRIES_OF_REGISTRATION = [
	['ENGLAND_AND_WALES', 'England and Wales'],
	['WALES', 'Wales'],
	['SCOTLAND', 'Scotland'],
	['NORTHERN_IRELAND', 'Northern Ireland'],
	['REPUBLIC_OF_IRELAND', 'Republic of Ireland'],
];

/** Groups of countries; every member is a /countries code. */
const COUNTRY_GROUPS = {
	EU: {
		name: 'European Union',
		members: [
			'AT',
			'BE',
			'BG',
			'CY',
			'CZ',
			'DE',
			'DK',
			'EE',
			'ES',
			'FI',
			'FR',
			'GR',
			'HR',
			'HU',
			'IE',
			'IT',
			'LT',
			'LU',
			'LV',
			'MT',
			'NL',
			'PL',
			'PT',
			'RO',
			'SE',
			'SI',
			'SK',
		],
	},
};

const EU_GOODS_SERVICES_TYPES = [
	['GOODS', 'Goods'],
	['SERVICES', 'Services'],
];

const EU_SALES_DESCRIPTIONS = [
	['GOODS', 'Supply of goods'],
	['SERVICES', 'Supply of services'],
	['TRIANGULATION', 'Triangulation'],
];

const JOURNAL_CODE_TYPES = [
	['SALES', 'Sales'],
	['PURCHASES', 'Purchases'],
	['BANK', 'Bank'],
	['CASH', 'Cash'],
	['OTHER', 'Other'],
];

/** [code, name, ledger account type]: each classification belongs to one ledger account type. */
const LEDGER_ACCOUNT_CLASSIFICATIONS = [
	['TANGIBLE_ASSETS', 'Tangible Assets', 'FIXED_ASSETS'],
	['INTANGIBLE_ASSETS', 'Intangible Assets', 'FIXED_ASSETS'],
	['STOCK', 'Stock', 'CURRENT_ASSETS'],
	['TRADE_DEBTORS', 'Trade Debtors', 'CURRENT_ASSETS'],
	['OTHER_DEBTORS', 'Other Debtors', 'CURRENT_ASSETS'],
	['PREPAYMENTS', 'Prepayments', 'CURRENT_ASSETS'],
	['CASH_AT_BANK', 'Cash at Bank and in Hand', 'BANK'],
	['TRADE_CREDITORS', 'Trade Creditors', 'CURRENT_LIABILITY'],
	['TAXATION', 'Taxation and Social Security', 'CURRENT_LIABILITY'],
	['ACCRUALS', 'Accruals and Deferred Income', 'CURRENT_LIABILITY'],
	['LONG_TERM_LOANS', 'Loans due after one year', 'FUTURE_LIABILITY'],
	['SHARE_CAPITAL', 'Called Up Share Capital', 'EQUITY'],
	['RESERVES', 'Profit and Loss Reserve', 'EQUITY'],
	['TURNOVER', 'Turnover', 'SALES'],
	['OTHER_OPERATING_INCOME', 'Other Operating Income', 'OTHER_INCOME'],
	['COST_OF_SALES', 'Cost of Sales', 'DIRECT_EXPENSES'],
	['STAFF_COSTS', 'Staff Costs', 'OVERHEADS'],
	['ADMINISTRATIVE_EXPENSES', 'Administrative Expenses', 'OVERHEADS'],
	['DEPRECIATION', 'Depreciation and Amortisation', 'DEPRECIATION'],
];

/** The classification of a chart account, by its role, else by its type. */
const CLASSIFICATION_BY_ROLE = {
	debtors: 'TRADE_DEBTORS',
	stock: 'STOCK',
	creditors: 'TRADE_CREDITORS',
	vat_in: 'TAXATION',
	vat_out: 'TAXATION',
	equity: 'SHARE_CAPITAL',
	retained: 'RESERVES',
	wages: 'STAFF_COSTS',
};
const CLASSIFICATION_BY_TYPE = {
	FIXED_ASSETS: 'TANGIBLE_ASSETS',
	CURRENT_ASSETS: 'OTHER_DEBTORS',
	BANK: 'CASH_AT_BANK',
	CURRENT_LIABILITY: 'ACCRUALS',
	FUTURE_LIABILITY: 'LONG_TERM_LOANS',
	EQUITY: 'RESERVES',
	SALES: 'TURNOVER',
	OTHER_INCOME: 'OTHER_OPERATING_INCOME',
	DIRECT_EXPENSES: 'COST_OF_SALES',
	OVERHEADS: 'ADMINISTRATIVE_EXPENSES',
	DEPRECIATION: 'DEPRECIATION',
};

/** @param {{ role: string, type: string }} account a chart row @returns {string|null} its classification code */
const classificationOf = (account) =>
	CLASSIFICATION_BY_ROLE[account.role] ?? CLASSIFICATION_BY_TYPE[account.type] ?? null;

/** French legal forms and activity types (the service offers them for France only). */
const LEGAL_FORM_TYPES = [
	['EI', 'Entreprise individuelle'],
	['EIRL', 'EIRL'],
	['EURL', 'EURL'],
	['SARL', 'SARL'],
	['SAS', 'SAS'],
	['SASU', 'SASU'],
	['SA', 'SA'],
	['SNC', 'SNC'],
	['MICRO', 'Micro-entreprise'],
];
const BUSINESS_ACTIVITY_TYPES = [
	['COMMERCIAL', 'Commerciale'],
	['ARTISANAL', 'Artisanale'],
	['LIBERAL', 'Libérale'],
	['AGRICULTURAL', 'Agricole'],
];

/** [code, name, description] */
const BUSINESS_TYPES = [
	['SOLE_TRADER', 'Sole Trader', 'A business owned and run by one person'],
	['PARTNERSHIP', 'Partnership', 'A business owned by two or more partners'],
	['LIMITED_COMPANY', 'Limited Company', 'A company whose owners’ liability is limited to their shares'],
	[
		'LIMITED_LIABILITY_PARTNERSHIP',
		'Limited Liability Partnership',
		'A partnership whose partners’ liability is limited',
	],
	['CHARITY', 'Charity', 'A charity or not-for-profit organisation'],
];

const TAX_RETURN_FREQUENCIES = [
	['MONTHLY', 'Monthly'],
	['QUARTERLY', 'Quarterly'],
	['ANNUALLY', 'Annually'],
];

/** VAT schemes per country. */
const TAX_SCHEMES = {
	gb: [
		['STANDARD', 'Standard VAT Scheme'],
		['CASH_BASED', 'VAT Cash Accounting Scheme'],
		['FLAT_RATE_INVOICE', 'Flat Rate (Invoice based)'],
		['FLAT_RATE_CASH', 'Flat Rate (Cash based)'],
	],
	es: [
		['GENERAL', 'Régimen general'],
		['CASH', 'Régimen especial del criterio de caja'],
		['EQUIVALENCE', 'Recargo de equivalencia'],
	],
	fr: [
		['REEL_NORMAL', 'Réel normal'],
		['REEL_SIMPLIFIE', 'Réel simplifié'],
		['FRANCHISE', 'Franchise en base de TVA'],
	],
};

/** [code, name, VAT-like (its rates are the business's tax rates)] per country; the tax profiles name these. */
const TAX_TYPES = {
	gb: [['GB_VAT', 'VAT', true]],
	es: [
		['ES_IVA', 'IVA', true],
		['ES_IRPF', 'IRPF', false],
	],
	fr: [['FR_TVA', 'TVA', true]],
};

/** Charts of accounts to start from: [code, name] per country; the business uses the first. */
const COA_TEMPLATES = {
	gb: [
		['GB_LIMITED_COMPANY', 'Limited Company'],
		['GB_SOLE_TRADER', 'Sole Trader'],
	],
	es: [['ES_PGC_PYMES', 'Plan General Contable PYMES']],
	fr: [['FR_PCG', 'Plan Comptable Général']],
};

/** Canadian provinces and US states: [country, code, name]. */
const ADDRESS_REGIONS = [
	...[
		['AB', 'Alberta'],
		['BC', 'British Columbia'],
		['MB', 'Manitoba'],
		['NB', 'New Brunswick'],
		['NL', 'Newfoundland and Labrador'],
		['NS', 'Nova Scotia'],
		['NT', 'Northwest Territories'],
		['NU', 'Nunavut'],
		['ON', 'Ontario'],
		['PE', 'Prince Edward Island'],
		['QC', 'Québec'],
		['SK', 'Saskatchewan'],
		['YT', 'Yukon'],
	].map(([code, name]) => ['CA', code, name]),
	...[
		['AL', 'Alabama'],
		['AK', 'Alaska'],
		['AZ', 'Arizona'],
		['AR', 'Arkansas'],
		['CA', 'California'],
		['CO', 'Colorado'],
		['CT', 'Connecticut'],
		['DE', 'Delaware'],
		['DC', 'District of Columbia'],
		['FL', 'Florida'],
		['GA', 'Georgia'],
		['HI', 'Hawaii'],
		['ID', 'Idaho'],
		['IL', 'Illinois'],
		['IN', 'Indiana'],
		['IA', 'Iowa'],
		['KS', 'Kansas'],
		['KY', 'Kentucky'],
		['LA', 'Louisiana'],
		['ME', 'Maine'],
		['MD', 'Maryland'],
		['MA', 'Massachusetts'],
		['MI', 'Michigan'],
		['MN', 'Minnesota'],
		['MS', 'Mississippi'],
		['MO', 'Missouri'],
		['MT', 'Montana'],
		['NE', 'Nebraska'],
		['NV', 'Nevada'],
		['NH', 'New Hampshire'],
		['NJ', 'New Jersey'],
		['NM', 'New Mexico'],
		['NY', 'New York'],
		['NC', 'North Carolina'],
		['ND', 'North Dakota'],
		['OH', 'Ohio'],
		['OK', 'Oklahoma'],
		['OR', 'Oregon'],
		['PA', 'Pennsylvania'],
		['RI', 'Rhode Island'],
		['SC', 'South Carolina'],
		['SD', 'South Dakota'],
		['TN', 'Tennessee'],
		['TX', 'Texas'],
		['UT', 'Utah'],
		['VT', 'Vermont'],
		['VA', 'Virginia'],
		['WA', 'Washington'],
		['WV', 'West Virginia'],
		['WI', 'Wisconsin'],
		['WY', 'Wyoming'],
	].map(([code, name]) => ['US', code, name]),
];

module.exports = {
	PAYMENT_METHODS,
	ADDRESS_TYPES,
	CONTACT_PERSON_TYPES,
	CATALOG_ITEM_TYPES,
	CONTACT_OPENING_BALANCE_TYPES,
	QUICK_ENTRY_TYPES,
	CORRECTIVE_REASON_CODES,
	COUNTRIES_OF_REGISTRATION,
	COUNTRY_GROUPS,
	EU_GOODS_SERVICES_TYPES,
	EU_SALES_DESCRIPTIONS,
	JOURNAL_CODE_TYPES,
	LEDGER_ACCOUNT_CLASSIFICATIONS,
	classificationOf,
	LEGAL_FORM_TYPES,
	BUSINESS_ACTIVITY_TYPES,
	BUSINESS_TYPES,
	TAX_RETURN_FREQUENCIES,
	TAX_SCHEMES,
	TAX_TYPES,
	COA_TEMPLATES,
	ADDRESS_REGIONS,
};
