import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * How large an answer to a model may be, in characters of its JSON text: about 4,000 tokens,
 * a tenth of a small model's context, and room for some 10 simplified sales invoices or 20
 * contacts. Above it the answer says how many records it left out instead of growing.
 */
export const DEFAULT_ANSWER_CHARACTERS = 16_000;
/** Below this an answer holds hardly one record; a smaller value is refused. */
export const MIN_ANSWER_CHARACTERS = 2_000;

const isEmpty = (value: unknown) =>
	value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A row without its empty columns: a model reads every character, and a null tells it nothing. */
function withoutEmptyValues(json: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(json).filter(([, value]) => !isEmpty(value)));
}

export interface AnswerBounds {
	/** How many records there are in all (a list's `$total`); more than the items when a limit cut the list. */
	total: number;
	/** The records' plural, in lower case: "sales invoices". */
	plural: string;
	maxCharacters: number;
}

/**
 * A tool's answer: the items without empty columns, as many as fit in `maxCharacters` of JSON,
 * and, when records were left out (by the limit or by the size), a last item that says how many
 * and how to narrow the question. The first record is always given, however large.
 */
export function boundedAnswer(items: INodeExecutionData[], bounds: AnswerBounds): INodeExecutionData[] {
	const answer: INodeExecutionData[] = [];
	let characters = 2;
	for (const item of items) {
		const json = withoutEmptyValues(item.json);
		const size = JSON.stringify(json).length + 1;
		if (answer.length > 0 && characters + size > bounds.maxCharacters) break;
		answer.push({ ...item, json });
		characters += size;
	}
	const more = Math.max(bounds.total, items.length) - answer.length;
	if (more <= 0) return answer;
	const last = items[items.length - 1];
	return [
		...answer,
		{
			json: {
				note: `${answer.length} of ${Math.max(bounds.total, items.length)} ${bounds.plural} shown; … ${more} more; narrow with Filters`,
			},
			...(last?.pairedItem !== undefined ? { pairedItem: last.pairedItem } : {}),
		},
	];
}

/** A single record's answer (a Get, a write): its empty columns left out, as in a list's answer. */
export function compactAnswer(items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => ({ ...item, json: withoutEmptyValues(item.json) }));
}
