'use strict';

const { badParameter } = require('./errors');
const { pagination, boolean, attributes } = require('./params');
const { filtersFor } = require('./filters');
const { parseTerms, searchTest } = require('./search');
const { balanceDetailsFor } = require('./balance-details');
const { paymentsAllocations } = require('./payments-allocations');
const { summary, fullRecord, renderRow, present } = require('../data/records');

/** Sort attributes the reference names, mapped onto row fields where rows keep them as numbers. */
const SORT_FIELDS = { created_at: 'created', updated_at: 'updated', date: 'date', due_date: 'due', expiry_date: 'due' };
const CACHE_SIZE = 32;

/**
 * @param {object} def @param {URLSearchParams} query
 * @returns {{ attribute: string, field: string, direction: 1|-1 } | null}
 */
function parseSort(def, query) {
	const raw = query.get('sort');
	if (raw === null) return null;
	if (def.sorts.length === 0) badParameter('sort', `is not supported on ${def.name}`);
	const [attribute, direction = 'asc', extra] = raw.split(':');
	if (extra !== undefined || !def.sorts.includes(attribute) || (direction !== 'asc' && direction !== 'desc')) {
		badParameter('sort', `must be one of ${def.sorts.join(', ')}, optionally followed by :asc or :desc (got "${raw}")`);
	}
	return { attribute, field: SORT_FIELDS[attribute] ?? attribute, direction: direction === 'asc' ? 1 : -1 };
}

/**
 * Sort keys: the row's number when it keeps one (day numbers, epoch ms), else the record's attribute
 * (ISO dates and date-times order as strings).
 */
function sortKeys(ctx, def, rows, indexes, { attribute, field }) {
	const keys = new Map();
	for (const i of indexes) {
		const value = rows[i][field];
		keys.set(i, typeof value === 'number' ? value : String(renderRow(ctx, def, rows[i], i)[attribute] ?? ''));
	}
	return keys;
}

/**
 * Row indexes matching the query, in order. Validates search, filters and sort; results are
 * cached until the business changes, so paging through a large filtered list costs one scan.
 * @param {object} ctx @param {object} def @param {URLSearchParams} query
 * @returns {number[]}
 */
function matching(ctx, def, query) {
	const rawSearch = query.get('search');
	if (rawSearch !== null && !def.searchable) badParameter('search', `is not supported on ${def.name}`);
	const terms = rawSearch === null ? [] : parseTerms(rawSearch);
	const { tests, deleted, key: filterKey } = filtersFor(ctx, def, query);
	const sort = parseSort(def, query);

	const key = `${def.name}|${ctx.generation()}|${terms.join(' ')}|${filterKey}|${sort ? `${sort.attribute}:${sort.direction}` : ''}`;
	const cache = ctx.biz.listCache ?? (ctx.biz.listCache = new Map());
	const hit = cache.get(key);
	if (hit) return hit;

	const rows = ctx.rows(def.name);
	if (terms.length) tests.push(searchTest(ctx, def, terms));
	const out = [];
	for (let i = 0; i < rows.length; i++) {
		const row = rows[i];
		if ((row.deleted !== null) !== deleted) continue;
		let ok = true;
		for (const test of tests)
			if (!test(row, i)) {
				ok = false;
				break;
			}
		if (ok) out.push(i);
	}
	if (sort) {
		const keys = sortKeys(ctx, def, rows, out, sort);
		const compare = (x, y) => (x < y ? -1 : x > y ? 1 : 0);
		out.sort((a, b) => compare(keys.get(a), keys.get(b)) * sort.direction || a - b);
	}
	if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value);
	cache.set(key, out);
	return out;
}

/**
 * The list envelope, keys in the service's order. `$next`/`$back` repeat the request's other
 * parameters so following them keeps the same search and filters. Paging parameters are
 * validated at once, before the caller does any work.
 * @param {string} path @param {URLSearchParams} query
 * @returns {(total: number, itemsOn: (from: number, to: number) => any[]) => object}
 */
function envelope(path, query) {
	const { perPage, page: asked } = pagination(query);
	const link = (p) => {
		const params = new URLSearchParams([
			['items_per_page', String(perPage)],
			['page', String(p)],
		]);
		for (const [k, v] of query) if (k !== 'items_per_page' && k !== 'page') params.append(k, v);
		return `${path}?${params}`;
	};
	return (total, itemsOn) => {
		const pages = Math.max(1, Math.ceil(total / perPage));
		const page = Math.min(asked, pages);
		return {
			$total: total,
			$page: page,
			$next: page < pages ? link(page + 1) : null,
			$back: page > 1 ? link(page - 1) : null,
			$itemsPerPage: perPage,
			$items: itemsOn((page - 1) * perPage, Math.min(total, page * perPage)),
		};
	};
}

/**
 * Items as summaries, full records (`attributes=all`) or summaries plus named fields. The summary
 * is rendered once: the full record starts from it (a record's id and label cost an id's
 * encryption and a label's lookups, and a list with named fields needs both).
 * @param {'all'|string[]|null} wanted
 * @param {() => object} summaryOf @param {(summary: object) => object} fullOf its summary's fields first, never changing it
 */
function shape(wanted, summaryOf, fullOf) {
	if (wanted === 'all') return fullOf(summaryOf());
	const out = summaryOf();
	if (!wanted || wanted.length === 0) return out;
	const full = fullOf(out);
	for (const name of wanted) if (name in full && !(name in out)) out[name] = full[name];
	return out;
}

/** `GET /<collection>` for a table collection. */
function listCollection(ctx, def, query) {
	const answer = envelope(`/${def.name}`, query);
	// `attributes` only where the list declares it (every list of the reference does).
	const wanted = def.attributes ? attributes(query) : null;
	const legacy = boolean(query, 'show_legacy_id') ?? false;
	// Whatever `attributes` asks for, as the flag adds a field the record does not otherwise have.
	const details = def.filters.includes('show_balance_details') ? balanceDetailsFor(ctx, query) : null;
	// Likewise each payable document's payments and allocations, as its item GET shows them.
	const settlements =
		def.filters.includes('show_payments_allocations') && boolean(query, 'show_payments_allocations') === true;
	const indexes = matching(ctx, def, query);
	return answer(indexes.length, (from, to) =>
		indexes.slice(from, to).map((i) => {
			const item = shape(
				wanted,
				() => summary(ctx, def, i, legacy),
				(head) => fullRecord(ctx, def, i, legacy, head),
			);
			const added = {
				...(details ? { balance_details: details(i) } : {}),
				...(settlements ? { payments_allocations: paymentsAllocations(ctx, def, i) } : {}),
			};
			return details || settlements ? present(ctx, def, { ...item, ...added }) : item;
		}),
	);
}

module.exports = { listCollection, envelope, shape };
