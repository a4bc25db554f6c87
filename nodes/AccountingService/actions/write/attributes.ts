import type { IDataObject } from 'n8n-workflow';

import type { WriteField } from '../../collections/types';
import type { Fail } from '../../helpers/parameterValues';
import { describeValue, toScalar } from '../../helpers/values';

/** How a record's attributes are named in errors: the API name, or the label the editor shows. */
export type Naming = (attribute: string) => string;

const apiNames: Naming = (attribute) => attribute;

/** "line 2", "allocation 1", "entry 3": what one element of a list attribute is called. */
export function elementWord(listName: string): string {
	if (/_lines$/.test(listName)) return 'line';
	if (listName === 'allocated_artefacts') return 'allocation';
	return 'entry';
}

/** An empty value leaves the attribute out: n8n stores a mapper field left empty as null, a spreadsheet cell as "". */
export const isUnset = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Document lines that may be left blank: a sheet with columns item_code_1 … item_code_3 fills only
 * some of them, so a line without a product, a service and a description is left out.
 */
const BLANK_LINE_ATTRIBUTES = ['product_id', 'service_id', 'description'];

const skipsBlankLines = (field: WriteField) =>
	/_lines$/.test(field.name) && !!field.fields?.some((child) => ['product_id', 'service_id'].includes(child.name));

/**
 * What a line's product or service provides when the line leaves it out (lineDefaults.ts), as
 * the service's own editor fills it: such a line is not refused for lacking it before the item
 * is read. Whether the item had it is checked after the defaults are filled.
 */
export const PROVIDED_BY_ITEM = ['description', 'ledger_account_id'];

/** Whether a line (checked so far) names a product or service to take its defaults from. */
export const namesItem = (line: IDataObject) => !isUnset(line.product_id) || !isUnset(line.service_id);

const isBlankLine = (element: unknown) =>
	typeof element === 'object' &&
	element !== null &&
	!Array.isArray(element) &&
	BLANK_LINE_ATTRIBUTES.every((name) => {
		const value = (element as IDataObject)[name];
		return isUnset(typeof value === 'string' ? value.trim() : value);
	});

interface Where {
	/** The attribute or list the error is reported under (top level). */
	field: string;
	/** Where inside it, e.g. `line 2: "unit_price"`; empty at the top level. */
	inside: string;
}

/**
 * Checks attribute values against the request schema the OpenAPI declares for the write, and
 * converts what is unambiguous (numeric text to a number, "true" to true, a date picker's
 * date-time to its day, JSON text to an object or a list). Every problem stops with an error that
 * names the attribute, for an element of a list its number, and what is allowed.
 */
export class AttributeChecker {
	/**
	 * List attribute → the number (from 1, as the user counted) of each line kept, where blank
	 * lines were left out: errors found later name a line by the number the user gave it.
	 */
	readonly lineNumbers = new Map<string, number[]>();

	constructor(private readonly fail: Fail) {}

	/**
	 * The attributes of one record. `required`: whether the OpenAPI's required attributes must be
	 * there (a create), except those in `providedElsewhere`. `unknown`: what to do with a name that
	 * is not an attribute (Map Automatically ignores extra input fields; anything else refuses).
	 */
	record(
		fields: readonly WriteField[],
		values: IDataObject,
		options: {
			required: boolean;
			unknown: 'ignore' | 'refuse';
			noun: string;
			providedElsewhere?: string[];
			missingHint?: string;
		},
	): IDataObject {
		const byName = new Map(fields.map((field) => [field.name, field]));
		const record: IDataObject = {};
		for (const [name, value] of Object.entries(values)) {
			const field = byName.get(name);
			if (!field) {
				if (options.unknown === 'ignore' || isUnset(value)) continue;
				this.fail(
					name,
					`${options.noun} has no such attribute; refresh the field list (allowed: ${[...byName.keys()].join(', ')})`,
				);
			}
			if (isUnset(value)) continue;
			record[name] = this.value(field, value, { field: name, inside: '' }, options.required, apiNames);
		}
		if (options.required) {
			for (const field of fields) {
				if (!field.required || field.name in record || options.providedElsewhere?.includes(field.name)) continue;
				this.fail(
					field.name,
					`it is required to create ${options.noun}, and it is not set${options.missingHint ?? ''}`,
				);
			}
		}
		return record;
	}

	/**
	 * The elements of a list attribute given element by element (the editor's Lines or
	 * Allocations), reported under `label` with the editor's `naming` of the element's attributes.
	 */
	list(
		field: WriteField,
		elements: IDataObject[],
		options: { required: boolean; label: string; naming: Naming; alsoRequired: string[] },
	): IDataObject[] {
		return this.withoutBlankLines(field, elements, { field: options.label, inside: '' }).map(({ element, index }) => {
			const checked = this.element(
				field,
				element,
				index,
				{ field: options.label, inside: '' },
				options.required,
				options.naming,
			);
			const missing = options.alsoRequired.find(
				(name) => !(name in checked) && !(PROVIDED_BY_ITEM.includes(name) && namesItem(checked)),
			);
			if (missing)
				this.fail(options.label, `${elementWord(field.name)} ${index + 1}: "${options.naming(missing)}" is required`);
			return checked;
		});
	}

	/** The elements to check, each with its place in the list given; blank document lines left out. */
	private withoutBlankLines(
		field: WriteField,
		elements: unknown[],
		where: Where,
	): Array<{ element: unknown; index: number }> {
		const numbered = elements.map((element, index) => ({ element, index }));
		if (where.inside || !skipsBlankLines(field)) return numbered;
		const kept = numbered.filter(({ element }) => !isBlankLine(element));
		if (elements.length && !kept.length) {
			this.fail(
				where.field,
				`every ${elementWord(field.name)} is empty (no product, service or description); give at least one`,
			);
		}
		this.lineNumbers.set(
			field.name,
			kept.map(({ index }) => index + 1),
		);
		return kept;
	}

	private problem(where: Where, text: string): never {
		return this.fail(where.field, where.inside ? `${where.inside} ${text}` : text);
	}

	private value(
		field: WriteField,
		value: unknown,
		where: Where,
		required: boolean,
		naming: Naming,
	): IDataObject[string] {
		switch (field.type) {
			case 'object': {
				const object = this.parsed(value, 'object', where);
				if (typeof object !== 'object' || object === null || Array.isArray(object)) {
					return this.problem(where, `expected an object (or its JSON text), got ${describeValue(object)}`);
				}
				return field.fields
					? this.nested(field.fields, object as IDataObject, where, required, naming, `"${where.field}"`)
					: (object as IDataObject);
			}
			case 'array': {
				const list = this.parsed(value, 'list', where);
				if (!Array.isArray(list))
					return this.problem(where, `expected a list (or its JSON text), got ${describeValue(list)}`);
				if (field.fields) {
					return this.withoutBlankLines(field, list as unknown[], where).map(({ element, index }) =>
						this.element(field, element, index, where, required, naming),
					);
				}
				return (list as unknown[]).map((element, index) => {
					const inner: WriteField = { name: field.name, type: field.items ?? 'string', description: '' };
					return this.value(
						inner,
						element,
						{ ...where, inside: `${where.inside} ${elementWord(field.name)} ${index + 1}:`.trim() },
						required,
						naming,
					);
				});
			}
			default: {
				const converted = toScalar(field.type, value, (problem) => this.problem(where, problem), {
					allowed: field.options,
					fromText: true,
				});
				if (field.type === 'string' && field.maxLength && String(converted).length > field.maxLength) {
					this.problem(where, `at most ${field.maxLength} characters are allowed, got ${String(converted).length}`);
				}
				return converted;
			}
		}
	}

	/** One element of a list of records (a line, an allocation). */
	private element(
		field: WriteField,
		element: unknown,
		index: number,
		where: Where,
		required: boolean,
		naming: Naming,
	): IDataObject {
		const inside = `${where.inside ? `${where.inside} ` : ''}${elementWord(field.name)} ${index + 1}:`;
		if (typeof element !== 'object' || element === null || Array.isArray(element)) {
			return this.problem(
				{ ...where, inside },
				`expected an object with ${(field.fields ?? []).map((child) => child.name).join(', ')}, got ${describeValue(element)}`,
			);
		}
		return this.nested(
			field.fields ?? [],
			element as IDataObject,
			{ ...where, inside },
			required,
			naming,
			`a ${elementWord(field.name)}`,
		);
	}

	/** The attributes of an object inside the record: unknown names are refused, they are never silently dropped. */
	private nested(
		fields: readonly WriteField[],
		object: IDataObject,
		where: Where,
		required: boolean,
		naming: Naming,
		what: string,
	): IDataObject {
		const byName = new Map(fields.map((field) => [field.name, field]));
		const result: IDataObject = {};
		const prefix = where.inside ? `${where.inside} ` : '';
		for (const [name, value] of Object.entries(object)) {
			const field = byName.get(name);
			if (!field) {
				this.problem(
					where,
					`"${name}" is not an attribute of ${what}; allowed: ${fields.map((child) => naming(child.name)).join(', ')}`,
				);
			}
			if (isUnset(value)) continue;
			result[name] = this.value(
				field,
				value,
				{ field: where.field, inside: `${prefix}"${naming(name)}"`.trim() },
				required,
				naming,
			);
		}
		if (required) {
			for (const field of fields) {
				if (!field.required || field.name in result) continue;
				if (PROVIDED_BY_ITEM.includes(field.name) && namesItem(result)) continue;
				this.problem(where, `"${naming(field.name)}" is required`);
			}
		}
		return result;
	}

	private parsed(value: unknown, kind: 'object' | 'list', where: Where): unknown {
		if (typeof value !== 'string') return value;
		try {
			return JSON.parse(value) as unknown;
		} catch (error) {
			const example = kind === 'object' ? '{"name": "…"}' : '[{"name": "…"}]';
			return this.problem(
				where,
				`the JSON text does not parse (${(error as Error).message}); expected ${kind === 'object' ? 'an object' : 'a list'} such as ${example}`,
			);
		}
	}
}
