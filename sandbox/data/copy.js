'use strict';

/**
 * Copies of seeded books (sandbox/data/index.js): a dataset built with options already seeded in
 * this process gets its own copy of the books seeded once, instead of seeding them again.
 *
 * The books are plain data: arrays of rows, rows of numbers, strings and a few nested arrays or
 * objects (a reference list's `details`, a journal's `legs`, a contact's `person`). A copy shares
 * nothing with what it was copied from, nested values included, since writes change rows and some
 * of their nested values in place. What is shared within the books stays shared within the copy
 * (tax determinations are the tax rates' rows, `biz.postings` the ledger entries'): every array and
 * nested object is copied once per copier. Rows are copied by their shape, the keys that hold
 * nested values found once per seeded array, which is what makes a copy a small fraction of
 * seeding; rows are never shared between two arrays except through a shared array.
 */

/** @type {WeakMap<object[], string[]>} the keys of an array's rows that hold objects */
const nestedKeys = new WeakMap();

function isPlain(value) {
	const proto = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

function refuse(value) {
	throw new TypeError(`books hold only plain data, not ${value?.constructor?.name ?? typeof value}`);
}

/** @param {object[]} array seeded, never changed afterwards */
function nestedKeysOf(array) {
	let keys = nestedKeys.get(array);
	if (!keys) {
		const found = new Set();
		for (const element of array) {
			if (element === null || typeof element !== 'object' || Array.isArray(element)) continue;
			if (!isPlain(element)) refuse(element);
			for (const key in element) {
				const value = element[key];
				if (typeof value === 'function') refuse(value);
				if (value !== null && typeof value === 'object') found.add(key);
			}
		}
		keys = [...found];
		nestedKeys.set(array, keys);
	}
	return keys;
}

/**
 * A function copying seeded values deeply; one copier per copy of a business, so what two of its
 * collections share is copied once and stays shared.
 * @returns {<T>(value: T) => T}
 */
function createCopier() {
	const copies = new Map();

	function copy(value) {
		if (value === null || typeof value !== 'object') {
			if (typeof value === 'function') refuse(value);
			return value;
		}
		const known = copies.get(value);
		if (known) return known;
		if (Array.isArray(value)) return copyArray(value);
		if (!isPlain(value)) refuse(value);
		const out = { ...value };
		copies.set(value, out);
		for (const key in out) if (out[key] !== null && typeof out[key] === 'object') out[key] = copy(out[key]);
		return out;
	}

	function copyArray(array) {
		const out = new Array(array.length);
		copies.set(array, out);
		const keys = nestedKeysOf(array);
		for (let i = 0; i < array.length; i++) {
			const element = array[i];
			if (element === null || typeof element !== 'object' || Array.isArray(element)) {
				out[i] = copy(element);
				continue;
			}
			const row = { ...element };
			for (const key of keys) if (row[key] !== null && typeof row[key] === 'object') row[key] = copy(row[key]);
			out[i] = row;
		}
		return out;
	}

	return copy;
}

module.exports = { createCopier };
