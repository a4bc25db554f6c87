'use strict';

const { fail, invalid } = require('../errors');
const { BY_NAME, availableIn } = require('../../data/collections');
const { fullRecord, singletonRecord, renderRow } = require('../../data/records');
const { transactionRef } = require('../../data/kinds/ledger');
const { PAYABLE } = require('../../data/stored');
const { wholeSecond, formatInstant, parseDay } = require('../../data/time');
const { writeOperations } = require('../../../openapi/writes');
const { unwrap, checkBody, Problems } = require('./validate');
const { templateOf, mapInput, stripSummary } = require('./build');
const { unbook, materialize, cents } = require('./books');
const { createIdempotencyStore } = require('./idempotency');
const { KINDS, DEFAULT_KIND } = require('./kinds');
const { artefactRef } = require('./payments-on-account');

/**
 * The writes of the OpenAPI, for the seeded businesses: `POST /<collection>` (create),
 * `PUT /<collection>/{id}` (update), `DELETE /<collection>/{id}`, `PUT /<settings object>`,
 * `POST /<collection>/{id}/release` and `POST /journals/{id}/reissue`, exactly where the OpenAPI
 * has the method (openapi/writes.js).
 *
 * Every write is checked whole before anything is written (validate.js, then the collection's
 * kind under ./kinds), so a refused request changes nothing. Created records are appended in
 * creation order with an id of their own and the clock's time; updated records keep their id and
 * get a new `updated_at`; deleted records are soft-deleted (404 afterwards, listed under
 * `deleted_since`). Sales invoices, credit notes and corrective invoices are voided instead
 * (`void_reason`), drafts excepted.
 */

/** `sales_invoices` → `sales invoice`, `addresses` → `address`, `categories` → `category`. */
function noun(def) {
	const name = def.name;
	const one = name.endsWith('ies')
		? `${name.slice(0, -3)}y`
		: name.endsWith('sses')
			? name.slice(0, -2)
			: name.replace(/s$/, '');
	return one.replace(/_/g, ' ');
}

/** The write operations by path shape: `/<c>`, `/<c>/{key}`, `/<c>/{key}/<action>`. */
function operationsOf(path) {
	return writeOperations().get(path) ?? [];
}

const NOT_EDITABLE = 'RecordInvalid';

/**
 * @param {{ dataset: object, clock: { now(): number } }} deps
 */
function createWrites({ dataset, clock }) {
	const idempotency = createIdempotencyStore(clock);
	const now = () => wholeSecond(clock.now());

	/** The service has no such collection for a business of this country: nothing to write to. */
	function available(ctx, def) {
		if (!availableIn(def, ctx.biz.country)) {
			fail(
				404,
				'RouteNotFound',
				`/${def.name} is not available for businesses in ${ctx.biz.country.toUpperCase()}.`,
				'path',
			);
		}
	}

	function findRow(ctx, def, id) {
		const index = ctx.find(def.name, id);
		if (index < 0) fail(404, 'RecordNotFound', `No ${def.name} record with id "${id}" in this business.`, 'id');
		return index;
	}

	/** What a kind sees of the write. */
	function writeContext(ctx, def, op, { input = {}, resolved = new Map(), row = null, rowIndex, index }) {
		const w = {
			ctx,
			def,
			op,
			dataset,
			input,
			resolved,
			row,
			rowIndex,
			index,
			now: now(),
			problems: new Problems(),
			draft: row ? { ...row } : {},
			ref: (source) => resolved.get(source),
			refOf: (source) => {
				const found = resolved.get(source);
				return found ? artefactRef(ctx, found.name, found.index) : undefined;
			},
			templateOf: (name) => templateOf(ctx, dataset.contexts, BY_NAME.get(name)),
			/** Writes a part of a contact (its main address, delivery address or main person) from an edited row of its own. */
			updateContactPart(contact, field, record) {
				const contacts = BY_NAME.get('contacts');
				const contactRow = ctx.rows('contacts')[contact];
				materialize(ctx, contacts, contactRow, contact);
				const before = contactRow.stored[field] ?? {};
				const part = { ...before };
				for (const key of Object.keys(before))
					if (key !== 'id' && key !== 'displayed_as' && key in record) part[key] = record[key];
				part.displayed_as =
					field === 'main_contact_person'
						? part.name
						: [part.address_line_1, part.city, part.postal_code].filter(Boolean).join('\n');
				contactRow.stored[field] = part;
				contactRow.updated = w.now;
				ctx.touch('contacts');
			},
		};
		return w;
	}

	/** Fields most records share that the request does not set: the business's currency, rate 1, not deleted. */
	function commonDefaults(ctx, record, input) {
		// A new record is active unless the request says otherwise.
		for (const key of ['active', 'is_active']) if (key in record && input[key] === undefined) record[key] = true;
		if ('currency' in record && !record.currency && input.currency_id === undefined)
			record.currency = ctx.refCode('currencies', ctx.biz.currency);
		if ('base_currency' in record && !record.base_currency)
			record.base_currency = ctx.refCode('currencies', ctx.biz.currency);
		if ('exchange_rate' in record && !record.exchange_rate) record.exchange_rate = 1;
		if ('deleted_at' in record) record.deleted_at = null;
	}

	/** A booked row's own record shows its transaction (documents render theirs live). */
	function showTransaction(ctx, def, row) {
		if (!row.stored || PAYABLE.has(def.name) || !('transaction' in row.stored)) return;
		row.stored.transaction = row.tx >= 0 ? transactionRef(ctx, row.tx) : null;
	}

	/** Undoes what a row did to the books and to other records. */
	function revert(w, kind, row, index) {
		kind.revert?.(w, row, index);
		if (row.tx !== undefined && row.tx >= 0) {
			unbook(w.ctx, row.tx, w.now);
			row.tx = -1;
		}
	}

	/** Does a row's bookings and effects. */
	function apply(w, kind, row, index) {
		kind.book?.(w, row, index);
		showTransaction(w.ctx, w.def, row);
	}

	const kindOf = (def) => KINDS[def.name] ?? DEFAULT_KIND;

	/** `POST /<collection>` */
	function create(ctx, def, op, request) {
		available(ctx, def);
		const { input, idempotencyId } = unwrap(op, request.body);
		const resource = `POST /${def.name}`;
		if (idempotencyId) {
			const kept = idempotency.replay(ctx.biz.id, resource, idempotencyId);
			if (kept) return kept;
		}
		const checked = checkBody(ctx, op, request.body, input);
		const kind = kindOf(def);
		const index = ctx.rows(def.name).length;
		const w = writeContext(ctx, def, op, { input, resolved: checked.resolved, index });
		const record = mapInput(w, templateOf(ctx, dataset.contexts, def), input, def.definition);
		commonDefaults(ctx, record, input);
		kind.build(w, record);
		w.problems.check();

		const row = { attachments: 0, ...w.draft, minted: true, created: w.now, updated: w.now, deleted: null, tx: -1 };
		row.label = String(kind.label(w, record) ?? noun(def));
		row.stored = stripSummary(record);
		kind.beforeCommit?.(w, row, record);
		row.stored = stripSummary(record);
		const at = ctx.append(def.name, row);
		if (at !== index) throw new Error(`${def.name}: appended at ${at}, expected ${index}`);
		apply(w, kind, row, index);
		kind.afterCommit?.(w, row, index, { created: true, deleted: false });
		ctx.touch(def.name);
		const response = { status: op.status, json: fullRecord(ctx, def, index, false) };
		if (idempotencyId) idempotency.remember(ctx.biz.id, resource, idempotencyId, response);
		return response;
	}

	/** `PUT /<collection>/{id}`; with an idempotency_id, a repeat answers the first answer and changes nothing. */
	function update(ctx, def, op, id, request) {
		available(ctx, def);
		const index = findRow(ctx, def, id);
		const { input, idempotencyId } = unwrap(op, request.body);
		if (!idempotencyId) return applyUpdate(ctx, def, op, index, input, request);
		const resource = `PUT /${def.name}/${id}`;
		const kept = idempotency.replay(ctx.biz.id, resource, idempotencyId);
		if (kept) return kept;
		const response = applyUpdate(ctx, def, op, index, input, request);
		idempotency.remember(ctx.biz.id, resource, idempotencyId, response);
		return response;
	}

	function applyUpdate(ctx, def, op, index, input, request) {
		const row = ctx.rows(def.name)[index];
		const checked = checkBody(ctx, op, request.body, input);
		const kind = kindOf(def);
		const w = writeContext(ctx, def, op, { input, resolved: checked.resolved, row, rowIndex: index, index });
		const reason = kind.editable?.(w);
		if (reason)
			invalid([{ source: op.wrapper, message: `This ${noun(def)} cannot be changed: ${reason}`, code: NOT_EDITABLE }]);

		const record = mapInput(w, stripSummary(structuredClone(renderRow(ctx, def, row, index))), input, def.definition);
		kind.build(w, record);
		w.problems.check();
		const label = String((kind.label ? kind.label(w, record) : null) ?? ctx.displayedAs(def.name, index));

		if (kind.beforeUpdate?.(w, row, record)) {
			// A part of another record (a contact's own address): that record was written.
			row.updated = w.now;
			ctx.touch(def.name);
			return { status: op.status, json: fullRecord(ctx, def, index, false) };
		}
		materialize(ctx, def, row, index);
		revert(w, kind, row, index);
		const { tx, stored, label: oldLabel, ...fields } = w.draft;
		Object.assign(row, fields);
		row.stored = stripSummary(record);
		row.label = label;
		row.updated = w.now;
		apply(w, kind, row, index);
		kind.afterCommit?.(w, row, index, { created: false, deleted: false });
		ctx.touch(def.name);
		return { status: op.status, json: fullRecord(ctx, def, index, false) };
	}

	/** `DELETE /<collection>/{id}`: soft delete, or void for the documents that are voided. */
	function remove(ctx, def, op, id, query) {
		available(ctx, def);
		const index = findRow(ctx, def, id);
		const row = ctx.rows(def.name)[index];
		const kind = kindOf(def);
		const w = writeContext(ctx, def, op, { row, rowIndex: index, index });
		const voids = op.query.some((p) => p.name === 'void_reason');
		if (voids && row.status !== 'DRAFT') return voidDocument(w, kind, row, index, query.get('void_reason'));

		const shown = renderRow(ctx, def, row, index);
		const reason =
			(shown.deletable === false ? 'its record is not deletable (deletable: false)' : null) ??
			kind.deletable?.(w) ??
			(PAYABLE.has(def.name) && row.paid > 0 ? 'payments are allocated to it' : null);
		if (reason)
			invalid([{ source: 'id', message: `This ${noun(def)} cannot be deleted: ${reason}`, code: NOT_EDITABLE }]);
		// Kept as it was, so `deleted_since` still lists it once its transaction is gone (a seeded
		// render would have to name the unbooked transaction).
		materialize(ctx, def, row, index);
		revert(w, kind, row, index);
		showTransaction(ctx, def, row);
		row.deleted = w.now;
		row.updated = w.now;
		kind.afterRevert?.(w, row, index);
		kind.afterCommit?.(w, row, index, { created: false, deleted: true });
		ctx.touch(def.name);
		return { status: op.status === 200 ? 204 : op.status };
	}

	/** Voids a sales invoice, credit note or corrective invoice: it stays, VOID, owing nothing. */
	function voidDocument(w, kind, row, index, reason) {
		const { ctx, def } = w;
		if (row.status === 'VOID')
			invalid([{ source: 'id', message: `This ${noun(def)} is void already.`, code: NOT_EDITABLE }]);
		if (row.paid > 0)
			invalid([
				{
					source: 'id',
					message: `This ${noun(def)} cannot be voided: payments are allocated to it; remove them first.`,
					code: NOT_EDITABLE,
				},
			]);
		if (reason === null || reason.trim() === '') {
			invalid([{ source: 'void_reason', message: 'void_reason is required to void a document that is not a draft' }]);
		}
		materialize(ctx, def, row, index);
		revert(w, kind, row, index);
		row.status = 'VOID';
		row.voidReason = reason.trim();
		row.updated = w.now;
		kind.afterRevert?.(w, row, index);
		ctx.touch(def.name);
		return { status: 200, json: fullRecord(ctx, def, index, false) };
	}

	/** `POST /<documents>/{id}/release`: a draft becomes UNPAID and is booked. */
	function release(ctx, def, op, id) {
		available(ctx, def);
		const index = findRow(ctx, def, id);
		const row = ctx.rows(def.name)[index];
		if (row.status !== 'DRAFT') {
			invalid([
				{
					source: 'status',
					message: `Only a draft can be released; this ${noun(def)} is ${row.status}.`,
					code: NOT_EDITABLE,
				},
			]);
		}
		const kind = kindOf(def);
		const w = writeContext(ctx, def, op, { row, rowIndex: index, index });
		materialize(ctx, def, row, index);
		if (!row.postLines) {
			const lines = row.stored[def.shape.lines] ?? [];
			row.postLines = lines.map((line) => ({
				account: ctx.find('ledger_accounts', line.ledger_account.id),
				net: cents(line.net_amount),
			}));
			const shipping = cents(row.stored.shipping_net_amount ?? 0);
			if (shipping) row.postLines.push({ account: ctx.chart.byRole('sales_goods'), net: shipping });
		}
		row.status = 'UNPAID';
		row.updated = w.now;
		apply(w, kind, row, index);
		ctx.touch(def.name);
		return { status: op.status, json: fullRecord(ctx, def, index, false) };
	}

	/** `POST /journals/{id}/reissue`: the journal is voided (deleted, unbooked) and booked again as a new one. */
	function reissue(ctx, def, op, id) {
		const index = findRow(ctx, def, id);
		const row = ctx.rows(def.name)[index];
		const kind = kindOf(def);
		const newIndex = ctx.rows(def.name).length;
		const w = writeContext(ctx, def, op, { row, rowIndex: index, index: newIndex });
		materialize(ctx, def, row, index);
		const stored = structuredClone(row.stored);
		stored.journal_lines = (stored.journal_lines ?? []).map((line, k) => ({
			...line,
			id: ctx.subId(def.name, newIndex, k + 1),
		}));
		revert(w, kind, row, index);
		row.deleted = w.now;
		row.updated = w.now;
		const copy = {
			date: row.date ?? parseDay(stored.date),
			total: row.total,
			ref: stored.reference,
			legs: undefined,
			minted: true,
			created: w.now,
			updated: w.now,
			deleted: null,
			tx: -1,
			attachments: 0,
			stored,
			label: row.label,
		};
		ctx.append(def.name, copy);
		apply(w, kind, copy, newIndex);
		ctx.touch(def.name);
		return { status: op.status, json: fullRecord(ctx, def, newIndex, false) };
	}

	/** `PUT /<settings object>`: the object as it is with the request's attributes laid over. */
	function settings(ctx, def, op, request) {
		available(ctx, def);
		const { input } = unwrap(op, request.body);
		const checked = checkBody(ctx, op, request.body, input);
		const w = writeContext(ctx, def, op, { input, resolved: checked.resolved });
		const current = structuredClone(ctx.biz.settings?.[def.name] ?? def.render(ctx));
		if (def.name === 'financial_settings' && input.base_currency_id && input.base_currency_id !== ctx.biz.currency) {
			w.problems.add(
				'base_currency_id',
				`base_currency_id cannot change: the business keeps its books in ${ctx.biz.currency}`,
			);
		}
		w.problems.check();
		const record = mapInput(w, current, input, def.definition);
		if ('updated_at' in record) record.updated_at = formatInstant(w.now);
		ctx.biz.settings = { ...ctx.biz.settings, [def.name]: record };
		// A change of the business like any other: what was read before it is not read again from caches.
		ctx.touch(def.name);
		return { status: op.status, json: singletonRecord(ctx, def) };
	}

	/**
	 * The write routes of a path, or null. `segments` are percent-decoded path segments.
	 * @returns {{ methods: string[], run: (method: string) => object } | null}
	 */
	function routes(segments, request, ctx) {
		const [first, second, third] = segments;
		const def = BY_NAME.get(first);
		if (!def) return null;
		const n = segments.length;
		const template = n === 1 ? `/${first}` : n === 2 ? `/${first}/{key}` : n === 3 ? `/${first}/{key}/${third}` : null;
		const ops = template ? operationsOf(template) : [];
		if (!ops.length) return null;
		const op = (method) => ops.find((o) => o.method === method);
		return {
			methods: ops.map((o) => o.method),
			run(method) {
				const operation = op(method);
				if (n === 1)
					return def.singleton ? settings(ctx, def, operation, request) : create(ctx, def, operation, request);
				if (n === 2)
					return method === 'PUT'
						? update(ctx, def, operation, second, request)
						: remove(ctx, def, operation, second, request.query);
				if (third === 'release') return release(ctx, def, operation, second);
				if (third === 'reissue') return reissue(ctx, def, operation, second);
				throw new Error(`no write action ${third}`);
			},
		};
	}

	return { routes, idempotency };
}

module.exports = { createWrites };
