/**
 * An AI Agent in n8n asks our tools questions, its model scripted (mock-model.ts): one agent
 * workflow with the tools, one scripted model, and each question put to the agent's webhook in
 * turn. A conversation says what the model does on its question and judges what it saw.
 */
import type { RunningN8n } from '../checks/types';
import type { Workflow } from '../examples';
import { createCredential, createWorkflow } from '../n8n-data-tables';
import { activateWorkflow, onceWebhookRegistered } from '../n8n-server';
import { AGENT_WEBHOOK_PATH, AGENT_WORKFLOW_ID, agentWorkflow } from './agent-workflow';
import { messageText, startMockModel, type ChatMessage, type ModelScript } from './mock-model';

const AGENT_ANSWER_MS = 60_000;

/** One question to the agent: the model's script for it, and the judge of the model requests it took. */
export interface Conversation<Outcome> {
	question: string;
	script: ModelScript;
	/** Throws when the conversation went wrong; `requests` are the model's, in order, `output` the agent's answer. */
	judge(requests: ChatMessage[][], output: string): Outcome;
}

export interface Answered<Outcome> {
	outcome: Outcome;
	/** Chat completion requests n8n made for the question. */
	modelRequests: number;
	ms: number;
}

type Outcomes<T extends readonly unknown[]> = { [K in keyof T]: Answered<T[K]> };

/** The conversation whose question the messages' user turn asks. */
function conversationOf(conversations: ReadonlyArray<Conversation<unknown>>, messages: ChatMessage[]) {
	const asked = messages.filter((message) => message.role === 'user').map(messageText);
	const conversation = conversations.find((candidate) => asked.some((text) => text.includes(candidate.question)));
	if (!conversation) throw new Error(`the scripted model has no script for ${JSON.stringify(asked)}`);
	return conversation;
}

/** Each conversation's question asked in turn of an AI Agent with the tool nodes `tools`, each judged. */
export async function askAgent<T extends readonly unknown[]>(
	n8n: RunningN8n,
	projectId: string,
	tools: Workflow['nodes'],
	conversations: { [K in keyof T]: Conversation<T[K]> },
): Promise<Outcomes<T>> {
	const { url } = n8n.server();
	const all = conversations as ReadonlyArray<Conversation<unknown>>;
	const model = await startMockModel((messages) => conversationOf(all, messages).script(messages));
	try {
		const modelCredential = await createCredential(url, n8n.session, projectId, {
			name: 'Scripted model (e2e)',
			type: 'openAiApi',
			data: { apiKey: 'not-a-real-key', url: model.baseUrl },
		});
		await createWorkflow(url, n8n.session, projectId, agentWorkflow({ tools, modelCredential }));
		await activateWorkflow(url, n8n.session, AGENT_WORKFLOW_ID);

		const outcomes: Array<Answered<unknown>> = [];
		for (const conversation of all) {
			const firstRequest = model.requests.length;
			const { output, ms } = await onceWebhookRegistered(async () => await ask(url, conversation.question));
			const requests = model.requests.slice(firstRequest).map((request) => request.messages);
			outcomes.push({ outcome: conversation.judge(requests, output), modelRequests: requests.length, ms });
		}
		return outcomes as Outcomes<T>;
	} finally {
		await model.stop();
	}
}

/** The agent's last output for `question`, posted to its webhook. */
async function ask(url: string, question: string): Promise<{ output: string; ms: number }> {
	const started = performance.now();
	const response = await fetch(`${url}/webhook/${AGENT_WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ question }),
		signal: AbortSignal.timeout(AGENT_ANSWER_MS),
	});
	const body = await response.text();
	if (!response.ok) throw new Error(`the agent's webhook answered ${response.status}: ${body.slice(0, 500)}`);
	return { output: String((JSON.parse(body) as { output?: unknown }).output), ms: performance.now() - started };
}
