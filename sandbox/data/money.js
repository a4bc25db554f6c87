'use strict';

const { decimalString } = require('../openapi/number-fields');

/**
 * Amounts are integer cents in rows, so ledger sums are exact and debits equal credits to the cent.
 */

/** @param {number} cents @returns {number} the JSON number the OpenAPI definitions use */
const amount = (cents) => cents / 100;

/** @param {number} cents @returns {string} decimal string as the trial balance uses: "1234.50" */
function decimal(cents) {
	const sign = cents < 0 ? '-' : '';
	const abs = Math.abs(cents);
	return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A rate where the reference types it a string (purchase credit notes' `inverse_exchange_rate`).
 * @param {number} value @returns {string} "1.00", "1.169591"
 */
const rate = (value) => decimalString(value);

/** @param {number} cents @param {number} ratePercent */
const taxOn = (cents, ratePercent) => Math.round((cents * ratePercent) / 100);

module.exports = { amount, decimal, taxOn, rate };
