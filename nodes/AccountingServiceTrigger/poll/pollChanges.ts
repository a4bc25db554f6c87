import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CollectionDefinition } from '../../AccountingService/collections/table';
import { LEAD_BUSINESS } from '../../AccountingService/descriptions/business';
import {
	businessIdFrom,
	readPaceFrom,
	retryPolicyFrom,
	type Fail,
} from '../../AccountingService/helpers/parameterValues';
import { forgetCredentialView } from '../../AccountingService/transport/credential';
import { eventsOf, WATCHABLE } from '../description';
import { advance, EVENT_TIME_FIELD, OVERLAP_MS, startAt, type TriggerEvent } from './position';
import { readNewest, readServiceTime, readWindow, type Watch } from './readChanges';
import { loadPosition, storePosition } from './storedPosition';

/**
 * One poll. In manual mode (the editor's "Fetch Test Event") it shows the newest record and
 * leaves the position alone. Otherwise the first poll only records where "now" is; every later
 * poll reads the records changed since the stored position and emits those not emitted before.
 * The position is written once, after the whole read succeeded: a poll that fails on any page
 * throws before that, emits nothing, and the next poll reads the same window again.
 */
export async function pollChanges(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const { row, watch, watching } = readParameters(this);
	forgetCredentialView(this);

	if (this.getMode() === 'manual') {
		const canSort = row.sort?.includes(watch.timeField) ?? false;
		const newest = await readNewest(this, watch, canSort);
		return newest ? [this.helpers.returnJsonArray([newest])] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const stored = loadPosition(staticData, watching);
	if (!stored) {
		const reading = performance.now();
		const serverTime = await readServiceTime(this, watch);
		const read = await readWindow(this, watch, serverTime - OVERLAP_MS);
		storePosition(staticData, watching, read.business, startAt(serverTime, read, performance.now() - reading));
		return null;
	}

	const read = await readWindow(this, watch, stored.position.since);
	if (stored.business !== null && read.business !== null && read.business !== stored.business) {
		// The lead business changed under "Lead Business": the old position means nothing there.
		storePosition(staticData, watching, read.business, startAt(read.serverTime, read));
		return null;
	}
	const { emit, next } = advance(stored.position, read);
	storePosition(staticData, watching, read.business ?? stored.business, next);
	return emit.length ? [this.helpers.returnJsonArray(emit.map((change) => change.record))] : null;
}

function readParameters(context: IPollFunctions): { row: CollectionDefinition; watch: Watch; watching: string } {
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
	const business = businessIdFrom(context.getNodeParameter('business', LEAD_BUSINESS, { extractValue: true }), fail);
	const fullRecords = context.getNodeParameter('fullRecords', false) === true;
	const requestOptions = (context.getNodeParameter('requestOptions', {}) ?? {}) as IDataObject;
	const retry = retryPolicyFrom(requestOptions, fail);
	const pace = readPaceFrom(requestOptions, fail);

	return {
		row,
		watch: {
			path: `/${row.path}`,
			business,
			retry,
			pace,
			attributes: fullRecords ? 'all' : event === 'deleted' ? 'deleted_at' : 'created_at,updated_at',
			timeField: EVENT_TIME_FIELD[event],
			sinceQuery: event === 'deleted' ? 'deleted_since' : 'updated_or_created_since',
		},
		watching: `${row.resource}|${event}|${business ?? LEAD_BUSINESS}`,
	};
}
