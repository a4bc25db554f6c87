import type { INodeProperties } from 'n8n-workflow';

import { findCollection, type CollectionDefinition } from '../collections/table';
import { showFor } from './common';

/** A resource that shows a block of fields, and which of its operations show it (in the table's order). */
export interface BlockUse {
	resource: string;
	operations: string[];
}

/**
 * Fields of the editor's form, listed by one or more operations. The node's description builds each
 * block once, for every resource and operation that lists it, so fields that operations share
 * (Return All, Filters, a record's locator) reach the editor once. Shown for resources × operations:
 * a pair the table does not offer cannot be chosen in the editor, so it shows nothing wrong.
 */
export interface PropertyBlock {
	build(uses: readonly BlockUse[]): INodeProperties[];
}

const resourcesOf = (uses: readonly BlockUse[]) => uses.map((use) => use.resource);
const operationsOf = (uses: readonly BlockUse[]) => [...new Set(uses.flatMap((use) => use.operations))];

/** The uses by rows of the collection table, with their rows. */
export const rowUses = (uses: readonly BlockUse[]) =>
	uses.flatMap((use) => {
		const row = findCollection(use.resource);
		return row ? [{ ...use, row }] : [];
	});

/** The same fields for every resource and operation that lists them. */
export const sameFor = (properties: INodeProperties[]): PropertyBlock => ({
	build: (uses) => (uses.length ? showFor(resourcesOf(uses), operationsOf(uses), properties) : []),
});

/** One property per row, shown for the operations of that row that list it (a record's locator). */
export const perRow = (
	build: (row: CollectionDefinition, operations: string[]) => INodeProperties | undefined,
): PropertyBlock => ({
	build: (uses) =>
		rowUses(uses).flatMap(({ row, resource, operations }) => {
			const property = build(row, operations);
			return property ? showFor([resource], operations, [property]) : [];
		}),
});

/**
 * One property per distinct shape, shown for every row that has it: 85 resources share a few
 * dozen filter and option sets, and the editor receives each set once.
 */
export const byShape = (build: (row: CollectionDefinition) => INodeProperties | undefined): PropertyBlock => ({
	build(uses) {
		const groups = new Map<string, { property: INodeProperties; resources: string[] }>();
		for (const { row, resource } of rowUses(uses)) {
			const property = build(row);
			if (!property) continue;
			const shape = JSON.stringify(property);
			const group = groups.get(shape) ?? { property, resources: [] };
			group.resources.push(resource);
			groups.set(shape, group);
		}
		const operations = operationsOf(uses);
		return [...groups.values()].flatMap(({ property, resources }) => showFor(resources, operations, [property]));
	},
});

/**
 * Every block once, keeping each operation's order: the editor shows the fields of a resource and
 * operation in the order of the node's list. Of the blocks free to go next, the first operation's goes.
 */
export function inFormOrder(lists: ReadonlyArray<readonly PropertyBlock[]>): PropertyBlock[] {
	const pending = lists.map((list) => [...list]);
	const ordered: PropertyBlock[] = [];
	while (pending.some((list) => list.length)) {
		const next = pending
			.map((list) => list[0])
			.find((head) => head && pending.every((list) => list.indexOf(head) <= 0));
		if (!next) throw new Error('Two operations list the same fields in different orders');
		ordered.push(next);
		for (const list of pending) if (list[0] === next) list.shift();
	}
	return ordered;
}
