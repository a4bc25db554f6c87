'use strict';

const { amount } = require('../money');
const { DAY_MS, SEED_START, SEED_END, dayOf, formatDay, wholeSecond } = require('../time');
const { CURRENCIES } = require('../reference');
const { stamps, laterEdit } = require('./common');
const { codeRef, inCreationOrder } = require('./books');

/**
 * The business's own lists: price and rate types (the names its products and services carry),
 * analysis types, exchange rates it set, tax determinations, migrated VAT returns, stock movements.
 */

/** A small list of [name, active] set up with the business. */
const namedList = (entries) => ({
	seed: (ctx) =>
		entries.map(([name, active], i) => {
			const created = ctx.biz.createdMs + (i + 1) * 60_000;
			return { name, active, created, updated: created, deleted: null };
		}),
	displayedAs: (row) => row.name,
	render: (row) => ({ ...stamps(row), name: row.name, active: row.active }),
});

/** Products and stock items sell at 'Selling Price' (their sales_prices name it); the trade band is switched off. */
const productSalesPriceTypes = namedList([
	['Selling Price', true],
	['Trade Price', false],
]);
/** Services are charged at their 'Standard rate' (their sales_rates name it). */
const serviceRateTypes = namedList([
	['Standard rate', true],
	['Out-of-hours rate', false],
]);

/** [name, level, active areas, [[code, name], …]] per country. */
const ANALYSIS = {
	gb: [
		[
			'Department',
			'TRANSACTION',
			['sales', 'purchasing', 'journals'],
			[
				['CAFE', 'Café'],
				['CATER', 'Catering & Events'],
				['ROAST', 'Roastery'],
			],
		],
		[
			'Location',
			'TRANSACTION',
			['sales', 'purchasing'],
			[
				['HEBDEN', 'Hebden Bridge'],
				['MARKET', 'Market stall'],
			],
		],
		[
			'Customer group',
			'GROUP',
			['contacts'],
			[
				['TRADE', 'Trade'],
				['RETAIL', 'Retail'],
				['EVENTS', 'Events'],
			],
		],
	],
	es: [
		[
			'Departamento',
			'TRANSACTION',
			['sales', 'purchasing', 'journals'],
			[
				['OBRADOR', 'Obrador'],
				['TIENDA', 'Tienda'],
				['REPARTO', 'Reparto'],
			],
		],
		[
			'Tipo de cliente',
			'GROUP',
			['contacts'],
			[
				['HOSTEL', 'Hostelería'],
				['PARTIC', 'Particulares'],
			],
		],
	],
	fr: [
		[
			'Activité',
			'TRANSACTION',
			['sales', 'purchasing', 'journals'],
			[
				['ATELIER', 'Atelier'],
				['BOUTIQUE', 'Boutique'],
			],
		],
		[
			'Type de client',
			'GROUP',
			['contacts'],
			[
				['PRO', 'Professionnels'],
				['PART', 'Particuliers'],
			],
		],
	],
};

const analysisTypes = {
	seed: (ctx) =>
		(ANALYSIS[ctx.biz.country] ?? []).map(([name, level, areas], i) => {
			const created = ctx.biz.createdMs + 3_600_000 + i * 60_000;
			return { name, level, areas, created, updated: created, deleted: null };
		}),
	displayedAs: (row) => row.name,
	// "Use this to filter by the item code or description": an analysis type has its name.
	search: { name: (row) => row.name },
	render(row, ctx, index) {
		const categories = [];
		ctx.rows('analysis_type_categories').forEach((c, i) => {
			if (c.type === index) categories.push(i);
		});
		return {
			...stamps(row),
			active_areas: row.areas,
			analysis_type_level: [row.level],
			analysis_type_categories: categories.map((i) => {
				const c = ctx.rows('analysis_type_categories')[i];
				return {
					...ctx.ref('analysis_type_categories', i),
					code: c.code,
					name: c.name,
					combined_id: combinedId(ctx, i),
				};
			}),
			name: row.name,
		};
	},
};

const combinedId = (ctx, index) => {
	const row = ctx.rows('analysis_type_categories')[index];
	return `${row.type + 1}_${row.code}`;
};

const analysisTypeCategories = {
	seed(ctx) {
		const rows = [];
		(ANALYSIS[ctx.biz.country] ?? []).forEach(([, , , categories], type) => {
			categories.forEach(([code, name], k) => {
				const created = ctx.biz.createdMs + 3_600_000 + type * 60_000 + (k + 1) * 1000;
				rows.push({ type, code, name, created, updated: created, deleted: null });
			});
		});
		return rows;
	},
	displayedAs: (row) => row.name,
	render: (row, ctx, index) => ({
		...stamps(row),
		code: row.code,
		name: row.name,
		combined_id: combinedId(ctx, index),
		analysis_type: ctx.ref('analysis_types', row.type),
	}),
};

/** Rates the business keys in itself for the currencies it deals in (multi-currency is off, so they are on file only). */
const OWN_RATES = { gb: ['EUR', 'USD'], es: ['GBP', 'USD'], fr: ['GBP', 'CHF'] };

const businessExchangeRates = {
	idKind: 'code',
	seed(ctx) {
		const rng = ctx.rng('business_exchange_rates');
		const perEuro = CURRENCIES.find(([code]) => code === ctx.biz.currency)[2];
		return (OWN_RATES[ctx.biz.country] ?? []).map((code, i) => {
			const [, name, units] = CURRENCIES.find(([c]) => c === code);
			const created = wholeSecond(SEED_START + (20 + i) * DAY_MS + 10 * 3_600_000);
			// Rounded as a person keys it in, a little off the market rate.
			const rate = Number(((units / perEuro) * (1 + rng.int(-15, 15) / 1000)).toFixed(4));
			return { code, name, rate, created, updated: laterEdit(rng, created, 0.5), deleted: null };
		});
	},
	displayedAs: (row) => `${row.name} (${row.code})`,
	render: (row, ctx) => ({
		...stamps(row),
		rate: row.rate,
		inverse_rate: Number((1 / row.rate).toFixed(6)),
		base_currency: codeRef(ctx, 'currencies', ctx.biz.currency, ctx.currencyName),
		currency: codeRef(ctx, 'currencies', row.code, row.name),
	}),
};

/**
 * GET /tax_determinations: the tax rates that apply to the business's documents, as TaxRate records
 * of /tax_rates (their codes as ids, the same fields). The list has no item path of its own; `$path`
 * is still `/<collection>/<id>`, as the spec says of every item.
 */
const taxDeterminations = {
	idKind: 'code',
	itemPath: false,
	seed: (ctx) => ctx.rows('tax_rates'),
	displayedAs: (row, ctx) => ctx.displayedAs('tax_rates', ctx.codeIndex('tax_rates', row.code)),
	render(row, ctx, index) {
		const { BY_NAME } = require('../collections');
		const { renderRow } = require('../stored');
		return renderRow(ctx, BY_NAME.get('tax_rates'), row, index);
	},
};

/**
 * UK VAT returns of the year before the accounts start, migrated from the previous system (the
 * OpenAPI offers them in the UK and Ireland only; other businesses have an empty list).
 */
const migrationTaxReturns = {
	seed(ctx) {
		const rng = ctx.rng('migration_tax_returns');
		const rows = [];
		for (let q = 0; q < 4; q++) {
			const from = new Date(SEED_START);
			from.setUTCMonth(from.getUTCMonth() - 12 + q * 3);
			const to = new Date(from);
			to.setUTCMonth(to.getUTCMonth() + 3);
			const sales = rng.int(60_000, 90_000) * 100;
			const purchases = rng.int(25_000, 40_000) * 100;
			const boxes = [Math.round(sales * 0.16), 0, 0, Math.round(purchases * 0.12), 0, sales, purchases, 0, 0];
			boxes[2] = boxes[0] + boxes[1];
			boxes[4] = boxes[2] - boxes[3];
			const created = wholeSecond(SEED_START + 2 * DAY_MS + q * 3_600_000);
			rows.push({
				from: dayOf(from.getTime()),
				to: dayOf(to.getTime()) - 1,
				boxes,
				created,
				updated: created,
				deleted: null,
			});
		}
		return rows;
	},
	displayedAs: (row) => `VAT Return ${formatDay(row.from)} - ${formatDay(row.to)}`,
	render: (row, ctx) => ({
		...stamps(row),
		from_date: formatDay(row.from),
		to_date: formatDay(row.to),
		tax_return_frequency: codeRef(ctx, 'tax_return_frequencies', 'QUARTERLY', 'Quarterly'),
		total_amount: amount(row.boxes[4]),
		gb: Object.fromEntries(row.boxes.map((cents, k) => [`box_${k + 1}`, amount(cents)])),
		ie: null,
	}),
};

/**
 * Movements of each live stock item, oldest first: its opening stock, goods received, write-offs,
 * and a stock-take correction, so that they add up to the item's quantity in stock and the running
 * quantity never goes below zero.
 */
const DETAILS = {
	opening: 'Opening stock',
	received: 'Goods received',
	written: 'Damaged stock written off',
	count: 'Stock take correction',
};

const stockMovements = {
	seed(ctx) {
		const rng = ctx.rng('stock_movements');
		const rows = [];
		const last = dayOf(SEED_END);
		ctx.rows('stock_items').forEach((item, index) => {
			if (item.deleted !== null) return;
			const first = dayOf(item.created);
			const steps = rng.int(1, 4);
			const gap = Math.max(1, Math.floor((last - first) / (steps + 2)));
			let quantity = rng.int(10, 80);
			const moves = [['opening', quantity]];
			for (let k = 0; k < steps; k++) {
				const delta = rng.chance(0.7) ? rng.int(5, 40) : -Math.min(quantity, rng.int(1, 10));
				if (delta === 0) continue;
				quantity += delta;
				moves.push([delta > 0 ? 'received' : 'written', delta]);
			}
			if (item.quantity !== quantity) moves.push(['count', item.quantity - quantity]);
			moves.forEach(([kind, delta], k) => {
				const day = Math.min(last, first + k * gap + (k ? rng.int(0, gap - 1) : 0));
				const created = wholeSecond(Math.min(SEED_END, Math.max(item.created, day * DAY_MS + 11 * 3_600_000)));
				rows.push({
					item: index,
					kind,
					quantity: delta,
					cost: item.cost,
					date: day,
					created,
					updated: created,
					deleted: null,
				});
			});
		});
		const ordered = inCreationOrder(rows);
		ordered.forEach((row, i) => {
			row.number = String(i + 1);
		});
		return ordered;
	},
	displayedAs: (row) => `${row.number} ${DETAILS[row.kind]}`,
	search: { details: (row) => DETAILS[row.kind] },
	render: (row, ctx) => ({
		...stamps(row),
		movement_number: row.number,
		date: formatDay(row.date),
		cost_price: amount(row.cost),
		quantity: row.quantity,
		details: DETAILS[row.kind],
		reference: `SM-${row.number.padStart(4, '0')}`,
		stock_item: ctx.ref('stock_items', row.item),
	}),
};

module.exports = {
	productSalesPriceTypes,
	serviceRateTypes,
	analysisTypes,
	analysisTypeCategories,
	businessExchangeRates,
	taxDeterminations,
	migrationTaxReturns,
	stockMovements,
};
