/**
 * "How did last quarter compare with the same quarter last year?": the scripted model calls
 * profit_and_loss once, for the sandbox's last quarter (its history ends 2025-06-30) compared with
 * the same period last year, and answers with the net profit of both and the change, read from the
 * answer's summary. The check sums both quarters' ledger entries itself.
 */
import { profitAndLossLines } from '../books/profit-and-loss';
import { expect } from '../checks/types';
import type { ServiceReader } from '../service-reader';
import type { Conversation } from './agent-run';
import { messageText, type ChatMessage, type ModelTurn } from './mock-model';

export const PROFIT_AND_LOSS_TOOL = 'profit_and_loss';

const QUARTER = { from_date: '2025-04-01', to_date: '2025-06-30' };
const LAST_YEAR = { from: '2024-04-01', to: '2024-06-30' };
const FINAL_ANSWER = 'From the profit and loss:';

export interface QuarterComparisonOutcome {
	netProfit: string;
	compared: string;
	changePercent: string;
	toolMessageBytes: number;
}

/** The summary of the answer: its first flat object, however many times its JSON was quoted. */
function summaryOf(text: string): Record<string, unknown> | undefined {
	const found = /\{[^{}]*"net_profit_compared"[^{}]*\}/.exec(text.replace(/\\"/g, '"'));
	return found ? (JSON.parse(found[0]) as Record<string, unknown>) : undefined;
}

function script(messages: ChatMessage[]): ModelTurn {
	const answers = messages.filter((message) => message.role === 'tool').map(messageText);
	if (answers.length === 0)
		return { tool: PROFIT_AND_LOSS_TOOL, args: { ...QUARTER, compare_with: 'samePeriodLastYear' } };
	const summary = summaryOf(answers[0]);
	if (!summary) return { text: 'The profit and loss gave no comparison.' };
	return {
		text: `${FINAL_ANSWER} net profit ${Number(summary.net_profit).toFixed(2)} against ${Number(summary.net_profit_compared).toFixed(2)} the same quarter last year, a change of ${String(summary.net_profit_change_percent)}%.`,
	};
}

const netProfitOf = async (reader: ServiceReader, from: string, to: string) => {
	const lines = await profitAndLossLines(reader, from, to);
	return lines[lines.length - 1].amount;
};

function judgeFor(netProfits: { now: number; before: number }) {
	return (requests: ChatMessage[][], output: string): QuarterComparisonOutcome => {
		const last = requests[requests.length - 1] ?? [];
		const calls = last.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
		const answers = last.filter((message) => message.role === 'tool').map(messageText);
		expect(
			calls.length === 1 && calls[0] === PROFIT_AND_LOSS_TOOL && answers.length === 1,
			`"how did last quarter compare?" took tool calls ${calls.join(', ') || 'none'}; one call of ${PROFIT_AND_LOSS_TOOL} expected`,
		);
		const { now, before } = netProfits;
		const percent = before === 0 ? null : Math.round(((now - before) * 10_000) / Math.abs(before)) / 100;
		const expected = {
			netProfit: (now / 100).toFixed(2),
			compared: (before / 100).toFixed(2),
			changePercent: String(percent),
		};
		expect(
			output.startsWith(FINAL_ANSWER) &&
				output.includes(`net profit ${expected.netProfit} against ${expected.compared}`) &&
				output.includes(`change of ${expected.changePercent}%`),
			`the agent answered "${output.slice(0, 300)}"; the ledger entries make net profit ${expected.netProfit} in ${QUARTER.from_date} – ${QUARTER.to_date} against ${expected.compared} a year before, ${expected.changePercent}%`,
		);
		return { ...expected, toolMessageBytes: Buffer.byteLength(answers[0]) };
	};
}

/** The conversation, with both quarters' net profit summed from the ledger entries beforehand. */
export async function quarterComparisonConversation(
	reader: ServiceReader,
): Promise<Conversation<QuarterComparisonOutcome>> {
	const netProfits = {
		now: await netProfitOf(reader, QUARTER.from_date, QUARTER.to_date),
		before: await netProfitOf(reader, LAST_YEAR.from, LAST_YEAR.to),
	};
	return {
		question: 'How did last quarter compare with the same quarter last year?',
		script,
		judge: judgeFor(netProfits),
	};
}
