import type { INodeProperties } from 'n8n-workflow';

import {
	COLLECTIONS,
	hasFilter,
	resourceDescription,
	type CollectionDefinition,
} from '../AccountingService/collections/table';
import { businessSelector } from '../AccountingService/descriptions/business';
import { requestOptions } from '../AccountingService/descriptions/requestOptions';
import type { TriggerEvent } from './poll/position';

/**
 * The collections the trigger can watch: those the service filters by `updated_or_created_since`,
 * read from the node's one collection table.
 */
export const WATCHABLE: readonly CollectionDefinition[] = COLLECTIONS.filter(
	(row) => !row.singleton && hasFilter(row, 'updated_or_created_since'),
);

type EventOption = { name: string; value: TriggerEvent; description: string };

export const EVENTS: readonly EventOption[] = [
	{
		name: 'New Record',
		value: 'new',
		description: 'A record was created (by its created_at); later changes to it are ignored',
	},
	{
		name: 'New or Updated Record',
		value: 'newOrUpdated',
		description:
			'A record was created or changed (by its updated_at); a record changed twice between polls comes once, as it is now',
	},
	{
		name: 'Deleted Record',
		value: 'deleted',
		description:
			'A record was deleted (by its deleted_at): its ID, deleted_at and what else the service still returns of it. Voided invoices are changes, not deletions.',
	},
];

/** Deletions can be watched where the service lists them: collections filtered by `deleted_since`. */
const listsDeletions = (row: CollectionDefinition) => hasFilter(row, 'deleted_since');

export const eventsOf = (row: CollectionDefinition): readonly EventOption[] =>
	EVENTS.filter((event) => event.value !== 'deleted' || listsDeletions(row));

/** One Event list for the collections that list deletions, one for the others. */
function eventProperties(): INodeProperties[] {
	const groups = [WATCHABLE.filter(listsDeletions), WATCHABLE.filter((row) => !listsDeletions(row))];
	return groups.map((rows) => ({
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'new',
		displayOptions: { show: { resource: rows.map((row) => row.resource) } },
		options: [...eventsOf(rows[0])],
	}));
}

export const triggerProperties: INodeProperties[] = [
	businessSelector,
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		default: 'salesInvoice',
		description: 'Which kind of record to watch',
		options: WATCHABLE.map((row) => ({
			name: row.singular,
			value: row.resource,
			description: resourceDescription(row),
		})).sort((a, b) => a.name.localeCompare(b.name)),
	},
	...eventProperties(),
	{
		displayName: 'Full Records',
		name: 'fullRecords',
		type: 'boolean',
		default: false,
		description:
			'Whether to output every field of each record (attributes=all) instead of its ID, label, path, created_at and updated_at (deleted_at for deletions)',
	},
	requestOptions,
];
