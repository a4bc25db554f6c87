import type { INodeProperties } from 'n8n-workflow';

import type { OperationHandler } from '../actions/types';
import { COLLECTIONS, findCollection, type CollectionDefinition } from '../collections/table';
import { sameFor, type PropertyBlock } from '../descriptions/blocks';
import type { Operation, OperationOption, OptionText } from './types';

const optionOf = (value: string, { name, description, action }: OptionText): OperationOption => ({
	name,
	value,
	description,
	action,
});

/** An operation of every row of the collection table that `appliesTo` accepts. */
export interface CollectionOperationDefinition {
	value: string;
	appliesTo(row: CollectionDefinition): boolean;
	option(row: CollectionDefinition): OptionText;
	properties: PropertyBlock[];
	handler(row: CollectionDefinition): OperationHandler;
	acrossBusinesses?: boolean;
}

export function collectionOperation(definition: CollectionOperationDefinition): Operation {
	const rowOf = (resource: string) => findCollection(resource) as CollectionDefinition;
	return {
		value: definition.value,
		resources: COLLECTIONS.filter((row) => definition.appliesTo(row)).map((row) => row.resource),
		option: (resource) => optionOf(definition.value, definition.option(rowOf(resource))),
		properties: definition.properties,
		handler: (resource) => definition.handler(rowOf(resource)),
		acrossBusinesses: definition.acrossBusinesses,
	};
}

/** A hand-written operation of one resource: a business, the user, an attachment's file, … */
export interface ResourceOperationDefinition {
	resource: string;
	value: string;
	option: OptionText;
	/** Blocks of fields other operations list too, before its own: the editor receives them once. */
	shared?: PropertyBlock[];
	/** Its own fields; the conditions that show them for its resource and operation are added. */
	properties: INodeProperties[];
	execute: OperationHandler;
	acrossBusinesses?: boolean;
}

export function resourceOperation(definition: ResourceOperationDefinition): Operation {
	return {
		value: definition.value,
		resources: [definition.resource],
		option: () => optionOf(definition.value, definition.option),
		properties: [...(definition.shared ?? []), sameFor(definition.properties)],
		handler: () => definition.execute,
		acrossBusinesses: definition.acrossBusinesses,
	};
}
