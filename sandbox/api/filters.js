'use strict';

const { badParameter } = require('./errors');
const { parseBoolean, day, instant } = require('./params');
const { ARTEFACT_STATUSES, LEDGER_ACCOUNT_TYPES } = require('../data/reference');
const { SCOPES } = require('../data/chart');
const { TRANSACTION_TYPES } = require('../data/kinds/ledger');
const { CUSTOMER, VENDOR } = require('../data/kinds/contacts');
const { attachments } = require('../data/kinds/attachments');

/**
 * Every list filter the sandbox knows, once. The collection table says which a collection accepts;
 * a filter turns its query value into a row predicate or rejects it naming the parameter.
 *
 * @typedef {(row: object) => boolean} Test
 * @typedef {{ parse: (raw: string, ctx: object, def: object, query: URLSearchParams) => Test }} Filter
 */

const NOTHING = () => false;

/** @param {string} name @param {readonly string[]} allowed @param {string} raw */
function oneOf(name, allowed, raw) {
	const value = raw.toUpperCase();
	if (!allowed.includes(value)) badParameter(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
	return value;
}

/** A filter by the id of a related record; an id that names nothing matches nothing. */
const byRelated = (collection, field) => ({
	parse(raw, ctx) {
		const index = ctx.find(collection, raw);
		return index < 0 ? NOTHING : (row) => row[field] === index;
	},
});

const booleanOn = (name, test) => ({
	parse(raw) {
		const want = parseBoolean(raw, name);
		return (row) => test(row) === want;
	},
});

const VISIBLE_IN = Object.values(SCOPES);
const STATUS_IDS = ARTEFACT_STATUSES.map(([id]) => id);
const CONTEXT_TYPE_IDS = Object.fromEntries(Object.entries(attachments.CONTEXT_TYPES).map(([space, [id]]) => [id, space]));
const TRANSACTION_TYPE_VALUES = {
	// The spec names exactly these two for other payments.
	other_payments: ['OTHER_PAYMENT', 'OTHER_RECEIPT'],
	ledger_entries: TRANSACTION_TYPES.map(([id]) => id),
};

/** @type {Record<string, Filter>} */
const FILTERS = {
	updated_or_created_since: { parse: (raw) => { const t = instant(raw, 'updated_or_created_since'); return (row) => row.updated >= t; } },
	// Not inclusive, per the reference; replaces the "live records only" rule rather than narrowing it.
	deleted_since: { parse: (raw) => { const t = instant(raw, 'deleted_since'); return (row) => row.deleted !== null && row.deleted > t; } },
	from_date: { parse: (raw) => { const d = day(raw, 'from_date'); return (row) => row.date >= d; } },
	to_date: { parse: (raw) => { const d = day(raw, 'to_date'); return (row) => row.date <= d; } },
	contact_id: byRelated('contacts', 'contact'),
	bank_account_id: byRelated('bank_accounts', 'bank'),
	ledger_account_id: byRelated('ledger_accounts', 'account'),
	status_id: { parse: (raw) => { const s = oneOf('status_id', STATUS_IDS, raw); return (row) => row.status === s; } },
	has_attachments: booleanOn('has_attachments', (row) => row.attachments > 0),
	active: booleanOn('active', (row) => row.active),
	out_of_stock: booleanOn('out_of_stock', (row) => row.quantity <= 0),
	below_reorder_level: booleanOn('below_reorder_level', (row) => row.quantity < row.reorder),
	visible_in: { parse: (raw) => { const v = oneOf('visible_in', VISIBLE_IN.map((s) => s.toUpperCase()), raw).toLowerCase(); return (row) => row.scopes.includes(v); } },
	not_visible_in: { parse: (raw) => { const v = oneOf('not_visible_in', VISIBLE_IN.map((s) => s.toUpperCase()), raw).toLowerCase(); return (row) => !row.scopes.includes(v); } },
	ledger_account_type_id: { parse: (raw) => { const t = oneOf('ledger_account_type_id', LEDGER_ACCOUNT_TYPES.map(([id]) => id), raw); return (row) => row.type === t; } },
	transaction_type_id: {
		parse(raw, ctx, def) {
			const t = oneOf('transaction_type_id', TRANSACTION_TYPE_VALUES[def.name], raw);
			return (row) => row.type === t;
		},
	},
	transaction_id: {
		parse(raw, ctx) {
			const tx = ctx.findTransaction(raw);
			return tx < 0 ? NOTHING : (row) => row.tx === tx;
		},
	},
	contact_type_id: {
		parse(raw) {
			const bit = oneOf('contact_type_id', ['CUSTOMER', 'VENDOR'], raw) === 'CUSTOMER' ? CUSTOMER : VENDOR;
			return (row) => (row.types & bit) !== 0;
		},
	},
	email: { parse: (raw) => { const e = raw.trim().toLowerCase(); return (row) => String(row.extra?.email ?? row.email).toLowerCase() === e; } },
	// The reference requires the context id and its type together.
	attachment_context_id: {
		parse(raw, ctx, def, query) {
			const typeRaw = query.get('attachment_context_type_id');
			if (typeRaw === null) badParameter('attachment_context_type_id', 'is required together with attachment_context_id');
			const space = CONTEXT_TYPE_IDS[oneOf('attachment_context_type_id', Object.keys(CONTEXT_TYPE_IDS), typeRaw)];
			const index = ctx.find(space, raw);
			return index < 0 ? NOTHING : (row) => row.space === space && row.index === index;
		},
	},
	attachment_context_type_id: {
		parse(raw, ctx, def, query) {
			if (!query.has('attachment_context_id')) badParameter('attachment_context_id', 'is required together with attachment_context_type_id');
			return () => true;
		},
	},
};

/**
 * The predicates for the filters present in the query that this collection accepts; other
 * parameters are ignored, as the service ignores parameters it does not know.
 * @param {object} ctx @param {object} def @param {URLSearchParams} query
 * @returns {{ tests: Test[], deleted: boolean, key: string }}
 */
function filtersFor(ctx, def, query) {
	const tests = [];
	const key = [];
	for (const name of def.filters) {
		const raw = query.get(name);
		if (raw === null) continue;
		tests.push(FILTERS[name].parse(raw, ctx, def, query));
		key.push(`${name}=${raw}`);
	}
	return { tests, deleted: query.has('deleted_since') && def.filters.includes('deleted_since'), key: key.join('&') };
}

module.exports = { filtersFor, FILTERS };
