'use strict';

/**
 * Dates are kept as UTC day numbers and instants as whole-second epoch milliseconds: compact in
 * rows, cheap to compare, and rendered as strings only when a record is sent.
 */
const DAY_MS = 86_400_000;

/** Seeded history runs over two financial years ending here; nothing seeded is later. */
const SEED_START = Date.UTC(2023, 6, 1);
const SEED_END = Date.UTC(2025, 5, 30, 18);

/** @param {number} ms */
const dayOf = (ms) => Math.floor(ms / DAY_MS);

// Every record sent formats its days: the books hold a few thousand distinct ones.
const DAY_TEXT = new Map();

/** @param {number} day @returns {string} YYYY-MM-DD */
function formatDay(day) {
	let text = DAY_TEXT.get(day);
	if (text === undefined) {
		text = new Date(day * DAY_MS).toISOString().slice(0, 10);
		DAY_TEXT.set(day, text);
	}
	return text;
}

const twoDigits = (n) => (n < 10 ? `0${n}` : `${n}`);

/**
 * @param {number|null|undefined} ms @returns {string|null} like the service: 2024-03-01T10:15:42Z
 * (every record sent formats two or three: its day comes from formatDay's memo, the time of day
 * from arithmetic, a third of the cost of a Date)
 */
function formatInstant(ms) {
	if (ms == null) return null;
	const day = Math.floor(ms / DAY_MS);
	const second = Math.floor((ms - day * DAY_MS) / 1000);
	return `${formatDay(day)}T${twoDigits(Math.floor(second / 3600))}:${twoDigits(Math.floor(second / 60) % 60)}:${twoDigits(second % 60)}Z`;
}

/** @param {number} ms */
const wholeSecond = (ms) => Math.floor(ms / 1000) * 1000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// The reference documents both `YYYY-MM-DDThh:mm:ss(+|-)hh:mm` and, for a bare date, `YYYY-MM-DDT(+|-)hh:mm`.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T(?:(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * @param {string} text
 * @returns {number|null} day number of a real calendar date YYYY-MM-DD, else null
 */
function parseDay(text) {
	const m = DATE.exec(text);
	if (!m) return null;
	const ms = Date.UTC(+m[1], +m[2] - 1, +m[3]);
	return formatDay(ms / DAY_MS) === text ? ms / DAY_MS : null;
}

/**
 * Accepts what the service documents for `updated_or_created_since` / `deleted_since`: a date, or a
 * date-time with an offset (missing offset = UTC). Returns epoch ms, or null when malformed.
 * @param {string} text
 */
function parseInstant(text) {
	const m = DATE_TIME.exec(text);
	if (!m) return null;
	const [, y, mo, d, t, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
	if (t === 'T' && !m[9]) return null;
	if (parseDay(`${y}-${mo}-${d}`) === null || +h > 23 || +mi > 59 || +s > 59) return null;
	let offsetMin = 0;
	if (zone !== 'Z') {
		const z = zone.replace(':', '');
		const oh = +z.slice(1, 3);
		const om = +z.slice(3, 5);
		if (oh > 23 || om > 59) return null;
		offsetMin = (z[0] === '-' ? -1 : 1) * (oh * 60 + om);
	}
	const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) + Math.floor(+`0.${frac || '0'}` * 1000);
	return ms - offsetMin * 60_000;
}

module.exports = { DAY_MS, SEED_START, SEED_END, dayOf, formatDay, formatInstant, wholeSecond, parseDay, parseInstant };
