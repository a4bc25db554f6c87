'use strict';

const { DAY_MS, SEED_END, wholeSecond, formatDay, formatInstant } = require('../time');
const { amount } = require('../money');

/**
 * Rows of a collection whose records are created over time: `count` live rows plus `deleted`
 * soft-deleted ones spread evenly among them, in ascending creation order (the default order).
 * @param {object} ctx the business context
 * @param {{ name: string, make: Function }} def
 * @param {{ count: number, deleted: number, from: number, to: number }} span
 */
function seedTimeline(ctx, def, { count, deleted, from, to }) {
	const total = count + deleted;
	const rng = ctx.rng(def.name);
	const step = (to - from) / Math.max(total, 1);
	const rows = new Array(total);
	let nextGone = 0;
	const goneAt = (j) => (j < deleted ? Math.floor(((j + 0.5) * total) / deleted) : -1);
	for (let i = 0; i < total; i++) {
		const created = wholeSecond(from + step * (i + rng.next() * 0.9));
		const row = def.make(ctx, rng, i, created);
		row.created = created;
		if (row.updated === undefined) row.updated = created;
		row.deleted = null;
		if (i === goneAt(nextGone)) {
			nextGone++;
			row.deleted = Math.max(
				row.updated + 1000,
				wholeSecond(Math.min(SEED_END, row.updated + rng.int(1, 40) * DAY_MS)),
			);
			row.updated = row.deleted;
		}
		rows[i] = row;
	}
	return rows;
}

/**
 * A later edit for some records, so `updated_or_created_since` differs from creation.
 * @param {import('../prng').Rng} rng @param {number} created @param {number} share
 */
function laterEdit(rng, created, share) {
	if (!rng.chance(share)) return created;
	return wholeSecond(Math.min(SEED_END, created + rng.int(1, 300) * DAY_MS + rng.int(0, 86_399) * 1000));
}

/** Soft deletion is only visible where the service offers `deleted_since`; elsewhere nothing is deleted. */
const deletedShare = (count) => Math.floor(count / 100);

/** @param {object} row */
const stamps = (row) => ({ created_at: formatInstant(row.created), updated_at: formatInstant(row.updated) });

/**
 * An address as the OpenAPI's Address (a contact's, with `is_main_address`) or, with `artefact`,
 * its SalesArtefactAddress (a document's copy, which has no such flag).
 * @param {object} ctx @param {{ street: number, no: number, city: number }} at
 */
function address(ctx, at, { id, type = 'DELIVERY', main = true, artefact = false } = {}) {
	const L = ctx.L;
	const [city, postalCode] = L.cities[at.city % L.cities.length];
	const line1 =
		ctx.biz.country === 'gb'
			? `${at.no} ${L.streets[at.street % L.streets.length]}`
			: `${L.streets[at.street % L.streets.length]}, ${at.no}`;
	return {
		...(id ? { id, displayed_as: `${line1}\n${city}\n${postalCode}` } : {}),
		address_line_1: line1,
		address_line_2: at.no % 3 === 0 ? `Unit ${(at.no % 17) + 1}` : '',
		city,
		postal_code: postalCode,
		region: null,
		country: ctx.ref('countries', ctx.countryIndex),
		country_group: ctx.countryGroup,
		address_type: ctx.refCode('address_types', type),
		...(artefact ? {} : { is_main_address: main }),
	};
}

/**
 * The net/tax/total (and outstanding) quartet documents carry, plain and again in base currency.
 * @param {string} prefix '' or 'base_currency_'
 * @param {{ net: number, tax: number, outstanding?: number }} cents
 */
const amounts = (prefix, { net, tax, outstanding }) => ({
	[`${prefix}net_amount`]: amount(net),
	[`${prefix}tax_amount`]: amount(tax),
	[`${prefix}total_amount`]: amount(net + tax),
	...(outstanding === undefined ? {} : { [`${prefix}outstanding_amount`]: amount(outstanding) }),
});

/** @param {object} ctx the business's currency, as /currencies shows it */
const currency = (ctx) => ctx.refCode('currencies', ctx.biz.currency);

module.exports = {
	seedTimeline,
	laterEdit,
	deletedShare,
	stamps,
	address,
	amounts,
	currency,
	formatDay,
	formatInstant,
};
