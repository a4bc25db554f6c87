import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What a model can do about a refusal, by the service's HTTP status, where the service's words do not say. */
const NEXT_STEP: Record<string, string> = {
	'404': 'Check the ID: Search or Get Many give the IDs.',
	'409': 'The record changed or is in use; read it again before changing it.',
};

const plainText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** `contact_id: is not a contact` says no more than a message that already holds `is not a contact`. */
const alreadySaid = (message: string, line: string) =>
	message.includes(line) || message.includes(line.replace(/^[\w.$[\]]+:\s*/, ''));

/**
 * The one text a model reads when a tool call fails: the message, then only those lines of the
 * description it does not already hold, then what to change. n8n's tool wrapper appends an
 * error's description as "Details:"; the error handed back has none, so nothing reads twice.
 */
export function toolErrorText(error: unknown): string {
	const message = error instanceof Error ? error.message.trim() : String(error);
	const description = plainText((error as { description?: unknown })?.description);
	const lines = description
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !alreadySaid(message, line));
	const httpCode = error instanceof NodeApiError ? (error.httpCode ?? '') : '';
	const next = NEXT_STEP[httpCode];
	const sentence = (text: string) => (/[.!?)]$/.test(text) ? text : `${text}.`);
	return [message, ...lines, ...(next ? [next] : [])].map(sentence).join(' ');
}

export function toolError(node: INode, error: unknown, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, toolErrorText(error), { itemIndex });
}
