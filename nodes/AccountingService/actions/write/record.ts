import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { writeSchemaOf, type CollectionDefinition } from '../../collections/table';
import type { WriteField, WriteSchema } from '../../collections/types';
import { lower, withArticle } from '../../collections/wording';
import type { ParameterReader } from '../parameters';
import { AttributeChecker, elementWord, isUnset, type Naming } from './attributes';
import { EDITOR_LISTS, editorFieldsFor, editorNaming, editorTarget, fromEditor, pickedFromList } from './editorLists';
import { lineTaxAmount } from './tax';
import { ledgerAccountTaxRate, percentageOn, taxPercentages } from './taxRates';

/** How the resource mapper hands its value to the node. */
interface MapperValue {
	mappingMode?: string;
	value?: IDataObject | null;
	matchingColumns?: unknown;
}

/** Where the lines of a list came from, for errors found after checking and for lookups. */
export interface LineOrigins {
	/** What errors are reported under: the editor's Lines, or the attribute in Fields. */
	label: string;
	naming: Naming;
	/** What every line must have: checked again once its product's or service's defaults are filled in. */
	required: string[];
	/** Per line kept: its number as the user counted (blank lines are left out), and what was picked From List. */
	lines: Array<{ number: number; pickedFromList: ReadonlySet<string> }>;
}

/** A record to send, checked before anything is sent (its lines' tax amounts still to be filled in). */
export interface CheckedRecord {
	schema: WriteSchema;
	record: IDataObject;
	/** Keyed by list attribute (`invoice_lines`). */
	origins: Map<string, LineOrigins>;
}

/** The attributes the user set, from the mapper (or the input item with Map Automatically). */
/**
 * The item's attributes as the resource mapper gives them: its own values, or with Map
 * Automatically the input item's fields; and the columns it matches on (mode `upsert`).
 */
export function mappedValues(
	context: IExecuteFunctions,
	parameters: ParameterReader,
	itemIndex: number,
): { values: IDataObject; automatic: boolean; matchingColumns: unknown } {
	const mapper = (parameters.value('fields', { mappingMode: 'defineBelow', value: null }) ?? {}) as MapperValue;
	if (typeof mapper !== 'object' || Array.isArray(mapper))
		parameters.fail('Fields', 'expected the resource mapper’s value');
	if (mapper.mappingMode === 'autoMapInputData') {
		return {
			values: { ...(context.getInputData()[itemIndex]?.json ?? {}) },
			automatic: true,
			matchingColumns: mapper.matchingColumns,
		};
	}
	const values = mapper.value ?? {};
	if (typeof values !== 'object' || Array.isArray(values)) parameters.fail('Fields', 'expected a set of attributes');
	return { values: { ...values }, automatic: false, matchingColumns: mapper.matchingColumns };
}

/**
 * The record of a create or update as the user gave it, checked against the OpenAPI's request
 * schema: the mapper's attributes (or the input item's, with Map Automatically; other input
 * fields are ignored), and the lines or allocations built in the editor. A list given both ways is
 * refused: which one was meant cannot be known.
 */
export function checkedRecord(
	context: IExecuteFunctions,
	row: CollectionDefinition,
	operation: 'create' | 'update',
	parameters: ParameterReader,
	itemIndex: number,
): CheckedRecord {
	const schema = writeSchemaOf(row, operation);
	if (!schema) return parameters.fail('Operation', `${row.plural} cannot be ${operation}d`);
	const create = operation === 'create';
	const noun = row.singleton ? `the ${lower(row.singular)}` : withArticle(row.singular);
	const checker = new AttributeChecker(parameters.fail.bind(parameters));
	const { values, automatic } = mappedValues(context, parameters, itemIndex);

	const fromLists: Array<{
		target: WriteField;
		elements: IDataObject[];
		label: string;
		naming: (name: string) => string;
		alsoRequired: string[];
		picked: Array<Set<string>>;
	}> = [];
	for (const list of EDITOR_LISTS) {
		const target = editorTarget(row, list, operation);
		if (!target) continue;
		const editorValue = parameters.value(list.parameter, {});
		const elements = fromEditor(list, target, editorValue);
		if (!elements.length) continue;
		if (!isUnset(values[target.name])) {
			parameters.fail(
				list.displayName,
				`the ${elementWord(target.name)}s are given twice: here and as "${target.name}" in Fields${automatic ? ' (an input field, with Map Automatically)' : ''}; give them one way only`,
			);
		}
		delete values[target.name];
		// What the editor marks required is required in every entry, for an update too: an entry without it is unfinished.
		const alsoRequired = editorFieldsFor(list, target)
			.filter((field) => field.required || field.requiredWithoutItem)
			.map((field) => field.attribute);
		fromLists.push({
			target,
			elements,
			label: list.displayName,
			naming: editorNaming(list),
			alsoRequired,
			picked: pickedFromList(list, target, editorValue),
		});
	}

	const record = checker.record(schema.fields, values, {
		required: create,
		unknown: automatic ? 'ignore' : 'refuse',
		noun,
		providedElsewhere: fromLists.map(({ target }) => target.name),
		missingHint: automatic ? ' (Map Automatically found no input field of that name)' : '',
	});
	for (const { target, elements, label, naming, alsoRequired } of fromLists) {
		record[target.name] = checker.list(target, elements, { required: create, label, naming, alsoRequired });
	}
	if (create) {
		for (const field of schema.fields) {
			const list = record[field.name];
			if (field.required && field.type === 'array' && Array.isArray(list) && list.length === 0) {
				const editor = EDITOR_LISTS.find((candidate) => candidate.matches(field));
				parameters.fail(
					editor?.displayName ?? field.name,
					`${noun} needs at least one ${elementWord(field.name)}${editor ? ` (under ${editor.displayName}, or as "${field.name}" in Fields)` : ''}`,
				);
			}
		}
	}
	if (!create && !Object.keys(record).length) {
		parameters.fail('Fields', `nothing to change: set at least one attribute of ${noun}`);
	}
	const origins = new Map<string, LineOrigins>();
	for (const field of schema.fields) {
		const list = record[field.name];
		if (field.type !== 'array' || !Array.isArray(list)) continue;
		const editor = fromLists.find(({ target }) => target.name === field.name);
		const numbers = checker.lineNumbers.get(field.name) ?? list.map((_, index) => index + 1);
		const requiredBySchema = create
			? (field.fields ?? []).filter((child) => child.required).map(({ name }) => name)
			: [];
		origins.set(field.name, {
			label: editor?.label ?? field.name,
			naming: editor?.naming ?? ((name) => name),
			required: [...new Set([...requiredBySchema, ...(editor?.alsoRequired ?? [])])],
			lines: numbers.map((number) => ({ number, pickedFromList: editor?.picked[number - 1] ?? new Set<string>() })),
		});
	}
	return { schema, record, origins };
}

/** The lists of a schema whose elements carry a tax rate and a tax amount (document and payment lines). */
const taxedLists = (schema: WriteSchema) =>
	schema.fields.filter(
		(field) =>
			field.type === 'array' &&
			/_lines$/.test(field.name) &&
			['tax_rate_id', 'tax_amount'].every((name) => field.fields?.some((child) => child.name === name)),
	);

/**
 * A document's lines (priced by quantity and unit price, on a ledger account): a line that names
 * no tax rate is taxed by the service at its ledger account's default rate.
 */
const takesAccountRate = (field: WriteField) =>
	['unit_price', 'ledger_account_id'].every((name) => field.fields?.some((child) => child.name === name));

/**
 * Fills in the tax amount of every line that has none (3.1 checks it strictly), at the rate the
 * service applies to the line: its own tax rate, else (filled in before, lineDefaults.ts) its
 * product's or service's, else, on a document's line, its ledger account's default rate, which is
 * then sent as the line's rate. The amount is the rate's percentage in force on the document's
 * date (its `date`; an update that does not change it asks `documentDate`), the tax rates read
 * once per node run and business, on the line's net amount, to the cent. A line left without a rate
 * carries no tax (0). A tax amount the user gave is sent as given.
 */
export async function withTaxAmounts(
	this: IExecuteFunctions,
	checked: CheckedRecord,
	business: string | undefined,
	parameters: ParameterReader,
	documentDate?: () => Promise<string | undefined>,
): Promise<IDataObject> {
	const { record, schema, origins } = checked;
	const pending = taxedLists(schema)
		.flatMap((field) =>
			(Array.isArray(record[field.name]) ? (record[field.name] as IDataObject[]) : []).map((line, index) => ({
				field,
				line,
				index,
			})),
		)
		.filter(({ line }) => line.tax_amount === undefined);
	const scope = parameters.requestScope();
	const fromAccount = pending.filter(
		({ field, line }) =>
			isUnset(line.tax_rate_id) && takesAccountRate(field) && typeof line.ledger_account_id === 'string',
	);
	const accountRates = await Promise.allSettled(
		fromAccount.map(
			async ({ line }) => await ledgerAccountTaxRate.call(this, String(line.ledger_account_id), business, scope),
		),
	);
	fromAccount.forEach(({ field, line, index }, position) => {
		const result = accountRates[position];
		if (result.status === 'rejected') {
			if (String((result.reason as { httpCode?: unknown } | null)?.httpCode) !== '404') throw result.reason;
			const origin = origins.get(field.name);
			parameters.fail(
				origin?.label ?? field.name,
				`${elementWord(field.name)} ${origin?.lines[index]?.number ?? index + 1}: "${origin?.naming('ledger_account_id') ?? 'ledger_account_id'}": no ledger account has the ID "${String(line.ledger_account_id)}"`,
			);
		}
		if (result.value !== undefined) line.tax_rate_id = result.value;
	});
	for (const { line } of pending) if (isUnset(line.tax_rate_id)) line.tax_amount = 0;
	const rated = pending.filter(({ line }) => !isUnset(line.tax_rate_id));
	if (!rated.length) return record;
	const rates = await taxPercentages.call(this, business, scope);
	const day = typeof record.date === 'string' ? record.date : await documentDate?.();
	for (const { field, line, index } of rated) {
		const where = `${elementWord(field.name)} ${origins.get(field.name)?.lines[index]?.number ?? index + 1}`;
		const rateId = String(line.tax_rate_id);
		if (!rates.has(rateId)) {
			parameters.fail(
				field.name,
				`${where}: tax rate "${rateId}" is not a tax rate of this business, so its tax amount cannot be computed; choose one from the list, or give the tax amount`,
			);
		}
		const percentage = percentageOn(rates.get(rateId)!, day);
		if (percentage === undefined) {
			parameters.fail(
				field.name,
				`${where}: tax rate "${rateId}" has no single percentage to compute the tax amount from; give the tax amount`,
			);
		}
		const amount = lineTaxAmount(line, percentage);
		if (amount !== undefined) line.tax_amount = amount;
	}
	return record;
}
