'use strict';

const { amount } = require('../money');
const { DAY_MS } = require('../time');
const { stamps, formatInstant, currency } = require('./common');

/** [chart role, name, bank account type, deleted?] per country; the lead keeps a closed account for `deleted_since`. */
const ACCOUNTS = {
	gb: [
		['bank', 'Current Account', 'CHECKING'],
		['savings', 'Business Savings Account', 'SAVINGS'],
		['card', 'Company Credit Card', 'CREDIT_CARD'],
		['cash', 'Petty Cash', 'CASH_IN_HAND'],
		['savings', 'Old Business Reserve Account', 'SAVINGS', true],
	],
	es: [
		['bank', 'Cuenta corriente', 'CHECKING'],
		['cash', 'Caja', 'CASH_IN_HAND'],
	],
	fr: [
		['bank', 'Compte courant', 'CHECKING'],
		['cash', 'Caisse', 'CASH_IN_HAND'],
	],
};

const bankAccounts = {
	seed(ctx) {
		const rng = ctx.rng('bank_accounts');
		return ACCOUNTS[ctx.biz.country].map(([role, name, type, gone], i) => {
			const created = ctx.biz.createdMs + i * 3_600_000;
			return {
				role,
				name,
				type,
				account: ctx.chart.byRole(role),
				created,
				updated: gone ? created + 400 * DAY_MS : created,
				deleted: gone ? created + 400 * DAY_MS : null,
				number: String(rng.int(10_000_000, 99_999_999)),
				sort: `${rng.int(10, 99)}-${rng.int(10, 99)}-${rng.int(10, 99)}`,
			};
		});
	},
	displayedAs: (row) => row.name,
	render(row, ctx) {
		const gb = ctx.biz.country === 'gb';
		const iban = gb
			? null
			: `${ctx.biz.country.toUpperCase()}76 3000 6000 01${row.number} ${row.sort.replace(/-/g, '')}`;
		return {
			...stamps(row),
			deleted_at: formatInstant(row.deleted),
			bank_account_details: {
				account_name: row.name,
				account_number: gb ? row.number : null,
				sort_code: gb ? row.sort : null,
				bic: gb ? null : 'BNPAFRPPXXX',
				iban,
			},
			ledger_account: ctx.ref('ledger_accounts', row.account),
			bank_account_type: ctx.refCode('bank_account_types', row.type),
			balance: amount(ctx.accountBalance(row.account)),
			main_address: null,
			main_contact_person: null,
			nominal_code: ctx.rows('ledger_accounts')[row.account].nominal,
			editable: true,
			deletable: row.deleted === null,
			journal_code: null,
			default_payment_method: ctx.refCode('payment_methods', 'BANK_TRANSFER'),
			gifi_code: null,
			is_active: row.deleted === null,
			currency: currency(ctx),
		};
	},
};

module.exports = { bankAccounts };
