'use strict';

/**
 * Fixed reference lists. The real service keys these by readable codes (`GB`, `PAID`, `USD`,
 * `GB_STANDARD`), not by opaque ids, and clients use the codes as filter values.
 */

const BANK_ACCOUNT_TYPES = [
	['CHECKING', 'Current'],
	['SAVINGS', 'Savings'],
	['CREDIT_CARD', 'Credit Card'],
	['CASH_IN_HAND', 'Cash in Hand'],
	['LOAN', 'Loan'],
	['OTHER', 'Other'],
];

const LEDGER_ACCOUNT_TYPES = [
	['SALES', 'Sales'],
	['OTHER_INCOME', 'Other Income'],
	['DIRECT_EXPENSES', 'Direct Expenses'],
	['OVERHEADS', 'Overheads'],
	['DEPRECIATION', 'Depreciation'],
	['CURRENT_ASSETS', 'Current Assets'],
	['FIXED_ASSETS', 'Fixed Assets'],
	['FUTURE_ASSETS', 'Future Assets'],
	['BANK', 'Bank'],
	['CURRENT_LIABILITY', 'Current Liability'],
	['FUTURE_LIABILITY', 'Future Liability'],
	['EQUITY', 'Equity'],
	['LINE_OF_CREDIT', 'Line of Credit'],
];

const ARTEFACT_STATUSES = [
	['DRAFT', 'Draft'],
	['PENDING', 'Pending'],
	['UNPAID', 'Unpaid'],
	['PART_PAID', 'Part Paid'],
	['PAID', 'Paid'],
	['VOID', 'Void'],
	['DISPUTED', 'Disputed'],
	['ACCEPTED', 'Accepted'],
	['DECLINED', 'Declined'],
	['INVOICED', 'Invoiced'],
];

const COUNTRIES = [
	['AD', 'Andorra'],
	['AT', 'Austria'],
	['AU', 'Australia'],
	['AX', 'Åland Islands'],
	['BE', 'Belgium'],
	['BG', 'Bulgaria'],
	['BR', 'Brazil'],
	['CA', 'Canada'],
	['CH', 'Switzerland'],
	['CI', "Côte d'Ivoire"],
	['CN', 'China'],
	['CW', 'Curaçao'],
	['CY', 'Cyprus'],
	['CZ', 'Czechia'],
	['DE', 'Germany'],
	['DK', 'Denmark'],
	['EE', 'Estonia'],
	['ES', 'Spain'],
	['FI', 'Finland'],
	['FR', 'France'],
	['GB', 'United Kingdom'],
	['GG', 'Guernsey'],
	['GI', 'Gibraltar'],
	['GR', 'Greece'],
	['HR', 'Croatia'],
	['HU', 'Hungary'],
	['IE', 'Ireland'],
	['IM', 'Isle of Man'],
	['IN', 'India'],
	['IS', 'Iceland'],
	['IT', 'Italy'],
	['JE', 'Jersey'],
	['JP', 'Japan'],
	['LT', 'Lithuania'],
	['LU', 'Luxembourg'],
	['LV', 'Latvia'],
	['MA', 'Morocco'],
	['MC', 'Monaco'],
	['MT', 'Malta'],
	['MX', 'Mexico'],
	['NL', 'Netherlands'],
	['NO', 'Norway'],
	['NZ', 'New Zealand'],
	['PL', 'Poland'],
	['PT', 'Portugal'],
	['RE', 'Réunion'],
	['RO', 'Romania'],
	['SE', 'Sweden'],
	['SI', 'Slovenia'],
	['SK', 'Slovakia'],
	['ST', 'São Tomé and Príncipe'],
	['TR', 'Türkiye'],
	['US', 'United States'],
	['ZA', 'South Africa'],
];

/** Units of each currency per one euro; rates between two currencies derive from it. */
const CURRENCIES = [
	['EUR', 'Euro', 1],
	['GBP', 'Pound Sterling', 0.855],
	['USD', 'US Dollar', 1.085],
	['CAD', 'Canadian Dollar', 1.47],
	['CHF', 'Swiss Franc', 0.955],
	['JPY', 'Japanese Yen', 163.2],
	['SEK', 'Swedish Krona', 11.45],
	['NOK', 'Norwegian Krone', 11.6],
	['DKK', 'Danish Krone', 7.46],
	['AUD', 'Australian Dollar', 1.64],
	['PLN', 'Polish Złoty', 4.33],
	['CZK', 'Czech Koruna', 24.8],
];

/**
 * [code, name, percentage, earlier] per country: `earlier` are the rate's earlier percentages,
 * [percentage, from, to] oldest first; the current one runs from the day after the last of them
 * (from 2011-01-04 where there are none).
 */
const TAX_RATES = {
	gb: [
		// UK VAT's standard rate was 17.5% until 3 January 2011.
		['GB_STANDARD', 'Standard', 20, [[17.5, '2010-01-01', '2011-01-03']]],
		['GB_REDUCED', 'Reduced', 5],
		['GB_ZERO', 'Zero', 0],
		['GB_EXEMPT', 'Exempt', 0],
		['GB_NO_TAX', 'No VAT', 0],
	],
	es: [
		['ES_STANDARD', 'General', 21],
		['ES_REDUCED', 'Reducido', 10],
		['ES_SUPER_REDUCED', 'Superreducido', 4],
		['ES_ZERO', 'Cero', 0],
		['ES_EXEMPT', 'Exento', 0],
	],
	fr: [
		['FR_STANDARD', 'Normal', 20],
		['FR_INTERMEDIATE', 'Intermédiaire', 10],
		['FR_REDUCED', 'Réduit', 5.5],
		['FR_SUPER_REDUCED', 'Particulier', 2.1],
		['FR_ZERO', 'Zéro', 0],
		['FR_EXEMPT', 'Exonéré', 0],
	],
};

/**
 * German Finanzämter (the reference offers /tax_offices in Germany alone, with four-digit office
 * numbers): [id, office number, name]. No seeded business is German, so every business's list is
 * empty; the rows show what a German one would get.
 */
const TAX_OFFICES = {
	de: [
		['1127', '1127', 'Finanzamt für Körperschaften I Berlin'],
		['2241', '2241', 'Finanzamt Hamburg-Mitte'],
		['9143', '9143', 'Finanzamt München'],
		['5117', '5117', 'Finanzamt Köln-Altstadt'],
	],
};

module.exports = {
	BANK_ACCOUNT_TYPES,
	LEDGER_ACCOUNT_TYPES,
	ARTEFACT_STATUSES,
	COUNTRIES,
	CURRENCIES,
	TAX_RATES,
	TAX_OFFICES,
};
