'use strict';

const { amount, rate } = require('../../../data/money');
const { formatDay, parseDay } = require('../../../data/time');
const { transactionTypeRef } = require('../../../data/kinds/ledger');
const { CUSTOMER } = require('../../../data/kinds/contacts');
const { BY_NAME } = require('../../../data/collections');
const { renderRow } = require('../../../data/records');
const { resolveSchema } = require('../../../../openapi/document');
const { propertiesOf, mapInput } = require('../build');
const { cents, controlAccount, sideBit, book, syncOpen, contactRecord } = require('../books');

/**
 * Sales and purchase documents (invoices, credit notes, corrective invoices, quotes, estimates)
 * and quick entries, written as real books do:
 *
 * - lines: net = quantity × unit_price − discount (less the line's tax when unit_price_includes_tax),
 *   tax = the line's tax_amount as sent; the document's net, tax and total are the lines' sums
 *   (plus shipping on sales documents); totals sent in the request are recomputed, not trusted;
 * - status: UNPAID (quotes and estimates: PENDING), or DRAFT when the request says so; payments,
 *   allocations, release and void move it, never PUT;
 * - a booked document (not a draft, not void) posts one balanced transaction like the seeded ones:
 *   the contact's control account against each line's ledger account and the tax control account;
 * - outstanding = total − paid (void: 0), rendered live (sandbox/data/stored.js); booked documents
 *   with money open are listed in /unallocated_artefacts.
 */

const QUOTE_STATUSES_NEW = ['DRAFT', 'PENDING'];
const QUOTE_STATUSES = ['DRAFT', 'PENDING', 'ACCEPTED', 'DECLINED'];
const PAYABLE_STATUSES_NEW = ['DRAFT', 'UNPAID'];

/** The day of a date attribute, the old row's, or undefined. */
const dayOf = (value, fallback) => (typeof value === 'string' ? parseDay(value) : fallback);

/** Checks and reads the contact: it must be a customer for sales, a supplier for purchases. */
function contactOf(w, side, fallback) {
	const found = w.ref('contact_id');
	const index = found ? found.index : fallback;
	if (index === undefined) return undefined;
	const contact = w.ctx.rows('contacts')[index];
	if ((contact.types & sideBit(side)) === 0) {
		w.problems.add(
			'contact_id',
			`contact_id names a ${side === 'sales' ? 'supplier' : 'customer'}; a ${side} document needs a ${side === 'sales' ? 'customer' : 'supplier'}`,
		);
	}
	return index;
}

/** Status on create, or a change on update; refused where the service moves it by other means. */
function statusOf(w, lifecycle, old) {
	const wanted = w.input.status_id;
	const quote = lifecycle === 'quote';
	if (!old) {
		const allowed = quote ? QUOTE_STATUSES_NEW : PAYABLE_STATUSES_NEW;
		if (wanted === undefined || wanted === null) return quote ? 'PENDING' : 'UNPAID';
		if (!allowed.includes(wanted))
			w.problems.add('status_id', `status_id must be ${allowed.join(' or ')} when the document is created`);
		return wanted;
	}
	if (wanted === undefined || wanted === null || wanted === old.status) return old.status;
	if (quote && QUOTE_STATUSES.includes(wanted) && old.status !== 'INVOICED') return wanted;
	w.problems.add(
		'status_id',
		quote
			? `status_id can only move between ${QUOTE_STATUSES.join(', ')}`
			: `status_id cannot be changed with PUT (it is ${old.status}): release a draft with POST …/release, void with DELETE; payments settle it`,
	);
	return old.status;
}

/** A business in one currency: another currency is refused (multi-currency is off). */
function checkCurrency(w) {
	const currency = w.input.currency_id;
	if (typeof currency === 'string' && currency !== w.ctx.biz.currency) {
		w.problems.add(
			'currency_id',
			`currency_id must be ${w.ctx.biz.currency}: multi-currency is not enabled for this business`,
		);
	}
}

/** The tax rate's percentage (0 when none). */
const percentOf = (ctx, ref) => {
	if (!ref) return 0;
	const index = ctx.find('tax_rates', ref.id);
	const row = index >= 0 ? ctx.rows('tax_rates')[index] : null;
	return row?.details?.[0] ?? 0;
};

/**
 * Builds one document line from the request's line, or reads an unchanged line of the record.
 * @returns {{ line: object, net: number, tax: number, quantity: number, discount: number, account: number, taxRate: object|null }}
 */
function buildLine(w, shape, lineSchema, input, k) {
	const { ctx } = w;
	const sales = shape.side === 'sales';
	const source = `${shape.lines}.${k}`;
	const line = {
		id: ctx.subId(shape.space, w.index, k + 1),
		displayed_as: '',
		description: '',
		product: null,
		service: null,
		ledger_account: null,
		trade_of_asset: false,
		quantity: 1,
		unit_price: 0,
		net_amount: 0,
		tax_rate: null,
		tax_amount: 0,
		tax_breakdown: [],
		total_amount: 0,
		base_currency_unit_price: 0,
		unit_price_includes_tax: false,
		base_currency_net_amount: 0,
		base_currency_tax_amount: 0,
		base_currency_total_amount: 0,
		...(sales ? { discount_amount: 0, base_currency_discount_amount: 0, discount_percentage: 0 } : {}),
	};
	mapInput(w, line, input, lineSchema, source);
	const quantity = input.quantity ?? 1;
	const unit = input.unit_price;
	const gross = Math.round(quantity * unit * 100);
	let discount = 0;
	if (sales) {
		if (input.discount_amount !== undefined && input.discount_amount !== null) discount = cents(input.discount_amount);
		else if (input.discount_percentage) discount = Math.round((gross * input.discount_percentage) / 100);
		if (discount < 0 || discount > Math.abs(gross))
			w.problems.add(`${source}.discount_amount`, `${source}.discount_amount must be between 0 and the line's amount`);
	}
	const tax = cents(input.tax_amount);
	const net = gross - discount - (input.unit_price_includes_tax ? tax : 0);
	line.displayed_as = line.description;
	Object.assign(line, {
		quantity,
		unit_price: unit,
		net_amount: amount(net),
		tax_amount: amount(tax),
		total_amount: amount(net + tax),
		base_currency_unit_price: unit,
		unit_price_includes_tax: input.unit_price_includes_tax ?? false,
		base_currency_net_amount: amount(net),
		base_currency_tax_amount: amount(tax),
		base_currency_total_amount: amount(net + tax),
		...(sales
			? {
					discount_amount: amount(discount),
					base_currency_discount_amount: amount(discount),
					discount_percentage: gross ? Number(((discount * 100) / gross).toFixed(2)) : 0,
				}
			: {}),
	});
	const account = w.ref(`${source}.ledger_account_id`)?.index ?? -1;
	// Without a tax rate the line takes its ledger account's, as the service does.
	if (!line.tax_rate && account >= 0 && input.tax_rate_id === undefined) {
		line.tax_rate =
			renderRow(ctx, BY_NAME.get('ledger_accounts'), ctx.rows('ledger_accounts')[account], account).tax_rate ?? null;
	}
	return { line, net, tax, quantity, discount, account, taxRate: line.tax_rate };
}

/** The amounts of a line already on the record (an update that leaves the lines alone). */
function readLine(w, line) {
	const index = line.ledger_account ? w.ctx.find('ledger_accounts', line.ledger_account.id) : -1;
	return {
		line,
		net: cents(line.net_amount),
		tax: cents(line.tax_amount),
		quantity: Number(line.quantity ?? 0),
		discount: cents(line.discount_amount ?? 0),
		account: index,
		taxRate: line.tax_rate ?? null,
	};
}

/** One tax analysis entry per tax rate used. */
function taxAnalysis(lines) {
	const byRate = new Map();
	for (const l of lines) {
		if (!l.taxRate) continue;
		const entry = byRate.get(l.taxRate.id) ?? { tax_rate: l.taxRate, net: 0, tax: 0 };
		entry.net += l.net;
		entry.tax += l.tax;
		byRate.set(l.taxRate.id, entry);
	}
	return [...byRate.values()].map((e) => ({
		tax_rate: e.tax_rate,
		net_amount: amount(e.net),
		tax_amount: amount(e.tax),
		total_amount: amount(e.net + e.tax),
	}));
}

/** Where a line posts when its ledger account is gone (never for a valid request). */
const fallbackAccount = (ctx, side) => ctx.chart.byRole(side === 'sales' ? 'sales_goods' : 'purchases');

/**
 * Books a document: the control account (customer side for a sales invoice or a purchase credit
 * note) against the lines' accounts and the tax control account.
 */
function bookDocument(w, row, index, { side, credit, type }) {
	const { ctx } = w;
	const toCustomerSide = (side === 'sales') !== credit;
	const legs = [];
	const leg = (account, value, debit) => {
		if (value) legs.push(value > 0 === debit ? [account, Math.abs(value), 0] : [account, 0, Math.abs(value)]);
	};
	leg(controlAccount(ctx, side), row.net + row.tax, toCustomerSide);
	for (const l of row.postLines) leg(l.account >= 0 ? l.account : fallbackAccount(ctx, side), l.net, !toCustomerSide);
	leg(ctx.chart.byRole(side === 'sales' ? 'vat_out' : 'vat_in'), row.tax, !toCustomerSide);
	row.tx = book(ctx, { type, day: row.date, created: w.now, contact: row.contact, source: [w.def.name, index], legs });
}

/** The kind for the documents of sandbox/data/collections.js (rows built by kinds/artefacts.js). */
function documentKind(def) {
	const shape = def.shape;
	const sales = shape.side === 'sales';
	const lifecycle = shape.lifecycle;
	const lineSchema = () => resolveSchema(propertiesOf(def.definition)[shape.lines].items);

	return {
		editable(w) {
			const row = w.row;
			if (row.status === 'VOID') return 'it is void';
			if (row.paid > 0) return 'payments are allocated to it';
			if (lifecycle === 'quote' && row.status === 'INVOICED') return 'it has been invoiced';
			return null;
		},

		build(w, record) {
			const { ctx, input, problems } = w;
			const old = w.row;
			checkCurrency(w);
			let contact = contactOf(w, shape.side, old?.contact);
			let original;
			if (shape.corrective) {
				original = w.ref('original_invoice_id');
				if (!old && !original)
					problems.add(
						'original_invoice_id',
						'original_invoice_id is required: a corrective invoice corrects an invoice',
					);
				if (original) {
					const originalRow = ctx.rows(original.name)[original.index];
					if (contact === undefined) contact = originalRow.contact;
					else if (contact !== originalRow.contact)
						problems.add('contact_id', 'contact_id must be the contact of the original invoice');
				}
			}
			if (contact === undefined) problems.add('contact_id', 'contact_id is required');
			const date = dayOf(input.date, old?.date);
			if (date === undefined) problems.add('date', 'date is required');
			let due = old?.due;
			if (shape.second) {
				due = dayOf(input[shape.second], old?.due);
				if (due === undefined && date !== undefined && contact !== undefined)
					due = date + (ctx.rows('contacts')[contact].creditDays ?? 30);
				if (due !== undefined && date !== undefined && due < date)
					problems.add(shape.second, `${shape.second} must not be before date`);
			}
			const status = statusOf(w, lifecycle, old);
			if (contact === undefined || date === undefined) return;

			const lines = Array.isArray(input[shape.lines])
				? input[shape.lines].map((line, k) => buildLine(w, shape, lineSchema(), line, k))
				: (record[shape.lines] ?? []).map((line) => readLine(w, line));
			if (!lines.length) problems.add(shape.lines, `${shape.lines} must have at least one line`);

			// Shipping (sales documents): net as sent, tax at the shipping tax rate.
			let shipNet = 0;
			let shipTax = 0;
			if (sales && 'shipping_net_amount' in record) {
				shipNet = cents(input.shipping_net_amount ?? record.shipping_net_amount);
				shipTax = Math.round((shipNet * percentOf(ctx, record.shipping_tax_rate)) / 100);
				Object.assign(record, {
					shipping_net_amount: amount(shipNet),
					shipping_tax_amount: amount(shipTax),
					shipping_total_amount: amount(shipNet + shipTax),
				});
				for (const [key, value] of [
					['base_currency_shipping_net_amount', shipNet],
					['base_currency_shipping_tax_amount', shipTax],
					['base_currency_shipping_total_amount', shipNet + shipTax],
				]) {
					if (key in record) record[key] = amount(value);
				}
			}
			const net = lines.reduce((s, l) => s + l.net, 0) + shipNet;
			const tax = lines.reduce((s, l) => s + l.tax, 0) + shipTax;
			if (net + tax < 0) problems.add(shape.lines, "the document's total must not be negative");

			const c = contactRecord(ctx, contact);
			const number = old?.number ?? w.index + 1;
			record.contact = ctx.ref('contacts', contact);
			if (!old || input.contact_id) {
				record.contact_name = typeof input.contact_name === 'string' ? input.contact_name : c.name;
				record.contact_reference = typeof input.contact_reference === 'string' ? input.contact_reference : c.reference;
				if (sales && !input.main_address && 'main_address' in record && c.main_address) {
					const { id, displayed_as: shown, is_main_address: main, ...address } = c.main_address;
					record.main_address = address;
				}
				if (!sales && 'vendor_reference' in record && !input.vendor_reference) record.vendor_reference = c.reference;
			}
			if (shape.number) {
				record[`${shape.number}_prefix`] = ctx.biz.prefixes[shape.prefixKey];
				record[shape.number] = `${ctx.biz.prefixes[shape.prefixKey]}${number}`;
			}
			record.date = formatDay(date);
			if (shape.second) record[shape.second] = formatDay(due);
			Object.assign(record, {
				net_amount: amount(net),
				tax_amount: amount(tax),
				total_amount: amount(net + tax),
				currency: ctx.refCode('currencies', ctx.biz.currency),
				exchange_rate: 1,
				// The reference types it a string on purchase credit notes and corrective invoices.
				inverse_exchange_rate: !sales && (lifecycle === 'credit' || shape.corrective) ? rate(1) : 1,
				base_currency_net_amount: amount(net),
				base_currency_tax_amount: amount(tax),
				base_currency_total_amount: amount(net + tax),
				total_quantity: lines.reduce((s, l) => s + l.quantity, 0),
				[shape.lines]: lines.map((l) => l.line),
				tax_analysis: taxAnalysis(lines),
			});
			if (sales) {
				record.total_discount_amount = amount(lines.reduce((s, l) => s + l.discount, 0));
				if ('base_currency_total_discount_amount' in record)
					record.base_currency_total_discount_amount = record.total_discount_amount;
			}
			if (shape.txType) Object.assign(record, { transaction_type: transactionTypeRef(shape.txType), deleted_at: null });
			if (shape.corrective && original) {
				Object.assign(record, {
					original_invoice: ctx.ref(original.name, original.index),
					original_invoice_number: ctx.displayedAs(original.name, original.index),
					original_invoice_date: formatDay(ctx.rows(original.name)[original.index].date),
				});
			}
			for (const key of ['payments_allocations_total_discount', 'tax_reconciled'])
				if (key in record && record[key] === null) record[key] = key === 'tax_reconciled' ? false : 0;

			Object.assign(w.draft, {
				contact,
				date,
				due,
				status,
				net,
				tax,
				number,
				paid: old?.paid ?? 0,
				paidDay: old?.paidDay ?? -1,
				payTx: old?.payTx ?? -1,
				ref: typeof record.reference === 'string' ? record.reference : null,
				attachments: old?.attachments ?? 0,
				postLines: [
					...lines.map((l) => ({ account: l.account, net: l.net })),
					...(shipNet ? [{ account: ctx.chart.byRole('sales_goods'), net: shipNet }] : []),
				],
				// A new document has not been sent, whatever its status, until the request says so.
				...(input.sent !== undefined && input.sent !== null ? { sent: input.sent } : old ? {} : { sent: false }),
			});
		},

		label: (w, record) =>
			shape.number
				? record[shape.number]
				: (record.reference ?? record.vendor_reference ?? `${def.name} ${w.index + 1}`),

		book(w, row, index) {
			if (shape.txType && row.status !== 'DRAFT' && row.status !== 'VOID') {
				bookDocument(w, row, index, { side: shape.side, credit: lifecycle === 'credit', type: shape.txType });
			}
			if (lifecycle !== 'quote') syncOpen(w.ctx, def.name, index, w.now);
		},
		afterRevert(w, row, index) {
			if (lifecycle !== 'quote') syncOpen(w.ctx, def.name, index, w.now);
		},
		releasable: lifecycle !== 'quote',
		voids: Boolean(shape.txType),
	};
}

/** Quick entries: one-line invoices and credit notes, amounts given directly. */
function quickEntryKind(def, side) {
	const sales = side === 'sales';
	const txId = (qeType) => `${sales ? 'SALES' : 'PURCHASE'}_QUICK_ENTRY_${qeType}`;
	return {
		editable(w) {
			if (w.row.status === 'VOID') return 'it is void';
			if (w.row.paid > 0) return 'payments are allocated to it';
			return null;
		},
		build(w, record) {
			const { ctx, input, problems } = w;
			const old = w.row;
			checkCurrency(w);
			const contact = contactOf(w, side, old?.contact);
			const qeType = input.quick_entry_type_id ?? old?.qeType;
			if (qeType !== 'INVOICE' && qeType !== 'CREDIT_NOTE')
				problems.add('quick_entry_type_id', 'quick_entry_type_id must be INVOICE or CREDIT_NOTE');
			const date = dayOf(input.date, old?.date);
			const due = dayOf(input.due_date, old?.due ?? (date === undefined ? undefined : date + 30));
			if (due !== undefined && date !== undefined && due < date)
				problems.add('due_date', 'due_date must not be before date');
			const status = statusOf(w, 'payable', old);
			const account =
				w.ref('ledger_account_id')?.index ?? old?.account ?? (old ? ctx.chart.byRole(old.role) : undefined);

			const given = (key) => input[key] !== undefined && input[key] !== null;
			let tax = given('tax_amount') ? cents(input.tax_amount) : (old?.tax ?? 0);
			let net;
			if (given('net_amount')) net = cents(input.net_amount);
			else if (given('total_amount')) net = cents(input.total_amount) - tax;
			else if (old) net = old.net;
			else problems.add('net_amount', 'net_amount (or total_amount) is required');
			if (given('total_amount') && net !== undefined && net + tax !== cents(input.total_amount)) {
				problems.add('total_amount', 'total_amount must be net_amount + tax_amount');
			}
			if (net !== undefined && net + tax < 0) problems.add('total_amount', 'total_amount must not be negative');
			if (contact === undefined || date === undefined || net === undefined || problems.size) return;
			tax ??= 0;

			const c = contactRecord(ctx, contact);
			const money = (prefix) => ({
				[`${prefix}net_amount`]: amount(net),
				[`${prefix}tax_amount`]: amount(tax),
				[`${prefix}total_amount`]: amount(net + tax),
			});
			if (!old || input.contact_id) {
				record.contact_name = typeof input.contact_name === 'string' ? input.contact_name : c.name;
				record.contact_reference = typeof input.contact_reference === 'string' ? input.contact_reference : c.reference;
			}
			Object.assign(record, {
				transaction_type: transactionTypeRef(txId(qeType)),
				deleted_at: null,
				quick_entry_type: ctx.refCode('quick_entry_types', qeType),
				contact: ctx.ref('contacts', contact),
				date: formatDay(date),
				due_date: formatDay(due),
				...money(''),
				currency: ctx.refCode('currencies', ctx.biz.currency),
				exchange_rate: 1,
				inverse_exchange_rate: 1,
				...money('base_currency_'),
			});
			if (record.migrated === null) record.migrated = false;
			if (record.trade_of_asset === null) record.trade_of_asset = false;
			Object.assign(w.draft, {
				contact,
				qeType,
				date,
				due,
				status,
				net,
				tax,
				account,
				role: ctx.rows('ledger_accounts')[account]?.role ?? null,
				paid: old?.paid ?? 0,
				paidDay: old?.paidDay ?? -1,
				payTx: old?.payTx ?? -1,
				ref: record.reference,
				attachments: old?.attachments ?? 0,
				number: old?.number ?? w.index + 1,
				postLines: [{ account, net }],
			});
		},
		label: (w, record) => record.reference,
		book(w, row, index) {
			if (row.status !== 'DRAFT' && row.status !== 'VOID') {
				bookDocument(w, row, index, { side, credit: row.qeType === 'CREDIT_NOTE', type: txId(row.qeType) });
			}
			syncOpen(w.ctx, def.name, index, w.now);
		},
		afterRevert(w, row, index) {
			syncOpen(w.ctx, def.name, index, w.now);
		},
		releasable: false,
		voids: false,
	};
}

module.exports = { documentKind, quickEntryKind, CUSTOMER };
