'use strict';

const { refName, resolveSchema } = require('../../openapi/document');
const { BY_NAME } = require('../data/collections');
const { rawRecord } = require('../data/records');
const { shape } = require('./list');

/**
 * `nested_attributes` on an item GET: "the attributes that you want to expose for nested entities
 * (expose all nested attributes with 'all'). These are in addition to the base attributes". A
 * nested entity is a reference `{ id, displayed_as, $path }` to a record the sandbox serves, at a
 * property the OpenAPI declares with that record's own definition (a sales invoice's `contact` is
 * a `Contact`, as `/contacts` records are): it becomes that record (`all`), or its reference plus
 * the named attributes. References inside the record's nested objects and arrays (lines,
 * addresses, payments_allocations) are expanded too; the expanded records themselves are not, so
 * the answer stays one level deep. References the OpenAPI types otherwise (`Generic`, `Link`) and
 * references to codes or records the sandbox does not serve stay as they are.
 */

/** @returns {{ def: object, index: number } | null} the live record a reference names */
function referenced(ctx, value) {
	if (typeof value.$path !== 'string') return null;
	const [empty, name, key, ...rest] = value.$path.split('/');
	if (empty !== '' || key === undefined || rest.length) return null;
	const def = BY_NAME.get(name);
	if (!def || def.singleton || def.itemPath === false) return null;
	let id;
	try {
		id = decodeURIComponent(key);
	} catch {
		return null;
	}
	const index = ctx.find(name, id);
	return index < 0 ? null : { def, index };
}

/**
 * @param {object} ctx @param {any} schema the property's schema @param {any} value
 * @param {'all'|string[]} wanted @param {boolean} inside whether nested objects may still be entered
 */
function expandValue(ctx, schema, value, wanted, inside) {
	if (value === null || typeof value !== 'object') return value;
	if (Array.isArray(value))
		return schema?.type === 'array' ? value.map((item) => expandValue(ctx, schema.items, item, wanted, inside)) : value;
	const declared = refName(schema);
	const target = referenced(ctx, value);
	if (target && declared !== undefined && target.def.definition === declared) {
		const full = rawRecord(ctx, target.def, target.index, false);
		return shape(
			wanted,
			() => ({ id: full.id, displayed_as: full.displayed_as, $path: full.$path }),
			() => full,
		);
	}
	return inside ? expandObject(ctx, schema, value, wanted, false) : value;
}

/** The object's declared properties, each expanded. */
function expandObject(ctx, schema, value, wanted, inside) {
	const properties = resolveSchema(schema).properties ?? {};
	const out = { ...value };
	for (const [name, property] of Object.entries(properties))
		if (name in out) out[name] = expandValue(ctx, property, out[name], wanted, inside);
	return out;
}

/**
 * @param {object} ctx @param {object} def the record's collection @param {object} record as rendered, before `present`
 * @param {'all'|string[]} wanted
 */
function withNestedAttributes(ctx, def, record, wanted) {
	if (!def.definition || (Array.isArray(wanted) && wanted.length === 0)) return record;
	return expandObject(ctx, { $ref: `#/definitions/${def.definition}` }, record, wanted, true);
}

module.exports = { withNestedAttributes };
