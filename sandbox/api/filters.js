'use strict';

const { badParameter } = require('./errors');
const { parseBoolean, oneOf, declaredValue, day, instant } = require('./params');
const { ARTEFACT_STATUSES, LEDGER_ACCOUNT_TYPES } = require('../data/reference');
const { SCOPES } = require('../data/chart');
const { TRANSACTION_TYPES } = require('../data/kinds/ledger');
const { CUSTOMER, VENDOR } = require('../data/kinds/contacts');
const { attachments } = require('../data/kinds/attachments');
const { BY_NAME } = require('../data/collections');
const { parseDay, DAY_MS } = require('../data/time');
const { renderRow } = require('../data/records');
const { contactsWithPersonEmail } = require('./contact-person-emails');

/**
 * List filters: one mechanism for every collection the table holds.
 *
 * WHICH filters a collection accepts is the OpenAPI's word, not this file's: collections.js gives
 * every row `filters` (names) and `parameters` (name → { type, format, enum }), the list
 * operation's query parameters except page, items_per_page, attributes, sort and search. A
 * parameter the collection does not declare is ignored, as the service ignores what it does not know.
 *
 * HOW a declared filter narrows the list, first match wins:
 *  1. `def.predicates[name]`: a table row may bring its own `{ parse(raw, ctx, def, query) → test }`
 *     for rules the rendered record does not show, or to avoid rendering every row;
 *  2. a bespoke filter below (BESPOKE) whose `on` names the collection, or that has no `on`
 *     (the row-level universals: `updated_or_created_since` inclusive on row.updated,
 *     `deleted_since` not inclusive and listing only soft-deleted rows, `from_date`/`to_date`
 *     inclusive on the row's day number `date` or else the record's `date`, `updated_from_date`/
 *     `updated_to_date` on the record's update time);
 *  3. the generic rule for the declared parameter:
 *     - the value is validated by its declared type: boolean (true/false), integer, number, enum
 *       (any case), format date (YYYY-MM-DD), format date-time (a date or a date-time with offset);
 *       a bad value is refused with 400 InvalidParameter naming the parameter;
 *     - `<thing>_id` keeps the records whose rendered `<thing>` (a reference, or an array of
 *       references) has that id; an id or code that names nothing matches nothing (a code of a
 *       code-keyed list, `country_id=gb`, is matched in any case);
 *     - a boolean or enum parameter named like a field of the record (`active`, …) keeps the
 *       records whose field equals it;
 *     - a record kind that does not carry the field (probed on its first row) is not narrowed: the
 *       parameter is accepted and validated only. Presentation flags (`show_balance`,
 *       `nested_attributes`, `show_payments_allocations`, …) change nothing here.
 *
 * @typedef {(row: object, index: number) => boolean} Test
 * @typedef {{ on?: string[], parse: (raw: string, ctx: object, def: object, query: URLSearchParams, view: View) => Test }} Filter
 * @typedef {{ record: (index: number) => object, carries: (field: string) => boolean }} View
 */

const NOTHING = () => false;
const EVERYTHING = () => true;

/** A filter by the id of a related record held as a row index; an id that names nothing matches nothing. */
const byRelated = (collection, field, on) => ({
	on,
	parse(raw, ctx) {
		const index = ctx.find(collection, raw);
		return index < 0 ? NOTHING : (row) => row[field] === index;
	},
});

const booleanOn = (name, test, on) => ({
	on,
	parse(raw) {
		const want = parseBoolean(raw, name);
		return (row) => test(row) === want;
	},
});

/** Inclusive day bound on the row's day number, else on the record's `date`; undated kinds are not narrowed. */
const dayBound = (name, keep) => ({
	parse(raw, ctx, def, query, view) {
		const bound = day(raw, name);
		const dated = view.carries('date');
		return (row, i) => {
			if (typeof row.date === 'number') return keep(row.date, bound);
			if (!dated) return true;
			const value = parseDay(String(view.record(i).date ?? '').slice(0, 10));
			return value !== null && keep(value, bound);
		};
	},
});

/** Epoch ms of a row's last change (rows keep it; a kind that does not is read from the record). */
const updatedOf = (row, i, view) => row.updated ?? Date.parse(view.record(i).updated_at);

const DOCUMENTS = [
	'purchase_corrective_invoices',
	'purchase_credit_notes',
	'purchase_invoices',
	'purchase_quick_entries',
	'sales_corrective_invoices',
	'sales_credit_notes',
	'sales_estimates',
	'sales_invoices',
	'sales_quick_entries',
	'sales_quotes',
];
const ITEMS = ['products', 'services', 'stock_items'];

const VISIBLE_IN = Object.values(SCOPES);
const STATUS_IDS = ARTEFACT_STATUSES.map(([id]) => id);
const CONTEXT_TYPE_IDS = Object.fromEntries(
	Object.entries(attachments.CONTEXT_TYPES).map(([space, [id]]) => [id, space]),
);
const TRANSACTION_TYPE_VALUES = {
	// The spec names exactly these two for other payments.
	other_payments: ['OTHER_PAYMENT', 'OTHER_RECEIPT'],
	ledger_entries: TRANSACTION_TYPES.map(([id]) => id),
};

/** @type {Record<string, Filter>} predicates on the internal rows of the collections they name */
const BESPOKE = {
	updated_or_created_since: {
		parse: (raw, ctx, def, query, view) => {
			const t = instant(raw, 'updated_or_created_since');
			return (row, i) => updatedOf(row, i, view) >= t;
		},
	},
	// Not inclusive, per the reference; replaces the "live records only" rule rather than narrowing it.
	deleted_since: {
		parse: (raw) => {
			const t = instant(raw, 'deleted_since');
			return (row) => row.deleted !== null && row.deleted > t;
		},
	},
	from_date: dayBound('from_date', (value, bound) => value >= bound),
	to_date: dayBound('to_date', (value, bound) => value <= bound),
	updated_from_date: {
		parse: (raw, ctx, def, query, view) => {
			const t = instant(raw, 'updated_from_date');
			return (row, i) => updatedOf(row, i, view) >= t;
		},
	},
	updated_to_date: {
		parse(raw, ctx, def, query, view) {
			// A plain date bounds the whole day.
			const t = instant(raw, 'updated_to_date') + (parseDay(raw) === null ? 0 : DAY_MS - 1);
			return (row, i) => updatedOf(row, i, view) <= t;
		},
	},
	contact_id: byRelated('contacts', 'contact', [...DOCUMENTS, 'other_payments']),
	bank_account_id: byRelated('bank_accounts', 'bank', ['other_payments']),
	ledger_account_id: byRelated('ledger_accounts', 'account', ['ledger_entries']),
	status_id: {
		on: DOCUMENTS,
		parse: (raw) => {
			const s = oneOf('status_id', STATUS_IDS, raw);
			return (row) => row.status === s;
		},
	},
	has_attachments: booleanOn('has_attachments', (row) => row.attachments > 0, [...DOCUMENTS, 'other_payments']),
	active: booleanOn('active', (row) => row.active, ITEMS),
	out_of_stock: booleanOn('out_of_stock', (row) => row.quantity <= 0, ['stock_items']),
	below_reorder_level: booleanOn('below_reorder_level', (row) => row.quantity < row.reorder, ['stock_items']),
	visible_in: {
		on: ['ledger_accounts'],
		parse: (raw) => {
			const v = oneOf('visible_in', VISIBLE_IN, raw);
			return (row) => row.scopes.includes(v);
		},
	},
	not_visible_in: {
		on: ['ledger_accounts'],
		parse: (raw) => {
			const v = oneOf('not_visible_in', VISIBLE_IN, raw);
			return (row) => !row.scopes.includes(v);
		},
	},
	ledger_account_type_id: {
		on: ['ledger_accounts'],
		parse: (raw) => {
			const t = oneOf(
				'ledger_account_type_id',
				LEDGER_ACCOUNT_TYPES.map(([id]) => id),
				raw,
			);
			return (row) => row.type === t;
		},
	},
	transaction_type_id: {
		on: ['other_payments', 'ledger_entries'],
		parse(raw, ctx, def) {
			const t = oneOf('transaction_type_id', TRANSACTION_TYPE_VALUES[def.name], raw);
			return (row) => row.type === t;
		},
	},
	transaction_id: {
		on: ['ledger_entries'],
		parse(raw, ctx) {
			const tx = ctx.findTransaction(raw);
			return tx < 0 ? NOTHING : (row) => row.tx === tx;
		},
	},
	contact_type_id: {
		on: ['contacts'],
		parse(raw) {
			const bit = oneOf('contact_type_id', ['CUSTOMER', 'VENDOR'], raw) === 'CUSTOMER' ? CUSTOMER : VENDOR;
			return (row) => (row.types & bit) !== 0;
		},
	},
	email: {
		on: ['contacts'],
		parse: (raw, ctx) => {
			const contacts = contactsWithPersonEmail(ctx, raw);
			return (row, index) => contacts.has(index);
		},
	},
	filter_inactive_contacts: {
		on: ['contacts'],
		parse: (raw) =>
			parseBoolean(raw, 'filter_inactive_contacts') ? (row) => row.extra?.is_active ?? row.active : EVERYTHING,
	},
	// The reference requires the context id and its type together.
	attachment_context_id: {
		on: ['attachments'],
		parse(raw, ctx, def, query) {
			const typeRaw = query.get('attachment_context_type_id');
			if (typeRaw === null)
				badParameter('attachment_context_type_id', 'is required together with attachment_context_id');
			const space = CONTEXT_TYPE_IDS[oneOf('attachment_context_type_id', Object.keys(CONTEXT_TYPE_IDS), typeRaw)];
			const index = BY_NAME.has(space) ? ctx.find(space, raw) : -1;
			return index < 0 ? NOTHING : (row) => row.space === space && row.index === index;
		},
	},
	attachment_context_type_id: {
		on: ['attachments'],
		parse(raw, ctx, def, query) {
			if (!query.has('attachment_context_id'))
				badParameter('attachment_context_id', 'is required together with attachment_context_type_id');
			oneOf('attachment_context_type_id', Object.keys(CONTEXT_TYPE_IDS), raw);
			return EVERYTHING;
		},
	},
};

/** The collection a `<thing>_id` names: `country` → countries, `address` → addresses. */
function collectionOf(thing) {
	for (const name of [`${thing}s`, `${thing}es`, thing.replace(/y$/, 'ies')])
		if (BY_NAME.has(name)) return BY_NAME.get(name);
	return undefined;
}

/** Whether a reference, or an array of references, has this id. */
const refers = (value, id) => (Array.isArray(value) ? value.some((v) => v?.id === id) : value?.id === id);

/**
 * The declared parameter's generic rule: validate by type, then narrow by a field of the record.
 * @param {object} ctx @param {object} def @param {{ name: string, type?: string, format?: string, enum?: string[] }} parameter
 * @param {string} raw @param {View} view
 * @returns {Test}
 */
function generic(ctx, def, parameter, raw, view) {
	const { name, type } = parameter;
	const value = declaredValue(parameter, raw);

	if (name.endsWith('_id') && typeof value === 'string') {
		const thing = name.slice(0, -3);
		const target = collectionOf(thing);
		const id =
			target?.idKind === 'code' ? [value, value.toUpperCase()].find((c) => ctx.codeIndex(target.name, c) >= 0) : value;
		if (!view.carries(thing)) return EVERYTHING;
		if (id === undefined) return NOTHING;
		return (row, i) => refers(view.record(i)[thing], id);
	}
	if ((type === 'boolean' || parameter.enum) && view.carries(name)) {
		const want = typeof value === 'string' ? value.toLowerCase() : value;
		return (row, i) => {
			const field = view.record(i)[name];
			const have = field !== null && typeof field === 'object' ? field.id : field;
			return (typeof have === 'string' ? have.toLowerCase() : have) === want;
		};
	}
	return EVERYTHING;
}

/**
 * Rendered records for the generic rules, one at a time (tests run row by row), and whether the
 * kind carries a field at all, probed on its first row.
 * @returns {View}
 */
function viewOf(ctx, def) {
	const rows = ctx.rows(def.name);
	let at = -1;
	let last = null;
	const record = (i) => {
		if (i !== at) {
			const row = rows[i];
			last = renderRow(ctx, def, row, i);
			at = i;
		}
		return last;
	};
	let probe;
	return {
		record,
		carries(field) {
			if (probe === undefined) probe = rows.length ? record(0) : null;
			return probe !== null && field in probe;
		},
	};
}

/**
 * The predicates for the filters present in the query that this collection accepts; other
 * parameters are ignored, as the service ignores parameters it does not know.
 * @param {object} ctx @param {object} def @param {URLSearchParams} query
 * @returns {{ tests: Test[], deleted: boolean, key: string }}
 */
function filtersFor(ctx, def, query) {
	const tests = [];
	const key = [];
	const view = viewOf(ctx, def);
	for (const name of def.filters) {
		const raw = query.get(name);
		if (raw === null) continue;
		const own = def.predicates?.[name];
		const bespoke = BESPOKE[name];
		let test;
		if (own) test = own.parse(raw, ctx, def, query, view);
		else if (bespoke && (!bespoke.on || bespoke.on.includes(def.name)))
			test = bespoke.parse(raw, ctx, def, query, view);
		else test = generic(ctx, def, def.parameters[name], raw, view);
		if (test !== EVERYTHING) tests.push(test);
		key.push(`${name}=${raw}`);
	}
	return { tests, deleted: query.has('deleted_since') && def.filters.includes('deleted_since'), key: key.join('&') };
}

module.exports = { filtersFor, oneOf, BESPOKE };
