import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FilterDefinition } from '../collections/filters';
import type { CollectionDefinition } from '../collections/table';
import { ALL_BUSINESSES, LEAD_BUSINESS } from '../descriptions/business';
import { businessIdFrom, readPaceFrom, retryPolicyFrom } from '../helpers/parameterValues';
import { outputFrom, type Output } from '../output/output';
import {
	describeValue as describe,
	type Refuse,
	toBoolean,
	toChoice,
	toDay,
	toScalar,
	toText,
} from '../helpers/values';
import { DEFAULT_ANSWER_CHARACTERS, MIN_ANSWER_CHARACTERS } from '../tool/answer';
import type { ReadPace } from '../transport/types';
import type { RetryPolicy } from '../transport/retry';

/**
 * Reads and checks the node's parameters for one item. Anything the service would reject, or
 * that would turn into a different request than the user meant, fails here, before any request.
 */
export class ParameterReader {
	constructor(
		private readonly context: IExecuteFunctions,
		readonly itemIndex: number,
	) {}

	fail(field: string, problem: string): never {
		throw new NodeOperationError(this.context.getNode(), `Invalid "${field}": ${problem}`, {
			itemIndex: this.itemIndex,
		});
	}

	/** Refuses a value under the field's label. */
	private refuser(label: string): Refuse {
		return (problem) => this.fail(label, problem);
	}

	private raw(name: string, fallback?: unknown, extractValue = false): unknown {
		return this.context.getNodeParameter(name, this.itemIndex, fallback, { extractValue });
	}

	/** A parameter as n8n resolves it, unchecked: for the write side, which checks it against the record's schema. */
	value(name: string, fallback?: unknown): unknown {
		return this.context.getNodeParameter(name, this.itemIndex, fallback, { skipValidation: true });
	}

	string(name: string, label: string, fallback?: string): string {
		return toText(this.raw(name, fallback), this.refuser(label));
	}

	/** A switch; an expression may also give "true" or "false". */
	flag(name: string, label: string, fallback: boolean): boolean {
		return toBoolean(this.raw(name, fallback), this.refuser(label), { fromText: true });
	}

	/** Returns the limit, or undefined when every record is wanted. */
	limit(): number | undefined {
		if (this.raw('returnAll', false) === true) return undefined;
		const limit = this.raw('limit', 50);
		if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
			this.fail('Limit', `must be a whole number of 1 or more, got ${describe(limit)}`);
		}
		return limit;
	}

	/** How large an AI tool's answer may be (the field shows only there). */
	answerCharacters(): number {
		const value = this.raw('answerCharacters', DEFAULT_ANSWER_CHARACTERS);
		if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_ANSWER_CHARACTERS) {
			this.fail(
				'Answer Size Limit',
				`must be a whole number of ${MIN_ANSWER_CHARACTERS} or more, got ${describe(value)}`,
			);
		}
		return value;
	}

	/** The record id, URL-encoded so that characters like "/" or "?" stay part of the id. */
	recordId(row: CollectionDefinition): string {
		const value = this.raw('id', undefined, true);
		const label = `${row.singular} ID`;
		if (typeof value !== 'string' && typeof value !== 'number') {
			this.fail(label, `expected an ID, got ${describe(value)}`);
		}
		const id = String(value).trim();
		if (!id) this.fail(label, 'it is empty; choose a record from the list or enter its ID');
		if (id === '.' || id === '..') this.fail(label, `"${id}" is not an ID`);
		return encodeURIComponent(id);
	}

	/** `undefined` means the lead business: no X-Business header is sent. */
	business(parameter = 'business'): string | undefined {
		const scope = this.businesses(parameter);
		if (scope.all) {
			this.fail(
				'Business',
				'All Businesses is for reading lists and reports; this operation works on one business (an ID belongs to one business): choose that business',
			);
		}
		return scope.id;
	}

	/** One business (`id` undefined for the lead business), or every business the account reaches. */
	businesses(parameter = 'business'): { all: true } | { all: false; id: string | undefined } {
		const value = this.raw(parameter, LEAD_BUSINESS, true);
		if (typeof value === 'string' && value.trim() === ALL_BUSINESSES) return { all: true };
		return { all: false, id: businessIdFrom(value, this.fail.bind(this)) };
	}

	/**
	 * Composed (NFC): "José" pasted from a macOS file name or a PDF comes decomposed, its accent a
	 * combining mark after the "e". A mark that stays after a letter (scripts without composed
	 * forms, such as Devanagari) is part of that letter; a mark on its own is not.
	 */
	searchText(): string {
		const text = this.string('searchText', 'Search Text').normalize('NFC').trim();
		if (!text) this.fail('Search Text', 'it is empty; enter the start of a word to look for');
		if (!/^(?:[\p{L}\p{N}]\p{M}*|\s)+$/u.test(text)) {
			const words = text.replace(/[^\p{L}\p{M}\p{N}\s]+/gu, ' ').trim();
			this.fail(
				'Search Text',
				`the service cannot search for special characters; use letters, digits and spaces only${words ? ` (search "${words}" instead of "${text}")` : ''}`,
			);
		}
		return text;
	}

	/** The collection's filters as the service's query parameters. */
	filters(row: CollectionDefinition): IDataObject {
		const chosen = (this.raw('filters', {}) ?? {}) as IDataObject;
		if (typeof chosen !== 'object' || Array.isArray(chosen)) this.fail('Filters', 'expected a set of filters');
		return this.queryParameters(row.filters, chosen);
	}

	/**
	 * The typed query parameters among the chosen values (Filters, or Get's Options), in the
	 * service's format; an empty value is not sent, and refused where the OpenAPI requires it.
	 */
	queryParameters(parameters: readonly FilterDefinition[], chosen: IDataObject): IDataObject {
		const query: IDataObject = {};
		for (const parameter of parameters) {
			const value = chosen[parameter.name];
			if (value === undefined || value === '') continue;
			query[parameter.query] = this.filterValue(parameter, value);
		}
		const absent = parameters.find((parameter) => parameter.required && query[parameter.query] === undefined);
		if (absent) {
			const allowed = absent.options?.map((option) => option.name).join(', ');
			this.fail(
				absent.displayName,
				`the service requires it and it is empty; add the filter ${absent.displayName}${allowed ? ` (${allowed})` : ''}`,
			);
		}
		const labelOf = (name: string) => parameters.find((parameter) => parameter.query === name)?.displayName ?? name;
		for (const { query: flag, requires = [] } of parameters) {
			const missing = requires.filter((partner) => query[partner] === undefined);
			if (query[flag] !== true || !missing.length) continue;
			this.fail(
				labelOf(flag),
				`the service needs ${requires.map(labelOf).join(' and ')} with it; add ${missing.map(labelOf).join(' and ')}`,
			);
		}
		const from = query.from_date as string | undefined;
		const to = query.to_date as string | undefined;
		if (from && to && from > to) this.fail('From Date', `${from} is after To Date ${to}`);
		return query;
	}

	private filterValue(filter: FilterDefinition, value: unknown): string | number | boolean {
		const allowed = (filter.options ?? []).map((option) => String(option.value));
		const converted = toScalar(filter.kind, value, this.refuser(filter.displayName), { allowed });
		return typeof converted === 'string' && filter.kind === 'string' ? converted.trim() : converted;
	}

	/** The day a date parameter holds, as YYYY-MM-DD. */
	day(name: string, label: string): string {
		return toDay(this.raw(name, ''), this.refuser(label));
	}

	/** A value that must be one of a fixed set (an expression can yield anything). */
	choice<T extends string>(label: string, value: unknown, allowed: readonly T[]): T {
		return toChoice(value, allowed, this.refuser(label));
	}

	/**
	 * The chosen Output: a top-level field of the reads, an option of the writes. An expression
	 * may give anything, so the value is checked against what the collection offers.
	 */
	output(row: CollectionDefinition, where: 'field' | 'options'): Output {
		const fail = this.fail.bind(this);
		if (where === 'field') return outputFrom(row, this.raw('output', 'simplified'), () => this.raw('fields', []), fail);
		const options = this.options();
		return outputFrom(row, options.output ?? 'simplified', () => options.fields, fail);
	}

	/** The list options as query parameters. */
	listOptions(): { query: IDataObject; includeBusiness: boolean } {
		const options = this.options();
		const query: IDataObject = {};
		if (options.attributes !== undefined) {
			const names = String(options.attributes)
				.split(',')
				.map((name) => name.trim());
			const valid = names.join(',') === 'all' || names.every((name) => /^[A-Za-z_$][\w$]*$/.test(name));
			if (!valid)
				this.fail('Attributes', 'use "all" or field names separated by commas, e.g. contact_name,total_amount');
			query.attributes = names.join(',');
		}
		if (options.showLegacyId === true) query.show_legacy_id = true;
		if (options.sort !== undefined) query.sort = String(options.sort);
		return { query, includeBusiness: options.includeBusiness === true };
	}

	/** The chosen update fields as text attributes; at least one is required. */
	updateFields(allowed: string[]): IDataObject {
		const fields = this.raw('updateFields', {}) ?? {};
		if (typeof fields !== 'object' || Array.isArray(fields)) this.fail('Update Fields', 'expected a set of fields');
		const attributes: IDataObject = {};
		for (const [name, value] of Object.entries(fields as IDataObject)) {
			if (!allowed.includes(name))
				this.fail('Update Fields', `"${name}" cannot be updated; allowed: ${allowed.join(', ')}`);
			if (typeof value !== 'string' && typeof value !== 'number')
				this.fail(name, `expected text, got ${describe(value)}`);
			attributes[name] = String(value);
		}
		if (!Object.keys(attributes).length) this.fail('Update Fields', `add at least one of ${allowed.join(', ')}`);
		return attributes;
	}

	/** What every request of this item carries: its index for errors, its retry policy and (reads of lists) its pace. */
	requestScope(): { itemIndex: number; retry: RetryPolicy; pace: ReadPace } {
		const chosen = (this.raw('requestOptions', {}) ?? {}) as IDataObject;
		const fail = this.fail.bind(this);
		return { itemIndex: this.itemIndex, retry: retryPolicyFrom(chosen, fail), pace: readPaceFrom(chosen, fail) };
	}

	options(): IDataObject {
		const options = this.raw('options', {}) ?? {};
		if (typeof options !== 'object' || Array.isArray(options)) this.fail('Options', 'expected a set of options');
		return options as IDataObject;
	}
}
