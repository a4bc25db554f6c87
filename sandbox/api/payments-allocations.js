'use strict';

const { BY_NAME } = require('../data/collections');
const { renderRow } = require('../data/stored');
const { settledBy } = require('./writes/kinds/settlements');

/**
 * `show_payments_allocations=true` on a document's item GET: its `payments_allocations`, read
 * from the very `/contact_payments` and `/contact_allocations` the sandbox serves, seeded or
 * written, live only. One entry per allocated artefact line naming the document:
 *
 * - `id`, `displayed_as`, `$path`: the payment or allocation, also as `contact_payment` or
 *   `contact_allocation` (the other is null);
 * - `date`, `reference`; `type`: the transaction type's label ("Customer Receipt");
 * - `amount`: what it settled on this document, positive; `discount`: its discount (0 if none);
 *   so Σ (amount + discount) = `total_paid` = total − outstanding;
 * - `artefact`: for an allocation, the document it was set against (a credit note against an
 *   invoice); null for a payment; `negative_payment`: the payment carried this document with a
 *   negative amount (an invoice set against a refund).
 */

const SOURCES = ['contact_payments', 'contact_allocations'];

/**
 * Per business, `<collection>:<row>` of each document → the payments and allocations settling it,
 * rebuilt when either list changes.
 * @returns {Map<string, Array<{ name: string, index: number }>>}
 */
function settlers(ctx) {
	for (const name of SOURCES) ctx.rows(name);
	const version = SOURCES.map((name) => ctx.version(name)).join(':');
	const cached = ctx.biz.settlersCache;
	if (cached?.version === version) return cached.byDocument;
	const byDocument = new Map();
	for (const name of SOURCES) {
		ctx.rows(name).forEach((row, index) => {
			if (row.deleted !== null) return;
			for (const { space, index: doc } of settledBy(name, row)) {
				const key = `${space}:${doc}`;
				const list = byDocument.get(key) ?? [];
				if (!list.some((s) => s.name === name && s.index === index)) list.push({ name, index });
				byDocument.set(key, list);
			}
		});
	}
	ctx.biz.settlersCache = { version, byDocument };
	return byDocument;
}

/**
 * @param {object} ctx @param {object} def a payable document's collection @param {number} index its row
 * @returns {object[]} in date order, payments before allocations on the same day
 */
function paymentsAllocations(ctx, def, index) {
	const documentId = ctx.id(def.name, index);
	const out = [];
	for (const { name, index: at } of settlers(ctx).get(`${def.name}:${index}`) ?? []) {
		const record = renderRow(ctx, BY_NAME.get(name), ctx.rows(name)[at], at);
		const lines = record.allocated_artefacts ?? [];
		const payment = name === 'contact_payments';
		const ref = ctx.ref(name, at);
		const other = payment ? undefined : lines.find((line) => line.artefact?.id !== documentId)?.artefact;
		for (const line of lines) {
			if (line.artefact?.id !== documentId) continue;
			const signed = Number(line.amount);
			out.push({
				...ref,
				date: record.date,
				type: record.transaction_type?.displayed_as ?? null,
				reference: record.reference ?? null,
				amount: Math.abs(signed),
				discount: Number(line.discount ?? 0),
				contact_payment: payment ? ref : null,
				contact_allocation: payment ? null : ref,
				artefact: other ?? null,
				negative_payment: payment && signed < 0,
			});
		}
	}
	const rank = (entry) => (entry.contact_payment ? 0 : 1);
	return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : rank(a) - rank(b)));
}

module.exports = { paymentsAllocations };
