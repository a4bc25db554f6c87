import type { INodeProperties } from 'n8n-workflow';

import {
	COLLECTIONS,
	hasFilter,
	resourceDescription,
	type CollectionDefinition,
} from '../AccountingService/collections/table';
import { businessSelector } from '../AccountingService/descriptions/business';
import { requestOptions } from '../AccountingService/descriptions/requestOptions';
import { includedFieldsProperty } from '../AccountingService/output/includedFields';
import { hasLines, outputProperty } from '../AccountingService/output/output';
import { INVOICE_EVENT_RESOURCES, isInvoiceEvent } from './poll/invoiceEvents';
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
		name: 'New, Updated or Deleted Record',
		value: 'anyChange',
		description:
			'A record was created, changed or deleted; each item’s change_type says which, and its key column which record, so a table can be kept equal to the books',
	},
	{
		name: 'Deleted Record',
		value: 'deleted',
		description:
			'A record was deleted (by its deleted_at): its ID, deleted_at and what else the service still returns of it. Voided invoices are changes, not deletions.',
	},
	{
		name: 'Invoice Paid',
		value: 'paid',
		description:
			'An invoice was paid in full: its outstanding amount reached 0 (a part payment is not). Once per invoice; again only if it owed again and was paid again.',
	},
	{
		name: 'Invoice Became Overdue',
		value: 'becameOverdue',
		description:
			'An invoice’s due date passed while something is outstanding, judged on the business’s day (the workflow’s time zone); with days_overdue. Once per invoice.',
	},
];

/** Deletions can be watched where the service lists them: collections filtered by `deleted_since`. */
const listsDeletions = (row: CollectionDefinition) => hasFilter(row, 'deleted_since');

/** Paid and Became Overdue: invoices only (invoiceEvents.ts). */
const hasInvoiceEvents = (row: CollectionDefinition) => INVOICE_EVENT_RESOURCES.includes(row.resource);

export const eventsOf = (row: CollectionDefinition): readonly EventOption[] =>
	EVENTS.filter((event) => {
		if (isInvoiceEvent(event.value)) return hasInvoiceEvents(row);
		return !['deleted', 'anyChange'].includes(event.value) || listsDeletions(row);
	});

export type StartFrom = 'now' | 'date' | 'all';

/** Existing records output per poll while the trigger starts from a date or from all of them. */
export const DEFAULT_START_BATCH = 500;

const startProperties: INodeProperties[] = [
	{
		displayName: 'Start From',
		name: 'startFrom',
		type: 'options',
		noDataExpression: true,
		default: 'now',
		options: [
			{ name: 'Now', value: 'now', description: 'Only what happens after the workflow is published' },
			{
				name: 'A Date',
				value: 'date',
				description: 'Every record changed since a date you give, then every later change',
			},
			{
				name: 'All Existing Records',
				value: 'all',
				description:
					'Every current record once (change_type "created"), then every later change: fills a table from empty',
			},
		],
		description:
			'Where the trigger starts when it is published. Existing records come a batch per poll (Options), within the business’s request budget. Changing this starts over.',
		// The invoice events start from now: what is paid or overdue at the start is not an event.
		displayOptions: { hide: { event: ['paid', 'becameOverdue'] } },
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'Records changed at or after this time (the service’s time, UTC unless the value says otherwise)',
		displayOptions: { show: { startFrom: ['date'] }, hide: { event: ['paid', 'becameOverdue'] } },
	},
];

/** One Output list for the documents with lines, one for the other collections. */
function outputProperties(): INodeProperties[] {
	const groups = [WATCHABLE.filter(hasLines), WATCHABLE.filter((row) => !hasLines(row))];
	const outputs = groups.map((rows) => ({
		...outputProperty(rows[0]),
		displayOptions: { show: { resource: rows.map((row) => row.resource) } },
	}));
	return [...outputs, includedFieldsProperty];
}

const triggerOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Existing Records per Poll',
			name: 'startBatchSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_START_BATCH,
			description:
				'Starting from a date or from all existing records: about how many of them each poll outputs (whole pages of 200) until all are out. n8n does not wait for one poll’s execution before starting the next: keep it small enough that the workflow handles a batch within the poll interval.',
		},
	],
};

/** One Event list per set of events: the invoices, the other collections that list deletions, the rest. */
function eventProperties(): INodeProperties[] {
	const groups = new Map<string, CollectionDefinition[]>();
	for (const row of WATCHABLE) {
		const key = eventsOf(row)
			.map((event) => event.value)
			.join();
		groups.set(key, [...(groups.get(key) ?? []), row]);
	}
	return [...groups.values()].map((rows) => ({
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
	...startProperties,
	...outputProperties(),
	triggerOptions,
	requestOptions,
];
