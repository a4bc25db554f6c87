import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CollectionDefinition } from '../../AccountingService/collections/table';
import { ALL_BUSINESSES, LEAD_BUSINESS } from '../../AccountingService/descriptions/business';
import {
	businessIdFrom,
	readPaceFrom,
	retryPolicyFrom,
	type Fail,
} from '../../AccountingService/helpers/parameterValues';
import { toChoice } from '../../AccountingService/helpers/values';
import { BUSINESS_ID } from '../../AccountingService/output/includedFields';
import {
	attributesFor,
	isIncludedFields,
	outputFrom,
	shapeRecords,
	type Output,
} from '../../AccountingService/output/output';
import { shapeOf } from '../../AccountingService/output/shape';
import { forgetCredentialView } from '../../AccountingService/transport/credential';
import { DEFAULT_START_BATCH, eventsOf, WATCHABLE, type StartFrom } from '../description';
import { BACKFILL_PAGE_SIZE, backfillStep, notReachedYet, type Backfill } from './backfill';
import {
	advance,
	EVENT_TIME_FIELD,
	OVERLAP_MS,
	startAt,
	type Change,
	type Position,
	type TriggerEvent,
} from './position';
import { readListPage, readNewest, readServiceTime, readWindow, type Watch, type WindowRead } from './readChanges';
import { pollAllBusinesses } from './allBusinesses';
import {
	EVENT_FIELDS,
	freshMemory,
	isInvoiceEvent,
	isOwing,
	type InvoiceEvent,
	type InvoiceEventRow,
	type InvoiceMemory,
	type PaidMemory,
} from './invoiceEvents';
import { invoiceEventsOfPoll, invoiceTestEvent } from './invoicePoll';
import { loadPosition, storePosition, type Loaded } from './storedPosition';
import { settledSince } from './settledSince';
import { refuseUnfollowable } from './storedPositionCheck';

/** What each output item says happened to its record. */
export type ChangeType = 'created' | 'updated' | 'deleted' | 'paid' | 'became_overdue';

/** A record to output, what happened to it, and what its row adds (days_overdue). */
interface OutputChange {
	record: IDataObject;
	type: ChangeType;
	added?: IDataObject;
}

export interface Settings {
	row: CollectionDefinition;
	event: TriggerEvent;
	/** One read per kind of change: two for "anyChange" (changes and deletions). */
	watches: Watch[];
	watching: string;
	startFrom: StartFrom;
	startDate?: number;
	startBatch: number;
	output: Output;
	/** Business → All Businesses: every business the account reaches, each with its own position. */
	allBusinesses: boolean;
	/** The columns every row begins with: the business's, under All Businesses. */
	leading?: IDataObject;
}

/**
 * One poll. In manual mode (the editor's "Fetch Test Event") it shows the newest record and
 * leaves the position alone. Otherwise the first poll records where "now" is (and, starting from
 * all existing records or a date, begins outputting those); every later poll reads the records
 * changed since the stored position, outputs those not output before, and the next batch of
 * existing records. The position is written once, after every read succeeded: a poll that fails
 * on any page throws before that, outputs nothing, and the next poll reads the same again.
 */
export async function pollChanges(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readParameters(this);
	forgetCredentialView(this);

	if (settings.allBusinesses) return await pollAllBusinesses(this, settings);
	if (this.getMode() === 'manual') return await testEvent(this, settings);
	const { rows } = await pollBusiness(this, settings, this.getWorkflowStaticData('node'));
	return rows.length ? [this.helpers.returnJsonArray(rows)] : null;
}

/** What one business's poll gave: its rows, and the service's clock when it read. */
export interface BusinessPoll {
	rows: IDataObject[];
	serverTime: number;
}

/**
 * One business's poll, its position kept in `staticData`. `startedAt` (service clock) is where a
 * business without a position would have started had it answered then: it starts from there, so
 * what changed since is output rather than lost.
 */
export async function pollBusiness(
	context: IPollFunctions,
	settings: Settings,
	staticData: IDataObject,
	startedAt?: number,
): Promise<BusinessPoll> {
	let stored = loadPosition(staticData, settings.watching, context);
	if (!stored) {
		const started = await start(context, settings, staticData, startedAt);
		if ('serverTime' in started) {
			if (startedAt === undefined) return { rows: [], serverTime: started.serverTime };
			// Started late: what changed since `startedAt` is new to it, and this poll outputs it.
			stored = loadPosition(staticData, settings.watching, context) as Loaded;
		} else stored = { ...started, business: null, invoices: freshMemory() };
	}

	const read = await readWindows(context, settings, stored.position.since);
	if (stored.business !== null && read.business !== null && read.business !== stored.business) {
		// The lead business changed under "Lead Business": the old position means nothing there.
		const position = startAt(read.serverTime, read);
		const invoices = await memoryAtStart(context, settings, position, read.serverTime, read.serverTime);
		storePosition(staticData, settings.watching, read.business, position, null, invoices);
		return { rows: [], serverTime: read.serverTime };
	}
	refuseUnfollowable(context.getNode(), stored, read.serverTime, settings.startDate);
	const { emit, next } = advance(stored.position, read);
	const business = read.business ?? stored.business;
	// Invoice Paid and Became Overdue judge the feed's new versions (and the day) instead of outputting them.
	if (isInvoiceEvent(settings.event)) {
		const versions = emit.map((change) => change.record);
		const judged = await invoiceEventsOfPoll(
			context,
			settings.event,
			settings.watches[0],
			stored.invoices,
			versions,
			read.serverTime,
		);
		storePosition(staticData, settings.watching, business, next, null, judged.memory);
		return {
			rows: toRows(settings, eventOutputs(settings.event, judged.events), settings.watches[0].business ?? business),
			serverTime: read.serverTime,
		};
	}
	const fromFeed = emit.map((change) => ({
		record: change.record,
		type: feedChangeType(settings, stored.position, change, stored.backfill),
	}));

	let backfill = stored.backfill;
	const handed = fromFeed.filter(
		({ record, type }) => type !== 'deleted' && backfill && notReachedYet(backfill, record),
	);
	if (backfill && handed.length) {
		backfill = { ...backfill, handed: [...(backfill.handed ?? []), ...handed.map(({ record }) => String(record.id))] };
	}
	let fromBackfill: Array<{ record: IDataObject; type: ChangeType }> = [];
	if (backfill) {
		const { field, from } = backfill;
		const watch = settings.watches.find((each) => (each.timeField === 'deleted_at') === (field === 'deleted_at'));
		const step = await backfillStep(
			backfill,
			async (page, size = BACKFILL_PAGE_SIZE) =>
				await readListPage(context, watch ?? settings.watches[0], page, size, from ?? 0),
			settings.startBatch,
			(what) => listRefused(context, (watch ?? settings.watches[0]).path, what),
		);
		fromBackfill = step.records.map((record) => ({ record, type: existingChangeType(backfill as Backfill, record) }));
		backfill = step.next;
	}

	storePosition(staticData, settings.watching, business, next, backfill);
	return {
		rows: toRows(settings, [...fromBackfill, ...fromFeed], settings.watches[0].business ?? business),
		serverTime: read.serverTime,
	};
}

/**
 * The first poll: where "now" is on the service (or `startedAt`, when the business could not be
 * read then). Starting now, the records of the overlap window that are already there count as
 * seen and nothing is output; the position stored, it gives the service's clock. Starting from a
 * date or from all existing records, the feed reads from the window's start and the backfill
 * takes what changed before it; this poll already outputs their first batch.
 */
async function start(
	context: IPollFunctions,
	settings: Settings,
	staticData: IDataObject,
	startedAt: number | undefined,
): Promise<{ position: Position; backfill: Backfill | null } | { serverTime: number }> {
	const reading = performance.now();
	const now = await readServiceTime(context, settings.watches[0]);
	const serverTime = startedAt ?? now;
	if (settings.startFrom === 'now') {
		const read = await readWindows(context, settings, serverTime - OVERLAP_MS);
		// A record stamped between the start and the end of this read is not counted as already there.
		const readingMs = now - serverTime + performance.now() - reading;
		// The window opens at `serverTime`, however long ago a business that could not be read then
		// should have started: its read's own clock would close the minutes in between.
		const position = startAt(serverTime, { ...read, serverTime }, readingMs);
		const invoices = await memoryAtStart(context, settings, position, serverTime, now);
		storePosition(staticData, settings.watching, read.business, position, null, invoices);
		return { serverTime: now };
	}
	const windowStart = serverTime - OVERLAP_MS;
	const from = settings.startFrom === 'date' ? (settings.startDate as number) : null;
	if (from !== null && from >= windowStart) return { position: { since: from, seen: new Map() }, backfill: null };
	const backfillOf = (field: Backfill['field']): Backfill => ({
		field,
		from,
		before: windowStart,
		page: 0,
		anchors: [],
	});
	// The deletions before the window are a list of their own, read a batch per poll like the
	// records: every one ever (Deleted Record from all existing records), or since A Date.
	const deletions = settings.event === 'deleted' || (settings.event === 'anyChange' && from !== null);
	const records =
		settings.event === 'deleted' ? undefined : backfillOf(settings.event === 'new' ? 'created_at' : 'updated_at');
	const backfill = records
		? { ...records, ...(deletions ? { then: backfillOf('deleted_at') } : {}) }
		: backfillOf('deleted_at');
	return { position: { since: windowStart, seen: new Map() }, backfill };
}

/** A list the backfill cannot follow, named as the transport names the lists it refuses (transport/read.ts). */
const listRefused = (context: IPollFunctions, path: string, what: string) =>
	new NodeOperationError(context.getNode(), `The list ${path} ${what}`, {
		description: 'The service answered out of contract, or the list kept moving. The next poll reads it again.',
	});

/**
 * What the invoice events remember when the trigger starts at `start` (the service's clock) from
 * `position`, read at `readAt` (later than `start` for a business that could not be read then):
 * the owing invoices, read after the window (invoicePoll.ts), and for Paid those changed since
 * the start too (owingAtStart). Nothing for the other events.
 */
async function memoryAtStart(
	context: IPollFunctions,
	settings: Settings,
	position: Position,
	start: number,
	readAt: number,
): Promise<InvoiceMemory | undefined> {
	if (!isInvoiceEvent(settings.event)) return undefined;
	const watch = settings.watches[0];
	const { memory } = await invoiceEventsOfPoll(context, settings.event, watch, freshMemory(), [], start);
	return settings.event === 'paid'
		? await owingAtStart(context, settings, position, memory, { start, readAt })
		: memory;
}

/**
 * Invoice Paid's memory at the start (`position`, as startAt placed it): the owing invoices were
 * read after the window, and an invoice the start did not see as it is now (changed since the
 * start) may have owed something at the start and been paid in full before its list was read.
 * The window read again says which changed; each is counted owing at the start, and the next poll,
 * which reads its change as new, judges it (a Paid if it is paid in full).
 * - Changed while a business could not be read (before `readAt`), and owing nothing now: counted
 *   only when a payment or allocation created since the start settles it (settledSince.ts), so
 *   that a paid invoice written again meanwhile (its payment's reference corrected) is none.
 * - Changed while this start read (from `readAt` on): counted. The service tells no such invoice
 *   from one paid before and written again in those seconds; that one comes as Paid too (the
 *   sandbox's settle, as tests use it, leaves no payment to tell by).
 * The memory's clock is no earlier than the position.
 */
async function owingAtStart(
	context: IPollFunctions,
	settings: Settings,
	position: Position,
	memory: InvoiceMemory,
	{ start, readAt }: { start: number; readAt: number },
): Promise<InvoiceMemory> {
	const paid = memory.paid as PaidMemory;
	const changed = advance(position, await readWindows(context, settings, position.since)).emit;
	const lapsed = changed.filter(
		(change) => change.at < readAt && !paid.owing.has(change.id) && !isOwing(change.record),
	);
	const settled = lapsed.length ? await settledSince(context, settings.watches[0], start) : new Set<string>();
	const counted = changed.filter((change) => !lapsed.includes(change) || settled.has(change.id));
	const owing = new Set([...paid.owing, ...counted.map((change) => change.id)]);
	return { ...memory, paid: { at: Math.max(paid.at, position.since), owing } };
}

/** One read of the window: the changes of every watch, consistent only if each read was. */
async function readWindows(context: IPollFunctions, settings: Settings, since: number): Promise<WindowRead> {
	const reads = await Promise.all(settings.watches.map(async (watch) => await readWindow(context, watch, since)));
	return {
		changes: reads.flatMap((read) => read.changes),
		serverTime: Math.min(...reads.map((read) => read.serverTime)),
		consistent: reads.every((read) => read.consistent),
		business: reads[0].business,
	};
}

/**
 * Created: new since the window's start and not output before, or an existing record the backfill
 * has not reached yet (it changed since the backfill started, so the backfill leaves it to the
 * feed: it comes once, as the backfill would have typed it, with its latest values); updated:
 * changed; deleted: from the list of deletions.
 */
function feedChangeType(settings: Settings, position: Position, change: Change, backfill: Backfill | null): ChangeType {
	if (change.deleted) return 'deleted';
	if (settings.event === 'new') return 'created';
	if (backfill && notReachedYet(backfill, change.record)) return existingChangeType(backfill, change.record);
	const created = Date.parse(String(change.record.created_at ?? ''));
	return !position.seen.has(change.id) && created >= position.since ? 'created' : 'updated';
}

/**
 * An existing record is new to whoever mirrors the books; since A Date, only if created since
 * then. A deletion is a deletion.
 */
function existingChangeType(backfill: Backfill, record: IDataObject): ChangeType {
	if (backfill.field === 'deleted_at') return 'deleted';
	if (backfill.from === null || backfill.field === 'created_at') return 'created';
	return Date.parse(String(record.created_at ?? '')) >= backfill.from ? 'created' : 'updated';
}

/**
 * The items of the changes, each saying which business it came from where Select Included Fields
 * chose `business_id`. A deleted document is one row in every output that makes rows of its lines
 * (One Row per Line, or a line's column chosen): its lines went with it.
 */
function toRows(settings: Settings, changes: OutputChange[], business: string | null | undefined): IDataObject[] {
	const lines = settings.output === 'raw' ? undefined : shapeOf(settings.row).lines?.field;
	return changes.flatMap(({ record, type, added }) =>
		shapeRecords(
			settings.row,
			[lines && type === 'deleted' ? { ...record, [lines]: [] } : record],
			settings.output,
			() => ({
				change_type: type,
				...added,
				...(isIncludedFields(settings.output) ? { [BUSINESS_ID]: business ?? null } : {}),
			}),
			settings.leading,
		),
	);
}

/** The invoice events as outputs: `change_type` "paid" or "became_overdue". */
const eventOutputs = (event: InvoiceEvent, events: InvoiceEventRow[]): OutputChange[] =>
	events.map(({ record, added }) => ({ record, added, type: event === 'paid' ? 'paid' : 'became_overdue' }));

/** "Fetch Test Event": the newest record, as the workflow will receive records. */
async function testEvent(context: IPollFunctions, settings: Settings): Promise<INodeExecutionData[][] | null> {
	const rows = await newestRows(context, settings);
	return rows.length ? [context.helpers.returnJsonArray(rows)] : null;
}

/** The newest record's rows, as the workflow will receive them; none when there is no record. */
export async function newestRows(context: IPollFunctions, settings: Settings): Promise<IDataObject[]> {
	const watch = settings.watches[0];
	if (isInvoiceEvent(settings.event)) {
		const { event, business } = await invoiceTestEvent(context, settings.event, watch);
		return toRows(settings, event ? eventOutputs(settings.event, [event]) : [], watch.business ?? business);
	}
	const canSort = settings.row.sort?.includes(watch.timeField) ?? false;
	const { record: newest, business } = await readNewest(context, watch, canSort);
	if (!newest) return [];
	const type: ChangeType =
		watch.sinceQuery === 'deleted_since'
			? 'deleted'
			: settings.event === 'new' || newest.created_at === newest.updated_at
				? 'created'
				: 'updated';
	return toRows(settings, [{ record: newest, type }], watch.business ?? business);
}

/** The fields each read asks for: the output's, and the times the trigger orders records by. */
function pollAttributes(row: CollectionDefinition, output: Output, times: string[]): string {
	if (output === 'raw') return 'all';
	const needed = attributesFor(row, output)?.split(',') ?? [];
	return [...new Set([...needed, ...times])].join(',');
}

function readParameters(context: IPollFunctions): Settings {
	const fail: Fail = (field, problem) => {
		throw new NodeOperationError(context.getNode(), `Invalid "${field}": ${problem}`);
	};
	const resource = context.getNodeParameter('resource', 'salesInvoice');
	const row = WATCHABLE.find((candidate) => candidate.resource === resource);
	if (!row) fail('Resource', `the trigger cannot watch "${String(resource)}"`);

	const event = context.getNodeParameter('event', 'new') as TriggerEvent;
	const events = eventsOf(row);
	if (!events.some((candidate) => candidate.value === event)) {
		fail('Event', `for ${row.plural} it must be one of ${events.map((candidate) => candidate.value).join(', ')}`);
	}
	const refuse = (field: string) => (problem: string) => fail(field, problem);
	const chosenBusiness = context.getNodeParameter('business', LEAD_BUSINESS, { extractValue: true });
	const allBusinesses = typeof chosenBusiness === 'string' && chosenBusiness.trim() === ALL_BUSINESSES;
	const business = allBusinesses ? undefined : businessIdFrom(chosenBusiness, fail);
	const output = outputFrom(
		row,
		context.getNodeParameter('output', 'simplified'),
		() => context.getNodeParameter('fields', []),
		fail,
	);
	// The invoice events start from now (Start From is hidden for them).
	const startFrom = isInvoiceEvent(event)
		? 'now'
		: toChoice(context.getNodeParameter('startFrom', 'now'), ['now', 'date', 'all'] as const, refuse('Start From'));
	const startDate = startFrom === 'date' ? readStartDate(context, fail) : undefined;
	const options = (context.getNodeParameter('options', {}) ?? {}) as IDataObject;
	const startBatch = options.startBatchSize ?? DEFAULT_START_BATCH;
	if (typeof startBatch !== 'number' || !Number.isInteger(startBatch) || startBatch < 1) {
		fail('Existing Records per Poll', `must be a whole number of 1 or more, got ${JSON.stringify(startBatch)}`);
	}
	const requestOptions = (context.getNodeParameter('requestOptions', {}) ?? {}) as IDataObject;
	const retry = retryPolicyFrom(requestOptions, fail);
	const pace = readPaceFrom(requestOptions, fail);

	const watchOf = (watched: Exclude<TriggerEvent, 'anyChange'>): Watch => ({
		path: `/${row.path}`,
		business,
		retry,
		pace,
		attributes: pollAttributes(
			row,
			output,
			watched === 'deleted'
				? ['created_at', 'updated_at', 'deleted_at']
				: isInvoiceEvent(watched)
					? EVENT_FIELDS
					: ['created_at', 'updated_at'],
		),
		timeField: EVENT_TIME_FIELD[watched],
		sinceQuery: watched === 'deleted' ? 'deleted_since' : 'updated_or_created_since',
	});
	const watches = event === 'anyChange' ? [watchOf('newOrUpdated'), watchOf('deleted')] : [watchOf(event)];

	return {
		row,
		event,
		watches,
		watching: watchingKey({ row, event, startFrom, startDate }, business),
		startFrom,
		startDate,
		startBatch,
		output,
		allBusinesses,
	};
}

/**
 * What a stored position belongs to: resource, event, business and start. Another value of any of
 * them starts over; under All Businesses each business has its own.
 */
export function watchingKey(
	settings: Pick<Settings, 'row' | 'event' | 'startFrom' | 'startDate'>,
	business: string | undefined,
): string {
	const start =
		settings.startFrom === 'date' ? `date:${new Date(settings.startDate as number).toISOString()}` : settings.startFrom;
	return `${settings.row.resource}|${settings.event}|${business ?? LEAD_BUSINESS}|${start}`;
}

function readStartDate(context: IPollFunctions, fail: Fail): number {
	const value = context.getNodeParameter('startDate', '') as unknown;
	const at = typeof value === 'string' && value.trim() ? Date.parse(value) : NaN;
	if (!Number.isFinite(at)) {
		fail('Start Date', `expected a date and time such as 2026-01-01T00:00:00, got ${JSON.stringify(value)}`);
	}
	return at;
}
