/** Reading a tool's answer as the model reads it: JSON rows, and perhaps a last note of what was left out. */
import type { ToolAnswer } from './client';

export type AnswerRow = Record<string, unknown>;

export interface AnswerRows {
	rows: AnswerRow[];
	/** The last element's note ("… 480 more; narrow with Filters") when records were left out. */
	note?: string;
}

const isNote = (row: AnswerRow) => Object.keys(row).length === 1 && typeof row.note === 'string';

/** The answer's rows; fails, quoting the answer, when it is an error or not a JSON array of objects. */
export function rowsOf(tool: string, answer: ToolAnswer): AnswerRows {
	if (answer.isError) throw new Error(`${tool} answered an error: ${answer.text.slice(0, 500)}`);
	let parsed: unknown;
	try {
		parsed = JSON.parse(answer.text);
	} catch {
		throw new Error(`${tool} answered no JSON: ${answer.text.slice(0, 500)}`);
	}
	const rows = Array.isArray(parsed) ? parsed : [parsed];
	const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
	if (!rows.every((row) => isObject(row) && !Object.values(row as object).some(isObject)))
		throw new Error(`${tool} answered no flat rows: ${answer.text.slice(0, 500)}`);
	const last = rows[rows.length - 1] as AnswerRow | undefined;
	if (last && isNote(last)) return { rows: rows.slice(0, -1) as AnswerRow[], note: String(last.note) };
	return { rows: rows as AnswerRow[] };
}

/**
 * Why an error answer is not one clear message: the "Details:" n8n adds to a repeated description,
 * or a sentence said twice.
 */
export function errorAnswerProblem(answer: ToolAnswer): string | undefined {
	if (!answer.isError) return `no error (isError is not set): ${answer.text.slice(0, 300)}`;
	if (answer.text.trim() === '') return 'an empty error';
	if (/Details:/i.test(answer.text)) return `"Details:" in ${JSON.stringify(answer.text)}`;
	const sentences = answer.text
		.split(/(?<=[.:!?])\s+|\n+/)
		.map((sentence) => sentence.trim())
		.filter((sentence) => sentence.length >= 12);
	const repeated = sentences.find((sentence, index) => sentences.indexOf(sentence) !== index);
	if (repeated) return `"${repeated}" twice in ${JSON.stringify(answer.text)}`;
	return undefined;
}

export const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Whether an answer's day is today where n8n runs: its workflows' time zone may put the day one
 * either side of UTC's.
 */
export function isTodayWhereN8nRuns(day: string): boolean {
	const today = Date.parse(new Date().toISOString().slice(0, 10));
	return Math.abs(Date.parse(`${day}T00:00:00Z`) - today) <= 86_400_000;
}
