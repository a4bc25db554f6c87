import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { OPERATIONS } from '../operations';
import { findCollection } from '../collections/table';
import { lower } from '../collections/wording';
import { shapeOf } from '../output/shape';
import { boundedAnswer } from '../tool/answer';
import { toolError } from '../tool/error';
import { runsAsTool } from '../tool/mode';
import { runItems } from './itemRunner';
import { ParameterReader } from './parameters';
import { mappedValues } from './write/record';
import { upsertOrderKey } from './write/upsertKeys';
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

/**
 * What an AI tool's answer calls the records it leaves out, and how to get them: a collection's
 * Filters. A collection's rows name their record by its key column (Raw: `id`), so the rows of
 * one document (One Row per Line) count as one record.
 */
const answerWordsOf = (resource: string) => {
	const row = findCollection(resource);
	if (row) {
		const key = shapeOf(row).key;
		return {
			plural: lower(row.plural),
			narrow: 'narrow with Filters',
			recordOf: (json: IDataObject) => json[key] ?? json.id,
		};
	}
	if (resource === 'report') {
		// A report answers each period's summary (a row without a row_type) before its rows: all are kept.
		// Of a split report the first is only the first period's: the note must not call it the report's.
		return {
			plural: 'rows',
			narrow: 'the entries without row_type hold the report’s totals (one per period when it is split), all given',
			kept: (json: IDataObject) => json.row_type === undefined,
		};
	}
	return { plural: 'rows', narrow: 'narrow the question (a shorter period)' };
};

function findHandler(context: IExecuteFunctions, itemIndex: number): OperationHandler {
	const resource = context.getNodeParameter('resource', itemIndex) as string;
	const operation =
		resource === CUSTOM_API_CALL ? CUSTOM_API_CALL : (context.getNodeParameter('operation', itemIndex) as string);
	if (operation === CUSTOM_API_CALL) {
		throw new NodeOperationError(context.getNode(), 'A custom API call runs in an HTTP Request node, not in this one', {
			itemIndex,
			description:
				'In the node panel, search "Sage" and add its "Sage Accounting API" entry: an HTTP Request node that signs every request with this credential, its URL starting at the base URL.',
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

/** The writes two items can make to one record; reads of one record may run side by side. */
const WRITES_OF_ONE_RECORD = new Set(['update', 'delete', 'release', 'reissue', 'upsert']);

/**
 * The record an item writes, where two items can write the same one: its ID (Update, Delete,
 * Release, …), or Create or Update's key. Items with the same key keep their input order.
 */
function recordKeyOf(context: IExecuteFunctions, itemIndex: number): string | undefined {
	try {
		const operation = context.getNodeParameter('operation', itemIndex, '') as string;
		if (!WRITES_OF_ONE_RECORD.has(operation)) return undefined;
		if (operation === 'upsert') {
			const { values, matchingColumns } = mappedValues(context, new ParameterReader(context, itemIndex), itemIndex);
			const key = upsertOrderKey(values, matchingColumns);
			return key === undefined ? undefined : `upsert:${key}`;
		}
		const id = context.getNodeParameter('id', itemIndex, undefined, { extractValue: true });
		return typeof id === 'string' || typeof id === 'number' ? `id:${String(id).trim()}` : undefined;
	} catch {
		return undefined;
	}
}

/** Items under way at once: the first item's Concurrent Requests (Request Options). */
function itemConcurrency(context: IExecuteFunctions): number {
	if (context.getInputData().length < 2) return 1;
	try {
		return new ParameterReader(context, 0).requestScope().pace.concurrency;
	} catch {
		// The first item's own run reports its Request Options; the items go one at a time.
		return 1;
	}
}

/**
 * Runs each input item with its own parameters, up to Concurrent Requests items at once, and
 * outputs them in input order as a sequential loop would. A failing item becomes an error item in
 * its place when the node continues on fail; otherwise no further item starts, those under way
 * finish, and the node fails with the first failure in input order. As an AI tool, the answer is
 * bounded in size and a failure is one text (tool/).
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const asTool = runsAsTool(this);
	const continueOnFail = this.continueOnFail();

	const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
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
			return this.helpers.constructExecutionMetaData(answer, { itemData: { item: itemIndex } });
		} catch (caught) {
			throw asTool ? toolError(this.getNode(), caught, itemIndex) : caught;
		}
	};

	const concurrency = itemConcurrency(this);
	const outcomes = await runItems({
		count: items.length,
		concurrency,
		run: runItem,
		// One item at a time keeps input order anyway: no item's parameters are read twice for it.
		keyOf: concurrency > 1 ? (itemIndex) => recordKeyOf(this, itemIndex) : undefined,
		stopOnFailure: !continueOnFail,
	});

	const returnData: INodeExecutionData[] = [];
	for (const [itemIndex, outcome] of outcomes.entries()) {
		if (outcome === undefined) continue;
		if (outcome.ok) {
			returnData.push(...outcome.value);
			continue;
		}
		const error = outcome.error;
		if (!continueOnFail) {
			throw error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
		returnData.push({
			json: { error: error instanceof Error ? error.message : String(error) },
			pairedItem: { item: itemIndex },
		});
	}

	return [returnData];
}
