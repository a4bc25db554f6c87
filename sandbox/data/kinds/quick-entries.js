'use strict';

const { taxOn } = require('../money');
const { DAY_MS, SEED_END, dayOf, wholeSecond } = require('../time');
const { stamps, amounts, currency, formatDay, formatInstant, laterEdit } = require('./common');
const { transactionRef, transactionTypeRef } = require('./ledger');
const { postDocument, STATUS_PICKS } = require('./artefacts');
const { CUSTOMER, VENDOR } = require('./contacts');

const SALES_ROLES = [
	['sales_goods', 'Wholesale order'],
	['sales_food', 'Market stall takings'],
	['sales_services', 'Event booking'],
];

/**
 * Quick entries: one-line invoices and credit notes keyed in from paper, booked like documents.
 * @param {'sales'|'purchase'} side
 */
function quickEntry(side) {
	const sales = side === 'sales';
	const space = sales ? 'sales_quick_entries' : 'purchase_quick_entries';
	const txId = (qeType) => `${sales ? 'SALES' : 'PURCHASE'}_QUICK_ENTRY_${qeType}`;
	const label = (row) => row.ref;
	return {
		make(ctx, rng, i, created, fresh = false) {
			const contacts = ctx.contactsOfType(sales ? CUSTOMER : VENDOR);
			const contact = contacts[rng.int(0, contacts.length - 1)];
			const qeType = rng.chance(0.1) ? 'CREDIT_NOTE' : 'INVOICE';
			const [role, details] = sales ? rng.pick(SALES_ROLES) : rng.pick(ctx.L.purchaseLines);
			const net = rng.int(10, 2000) * 100;
			const taxIndex = rng.chance(0.8) ? 0 : 2;
			const tax = taxOn(net, ctx.rows('tax_rates')[taxIndex].details[0]);
			const date = dayOf(created) - rng.int(0, 5);
			const status = fresh ? 'UNPAID' : STATUS_PICKS[qeType === 'INVOICE' ? 'payable' : 'credit'](rng);
			const paid = status === 'PAID' ? net + tax : status === 'PART_PAID' ? Math.round((net + tax) / 2) : 0;
			const paidDay = paid ? Math.min(dayOf(SEED_END), date + rng.int(1, 45)) : -1;
			return {
				number: i + 1,
				contact,
				qeType,
				role,
				details,
				net,
				taxIndex,
				tax,
				date,
				due: date + 30,
				status,
				paid,
				paidDay,
				ref: `${sales ? 'SQE' : 'PQE'}-${String(i + 1).padStart(5, '0')}`,
				attachments: 0,
				tx: -1,
				payTx: -1,
				updated: paid ? Math.max(created, wholeSecond(paidDay * DAY_MS + 9 * 3_600_000)) : laterEdit(rng, created, 0.1),
			};
		},
		post(ctx, row, index) {
			if (row.status === 'DRAFT' || row.status === 'VOID') return;
			postDocument(ctx, row, [space, index], {
				sales,
				creditNote: row.qeType === 'CREDIT_NOTE',
				type: txId(row.qeType),
				lines: [{ role: row.role, net: row.net }],
			});
		},
		displayedAs: label,
		search: {
			reference: label,
			contact_name: (row, ctx) => ctx.rows('contacts')[row.contact].name,
			details: (row) => row.details,
		},
		render(row, ctx) {
			const contact = ctx.rows('contacts')[row.contact];
			const total = row.net + row.tax;
			const money = { net: row.net, tax: row.tax, outstanding: row.status === 'VOID' ? 0 : total - row.paid };
			return {
				...stamps(row),
				transaction: row.tx >= 0 ? transactionRef(ctx, row.tx) : null,
				transaction_type: transactionTypeRef(txId(row.qeType)),
				deleted_at: formatInstant(row.deleted),
				quick_entry_type: ctx.refCode('quick_entry_types', row.qeType),
				contact_name: contact.name,
				contact_reference: contact.ref,
				contact: ctx.ref('contacts', row.contact),
				date: formatDay(row.date),
				due_date: formatDay(row.due),
				reference: row.ref,
				ledger_account: ctx.ref('ledger_accounts', ctx.chart.byRole(row.role)),
				details: row.details,
				tax_rate: ctx.ref('tax_rates', row.taxIndex),
				...amounts('', money),
				currency: currency(ctx),
				exchange_rate: 1,
				inverse_exchange_rate: 1,
				...amounts('base_currency_', money),
				status: ctx.refCode('artefact_statuses', row.status),
				migrated: false,
				trade_of_asset: false,
			};
		},
	};
}

module.exports = { quickEntry };
