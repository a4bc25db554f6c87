import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ParameterReader } from './parameters';

export type OperationHandler = (
	this: IExecuteFunctions,
	parameters: ParameterReader,
	itemIndex: number,
) => Promise<INodeExecutionData[]>;

/**
 * A hand-written operation: what it shows (its option and its own fields) and what it runs.
 * The node's description and router are built from a list of these plus the collection table.
 */
export interface OperationModule {
	resource: string;
	option: INodePropertyOptions & { value: string; action: string };
	/** Fields of this operation only; display conditions for resource and operation are added. */
	properties: INodeProperties[];
	execute: OperationHandler;
}

/** A resource that is not a collection of the table (business, user, trial balance, …). */
export interface ResourceOption {
	name: string;
	value: string;
	description: string;
	/** Whether the request is made against one business, so the business selector applies. */
	businessScoped: boolean;
}
