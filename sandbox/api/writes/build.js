'use strict';

const { resolveSchema } = require('../../../openapi/document');
const { renderRow } = require('../../data/records');
const { isObject } = require('./validate');

/**
 * How a request's attributes become a record of the collection's OpenAPI definition, the same
 * way for every collection (a kind then computes what the service derives: totals, labels,
 * numbers, links):
 *
 * - `<thing>_id` → `<thing>`: the reference `{ id, displayed_as, $path }` of the record it names
 *   (`contact_id` → `contact`, `invoice_lines[].ledger_account_id` → `ledger_account`);
 *   `<thing>_ids` → `<thing>s`, an array of references;
 * - an attribute the record definition also has, of the same type → copied (nested objects and
 *   arrays of objects mapped the same way, one level inside the other); a string longer than the
 *   record's field allows (`maxLength` of the response definition) is refused;
 * - anything else (`file`, `void_reason`) is left to the kind.
 *
 * A new record starts from the collection's template: the fields seeded records of the business
 * show, in their order, each set to the value all seeded records share (`exchange_rate: 1`,
 * `migrated: false`) or else left empty (null, 0, false, []). An updated record starts from the
 * record as it is.
 */

const SUMMARY = new Set(['id', 'displayed_as', '$path', 'legacy_id']);

/** The properties of a record definition (by name) or schema. */
const propertiesOf = (schema) =>
	resolveSchema(typeof schema === 'string' ? { $ref: `#/definitions/${schema}` } : schema).properties ?? {};

const jsonType = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Whether a value fits a declared (resolved) schema's type. */
function fits(schema, value) {
	const type = schema.type ?? (schema.properties ? 'object' : undefined);
	if (type === undefined) return true;
	if (type === 'integer') return Number.isInteger(value);
	return jsonType(value) === type;
}

/** An empty value of the same kind. */
function emptyLike(value) {
	if (Array.isArray(value)) return [];
	if (typeof value === 'number') return 0;
	if (typeof value === 'boolean') return false;
	return null;
}

/** Up to `n` records of live, unwritten rows, spread over the collection. */
function sample(ctx, def, n) {
	if (def.countries && !def.countries.includes(ctx.biz.country)) return [];
	const rows = ctx.rows(def.name);
	const live = [];
	rows.forEach((row, i) => {
		if (row.deleted === null && !row.stored) live.push(i);
	});
	const step = Math.max(1, Math.floor(live.length / n));
	const out = [];
	for (let k = 0; k < live.length && out.length < n; k += step) out.push(renderRow(ctx, def, rows[live[k]], live[k]));
	return out;
}

const hasReference = (value) => JSON.stringify(value ?? null).includes('"$path"');

/**
 * The template of a new record of a collection in a business (cached).
 * @param {object} ctx @param {object[]} contexts every business (for collections a business has too few of)
 * @param {object} def
 */
function templateOf(ctx, contexts, def) {
	const cache = ctx.biz.writeTemplates ?? (ctx.biz.writeTemplates = new Map());
	if (cache.has(def.name)) return structuredClone(cache.get(def.name));
	let records = sample(ctx, def, 16);
	const own = records.length >= 2;
	if (!own) records = contexts.flatMap((c) => sample(c, def, 8));
	const keys = [];
	for (const record of records)
		for (const key of Object.keys(record)) if (!SUMMARY.has(key) && !keys.includes(key)) keys.push(key);
	const template = {};
	for (const key of keys) {
		const values = records.map((r) => r[key]).filter((v) => v !== undefined);
		const first = JSON.stringify(values[0] ?? null);
		const shared =
			values.length >= 2 && values.length === records.length && values.every((v) => JSON.stringify(v) === first);
		// Another business's references mean nothing here.
		template[key] =
			shared && (own || !hasReference(values[0]))
				? structuredClone(values[0])
				: emptyLike(values.find((v) => v !== null));
	}
	cache.set(def.name, template);
	return structuredClone(template);
}

/**
 * The empty object a nested value starts from: the keys of the template's value when it has
 * one, else every property the schema declares.
 */
function emptyObject(schema, like) {
	if (isObject(like))
		return Object.fromEntries(
			Object.entries(like)
				.filter(([k]) => !SUMMARY.has(k))
				.map(([k, v]) => [k, emptyLike(v)]),
		);
	return Object.fromEntries(
		Object.keys(propertiesOf(schema))
			.filter((k) => !SUMMARY.has(k))
			.map((k) => [k, null]),
	);
}

/**
 * Lays a request's attributes over a record (mutated and returned).
 * @param {object} w the write (references resolved by source: `w.resolved`)
 * @param {object} target the record or nested object
 * @param {object} input the request's attributes at this level
 * @param {object|string} schema the record's definition (name) or nested schema
 * @param {string} [path] source of this level (`invoice_lines.0`)
 */
function mapInput(w, target, input, schema, path = '') {
	const props = propertiesOf(schema);
	for (const [key, value] of Object.entries(input)) {
		const here = path ? `${path}.${key}` : key;
		if (/_ids$/.test(key) && Array.isArray(value)) {
			const field = `${key.slice(0, -4)}s`;
			if (props[field]) target[field] = value.map((id, k) => w.refOf(`${here}.${k}`)).filter(Boolean);
			continue;
		}
		if (/_id$/.test(key)) {
			const field = key.slice(0, -3);
			if (props[field]) target[field] = value === null ? null : (w.refOf(here) ?? target[field] ?? null);
			continue;
		}
		const property = props[key];
		if (!property) continue;
		const declared = resolveSchema(property);
		if (value === null) target[key] = null;
		else if (isObject(value) && (declared.type === 'object' || declared.properties)) {
			target[key] = mapInput(
				w,
				isObject(target[key]) ? { ...target[key] } : emptyObject(declared, null),
				value,
				declared,
				here,
			);
		} else if (Array.isArray(value) && declared.type === 'array') {
			const items = resolveSchema(declared.items);
			const like = Array.isArray(target[key]) ? target[key][0] : undefined;
			target[key] = value.map((item, k) =>
				isObject(item) ? mapInput(w, emptyObject(items, like), item, items, `${here}.${k}`) : item,
			);
		} else if (fits(declared, value)) {
			// The record's own limit holds for what is written into it (a contact's reference: 10 characters).
			if (typeof value === 'string' && declared.maxLength !== undefined && value.length > declared.maxLength) {
				w.problems.add(here, `${here} is too long (maximum is ${declared.maxLength} characters)`);
			}
			target[key] = value;
		}
	}
	return target;
}

/** A record without its summary fields, as a written row keeps it. */
function stripSummary(record) {
	const out = {};
	for (const [key, value] of Object.entries(record)) if (!SUMMARY.has(key)) out[key] = value;
	return out;
}

module.exports = { templateOf, mapInput, stripSummary, propertiesOf, emptyObject, SUMMARY };
