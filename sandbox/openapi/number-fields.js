'use strict';

const { openApi, refName } = require('../../openapi/document');

/**
 * The fields a definition types `number` (format double or float), found by walking the OpenAPI
 * definition through references, arrays and inline objects. The dataset's `amounts: 'string'`
 * option sends exactly these as decimal strings.
 *
 * A plan maps a property to 'number', to another plan (object), or to { items } (array).
 * @typedef {Map<string, 'number' | Plan | { items: 'number' | Plan }>} Plan
 */

const plans = new Map();

/** @param {object} schema @returns {'number' | Plan | { items: any } | null} */
function planOfSchema(schema) {
	if (!schema) return null;
	const ref = refName(schema);
	if (ref) return planOf(ref);
	if (schema.type === 'number') return 'number';
	if (schema.type === 'array') {
		const items = planOfSchema(schema.items);
		return items ? { items } : null;
	}
	if (schema.properties) return planOfProperties(schema.properties);
	return null;
}

function planOfProperties(properties) {
	/** @type {Plan} */
	const plan = new Map();
	for (const [name, property] of Object.entries(properties)) {
		const entry = planOfSchema(property);
		if (entry && !(entry instanceof Map && entry.size === 0)) plan.set(name, entry);
	}
	return plan;
}

/**
 * @param {string} definition a definition name of the OpenAPI
 * @returns {Plan} empty when the definition has no number fields
 */
function planOf(definition) {
	let plan = plans.get(definition);
	if (plan) return plan;
	plan = new Map();
	plans.set(definition, plan); // recursive definitions see the plan being filled
	const schema = openApi().definitions[definition];
	for (const [name, entry] of planOfProperties(schema?.properties ?? {})) plan.set(name, entry);
	return plan;
}

/**
 * A number as the decimal string the service would send: two decimals when it has no more
 * ("120.50", "20.00"), else its own decimals up to six ("1.169591"), never losing precision.
 * @param {number} n
 */
function decimalString(n) {
	const cents = Math.round(n * 100);
	if (Math.abs(n * 100 - cents) < 1e-6) {
		const abs = Math.abs(cents);
		return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
	}
	return n.toFixed(6).replace(/0+$/, '');
}

/**
 * A copy of `value` with every number at a number-typed field of the definition turned into a
 * decimal string; everything else is left as it is.
 * @param {string} definition @param {any} value
 */
function numbersAsStrings(definition, value) {
	return convert(planOf(definition), value);
}

function convert(entry, value) {
	if (value === null || value === undefined) return value;
	if (entry === 'number') return typeof value === 'number' ? decimalString(value) : value;
	if (entry instanceof Map) {
		if (typeof value !== 'object' || Array.isArray(value) || entry.size === 0) return value;
		const out = { ...value };
		for (const [name, sub] of entry) if (name in out) out[name] = convert(sub, out[name]);
		return out;
	}
	return Array.isArray(value) ? value.map((item) => convert(entry.items, item)) : value;
}

/**
 * The JSON paths of a definition's number fields in a value (arrays as `[]`), for tests.
 * @param {string} definition @param {any} value
 * @returns {string[]}
 */
function numberPaths(definition, value) {
	const out = [];
	const walk = (entry, v, path) => {
		if (v === null || v === undefined) return;
		if (entry === 'number') out.push(path);
		else if (entry instanceof Map) {
			if (typeof v === 'object') for (const [name, sub] of entry) walk(sub, v[name], `${path}/${name}`);
		} else if (Array.isArray(v)) v.forEach((item, k) => walk(entry.items, item, `${path}/${k}`));
	};
	walk(planOf(definition), value, '');
	return out;
}

module.exports = { numbersAsStrings, numberPaths, decimalString, planOf };
