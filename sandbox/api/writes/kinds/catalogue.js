'use strict';

const { amount } = require('../../../data/money');
const { formatDay, parseDay, dayOf } = require('../../../data/time');
const { cents } = require('../books');
const { codeTaken } = require('../unique-codes');

/**
 * Products, services, stock items and their movements, and the business's price and rate types.
 * Item codes are unique among live items of a collection, case ignored (unique-codes.js); a stock
 * movement moves the item's quantity in stock, which never goes below zero.
 */

/** An item code no other live item of the collection has. */
function uniqueCode(w, code) {
	if (typeof code !== 'string') return;
	const codeOf = (row) => row.extra?.item_code ?? row.stored?.item_code ?? row.code;
	if (codeTaken(w.ctx.rows(w.def.name), w.rowIndex, codeOf, code))
		w.problems.add(
			'item_code',
			`item_code "${code}" is already used by another ${w.def.name.replace(/_/g, ' ').replace(/s$/, '')}`,
		);
}

/** Price (or rate) lines: ids of the item, labels from their names. */
function priceLines(w, record, field, nameKey) {
	if (!Array.isArray(record[field])) return;
	record[field] = record[field].map((line, k) => ({
		...line,
		id: w.ctx.subId(w.def.name, w.index, k + 1),
		displayed_as: line[nameKey] ?? '',
		...(line.price_includes_tax === null ? { price_includes_tax: false } : {}),
		...(line.rate_includes_tax === null ? { rate_includes_tax: false } : {}),
	}));
}

/** Compact fields other kinds read from items (the seeded document lines, attachments' price lists). */
function itemDraft(w, record, price) {
	const { ctx } = w;
	const account = record.sales_ledger_account ? ctx.find('ledger_accounts', record.sales_ledger_account.id) : -1;
	const taxIndex = record.sales_tax_rate ? ctx.find('tax_rates', record.sales_tax_rate.id) : -1;
	return {
		code: record.item_code ?? '',
		text: record.description,
		price,
		cost: cents(record.cost_price ?? 0),
		tax: taxIndex >= 0 ? taxIndex : 0,
		role: ctx.rows('ledger_accounts')[account]?.role ?? 'sales_goods',
		active: record.active !== false,
	};
}

function itemKind({ prices, priceKey, catalogType, stock }) {
	return {
		build(w, record) {
			const { ctx, input } = w;
			uniqueCode(w, input.item_code);
			if (w.problems.size) return;
			for (const key of ['deletable', 'deactivatable']) record[key] = true;
			if (record.used_on_recurring_invoice === null) record.used_on_recurring_invoice = false;
			if (record.active === null) record.active = true;
			if (record.cost_price === null) record.cost_price = 0;
			if (!record.purchase_description) record.purchase_description = record.description;
			if (catalogType && !record.catalog_item_type)
				record.catalog_item_type = ctx.refCode('catalog_item_types', catalogType);
			if ('oss_service' in record && record.oss_service === null) record.oss_service = false;
			priceLines(w, record, prices, priceKey);
			const first = record[prices]?.[0];
			const price = cents(first?.price ?? first?.rate ?? 0);
			Object.assign(w.draft, itemDraft(w, record, price));
			if (stock) {
				const quantity =
					input.quantity_in_stock !== undefined ? Number(input.quantity_in_stock) : (w.row?.quantity ?? 0);
				if (quantity < 0) w.problems.add('quantity_in_stock', 'quantity_in_stock must not be negative');
				const reorder = Number(record.reorder_level ?? 0);
				Object.assign(record, {
					quantity_in_stock: quantity,
					reorder_level: reorder,
					last_cost_price: record.last_cost_price ?? record.cost_price,
					average_cost_price: record.average_cost_price ?? record.cost_price,
					cost_price_last_updated: record.cost_price_last_updated ?? formatDay(dayOf(w.now)),
				});
				Object.assign(w.draft, { quantity, reorder, barcode: record.barcode ?? '', location: record.location ?? '' });
			}
		},
		label: (w, record) => (record.item_code ? `${record.item_code} - ${record.description}` : record.description),
	};
}

const products = itemKind({ prices: 'sales_prices', priceKey: 'price_name', catalogType: 'NON_STOCK_ITEM' });
const services = itemKind({ prices: 'sales_rates', priceKey: 'rate_name' });
const stockItems = {
	...itemKind({ prices: 'sales_prices', priceKey: 'price_name', stock: true }),
	deletable: (w) =>
		w.ctx.rows('stock_movements').some((m) => m.deleted === null && m.item === w.rowIndex)
			? 'it has stock movements'
			: null,
};

const stockMovements = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const item = w.ref('stock_item_id')?.index ?? old?.item;
		const quantity = input.quantity !== undefined ? Number(input.quantity) : old?.quantity;
		if (quantity === 0) problems.add('quantity', 'quantity must not be 0');
		const stock = ctx.rows('stock_items')[item];
		// What the item will hold: without this movement's old quantity, with its new one (on the same item or another).
		const before = stock.quantity - (old && old.item === item ? old.quantity : 0);
		if (before + quantity < 0)
			problems.add(
				'quantity',
				`quantity ${quantity} would take ${ctx.displayedAs('stock_items', item)} below zero (${before} in stock)`,
			);
		const date = typeof input.date === 'string' ? parseDay(input.date) : old?.date;
		if (problems.size) return;
		const number = old?.number ?? String(ctx.rows('stock_movements').length + 1);
		Object.assign(record, {
			movement_number: number,
			date: formatDay(date),
			quantity,
			cost_price: amount(cents(input.cost_price ?? record.cost_price)),
			reference: record.reference ?? `SM-${number.padStart(4, '0')}`,
			stock_item: ctx.ref('stock_items', item),
		});
		Object.assign(w.draft, { item, quantity, cost: cents(record.cost_price), date, number, kind: null });
	},
	label: (w, record) => `${record.movement_number} ${record.details}`,
	book(w, row) {
		const stock = w.ctx.rows('stock_items')[row.item];
		stock.quantity += row.quantity;
		stock.updated = w.now;
		w.ctx.touch('stock_items');
	},
	revert(w, row) {
		const stock = w.ctx.rows('stock_items')[row.item];
		stock.quantity -= row.quantity;
		stock.updated = w.now;
		w.ctx.touch('stock_items');
	},
	deletable(w) {
		const stock = w.ctx.rows('stock_items')[w.row.item];
		return stock.quantity - w.row.quantity < 0 ? 'undoing it would take the item below zero' : null;
	},
};

const namedList = {
	build(w, record) {
		if (record.active === null) record.active = true;
		Object.assign(w.draft, { name: record.name, active: record.active });
	},
	label: (w, record) => record.name,
};

module.exports = {
	products,
	services,
	stockItems,
	stockMovements,
	productSalesPriceTypes: namedList,
	serviceRateTypes: namedList,
};
