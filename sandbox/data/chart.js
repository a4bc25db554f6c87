'use strict';

/**
 * Charts of accounts per country. Postings name accounts by role (`debtors`, `vat_out`, ...), so
 * the same bookkeeping rules serve a UK, Spanish and French chart.
 *
 * Scope letters map to the service's `visible_in` values.
 */
const SCOPES = {
	S: 'sales',
	E: 'expenses',
	B: 'banking',
	P: 'other_payments',
	R: 'other_receipts',
	J: 'journals',
	T: 'reporting',
};

/** [nominal code, name, ledger account type, role, scopes, control name] */
const CHARTS = {
	gb: [
		[30, 'Office Equipment and IT', 'FIXED_ASSETS', 'fixed_assets', 'EPJT'],
		[40, 'Furniture and Fixtures', 'FIXED_ASSETS', 'furniture', 'EPJT'],
		[1001, 'Stock', 'CURRENT_ASSETS', 'stock', 'JT'],
		[1100, 'Trade Debtors', 'CURRENT_ASSETS', 'debtors', 'T', 'SALES_LEDGER_CONTROL'],
		[1200, 'Current Account', 'BANK', 'bank', 'BT'],
		[1210, 'Business Savings Account', 'BANK', 'savings', 'BT'],
		[1230, 'Petty Cash', 'BANK', 'cash', 'BT'],
		[1240, 'Company Credit Card', 'BANK', 'card', 'BT'],
		[2100, 'Trade Creditors', 'CURRENT_LIABILITY', 'creditors', 'T', 'PURCHASE_LEDGER_CONTROL'],
		[2200, 'Sales Tax Control Account', 'CURRENT_LIABILITY', 'vat_out', 'JT', 'SALES_TAX_CONTROL'],
		[2201, 'Purchase Tax Control Account', 'CURRENT_LIABILITY', 'vat_in', 'JT', 'PURCHASE_TAX_CONTROL'],
		[2300, 'Bank Loan', 'FUTURE_LIABILITY', 'loan', 'JT'],
		[3000, 'Ordinary Shares', 'EQUITY', 'equity', 'JT'],
		[3200, 'Retained Profit', 'EQUITY', 'retained', 'JT'],
		[4000, 'Sales - Coffee & Drinks', 'SALES', 'sales_goods', 'SRJT'],
		[4010, 'Sales - Food & Pastries', 'SALES', 'sales_food', 'SRJT'],
		[4020, 'Sales - Catering & Events', 'SALES', 'sales_services', 'SRJT'],
		[4900, 'Other Income', 'OTHER_INCOME', 'other_income', 'SRJT'],
		[5000, 'Cost of Sales - Goods', 'DIRECT_EXPENSES', 'purchases', 'EPJT'],
		[5010, 'Cost of Sales - Packaging', 'DIRECT_EXPENSES', 'packaging', 'EPJT'],
		[7000, 'Gross Wages', 'OVERHEADS', 'wages', 'PJT'],
		[7100, 'Rent and Rates', 'OVERHEADS', 'rent', 'EPJT'],
		[7200, 'Electricity & Gas', 'OVERHEADS', 'utilities', 'EPJT'],
		[7502, 'Telephone & Internet', 'OVERHEADS', 'phone', 'EPJT'],
		[7600, "Accountants' Fees", 'OVERHEADS', 'fees', 'EPJT'],
		[7900, 'Bank Charges & Interest', 'OVERHEADS', 'bank_charges', 'EPJT'],
		[8000, 'Depreciation', 'DEPRECIATION', 'depreciation', 'JT'],
	],
	es: [
		[100000000, 'Capital social', 'EQUITY', 'equity', 'JT'],
		[129000000, 'Resultado del ejercicio', 'EQUITY', 'retained', 'JT'],
		[217000000, 'Equipos para procesos de información', 'FIXED_ASSETS', 'fixed_assets', 'EPJT'],
		[300000000, 'Mercaderías', 'CURRENT_ASSETS', 'stock', 'JT'],
		[400000000, 'Proveedores', 'CURRENT_LIABILITY', 'creditors', 'T', 'PURCHASE_LEDGER_CONTROL'],
		[430000000, 'Clientes', 'CURRENT_ASSETS', 'debtors', 'T', 'SALES_LEDGER_CONTROL'],
		[472000000, 'Hacienda Pública, IVA soportado', 'CURRENT_LIABILITY', 'vat_in', 'JT', 'PURCHASE_TAX_CONTROL'],
		[477000000, 'Hacienda Pública, IVA repercutido', 'CURRENT_LIABILITY', 'vat_out', 'JT', 'SALES_TAX_CONTROL'],
		[570000000, 'Caja, euros', 'BANK', 'cash', 'BT'],
		[572000000, 'Bancos, c/c', 'BANK', 'bank', 'BT'],
		[600000000, 'Compras de mercaderías', 'DIRECT_EXPENSES', 'purchases', 'EPJT'],
		[621000000, 'Arrendamientos y cánones', 'OVERHEADS', 'rent', 'EPJT'],
		[628000000, 'Suministros', 'OVERHEADS', 'utilities', 'EPJT'],
		[629000000, 'Otros servicios', 'OVERHEADS', 'fees', 'EPJT'],
		[626000000, 'Servicios bancarios y similares', 'OVERHEADS', 'bank_charges', 'EPJT'],
		[700000000, 'Ventas de mercaderías', 'SALES', 'sales_goods', 'SRJT'],
		[705000000, 'Prestaciones de servicios', 'SALES', 'sales_services', 'SRJT'],
		[759000000, 'Ingresos por servicios diversos', 'OTHER_INCOME', 'other_income', 'SRJT'],
	],
	fr: [
		[101300, 'Capital souscrit - appelé, versé', 'EQUITY', 'equity', 'JT'],
		[120000, "Résultat de l'exercice (bénéfice)", 'EQUITY', 'retained', 'JT'],
		[218300, 'Matériel de bureau et informatique', 'FIXED_ASSETS', 'fixed_assets', 'EPJT'],
		[370000, 'Stocks de marchandises', 'CURRENT_ASSETS', 'stock', 'JT'],
		[401000, 'Fournisseurs', 'CURRENT_LIABILITY', 'creditors', 'T', 'PURCHASE_LEDGER_CONTROL'],
		[411000, 'Clients', 'CURRENT_ASSETS', 'debtors', 'T', 'SALES_LEDGER_CONTROL'],
		[
			445660,
			'TVA déductible sur autres biens et services',
			'CURRENT_LIABILITY',
			'vat_in',
			'JT',
			'PURCHASE_TAX_CONTROL',
		],
		[445710, 'TVA collectée', 'CURRENT_LIABILITY', 'vat_out', 'JT', 'SALES_TAX_CONTROL'],
		[512000, 'Banque', 'BANK', 'bank', 'BT'],
		[530000, 'Caisse', 'BANK', 'cash', 'BT'],
		[601000, 'Achats stockés - matières premières', 'DIRECT_EXPENSES', 'purchases', 'EPJT'],
		[606100, 'Fournitures non stockables (eau, énergie)', 'OVERHEADS', 'utilities', 'EPJT'],
		[613200, 'Locations immobilières', 'OVERHEADS', 'rent', 'EPJT'],
		[622600, 'Honoraires', 'OVERHEADS', 'fees', 'EPJT'],
		[627000, 'Services bancaires et assimilés', 'OVERHEADS', 'bank_charges', 'EPJT'],
		[701000, 'Ventes de produits finis', 'SALES', 'sales_goods', 'SRJT'],
		[706000, 'Prestations de services', 'SALES', 'sales_services', 'SRJT'],
		[758000, 'Produits divers de gestion courante', 'OTHER_INCOME', 'other_income', 'SRJT'],
	],
};

/**
 * @param {string} country
 * @returns {{ rows: object[], byRole: (role: string) => number }}
 */
function chartFor(country) {
	const rows = CHARTS[country].map(([nominal, name, type, role, scopes, control]) => ({
		nominal,
		name,
		type,
		role,
		control: control ?? null,
		scopes: [...scopes].map((letter) => SCOPES[letter]),
	}));
	const index = new Map(rows.map((row, i) => [row.role, i]));
	return {
		rows,
		// Roles a smaller chart lacks fall back to the nearest general account.
		byRole(role) {
			const found =
				index.get(role) ??
				index.get(
					role.startsWith('sales') ? 'sales_goods' : role === 'card' || role === 'savings' ? 'bank' : 'purchases',
				);
			if (found === undefined) throw new Error(`chart has no account for ${role}`);
			return found;
		},
	};
}

module.exports = { chartFor, SCOPES };
