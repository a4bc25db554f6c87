'use strict';

const { amount, taxOn } = require('../money');
const { dayOf } = require('../time');
const { stamps, formatDay, formatInstant, laterEdit } = require('./common');
const { post, transactionRef, transactionTypeRef } = require('./ledger');
const { VENDOR } = require('./contacts');

/** /payment_methods codes a payment may use. */
const METHODS = ['BANK_TRANSFER', 'CREDIT_DEBIT', 'DIRECT_DEBIT', 'CASH'];
const RECEIPTS = [
	['other_income', 'Grant received'],
	['other_income', 'Insurance pay-out'],
	['sales_goods', 'Card takings'],
];

/** Money in and out of a bank account without an invoice (`OTHER_PAYMENT`, `OTHER_RECEIPT`). */
const otherPayments = {
	make(ctx, rng, i, created) {
		const receipt = rng.chance(0.25);
		const [account, details] = receipt ? rng.pick(RECEIPTS) : rng.pick(ctx.L.purchaseLines);
		const vendors = ctx.contactsOfType(VENDOR);
		const banks = ctx.activeBankAccounts();
		// Receipts land in the current account; payments mostly leave it, some by card or cash.
		const roll = rng.next();
		const role = receipt || roll < 0.75 ? 'bank' : roll < 0.95 ? 'card' : 'cash';
		const bank = banks.find((i) => ctx.rows('bank_accounts')[i].role === role) ?? banks[0];
		const net = rng.int(5, 1500) * 100;
		const taxIndex = rng.chance(0.7) ? 0 : 2;
		return {
			type: receipt ? 'OTHER_RECEIPT' : 'OTHER_PAYMENT',
			contact: !receipt && rng.chance(0.6) ? vendors[rng.int(0, vendors.length - 1)] : -1,
			bank,
			date: dayOf(created) - rng.int(0, 3),
			role: account,
			details,
			net,
			taxIndex,
			tax: taxOn(net, ctx.rows('tax_rates')[taxIndex].details[0]),
			method: rng.int(0, METHODS.length - 1),
			ref: rng.chance(0.7) ? `${receipt ? 'REC' : 'PAY'}-${String(i + 1).padStart(5, '0')}` : null,
			attachments: 0,
			tx: -1,
			updated: laterEdit(rng, created, 0.1),
		};
	},
	post(ctx, row, index) {
		const bank = ctx.rows('bank_accounts')[row.bank].account;
		const total = row.net + row.tax;
		const legs =
			row.type === 'OTHER_RECEIPT'
				? [
						[bank, total, 0],
						[ctx.chart.byRole(row.role), 0, row.net],
						[ctx.chart.byRole('vat_out'), 0, row.tax],
					]
				: [
						[ctx.chart.byRole(row.role), row.net, 0],
						[ctx.chart.byRole('vat_in'), row.tax, 0],
						[bank, 0, total],
					];
		row.tx = post(ctx, {
			type: row.type,
			day: row.date,
			created: row.created,
			contact: row.contact,
			source: ['other_payments', index],
			legs,
		});
	},
	displayedAs: (row) => row.ref ?? row.details,
	render(row, ctx, index) {
		const total = row.net + row.tax;
		return {
			...stamps(row),
			transaction: row.tx >= 0 ? transactionRef(ctx, row.tx) : null,
			transaction_type: transactionTypeRef(row.type),
			deleted_at: formatInstant(row.deleted),
			payment_method: ctx.refCode('payment_methods', METHODS[row.method]),
			contact: row.contact >= 0 ? ctx.ref('contacts', row.contact) : null,
			bank_account: ctx.ref('bank_accounts', row.bank),
			tax_address_region: null,
			date: formatDay(row.date),
			net_amount: amount(row.net),
			tax_amount: amount(row.tax),
			total_amount: amount(total),
			reference: row.ref,
			payment_lines: [
				{
					id: ctx.subId('other_payments', index, 1),
					displayed_as: row.details,
					ledger_account: ctx.ref('ledger_accounts', ctx.chart.byRole(row.role)),
					details: row.details,
					tax_rate: ctx.ref('tax_rates', row.taxIndex),
					net_amount: amount(row.net),
					tax_amount: amount(row.tax),
					total_amount: amount(total),
					is_purchase_for_resale: false,
					trade_of_asset: false,
				},
			],
			editable: true,
			deletable: true,
			withholding_tax_rate: 0,
			withholding_tax_amount: 0,
		};
	},
};

module.exports = { otherPayments };
