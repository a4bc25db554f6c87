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
}

/**
 * A tool's answer: the items without empty columns, as many as fit in `maxCharacters` of JSON,
 * and, when records were left out (by the limit or by the size), a last item that says how many
 * and how to narrow the question. The first record is always given, however large.
 */
export function boundedAnswer(items: ListedItems, bounds: AnswerBounds): INodeExecutionData[] {
	const total = Math.max(items.listTotal ?? 0, items.length);
	const answer: INodeExecutionData[] = [];
	let characters = 2;
	for (const item of items) {
		const json = withoutEmptyValues(item.json);
		const size = JSON.stringify(json).length + 1;
		if (answer.length > 0 && characters + size > bounds.maxCharacters) break;
		answer.push({ ...item, json });
		characters += size;
	}
	const more = total - answer.length;
	if (more <= 0) return answer;
	const last = items[items.length - 1];
	return [
		...answer,
		{
			json: {
				note: `${answer.length} of ${total} ${bounds.plural} shown; … ${more} more; ${bounds.narrow}`,
			},
			...(last?.pairedItem !== undefined ? { pairedItem: last.pairedItem } : {}),
		},
	];
}
