'use strict';

const { rngFromSeed } = require('../prng');
const { amount, taxOn, rate } = require('../money');
const { DAY_MS, SEED_START, SEED_END, dayOf, wholeSecond } = require('../time');
const { stamps, address, amounts, currency, formatDay, formatInstant, laterEdit } = require('./common');
const { post, transactionRef, transactionTypeRef } = require('./ledger');
const { CUSTOMER, VENDOR } = require('./contacts');

/**
 * Sales and purchase documents (invoices, credit notes, corrective invoices, quotes, estimates).
 * Rows keep only totals and a seed; the lines are regenerated from the seed on every render, so
 * a hundred thousand invoices cost a few numbers each.
 *
 * @typedef {object} ArtefactShape
 * @property {'sales'|'purchase'} side
 * @property {string} space collection name
 * @property {string|null} number number field (`invoice_number`); purchases have none
 * @property {string} [prefixKey] key into the business's document prefixes (sales documents)
 * @property {string} lines lines field (`invoice_lines`)
 * @property {string|null} second second date field (`due_date`, `expiry_date`)
 * @property {'payable'|'credit'|'quote'} lifecycle
 * @property {string|null} txType transaction type id when the document posts
 * @property {boolean} [corrective]
 */

const FIRST_DAY = dayOf(SEED_START);
const LAST_DAY = dayOf(SEED_END);

/** Line items of one document, derived from its seed alone. */
function linesOf(ctx, shape, seed) {
	const rng = rngFromSeed(seed);
	const n = shape.lifecycle === 'credit' ? 1 : rng.pick([1, 1, 1, 1, 2, 2, 2, 3, 3, 4]);
	const taxRates = ctx.rows('tax_rates');
	const lines = [];
	for (let k = 0; k < n; k++) {
		let line;
		if (shape.side === 'sales') {
			const useService = rng.chance(0.25);
			const space = useService ? 'services' : 'products';
			const items = ctx.rows(space);
			const index = rng.int(0, items.length - 1);
			const item = items[index];
			const quantity = shape.lifecycle === 'credit' ? 1 : useService ? rng.int(1, 8) : rng.int(1, 12);
			line = { space, index, description: item.text, role: item.role, quantity, unit: item.price, tax: item.tax };
		} else {
			const [role, description] = rng.pick(ctx.L.purchaseLines);
			const quantity = role === 'purchases' || role === 'packaging' ? rng.int(1, 6) : 1;
			line = {
				space: null,
				index: -1,
				description,
				role,
				quantity,
				unit: rng.int(15, 900) * 100,
				tax: rng.chance(0.85) ? 0 : 2,
			};
		}
		line.net = line.quantity * line.unit;
		line.taxAmount = taxOn(line.net, taxRates[line.tax].details[0]);
		lines.push(line);
	}
	return lines;
}

const STATUS_PICKS = {
	payable: (rng) => {
		const r = rng.next();
		return r < 0.03
			? 'DRAFT'
			: r < 0.05
				? 'VOID'
				: r < 0.06
					? 'DISPUTED'
					: r < 0.78
						? 'PAID'
						: r < 0.86
							? 'PART_PAID'
							: 'UNPAID';
	},
	credit: (rng) => (rng.chance(0.8) ? 'PAID' : 'UNPAID'),
	quote: (rng) => rng.pick(['DRAFT', 'PENDING', 'PENDING', 'ACCEPTED', 'DECLINED', 'INVOICED', 'INVOICED']),
};

/**
 * Books a document and, when money moved, its payment. A sales invoice debits the customer and
 * credits income and output tax; purchases and credit notes mirror it.
 * @param {object} ctx
 * @param {{ net: number, tax: number, paid: number, paidDay: number, date: number, created: number, updated: number, contact: number, tx: number, payTx: number }} row
 * @param {[string, number]} source
 * @param {{ sales: boolean, creditNote: boolean, type: string, lines: Array<{ role: string, net: number }> }} how
 */
function postDocument(ctx, row, source, { sales, creditNote, type, lines }) {
	const toCustomerSide = sales !== creditNote;
	const control = ctx.chart.byRole(sales ? 'debtors' : 'creditors');
	const legs = [];
	const side = (account, cents, debit) => legs.push(debit ? [account, cents, 0] : [account, 0, cents]);
	side(control, row.net + row.tax, toCustomerSide);
	for (const line of lines) side(ctx.chart.byRole(line.role), line.net, !toCustomerSide);
	side(ctx.chart.byRole(sales ? 'vat_out' : 'vat_in'), row.tax, !toCustomerSide);
	row.tx = post(ctx, { type, day: row.date, created: row.created, contact: row.contact, source, legs });
	if (!row.paid) return;
	const payment = sales
		? creditNote
			? 'CUSTOMER_REFUND'
			: 'CUSTOMER_RECEIPT'
		: creditNote
			? 'VENDOR_REFUND'
			: 'VENDOR_PAYMENT';
	const bank = ctx.chart.byRole('bank');
	const settle = toCustomerSide
		? [
				[bank, row.paid, 0],
				[control, 0, row.paid],
			]
		: [
				[control, row.paid, 0],
				[bank, 0, row.paid],
			];
	row.payTx = post(ctx, {
		type: payment,
		day: row.paidDay,
		created: row.updated,
		contact: row.contact,
		source,
		payment: true,
		legs: settle,
	});
}

/** @param {ArtefactShape} shape */
function artefact(shape) {
	const wantType = shape.side === 'sales' ? CUSTOMER : VENDOR;

	// Sales documents show their number; purchase documents the supplier's reference.
	const label = (row, ctx) => (shape.number ? `${ctx.biz.prefixes[shape.prefixKey]}${row.number}` : row.ref);

	return {
		make(ctx, rng, i, created, fresh = false) {
			const contacts = ctx.contactsOfType(wantType);
			const contact = contacts[rng.int(0, contacts.length - 1)];
			const date = Math.max(FIRST_DAY, dayOf(created) - rng.int(0, 10));
			const seed = rng.uint32();
			let net = 0;
			let tax = 0;
			for (const line of linesOf(ctx, shape, seed)) {
				net += line.net;
				tax += line.taxAmount;
			}
			const status = fresh ? (shape.lifecycle === 'quote' ? 'PENDING' : 'UNPAID') : STATUS_PICKS[shape.lifecycle](rng);
			const paidShare = status === 'PAID' ? 1 : status === 'PART_PAID' ? rng.int(20, 80) / 100 : 0;
			const paid = Math.round((net + tax) * paidShare);
			const paidDay = paid ? Math.min(LAST_DAY, date + rng.int(3, 60)) : -1;
			const reference =
				shape.side === 'sales'
					? rng.chance(0.6)
						? `${rng.pick(['PO', 'Order', 'Ref'])} ${rng.int(1000, 99999)}`
						: null
					: `${rng.pick(['INV', 'FAC', 'RE'])}-${2023 + Math.floor((date - FIRST_DAY) / 365)}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
			const due = date + (shape.second === 'expiry_date' ? 30 : ctx.rows('contacts')[contact].creditDays);
			return {
				number: i + 1,
				contact,
				date,
				due,
				status,
				net,
				tax,
				paid,
				paidDay,
				seed,
				ref: reference,
				attachments: 0,
				tx: -1,
				payTx: -1,
				updated: paid
					? Math.max(created, wholeSecond(paidDay * DAY_MS + 10 * 3_600_000))
					: laterEdit(rng, created, 0.1),
			};
		},

		post(ctx, row, index) {
			if (!shape.txType || row.status === 'DRAFT' || row.status === 'VOID') return;
			postDocument(ctx, row, [shape.space, index], {
				sales: shape.side === 'sales',
				creditNote: shape.lifecycle === 'credit',
				type: shape.txType,
				lines: linesOf(ctx, shape, row.seed),
			});
		},

		displayedAs: label,

		search: {
			...(shape.number ? { [shape.number]: label } : {}),
			reference: (row) => row.ref ?? '',
			contact_name: (row, ctx) => ctx.rows('contacts')[row.contact].name,
		},

		render(row, ctx, index) {
			const contact = ctx.rows('contacts')[row.contact];
			const total = row.net + row.tax;
			const lines = linesOf(ctx, shape, row.seed);
			const payable = shape.lifecycle !== 'quote';
			const sales = shape.side === 'sales';
			const taxRates = new Map();
			for (const line of lines) {
				const t = taxRates.get(line.tax) ?? { net: 0, tax: 0 };
				t.net += line.net;
				t.tax += line.taxAmount;
				taxRates.set(line.tax, t);
			}
			// A void document owes nothing, as one voided through the API (stored.js).
			const open = row.status === 'VOID' ? 0 : total - row.paid;
			const money = { net: row.net, tax: row.tax, outstanding: payable ? open : undefined };
			const record = {
				...stamps(row),
				editable: row.status !== 'VOID' && row.paid === 0,
				...(shape.txType
					? {
							transaction: row.tx >= 0 ? transactionRef(ctx, row.tx) : null,
							transaction_type: transactionTypeRef(shape.txType),
							deleted_at: formatInstant(row.deleted),
						}
					: {}),
				contact: ctx.ref('contacts', row.contact),
				...(shape.number
					? { [`${shape.number}_prefix`]: ctx.biz.prefixes[shape.prefixKey], [shape.number]: label(row, ctx) }
					: {}),
				contact_name: contact.name,
				contact_reference: contact.ref,
				date: formatDay(row.date),
				...(shape.second ? { [shape.second]: formatDay(row.due) } : {}),
				reference: row.ref,
				...(sales
					? {
							main_address: address(ctx, contact.at, { artefact: true }),
							delivery_address: null,
							notes: null,
							terms_and_conditions: ctx.biz.terms,
							shipping_net_amount: 0,
							shipping_tax_amount: 0,
							shipping_total_amount: 0,
						}
					: { vendor_reference: contact.ref, notes: null }),
				...amounts('', money),
				...(payable
					? {
							payments_allocations_total_amount: amount(row.paid),
							payments_allocations_total_discount: 0,
							total_paid: amount(row.paid),
						}
					: {}),
				currency: currency(ctx),
				exchange_rate: 1,
				// The reference types it a string on purchase credit notes and corrective invoices.
				inverse_exchange_rate: !sales && (shape.lifecycle === 'credit' || shape.corrective) ? rate(1) : 1,
				...amounts('base_currency_', money),
				total_quantity: lines.reduce((s, l) => s + l.quantity, 0),
				// Discounts exist on sales documents only.
				...(sales ? { total_discount_amount: 0 } : {}),
				status: ctx.refCode('artefact_statuses', row.status),
				...(sales
					? {
							// `row.sent`: marked as sent since (a PDF rendered with mark_as_sent, sandbox/api/document-pdf.js).
							sent: row.sent ?? row.status !== 'DRAFT',
							sent_by_email: row.status !== 'DRAFT' && row.number % 3 !== 0,
						}
					: {}),
				...(payable ? { void_reason: row.status === 'VOID' ? 'Raised in error' : null } : {}),
				[shape.lines]: lines.map((line, k) => renderLine(ctx, shape, index, line, k)),
				tax_analysis: [...taxRates].map(([tax, t]) => ({
					tax_rate: ctx.ref('tax_rates', tax),
					net_amount: amount(t.net),
					tax_amount: amount(t.tax),
					total_amount: amount(t.net + t.tax),
				})),
				...(payable ? { last_paid: row.paid ? formatDay(row.paidDay) : null } : {}),
				...(shape.corrective ? corrective(row, ctx, shape) : {}),
				...(shape.lifecycle === 'quote' ? { invoice: null } : {}),
				tax_reconciled: false,
				// Invoices and credit notes carry it; quotes, estimates and corrective invoices do not.
				...(shape.lifecycle !== 'quote' && !shape.corrective ? { migrated: false } : {}),
			};
			return record;
		},
	};
}

function renderLine(ctx, shape, index, line, k) {
	return {
		id: ctx.subId(shape.space, index, k + 1),
		displayed_as: line.description,
		description: line.description,
		product: line.space === 'products' ? ctx.ref('products', line.index) : null,
		service: line.space === 'services' ? ctx.ref('services', line.index) : null,
		ledger_account: ctx.ref('ledger_accounts', ctx.chart.byRole(line.role)),
		trade_of_asset: false,
		quantity: line.quantity,
		unit_price: amount(line.unit),
		net_amount: amount(line.net),
		tax_rate: ctx.ref('tax_rates', line.tax),
		tax_amount: amount(line.taxAmount),
		tax_breakdown: [],
		total_amount: amount(line.net + line.taxAmount),
		base_currency_unit_price: amount(line.unit),
		unit_price_includes_tax: false,
		base_currency_net_amount: amount(line.net),
		base_currency_tax_amount: amount(line.taxAmount),
		base_currency_total_amount: amount(line.net + line.taxAmount),
		...(shape.side === 'sales' ? { discount_amount: 0, base_currency_discount_amount: 0, discount_percentage: 0 } : {}),
	};
}

/** Spanish facturas rectificativas point at the invoice they correct. */
function corrective(row, ctx, shape) {
	const originals = ctx.rows(shape.side === 'sales' ? 'sales_invoices' : 'purchase_invoices');
	const index = (row.seed >>> 0) % originals.length;
	const original = originals[index];
	return {
		original_invoice: ctx.ref(shape.side === 'sales' ? 'sales_invoices' : 'purchase_invoices', index),
		original_invoice_number: ctx.displayedAs(shape.side === 'sales' ? 'sales_invoices' : 'purchase_invoices', index),
		original_invoice_date: formatDay(original.date),
		...(shape.side === 'sales' ? { corrective_reason_code: ctx.refCode('corrective_reason_codes', 'R1') } : {}),
	};
}

module.exports = { artefact, postDocument, STATUS_PICKS };
