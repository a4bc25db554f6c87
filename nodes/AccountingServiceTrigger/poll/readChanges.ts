import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { serviceDateTime } from '../../AccountingService/helpers/parameterValues';
import { processState } from '../../AccountingService/state';
import { MAX_SERVICE_CLOCK_LEAD_MS } from '../../AccountingService/transport/changeCheck';
import {
	apiRequestAllItems,
	apiRequestListPage,
	headerValue,
	type ApiRequest,
	type ApiResponse,
	type ListEnvelope,
} from '../../AccountingService/transport';
import { versionOf, type Change, type EventTimeField, type Read } from './position';

/** What every request of one poll shares: the collection, business, retry policy, pace and fields. */
export interface Watch {
	/** Path of the collection below the base URL, with the leading slash. */
	path: string;
	business?: string;
	retry: ApiRequest['retry'];
	pace: ApiRequest['pace'];
	/** `attributes`: `all` for Raw, else what the output's rows need and the timestamps the trigger orders by. */
	attributes: string;
	timeField: EventTimeField;
	/**
	 * The query that reads changes since a time: `updated_or_created_since` (inclusive) for
	 * creations and changes, `deleted_since` (not inclusive) for deletions.
	 */
	sinceQuery: 'updated_or_created_since' | 'deleted_since';
}

export interface WindowRead extends Read {
	/** The business the service says it answered for (its `X-Business` header). */
	business: string | null;
}

/**
 * Every record created or changed at or after `since` (inclusive, on the service's clock), all
 * pages, read as Get Many reads them (transport/read.ts: several pages at once, paced). Any
 * failure throws: a poll never works with part of a list.
 */
export async function readWindow(context: IPollFunctions, watch: Watch, since: number): Promise<WindowRead> {
	const read = await apiRequestAllItems.call(context, {
		path: watch.path,
		qs: { ...sinceQuery(watch, since), attributes: watch.attributes },
		business: watch.business,
		retry: watch.retry,
		pace: watch.pace,
	});
	return {
		changes: read.body.map((record) => toChange(context, watch, record)),
		serverTime: serviceTime(context, read),
		consistent: !read.moved,
		business: read.business ?? null,
	};
}

/**
 * Every change at or after `since`. The service's `deleted_since` excludes its own time: asking
 * from a second earlier (its stamps are whole seconds) makes it inclusive too; the position
 * drops what came before `since`.
 */
function sinceQuery(watch: Watch, since: number): IDataObject {
	const from = watch.sinceQuery === 'deleted_since' ? Math.max(0, since - 1000) : since;
	return { [watch.sinceQuery]: serviceDateTime(new Date(from)) };
}

/** The service's clock, from the cheapest request on the collection (one record). */
export async function readServiceTime(context: IPollFunctions, watch: Watch): Promise<number> {
	const { response } = await listPage(context, watch, { path: watch.path, qs: { items_per_page: 1 } });
	return serviceTime(context, response);
}

/**
 * The most recent record, for the editor's "Fetch Test Event": sorted newest first where the
 * service can sort by the event's field, else the last record in the service's default order
 * (creation order).
 */
export async function readNewest(
	context: IPollFunctions,
	watch: Watch,
	canSort: boolean,
): Promise<{ record: IDataObject | undefined; business: string | null }> {
	const qs: IDataObject = {
		items_per_page: 1,
		attributes: watch.attributes,
		// Deletions are listed only when asked for with deleted_since: all of them.
		...(watch.sinceQuery === 'deleted_since' ? { deleted_since: serviceDateTime(new Date(0)) } : {}),
	};
	const first = await listPage(context, watch, {
		path: watch.path,
		qs: canSort ? { ...qs, sort: `${watch.timeField}:desc` } : qs,
	});
	const newest =
		canSort || first.envelope.$total <= 1
			? first
			: await listPage(context, watch, { path: watch.path, qs: { ...qs, page: first.envelope.$total } });
	return { record: newest.envelope.$items[0], business: newest.response.business ?? null };
}

/**
 * One page of the whole list in the service's own order, as the backfill reads it; of the list of
 * deletions (the watch reads `deleted_since`), those since `since`.
 */
export async function readListPage(
	context: IPollFunctions,
	watch: Watch,
	page: number,
	pageSize: number,
	since = 0,
): Promise<{ items: IDataObject[]; total: number; last: boolean }> {
	const deletions = watch.sinceQuery === 'deleted_since' ? sinceQuery(watch, since) : {};
	const { envelope } = await listPage(context, watch, {
		path: watch.path,
		qs: { ...deletions, page, items_per_page: pageSize, attributes: watch.attributes },
	});
	return {
		items: envelope.$items,
		total: envelope.$total,
		last: !envelope.$next || envelope.$items.length < pageSize,
	};
}

async function listPage(
	context: IPollFunctions,
	watch: Watch,
	request: Pick<ApiRequest, 'path' | 'qs'>,
): Promise<{ envelope: ListEnvelope; response: ApiResponse<IDataObject> }> {
	const { page, envelope } = await apiRequestListPage.call(context, {
		...request,
		business: watch.business,
		retry: watch.retry,
		pace: watch.pace,
	});
	return { envelope, response: page };
}

/**
 * The `Date` header: the service's own clock (RFC 9110 requires it of any server with a clock).
 * Without it the trigger cannot place its position on the service's timeline; it stops rather
 * than guess from n8n's clock, which may differ. One too far ahead of n8n's clock to be any
 * service's (changeCheck.ts: ten years; a proxy's or a broken service's year 9999) is refused
 * too: followed, it would move the stored position there, and every honest poll after it would
 * meet a position in the future. Refused, the poll stores nothing and the next one goes on.
 */
export function serviceTime(context: IPollFunctions, response: Pick<ApiResponse<unknown>, 'headers'>): number {
	const time = Date.parse(headerValue(response.headers, 'date') ?? '');
	if (!Number.isFinite(time)) {
		throw new NodeOperationError(
			context.getNode(),
			'The service sent no readable Date header, which the trigger needs to know the service’s time',
		);
	}
	if (time > processState.clock.now() + MAX_SERVICE_CLOCK_LEAD_MS) {
		throw new NodeOperationError(
			context.getNode(),
			`The service's Date header (${new Date(time).toISOString()}) is more than ten years after n8n's clock`,
			{
				description:
					'The trigger places its position on the service’s clock, and no clock shows this time: a proxy or the ' +
					'service answered with a broken date. The position stays where it was; the next poll tries again.',
			},
		);
	}
	return time;
}

function toChange(context: IPollFunctions, watch: Watch, record: IDataObject): Change {
	const at = Date.parse(String(record[watch.timeField] ?? ''));
	if (typeof record.id !== 'string' || !Number.isFinite(at)) {
		throw new NodeOperationError(
			context.getNode(),
			`A record of ${watch.path} came without an id or a readable ${watch.timeField}`,
		);
	}
	const deleted = watch.sinceQuery === 'deleted_since';
	// A record has one creation; its changes and its deletion are told apart by what they hold.
	const version = watch.timeField === 'created_at' ? 'created' : versionOf(record, deleted);
	return { id: record.id, at, record, deleted, version };
}
