'use strict';

const { createHash } = require('node:crypto');

/**
 * A small seeded generator (sfc32). Data must be byte-identical for the same seed, so nothing
 * in the dataset may come from Math.random or the wall clock.
 * @typedef {object} Rng
 * @property {() => number} next float in [0, 1)
 * @property {(min: number, max: number) => number} int integer in [min, max]
 * @property {<T>(list: readonly T[]) => T} pick
 * @property {(p: number) => boolean} chance
 * @property {() => number} uint32
 */

/**
 * @param {number} a @param {number} b @param {number} c @param {number} d
 * @returns {Rng}
 */
function sfc32(a, b, c, d) {
	function uint32() {
		a |= 0;
		b |= 0;
		c |= 0;
		d |= 0;
		const t = (((a + b) | 0) + d) | 0;
		d = (d + 1) | 0;
		a = b ^ (b >>> 9);
		b = (c + (c << 3)) | 0;
		c = (c << 21) | (c >>> 11);
		c = (c + t) | 0;
		return t >>> 0;
	}
	const next = () => uint32() / 4294967296;
	return {
		next,
		uint32,
		int: (min, max) => min + Math.floor(next() * (max - min + 1)),
		pick: (list) => list[Math.floor(next() * list.length)],
		chance: (p) => next() < p,
	};
}

/**
 * A generator whose stream depends only on the given parts, so each business and collection
 * draws from its own stream and changing one count never reshuffles another collection.
 * @param {...(string|number)} parts
 * @returns {Rng}
 */
function rngFor(...parts) {
	const h = createHash('sha256').update(parts.join('\u0000')).digest();
	const rng = sfc32(h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12));
	for (let i = 0; i < 12; i++) rng.uint32();
	return rng;
}

/**
 * A cheap generator from one 32-bit seed, for details regenerated on every render (line items).
 * @param {number} seed
 * @returns {Rng}
 */
function rngFromSeed(seed) {
	const rng = sfc32(0x9e3779b9, seed | 0, 0x85ebca6b ^ seed, 0xc2b2ae35);
	for (let i = 0; i < 8; i++) rng.uint32();
	return rng;
}

module.exports = { rngFor, rngFromSeed };
