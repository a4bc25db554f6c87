'use strict';

const { rngFromSeed } = require('../prng');

/** RFC 4180 quoting: the names carry commas, quotes and apostrophes on purpose. */
const cell = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A price list export for a contact.
 * @param {{ seed: number, title: string, items: Array<{ code: string, text: string, price: number }> }} spec
 * @returns {import('./parts').Part[]}
 */
function csvParts({ seed, title, items }) {
	const rng = rngFromSeed(seed);
	const rows = [['Item code', 'Description', 'Unit price', 'Note']];
	for (const item of items) {
		rows.push([
			item.code,
			item.text,
			(item.price / 100).toFixed(2),
			rng.pick(['', 'New', 'Seasonal, limited', 'Price "per unit"', `For ${title}`]),
		]);
	}
	return [Buffer.from(`${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`, 'utf8')];
}

module.exports = { csvParts };
