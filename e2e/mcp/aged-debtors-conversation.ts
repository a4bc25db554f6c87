/**
 * "Who owes us the most, and for how long?": the scripted model calls aged_debtors once, as a
 * model asking about now does (no day given: today), reads the first customer of the answer
 * (largest first) and answers with their name, their total and the oldest column they owe in.
 * The check works out the largest debtor from the service's own documents as at the answer's day.
 */
import { ageDebtors, oldestOwedColumn, type AgedColumn, type Receivable } from '../books/aged-debtors';
import { cents, expect } from '../checks/types';
import type { Conversation } from './agent-run';
import { isTodayWhereN8nRuns } from './answers';
import { messageText, type ChatMessage, type ModelTurn } from './mock-model';

export const AGED_DEBTORS_TOOL = 'aged_debtors';

const FINAL_ANSWER = 'From the aged debtors:';

/** How the answer names each ageing column. */
const COLUMN_WORDS: Record<AgedColumn, string> = {
	current: 'not yet due',
	days_1_30: '1–30 days overdue',
	days_31_60: '31–60 days overdue',
	days_61_90: '61–90 days overdue',
	days_over_90: 'over 90 days overdue',
};

export interface AgedDebtorsOutcome {
	contactName: string;
	total: string;
	oldest: string;
	asAt: string;
	toolMessageBytes: number;
}

type Row = Record<string, unknown>;

/**
 * The first flat row of a tool message that has `row_type` `rowType`, however many times its JSON
 * was quoted on the way to the model (rows are flat: no braces inside one).
 */
function firstRowOf(text: string, rowType: string): Row | undefined {
	const plain = text.replace(/\\"/g, '"');
	const found = new RegExp(`\\{[^{}]*"row_type"\\s*:\\s*"${rowType}"[^{}]*\\}`).exec(plain);
	return found ? (JSON.parse(found[0]) as Row) : undefined;
}

/** The day of the report: the summary's and every row's `as_at`. */
const asAtOf = (text: string) => /"as_at"\s*:\s*"(\d{4}-\d{2}-\d{2})"/.exec(text.replace(/\\"/g, '"'))?.[1];

const money = (value: unknown) => (cents(value) / 100).toFixed(2);

function script(messages: ChatMessage[]): ModelTurn {
	const answers = messages.filter((message) => message.role === 'tool').map(messageText);
	if (answers.length === 0) return { tool: AGED_DEBTORS_TOOL, args: {} };
	const debtor = firstRowOf(answers[0], 'contact');
	if (!debtor) return { text: 'Nobody owes the business anything.' };
	const oldest = oldestOwedColumn(debtor as Record<AgedColumn | 'total', number>);
	return {
		text: `${FINAL_ANSWER} ${String(debtor.contact_name)} owes the most, ${money(debtor.total)} in all; the oldest of it is ${oldest ? COLUMN_WORDS[oldest] : 'settled'}.`,
	};
}

/**
 * One call of aged_debtors, as at today, its answer naming the customer the service's documents
 * make the largest debtor on that day.
 */
function judgeFor(receivables: Receivable[]) {
	return (requests: ChatMessage[][], output: string): AgedDebtorsOutcome => {
		const last = requests[requests.length - 1] ?? [];
		const calls = last.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
		const answers = last.filter((message) => message.role === 'tool').map(messageText);
		expect(
			calls.length === 1 && calls[0] === AGED_DEBTORS_TOOL && answers.length === 1,
			`"who owes us the most?" took tool calls ${calls.join(', ') || 'none'} with ${answers.length} answers; one call of ${AGED_DEBTORS_TOOL} expected (${requests.length} model requests)`,
		);
		const asAt = asAtOf(answers[0]);
		expect(asAt !== undefined, `${AGED_DEBTORS_TOOL}'s answer names no as_at: ${answers[0].slice(0, 300)}`);
		expect(isTodayWhereN8nRuns(asAt), `${AGED_DEBTORS_TOOL} without a day answered as at ${asAt}, not today`);

		const [largest] = ageDebtors(receivables, asAt).debtors;
		expect(largest !== undefined, `the service's documents make no debtor as at ${asAt}`);
		const oldest = oldestOwedColumn(largest);
		const expected = {
			contactName: largest.contactName,
			total: (largest.total / 100).toFixed(2),
			oldest: oldest ? COLUMN_WORDS[oldest] : 'settled',
		};
		expect(
			output.startsWith(FINAL_ANSWER) &&
				output.includes(expected.contactName) &&
				output.includes(`${expected.total} in all`) &&
				output.includes(expected.oldest),
			`the agent answered "${output.slice(0, 300)}"; the service's documents make ${expected.contactName} the largest debtor as at ${asAt}, ${expected.total} in all, the oldest of it ${expected.oldest}`,
		);
		return { ...expected, asAt, toolMessageBytes: Buffer.byteLength(answers[0]) };
	};
}

export function agedDebtorsConversation(receivables: Receivable[]): Conversation<AgedDebtorsOutcome> {
	return { question: 'Who owes us the most, and for how long?', script, judge: judgeFor(receivables) };
}
