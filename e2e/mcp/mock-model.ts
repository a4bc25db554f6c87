/**
 * A scripted stand-in for an OpenAI-compatible chat model on 127.0.0.1: what n8n's OpenAI Chat
 * Model node (LangChain's ChatOpenAI, Chat Completions) calls, answered by a script instead of a
 * model, so an AI Agent's turns are known in advance and each request is kept for the check.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const MOCK_MODEL_ID = 'scripted-accounting-model';

/** A chat message as Chat Completions sends it; `tool` messages carry a tool's answer. */
export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | Array<{ type: string; text?: string }> | null;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	stream?: boolean;
	tools?: Array<{ type: string; function: { name: string; description?: string } }>;
}

/** The model's next turn: call one tool, or answer in text. */
export type ModelTurn = { tool: string; args: Record<string, unknown> } | { text: string };

/** Decides the next turn from the conversation so far. */
export type ModelScript = (messages: ChatMessage[]) => ModelTurn;

export interface MockModel {
	/** The base URL an `openAiApi` credential takes, ending in /v1. */
	baseUrl: string;
	/** Every chat completion request, in order. */
	requests: ChatRequest[];
	stop(): Promise<void>;
}

/** The text of a message, whether sent as a string or as parts. */
export function messageText(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

export async function startMockModel(script: ModelScript): Promise<MockModel> {
	const requests: ChatRequest[] = [];
	let calls = 0;
	const server = createServer((request, response) => {
		void handle(request, response).catch((error: Error) => {
			if (!response.headersSent) send(response, 500, { error: { message: error.message } });
		});
	});

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const path = new URL(request.url ?? '/', 'http://localhost').pathname;
		if (request.method === 'GET' && path === '/v1/models') {
			send(response, 200, { object: 'list', data: [{ id: MOCK_MODEL_ID, object: 'model', owned_by: 'e2e' }] });
			return;
		}
		if (request.method !== 'POST' || path !== '/v1/chat/completions') {
			send(response, 404, { error: { message: `no ${request.method} ${path} here` } });
			return;
		}
		const body = JSON.parse(await readBody(request)) as ChatRequest;
		requests.push(body);
		const turn = script(body.messages);
		calls += 1;
		const completion = completionOf(turn, `chatcmpl-${calls}`, `call_${calls}`);
		if (body.stream) streamCompletion(response, completion);
		else sendCompletion(response, completion);
	}

	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		stop: () => new Promise<void>((closed) => server.close(() => closed())),
	};
}

interface Completion {
	id: string;
	message: { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] };
	finishReason: 'stop' | 'tool_calls';
}

interface ToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

function completionOf(turn: ModelTurn, id: string, callId: string): Completion {
	if ('text' in turn) return { id, message: { role: 'assistant', content: turn.text }, finishReason: 'stop' };
	const call: ToolCall = {
		id: callId,
		type: 'function',
		function: { name: turn.tool, arguments: JSON.stringify(turn.args) },
	};
	return { id, message: { role: 'assistant', content: null, tool_calls: [call] }, finishReason: 'tool_calls' };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

function send(response: ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.end(JSON.stringify(body));
}

function sendCompletion(response: ServerResponse, { id, message, finishReason }: Completion): void {
	send(response, 200, {
		id,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: MOCK_MODEL_ID,
		choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
		usage: USAGE,
	});
}

/** The same completion as Server-Sent Events: the message in one delta, then its finish, usage and [DONE]. */
function streamCompletion(response: ServerResponse, { id, message, finishReason }: Completion): void {
	response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
		response.write(
			`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: MOCK_MODEL_ID, choices, ...extra })}\n\n`,
		);
	const toolCalls = message.tool_calls?.map((call, index) => ({ index, ...call }));
	chunk([
		{
			index: 0,
			delta: { role: 'assistant', content: message.content ?? '', ...(toolCalls ? { tool_calls: toolCalls } : {}) },
			finish_reason: null,
		},
	]);
	chunk([{ index: 0, delta: {}, finish_reason: finishReason }]);
	chunk([], { usage: USAGE });
	response.end('data: [DONE]\n\n');
}

async function readBody(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}
