'use strict';

const { amount } = require('../money');
const { laterEdit, stamps, formatInstant, formatDay } = require('./common');
const { dayOf } = require('../time');

/**
 * Products, services and stock items: the catalogue that sales lines draw from. The i-th entry
 * walks each category's item × variant combinations in turn, so the lead business's 400 products
 * are all distinct.
 */
function describe(ctx, i) {
	const categories = ctx.L.catalogue;
	const sizes = categories.map((c) => c.variants.reduce((n, v) => n * v.length, c.items.length));
	let k = i % sizes.reduce((a, b) => a + b, 0);
	let c = 0;
	while (k >= sizes[c]) k -= sizes[c++];
	const category = categories[c];
	const words = [category.items[k % category.items.length]];
	let rest = Math.floor(k / category.items.length);
	for (const variant of category.variants) {
		words.push(variant[rest % variant.length]);
		rest = Math.floor(rest / variant.length);
	}
	return { text: words.join(' '), code: category.code, role: category.role };
}

function common(row, ctx, catalogType) {
	return {
		...stamps(row),
		deleted_at: formatInstant(row.deleted),
		deletable: true,
		deactivatable: true,
		used_on_recurring_invoice: false,
		item_code: row.code,
		description: row.text,
		notes: null,
		sales_ledger_account: ctx.ref('ledger_accounts', ctx.chart.byRole(row.role)),
		sales_tax_rate: ctx.ref('tax_rates', row.tax),
		purchase_ledger_account: ctx.ref('ledger_accounts', ctx.chart.byRole('purchases')),
		usual_supplier: null,
		purchase_tax_rate: ctx.ref('tax_rates', row.tax),
		cost_price: amount(row.cost),
		source_guid: null,
		purchase_description: row.text,
		active: row.active,
		// Of the three, only the Product definition carries its catalog item type.
		...(catalogType ? { catalog_item_type: ctx.refCode('catalog_item_types', catalogType) } : {}),
	};
}

/** Products and stock items sell at one price here; the service allows several price bands. */
const sellingPrices = (ctx, space, index, row) => [
	{
		id: ctx.subId(space, index, 1),
		displayed_as: 'Selling Price',
		price_name: 'Selling Price',
		price: amount(row.price),
		price_includes_tax: false,
		// The business's 'Selling Price' entry of /product_sales_price_types.
		product_sales_price_type: ctx.ref('product_sales_price_types', 0),
	},
];

const search = { item_code: (row) => row.code, description: (row) => row.text };
const displayedAs = (row) => `${row.code} - ${row.text}`;

const product = {
	make(ctx, rng, i, created) {
		const d = describe(ctx, i);
		const price = rng.int(35, 450) * 10;
		return {
			code: `${d.code}-${String(i + 1).padStart(4, '0')}`,
			text: d.text,
			price,
			cost: Math.round(price * 0.45),
			tax: d.role === 'sales_food' ? 2 : rng.pick([0, 0, 1]),
			role: d.role,
			active: rng.chance(0.95),
			updated: laterEdit(rng, created, 0.2),
		};
	},
	displayedAs,
	search,
	render(row, ctx, index) {
		return {
			...common(row, ctx, 'NON_STOCK_ITEM'),
			sales_prices: sellingPrices(ctx, 'products', index, row),
		};
	},
};

const service = {
	make(ctx, rng, i, created) {
		const L = ctx.L;
		const name = L.services[i % L.services.length];
		const variant = L.serviceVariants[Math.floor(i / L.services.length) % L.serviceVariants.length];
		const rate = rng.int(25, 400) * 100;
		return {
			code: `SVC-${String(i + 1).padStart(3, '0')}`,
			text: `${name} ${variant}`,
			price: rate,
			cost: 0,
			tax: 0,
			role: 'sales_services',
			active: rng.chance(0.95),
			updated: laterEdit(rng, created, 0.2),
		};
	},
	displayedAs,
	search,
	render(row, ctx, index) {
		return {
			...common(row, ctx, null),
			sales_rates: [
				{
					id: ctx.subId('services', index, 1),
					displayed_as: 'Standard rate',
					rate_name: 'Standard rate',
					rate: amount(row.price),
					rate_includes_tax: false,
					// The business's 'Standard rate' entry of /service_rate_types.
					service_rate_type: ctx.ref('service_rate_types', 0),
				},
			],
			oss_service: false,
		};
	},
};

/** EAN-13 with a valid check digit, because scanners and validators look at it. */
function ean13(rng) {
	const digits = [5, 0, ...Array.from({ length: 10 }, () => rng.int(0, 9))];
	const sum = digits.reduce((s, d, k) => s + d * (k % 2 ? 3 : 1), 0);
	return digits.join('') + ((10 - (sum % 10)) % 10);
}

const stockItem = {
	make(ctx, rng, i, created) {
		const d = describe(ctx, i * 7 + 3);
		const price = rng.int(35, 450) * 10;
		const reorder = rng.int(5, 40);
		return {
			code: `STK-${String(i + 1).padStart(4, '0')}`,
			text: d.text,
			price,
			cost: Math.round(price * 0.5),
			tax: 0,
			role: d.role,
			active: rng.chance(0.95),
			quantity: rng.chance(0.1) ? 0 : rng.int(0, 200),
			reorder,
			barcode: ean13(rng),
			location: `${rng.pick(ctx.L.locations)} ${rng.int(1, 12)}`,
			updated: laterEdit(rng, created, 0.4),
		};
	},
	displayedAs,
	search,
	render(row, ctx, index) {
		return {
			...common(row, ctx, null),
			sales_prices: sellingPrices(ctx, 'stock_items', index, row),
			reorder_level: row.reorder,
			reorder_quantity: row.reorder * 2,
			location: row.location,
			barcode: row.barcode,
			supplier_part_number: `SP-${row.barcode.slice(-6)}`,
			weight: null,
			measurement_unit: null,
			quantity_in_stock: row.quantity,
			last_cost_price: amount(row.cost),
			last_cost_price_stock_value: amount(row.cost * row.quantity),
			average_cost_price: amount(row.cost),
			average_cost_price_stock_value: amount(row.cost * row.quantity),
			cost_price_last_updated: formatDay(dayOf(row.updated)),
		};
	},
};

module.exports = { product, service, stockItem };
