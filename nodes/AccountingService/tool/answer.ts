import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/**
 * How large an answer to a model may be, in characters of its JSON text: about 4,000 tokens,
 * a tenth of a small model's context, and room for some 10 simplified sales invoices or 20
 * contacts. Above it the answer says how many records it left out instead of growing.
 */
export const DEFAULT_ANSWER_CHARACTERS = 16_000;
/** Below this an answer holds hardly one record; a smaller value is refused. */
export const MIN_ANSWER_CHARACTERS = 2_000;

/** Shown only where the node runs as an AI tool (n8n's `@tool`), for every operation. */
export const answerSizeProperty: INodeProperties = {
	displayName: 'Answer Size Limit',
	name: 'answerCharacters',
	type: 'number',
	typeOptions: { minValue: MIN_ANSWER_CHARACTERS, numberPrecision: 0 },
	default: DEFAULT_ANSWER_CHARACTERS,
	description:
		'Most characters of JSON one answer to the model holds. Records that do not fit are left out, and a last entry says how many ("… 480 more; narrow with Filters").',
	displayOptions: { show: { '@tool': [true] } },
};

/** A list read's items, with how many records the list holds in all (its `$total`), beyond a limit. */
export type ListedItems = INodeExecutionData[] & { listTotal?: number };

export const listed = (items: INodeExecutionData[], total: number): ListedItems =>
	Object.assign(items, { listTotal: total });

const isEmpty = (value: unknown) =>
	value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A row without its empty columns: a model reads every character, and a null tells it nothing. */
function withoutEmptyValues(json: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(json).filter(([, value]) => !isEmpty(value)));
}

export interface AnswerBounds {
	/** The records' plural, in lower case: "sales invoices". */
	plural: string;
	/** What the model can do to get the rest: "narrow with Filters". */
	narrow: string;
	maxCharacters: number;
	/**
	 * The record a row belongs to (its ID), where a record can give several rows (One Row per
	 * Line): a record's rows are consecutive, and they are given or left out together. Without
	 * it, or where it gives nothing, every row is a record of its own.
	 */
	recordOf?: (json: IDataObject) => unknown;
	/**
	 * Whether a row is given whatever the limit (a report's summaries, one per period, before its
	 * account rows; under All Businesses each business's, after the business before's rows): the
	 * limit leaves out only other rows, so every period's figures survive.
	 */
	kept?: (json: IDataObject) => boolean;
}

/** The rows of each record in turn, without their empty columns. */
function recordsOf(items: INodeExecutionData[], recordOf: AnswerBounds['recordOf']): INodeExecutionData[][] {
	const records: INodeExecutionData[][] = [];
	let previous: unknown;
	for (const item of items) {
		const record = recordOf?.(item.json);
		const json = withoutEmptyValues(item.json);
		const sameAsPrevious = record !== undefined && record !== null && record === previous && records.length > 0;
		if (sameAsPrevious) records[records.length - 1].push({ ...item, json });
		else records.push([{ ...item, json }]);
		previous = record;
	}
	return records;
}

/** Characters a row adds to the answer's JSON text: the row and the comma before the next. */
const sizeOf = (item: INodeExecutionData) => JSON.stringify(item.json).length + 1;

/**
 * A tool's answer: the records' rows without empty columns, as many whole records as fit in
 * `maxCharacters` of JSON text, and, when records were left out (by the limit or by the size), a
 * last item that says how many and how to narrow the question; that note counts within the limit
 * too. Records are counted as the list counts them, not as rows. The first record, and the rows
 * `kept` names wherever they stand, are always given, however large; the others in order while
 * they fit.
 */
export function boundedAnswer(items: ListedItems, bounds: AnswerBounds): INodeExecutionData[] {
	const records = recordsOf(items, bounds.recordOf);
	const total = Math.max(items.listTotal ?? 0, records.length);
	const sizes = records.map((rows) => rows.reduce((sum, row) => sum + sizeOf(row), 0));
	const kept = records.map((rows, index) => index === 0 || (bounds.kept?.(rows[0].json) ?? false));
	const given = [...kept];
	// The brackets of the JSON list, and the rows given however large.
	let characters = given.reduce((sum, isGiven, index) => sum + (isGiven ? sizes[index] : 0), 2);
	let shown = given.filter(Boolean).length;
	const fitted: number[] = [];
	for (let index = 0; index < records.length; index++) {
		if (given[index]) continue;
		if (characters + sizes[index] > bounds.maxCharacters) break;
		given[index] = true;
		fitted.push(index);
		characters += sizes[index];
		shown++;
	}
	const last = items[items.length - 1];
	const noteOf = (count: number): INodeExecutionData => ({
		json: {
			note: `${count} of ${total} ${bounds.plural} shown; … ${total - count} more; ${bounds.narrow}`,
		},
		...(last?.pairedItem !== undefined ? { pairedItem: last.pairedItem } : {}),
	});
	if (shown >= total) return records.flat();
	while (fitted.length > 0 && characters + sizeOf(noteOf(shown)) > bounds.maxCharacters) {
		const index = fitted.pop()!;
		given[index] = false;
		characters -= sizes[index];
		shown--;
	}
	return [...records.filter((_, index) => given[index]).flat(), noteOf(shown)];
}
