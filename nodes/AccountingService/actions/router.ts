import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { OPERATIONS } from '../operations';
import { findCollection } from '../collections/table';
import { lower } from '../collections/wording';
import { boundedAnswer } from '../tool/answer';
import { toolError } from '../tool/error';
import { runsAsTool } from '../tool/mode';
import { ParameterReader } from './parameters';
import type { OperationHandler } from './types';

/** resource → operation → handler: every pair the node runs, from the same table as the editor's lists. */
export const HANDLERS = (() => {
	const table: Record<string, Record<string, OperationHandler>> = {};
	for (const operation of OPERATIONS) {
		for (const resource of operation.resources) {
			table[resource] = { ...table[resource], [operation.value]: operation.handler(resource) };
		}
	}
	return table;
})();

/** The value n8n's editor gives Resource and Operation when the user picks its "Custom API Call" entry. */
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** What an AI tool's answer calls the records it leaves out, and how to get them: a collection's Filters. */
const answerWordsOf = (resource: string) => {
	const row = findCollection(resource);
	return row
		? { plural: lower(row.plural), narrow: 'narrow with Filters' }
		: { plural: 'rows', narrow: 'narrow the question (a shorter period)' };
};

function findHandler(context: IExecuteFunctions, itemIndex: number): OperationHandler {
	const resource = context.getNodeParameter('resource', itemIndex) as string;
	const operation =
		resource === CUSTOM_API_CALL ? CUSTOM_API_CALL : (context.getNodeParameter('operation', itemIndex) as string);
	if (operation === CUSTOM_API_CALL) {
		throw new NodeOperationError(context.getNode(), 'A custom API call runs in an HTTP Request node, not in this one', {
			itemIndex,
			description:
				'In the node panel, search "Accounting Service" and add its "HTTP request" entry: an HTTP Request node that signs every request with this credential, its URL starting at the base URL.',
		});
	}
	const operations = HANDLERS[resource];
	if (!operations) {
		throw new NodeOperationError(
			context.getNode(),
			`Invalid "Resource": "${String(resource)}" is not one this node knows`,
			{ itemIndex, description: `Allowed: ${Object.keys(HANDLERS).join(', ')}` },
		);
	}
	const handler = operations[operation];
	if (!handler) {
		throw new NodeOperationError(
			context.getNode(),
			`Invalid "Operation": "${String(operation)}" is not available for resource "${resource}"`,
			{ itemIndex, description: `Allowed: ${Object.keys(operations).join(', ')}` },
		);
	}
	return handler;
}

/**
 * Runs each input item with its own parameters; a failing item becomes an error item when the
 * node continues on fail. As an AI tool, the answer is bounded in size and a failure is one text
 * (tool/).
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];
	const asTool = runsAsTool(this);

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const handler = findHandler(this, itemIndex);
			const parameters = new ParameterReader(this, itemIndex);
			const results = await handler.call(this, parameters, itemIndex);
			const answer = asTool
				? boundedAnswer(results, {
						...answerWordsOf(this.getNodeParameter('resource', itemIndex) as string),
						maxCharacters: parameters.answerCharacters(),
					})
				: results;
			returnData.push(...this.helpers.constructExecutionMetaData(answer, { itemData: { item: itemIndex } }));
		} catch (caught) {
			const error = asTool ? toolError(this.getNode(), caught, itemIndex) : caught;
			if (!this.continueOnFail()) {
				throw error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			}
			returnData.push({
				json: { error: error instanceof Error ? error.message : String(error) },
				pairedItem: { item: itemIndex },
			});
		}
	}

	return [returnData];
}
