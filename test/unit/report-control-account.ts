import { chosenAccount } from '../../nodes/AccountingService/operations/report/controlAccount';

const account = (
	nominal_code: number | string,
	name: string,
	control_name: string | null,
	is_control_account = true,
) => ({
	id: `${nominal_code}`,
	nominal_code,
	name,
	control_name,
	is_control_account,
});

/** The control accounts of the sandbox's three charts (UK, Spain, France), and a German one. */
const CHARTS = {
	uk: [
		account(1100, 'Trade Debtors', 'SALES_LEDGER_CONTROL'),
		account(2100, 'Trade Creditors', 'PURCHASE_LEDGER_CONTROL'),
		account(2200, 'Sales Tax Control Account', 'SALES_TAX_CONTROL'),
		account(2201, 'Purchase Tax Control Account', 'PURCHASE_TAX_CONTROL'),
		account(4000, 'Sales Type A', null, false),
	],
	es: [
		account(400000000, 'Proveedores', null),
		account(430000000, 'Clientes', null),
		account(477000000, 'Hacienda Pública, IVA repercutido', null),
	],
	fr: [account(401000, 'Fournisseurs', null), account(411000, 'Clients', null), account(445710, 'TVA collectée', null)],
	de: [account(1400, 'Forderungen aus Lieferungen (Debitoren)', null), account(1600, 'Kreditoren', null)],
};

describe('the control account an aged report is tied to', () => {
	it.each([
		['uk', 'debtors', 'Trade Debtors'],
		['uk', 'creditors', 'Trade Creditors'],
		['es', 'debtors', 'Clientes'],
		['es', 'creditors', 'Proveedores'],
		['fr', 'debtors', 'Clients'],
		['fr', 'creditors', 'Fournisseurs'],
		['de', 'debtors', 'Forderungen aus Lieferungen (Debitoren)'],
		['de', 'creditors', 'Kreditoren'],
	] as const)('%s chart, %s: %s (never a tax control account)', (chart, side, name) => {
		expect(chosenAccount(CHARTS[chart], side, undefined)?.name).toBe(name);
	});

	it('a control name wins over a name; an account not marked as a control account is never guessed', () => {
		const accounts = [
			account(1200, 'Customer deposits', null),
			account(1100, 'Debtors (UK)', 'SALES_LEDGER_CONTROL'),
			account(1105, 'Debtors control (old)', null, false),
		];
		expect(chosenAccount(accounts, 'debtors', undefined)?.nominal_code).toBe(1100);
		expect(chosenAccount([accounts[2]], 'debtors', undefined)).toBeUndefined();
	});

	it('a Control Account given is found by its nominal code, as number or text, control account or not', () => {
		expect(chosenAccount(CHARTS.uk, 'debtors', '4000')?.name).toBe('Sales Type A');
		expect(chosenAccount([account('1100A', 'Debtors A', null)], 'debtors', '1100A')?.name).toBe('Debtors A');
		expect(chosenAccount(CHARTS.uk, 'debtors', '9999')).toBeUndefined();
	});
});
