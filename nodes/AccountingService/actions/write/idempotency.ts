import { createHash, randomBytes } from 'crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import type { CollectionDefinition } from '../../collections/table';
import { processState } from '../../state';
import { runsAsTool } from '../../tool/mode';
import type { ParameterReader } from '../parameters';

/**
 * The `idempotency_id` of a create: with the Idempotency Key option, derived from it (the same
 * key always gives the same id, so a workflow that runs twice for one order creates one record);
 * otherwise derived from where the item is in this execution (execution, node, run of the node,
 * item). The transport repeats the create with it after a lost answer, and n8n's Retry On Fail
 * runs the node again with the same execution, run and items: the service recognises the repeat
 * either way. Another item, another run of the node (a loop) or another execution gets another
 * id. A random salt per n8n process keeps ids of an n8n whose execution ids start again (a new
 * database) apart from those of the service's last 7 days. 32 hex digits, no hyphens.
 */
export function idempotencyId(
	context: IExecuteFunctions,
	row: CollectionDefinition,
	parameters: ParameterReader,
	itemIndex: number,
): { id: string; key?: string } {
	const options = parameters.options();
	if (!('idempotencyKey' in options)) return { id: itemPlaceId(context, row, itemIndex) };
	const key = options.idempotencyKey;
	if ((typeof key !== 'string' && typeof key !== 'number') || !String(key).trim()) {
		parameters.fail(
			'Idempotency Key',
			`it is empty for this item; map a value that identifies the record, such as an order number, or remove the option`,
		);
	}
	return { id: digest(`${row.resource}\n${String(key).trim()}`), key: String(key).trim() };
}

/**
 * The `idempotency_id` of an update (the service's guide: POST and PUT), by the same rule as a
 * create's default: a retried update that also sends e-mail or moves stock happens once. The
 * record's path is part of it, so an id is never reused on another record. As an AI tool every
 * call gets an id of its own: an agent that sets a value, another, then the first again means
 * all three, and the transport's own repeats of a call still carry its one id.
 */
export function updateIdempotencyId(
	context: IExecuteFunctions,
	row: CollectionDefinition,
	itemIndex: number,
	path: string,
): string {
	if (runsAsTool(context)) return randomBytes(16).toString('hex');
	return itemPlaceId(context, row, itemIndex, `update ${path}`);
}

function itemPlaceId(
	context: IExecuteFunctions,
	row: CollectionDefinition,
	itemIndex: number,
	write = 'create',
): string {
	if (runsAsTool(context)) return toolCallId(context, row, itemIndex);
	const executionId = context.getExecutionId?.();
	if (!executionId) return randomBytes(16).toString('hex');
	const runIndex = context.getWorkflowDataProxy(itemIndex).$runIndex ?? 0;
	const place = [processState.idempotencySalt, executionId, context.getNode().id, runIndex, itemIndex, row.resource];
	return digest([...place, ...(write === 'create' ? [] : [write])].join('\n'));
}

/**
 * As an AI tool every call is an execution of its own, and a model or an MCP client that did not
 * see an answer calls again with the same arguments: a create's id is derived from the tool
 * (workflow, node) and its arguments, so the repeat creates nothing new. Other arguments create
 * another record.
 */
function toolCallId(context: IExecuteFunctions, row: CollectionDefinition, itemIndex: number): string {
	const toolArguments = context.getInputData()[itemIndex]?.json ?? {};
	const tool = [context.getWorkflow().id ?? '', context.getNode().id, row.resource, 'create'];
	return digest([...tool, canonicalJson(toolArguments)].join('\n'));
}

/** JSON with every object's keys in order: the same arguments give the same text, however a client ordered them. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * The id after the service answered `id` with an earlier record (`replayed`) that is gone or no
 * longer the one meant: derived from both, so two executions (or two calls of a model) that meet
 * the same earlier record still make one new record.
 */
export const nextIdempotencyId = (id: string, replayed: unknown): string => digest(`${id}\n${String(replayed)}`);

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
