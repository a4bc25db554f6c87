'use strict';

const { invalid } = require('../errors');
const { wrapped, writeOperation } = require('../../../openapi/writes');
const { openApi, resolveSchema } = require('../../../openapi/document');
const { BY_NAME } = require('../../data/collections');
const { resolveReferences } = require('./references');
const { IDEMPOTENT, ATTRIBUTE, FORMAT } = require('./idempotency');

/**
 * Request bodies are checked before anything is written, against the OpenAPI's request definition
 * (`postSalesInvoices`: `{ "sales_invoice": { … } }`) with the sandbox's strict ajv validator:
 * attributes the definition does not declare, missing required attributes (POST), types, formats
 * (`date` is YYYY-MM-DD), enums and maximum lengths (the request's, and the record's where the
 * record definition limits the field the attribute is written to). Then every reference (`*_id`, `*_ids`,
 * nested ones included) must name a record of the business, and every document line must carry
 * its `tax_amount` (v3.1 validates it strictly). All problems are answered together: 422 with one
 * entry each, `$source` naming the attribute as a path inside the wrapper (`contact_id`,
 * `invoice_lines.1.tax_amount`, `main_address.country_id`; array indexes count from 0). An
 * attribute outside the wrapper is named as it is (`foo`); a missing wrapper by the wrapper's name.
 */

/** A collector of problems, answered together as one 422. */
class Problems {
	constructor() {
		/** @type {Array<{ source: string, message: string, code?: string }>} */
		this.list = [];
	}

	/** @param {string} source @param {string} message @param {string} [code] */
	add(source, message, code) {
		if (!this.list.some((p) => p.source === source && p.message === message)) this.list.push({ source, message, code });
		return this;
	}

	has(source) {
		return this.list.some((p) => p.source === source || p.source.startsWith(`${source}.`));
	}

	get size() {
		return this.list.length;
	}

	/** Answers 422 when there is any problem. */
	check() {
		if (this.list.length) invalid(this.list);
	}
}

let validator = null;
/** The request validator: strict (undeclared attributes are errors), no list summary fields. */
function requestValidator() {
	// Loaded on the first write: ajv is a devDependency, reads need none.
	validator ??= require('../../openapi/validator').createValidator({ strict: true, summary: false });
	return validator;
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

const TYPE_WORDS = {
	string: 'a string',
	number: 'a number',
	integer: 'a whole number',
	boolean: 'true or false',
	object: 'an object',
	array: 'an array',
};

/** One ajv problem as the service phrases it. @returns {{ source: string, message: string }} */
function phrase(problem, wrapper) {
	const inside = problem.path[0] === wrapper ? problem.path.slice(1) : problem.path;
	const at = (extra) => [...inside, ...(extra === undefined ? [] : [extra])].join('.');
	const { keyword, params } = problem;
	switch (keyword) {
		case 'required': {
			const source = at(params.missingProperty);
			return { source, message: `${source} is required` };
		}
		case 'additionalProperties': {
			const source = at(params.additionalProperty);
			const where = inside.length
				? `${wrapper}.${inside.join('.')}`
				: problem.path.length
					? wrapper
					: 'the request body';
			return { source, message: `${source} is not an attribute of ${where}` };
		}
		case 'type':
			return { source: at(), message: `${at()} must be ${TYPE_WORDS[params.type] ?? params.type}` };
		case 'format':
			return {
				source: at(),
				message:
					params.format === 'date' ? `${at()} must be a date (YYYY-MM-DD)` : `${at()} must be a valid ${params.format}`,
			};
		case 'enum':
			return { source: at(), message: `${at()} must be one of ${params.allowedValues.join(', ')}` };
		case 'maxLength':
			return { source: at(), message: `${at()} is too long (maximum is ${params.limit} characters)` };
		default:
			return { source: at(), message: `${at()} ${problem.message}` };
	}
}

/**
 * @typedef {object} CheckedBody
 * @property {object} input the attributes inside the wrapper (without idempotency_id)
 * @property {Map<string, { name: string, index: number }>} resolved the references, by source
 * @property {Problems} problems none yet (kinds add theirs)
 */

/** Strings longer than the record definition's field allows, nested objects and lines included. */
function limits(value, schema, path, skip, report) {
	const props = resolveSchema(schema).properties ?? {};
	for (const [key, v] of Object.entries(value ?? {})) {
		const here = [...path, key];
		const source = here.join('.');
		const declared = props[key] && resolveSchema(props[key]);
		if (!declared || skip.has(source)) continue;
		if (typeof v === 'string' && declared.maxLength !== undefined && v.length > declared.maxLength) {
			report(source, `${source} is too long (maximum is ${declared.maxLength} characters)`);
		} else if (isObject(v)) limits(v, declared, here, skip, report);
		else if (Array.isArray(v) && declared.items)
			v.forEach((item, k) => {
				if (isObject(item)) limits(item, declared.items, [...here, k], skip, report);
			});
	}
}

/**
 * The wrapper and the idempotency_id, read before anything else so a replay answers first.
 * @param {import('../../../openapi/writes').WriteOperation} op
 * @param {unknown} body the parsed JSON body
 * @returns {{ input: object, idempotencyId: string|null }} or answers 422
 */
function unwrap(op, body) {
	const { wrapper } = op;
	if (!isObject(body) || !isObject(body[wrapper])) {
		invalid([
			{
				source: wrapper,
				message: `The request body must be a JSON object with the attributes inside "${wrapper}": { "${wrapper}": { … } }`,
			},
		]);
	}
	const input = { ...body[wrapper] };
	let idempotencyId = null;
	if (ATTRIBUTE in input && (op.method === 'POST' || op.method === 'PUT') && IDEMPOTENT.has(wrapper)) {
		idempotencyId = input[ATTRIBUTE];
		delete input[ATTRIBUTE];
		if (typeof idempotencyId !== 'string' || !FORMAT.test(idempotencyId)) {
			invalid([
				{ source: ATTRIBUTE, message: `${ATTRIBUTE} must be a GUID written as 32 hexadecimal digits without hyphens` },
			]);
		}
	}
	return { input, idempotencyId };
}

/**
 * @param {object} ctx the business
 * @param {import('../../../openapi/writes').WriteOperation} op
 * @param {object} body the parsed JSON body
 * @param {object} input the attributes inside the wrapper, as `unwrap` gave them
 * @returns {CheckedBody} or answers 422
 */
function checkBody(ctx, op, body, input) {
	const { wrapper, definition } = op;
	const problems = new Problems();
	for (const problem of requestValidator().detailed(definition, { ...body, [wrapper]: input })) {
		const { source, message } = phrase(problem, wrapper);
		problems.add(source, message);
	}

	const failed = new Set(problems.list.map((p) => p.source));
	const resolved = resolveReferences(
		ctx,
		op.collection,
		input,
		(source, message) => problems.add(source, message),
		failed,
	);

	// Lines sent with PUT replace the record's: each must be as complete as on POST.
	if (op.method === 'PUT') {
		const create = writeOperation(`/${op.collection}`, 'POST');
		const created = create ? (wrapped(create.definition).properties ?? {}) : {};
		for (const [key, value] of Object.entries(input)) {
			const required = created[key]?.items?.required;
			if (!Array.isArray(value) || !required) continue;
			value.forEach((item, k) => {
				if (!isObject(item)) return;
				for (const attribute of required) {
					if (item[attribute] === undefined || item[attribute] === null)
						problems.add(
							`${key}.${k}.${attribute}`,
							`${key}.${k}.${attribute} is required: lines sent with PUT replace the record's`,
						);
				}
			});
		}
	}

	// The record's own limits hold for what is written into it (a contact's reference: 10 characters).
	const record = BY_NAME.get(op.collection)?.definition;
	if (record)
		limits(input, openApi().definitions[record], [], failed, (source, message) => problems.add(source, message));

	// "A line item has an attribute tax_amount. In version 3.1 it is validated strictly."
	const schema = wrapped(definition);
	for (const [key, property] of Object.entries(schema.properties ?? {})) {
		if (!key.endsWith('_lines') || !Array.isArray(input[key]) || !property.items?.properties?.tax_amount) continue;
		input[key].forEach((line, k) => {
			if (isObject(line) && (line.tax_amount === undefined || line.tax_amount === null)) {
				problems.add(
					`${key}.${k}.tax_amount`,
					`${key}.${k}.tax_amount is required: v3.1 validates every line's tax_amount strictly`,
				);
			}
		});
	}
	problems.check();
	return { input, resolved, problems: new Problems() };
}

module.exports = { unwrap, checkBody, Problems, requestValidator, isObject };
