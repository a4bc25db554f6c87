/**
 * "Which invoices of <customer> are unpaid?": the scripted model finds the customer, lists their
 * unpaid invoices and reads one, each turn taking its ids from the tool answer it got before, so a
 * call only succeeds when that answer reached the model.
 */
import { expect } from '../checks/types';
import type { Conversation } from './agent-run';
import { messageText, type ChatMessage, type ModelTurn } from './mock-model';
import type { SandboxFacts } from './sandbox-facts';

/** The tools the script calls, in turn. */
export const UNPAID_INVOICES_TOOLS = ['search_contacts', 'unpaid_invoices_of_contact', 'get_sales_invoice'] as const;

/** How the model's final text begins, to know it in the agent's output. */
const FINAL_ANSWER = 'From the books:';

export interface UnpaidInvoicesOutcome {
	/** Bytes of each tool answer as the model got it. */
	toolMessageBytes: number[];
	/** Tool calls made until an answer held every unpaid invoice of the customer. */
	callsToUnpaidInvoices: number;
}

/** The values of `key` in a tool message, its JSON quoted or not. */
const valuesOf = (text: string, key: string) =>
	[...text.replace(/\\"/g, '"').matchAll(new RegExp(`"${key}"\\s*:\\s*"([^"]+)"`, 'g'))].map((match) => match[1]);

function scriptFor(facts: SandboxFacts) {
	return (messages: ChatMessage[]): ModelTurn => {
		const answers = messages.filter((message) => message.role === 'tool').map(messageText);
		if (answers.length === 0) return { tool: UNPAID_INVOICES_TOOLS[0], args: { search_text: facts.searchWord } };
		if (answers.length === 1) {
			const found = valuesOf(answers[0], 'contact_id');
			const contactId = found.find((id) => id === facts.contact.id) ?? found[0];
			if (!contactId) return { text: 'I found no such customer.' };
			return { tool: UNPAID_INVOICES_TOOLS[1], args: { contact_id: contactId, status: 'UNPAID' } };
		}
		if (answers.length === 2) {
			const [invoiceId] = valuesOf(answers[1], 'sales_invoice_id');
			if (!invoiceId) return { text: 'The customer has no unpaid invoices.' };
			return { tool: UNPAID_INVOICES_TOOLS[2], args: { sales_invoice_id: invoiceId } };
		}
		return {
			text: `${FINAL_ANSWER} ${facts.contact.name} has ${valuesOf(answers[1], 'sales_invoice_id').length} unpaid invoices.`,
		};
	};
}

/** The conversation as the model saw it: three tool calls in turn, each answer holding what the next call needs. */
function judgeFor(facts: SandboxFacts) {
	return (requests: ChatMessage[][], output: string): UnpaidInvoicesOutcome => {
		const last = requests[requests.length - 1] ?? [];
		const calls = last.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
		const answers = last.filter((message) => message.role === 'tool').map(messageText);
		expect(
			calls.join(',') === UNPAID_INVOICES_TOOLS.join(',') && answers.length === UNPAID_INVOICES_TOOLS.length,
			`the model's last request holds calls ${calls.join(', ') || 'none'} and ${answers.length} tool answers; ${UNPAID_INVOICES_TOOLS.join(', ')} expected (${requests.length} requests)`,
		);
		const asked = last.flatMap((message) => message.tool_calls ?? [])[2]?.function.arguments ?? '{}';
		const expected = [[facts.contact.id], facts.unpaidIds, valuesOf(asked, 'sales_invoice_id')];
		const keys = ['contact_id', 'sales_invoice_id', 'sales_invoice_id'];
		answers.forEach((answer, index) => {
			const missing = expected[index].filter((id) => !valuesOf(answer, keys[index]).includes(id));
			expect(
				missing.length === 0,
				`the answer of ${UNPAID_INVOICES_TOOLS[index]} reached the model without ${keys[index]} ${missing.join(', ')}: ${answer.slice(0, 300)}`,
			);
		});
		expect(output.startsWith(FINAL_ANSWER), `the agent answered "${output.slice(0, 300)}", not the model's final text`);
		const callsToUnpaidInvoices =
			answers.findIndex((answer) => facts.unpaidIds.every((id) => valuesOf(answer, 'sales_invoice_id').includes(id))) +
			1;
		return { toolMessageBytes: answers.map((answer) => Buffer.byteLength(answer)), callsToUnpaidInvoices };
	};
}

export function unpaidInvoicesConversation(facts: SandboxFacts): Conversation<UnpaidInvoicesOutcome> {
	return {
		question: `Which invoices of ${facts.contact.name} are unpaid?`,
		script: scriptFor(facts),
		judge: judgeFor(facts),
	};
}
