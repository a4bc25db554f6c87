import type { INodePropertyOptions } from 'n8n-workflow';

import type { OperationHandler } from '../actions/types';
import type { PropertyBlock } from '../descriptions/blocks';

/** What the Operation list shows for an operation, its value aside. */
export interface OptionText {
	name: string;
	description: string;
	/** Sentence case, n8n's convention: "Get many sales invoices". */
	action: string;
}

export type OperationOption = INodePropertyOptions & OptionText & { value: string };

/**
 * One operation of the node: where it is offered, what the editor shows for it and what it runs.
 * The Operation lists, the forms and the router's table are all derived from the list of these
 * (operations/index.ts).
 */
export interface Operation {
	/** The `operation` value saved workflows hold. */
	value: string;
	/** The resources that offer it, in the order of the Resource list. */
	resources: readonly string[];
	option(resource: string): OperationOption;
	/** Its fields in the order its form shows them. */
	properties: readonly PropertyBlock[];
	handler(resource: string): OperationHandler;
	/** It reads every business under Business → All Businesses (actions/acrossBusinesses.ts). */
	acrossBusinesses?: boolean;
}

/** A resource that is not a collection of the table (business, user, trial balance, …). */
export interface ResourceOption {
	name: string;
	value: string;
	description: string;
	/** Whether the request is made against one business, so the business selector applies. */
	businessScoped: boolean;
}
