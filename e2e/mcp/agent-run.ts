/**
 * An AI Agent in n8n asks our tools about a customer's unpaid invoices, its model scripted: find
 * the customer, list their unpaid invoices, read one, answer. Each turn takes its ids from the
 * tool answer the model got before, so a call only succeeds when that answer reached the model.
 */
import { expect, type RunningN8n } from '../checks/types';
import type { Workflow } from '../examples';
import { createCredential, createWorkflow } from '../n8n-data-tables';
import { activateWorkflow, onceWebhookRegistered } from '../n8n-server';
import { AGENT_WEBHOOK_PATH, AGENT_WORKFLOW_ID, agentWorkflow } from './agent-workflow';
import { messageText, startMockModel, type ChatMessage, type ModelTurn } from './mock-model';
import type { SandboxFacts } from './sandbox-facts';

/** The tools the agent gets, in the order the script calls them. */
export const AGENT_TOOLS = ['search_contacts', 'unpaid_invoices_of_contact', 'get_sales_invoice'] as const;

const AGENT_ANSWER_MS = 60_000;
/** How the model's final text begins, to know it in the agent's output. */
const FINAL_ANSWER = 'From the books:';

export interface AgentRun {
	/** Chat completion requests n8n made. */
	modelRequests: number;
	/** Bytes of each tool answer as the model got it. */
	toolMessageBytes: number[];
	/** Tool calls made until an answer held every unpaid invoice of the customer. */
	callsToUnpaidInvoices: number;
	ms: number;
}

/** The values of `key` in a tool message, its JSON quoted or not. */
const valuesOf = (text: string, key: string) =>
	[...text.replace(/\\"/g, '"').matchAll(new RegExp(`"${key}"\\s*:\\s*"([^"]+)"`, 'g'))].map((match) => match[1]);

function scriptFor(facts: SandboxFacts) {
	return (messages: ChatMessage[]): ModelTurn => {
		const answers = messages.filter((message) => message.role === 'tool').map(messageText);
		if (answers.length === 0) return { tool: AGENT_TOOLS[0], args: { search_text: facts.searchWord } };
		if (answers.length === 1) {
			const found = valuesOf(answers[0], 'contact_id');
			const contactId = found.find((id) => id === facts.contact.id) ?? found[0];
			if (!contactId) return { text: 'I found no such customer.' };
			return { tool: AGENT_TOOLS[1], args: { contact_id: contactId, status: 'UNPAID' } };
		}
		if (answers.length === 2) {
			const [invoiceId] = valuesOf(answers[1], 'sales_invoice_id');
			if (!invoiceId) return { text: 'The customer has no unpaid invoices.' };
			return { tool: AGENT_TOOLS[2], args: { sales_invoice_id: invoiceId } };
		}
		return {
			text: `${FINAL_ANSWER} ${facts.contact.name} has ${valuesOf(answers[1], 'sales_invoice_id').length} unpaid invoices.`,
		};
	};
}

export async function runAgent(
	n8n: RunningN8n,
	projectId: string,
	tools: Workflow['nodes'],
	facts: SandboxFacts,
): Promise<AgentRun> {
	const { url } = n8n.server();
	const model = await startMockModel(scriptFor(facts));
	try {
		const modelCredential = await createCredential(url, n8n.session, projectId, {
			name: 'Scripted model (e2e)',
			type: 'openAiApi',
			data: { apiKey: 'not-a-real-key', url: model.baseUrl },
		});
		await createWorkflow(url, n8n.session, projectId, agentWorkflow({ tools, modelCredential }));
		await activateWorkflow(url, n8n.session, AGENT_WORKFLOW_ID);

		const { text, ms } = await onceWebhookRegistered(async () => {
			const started = performance.now();
			const response = await fetch(`${url}/webhook/${AGENT_WEBHOOK_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ question: `Which invoices of ${facts.contact.name} are unpaid?` }),
				signal: AbortSignal.timeout(AGENT_ANSWER_MS),
			});
			const body = await response.text();
			if (!response.ok) throw new Error(`the agent's webhook answered ${response.status}: ${body.slice(0, 500)}`);
			return { text: body, ms: performance.now() - started };
		});
		const output = String((JSON.parse(text) as { output?: unknown }).output);
		return {
			...conversationOf(
				model.requests.map((request) => request.messages),
				output,
				facts,
			),
			ms,
		};
	} finally {
		await model.stop();
	}
}

/** The conversation as the model saw it: three tool calls in turn, each answer holding what the next call needs. */
function conversationOf(requests: ChatMessage[][], output: string, facts: SandboxFacts): Omit<AgentRun, 'ms'> {
	const last = requests[requests.length - 1] ?? [];
	const calls = last.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
	const answers = last.filter((message) => message.role === 'tool').map(messageText);
	expect(
		calls.join(',') === AGENT_TOOLS.join(',') && answers.length === AGENT_TOOLS.length,
		`the model's last request holds calls ${calls.join(', ') || 'none'} and ${answers.length} tool answers; ${AGENT_TOOLS.join(', ')} expected (${requests.length} requests)`,
	);
	const asked = last.flatMap((message) => message.tool_calls ?? [])[2]?.function.arguments ?? '{}';
	const expected = [[facts.contact.id], facts.unpaidIds, valuesOf(asked, 'sales_invoice_id')];
	const keys = ['contact_id', 'sales_invoice_id', 'sales_invoice_id'];
	answers.forEach((answer, index) => {
		const missing = expected[index].filter((id) => !valuesOf(answer, keys[index]).includes(id));
		expect(
			missing.length === 0,
			`the answer of ${AGENT_TOOLS[index]} reached the model without ${keys[index]} ${missing.join(', ')}: ${answer.slice(0, 300)}`,
		);
	});
	expect(output.startsWith(FINAL_ANSWER), `the agent answered "${output.slice(0, 300)}", not the model's final text`);
	const callsToUnpaidInvoices =
		answers.findIndex((answer) => facts.unpaidIds.every((id) => valuesOf(answer, 'sales_invoice_id').includes(id))) + 1;
	return {
		modelRequests: requests.length,
		toolMessageBytes: answers.map((answer) => Buffer.byteLength(answer)),
		callsToUnpaidInvoices,
	};
}
