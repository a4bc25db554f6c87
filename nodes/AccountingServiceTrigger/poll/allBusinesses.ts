import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	BUSINESSES_AT_ONCE,
	businessColumns,
	listBusinesses,
	type Business,
} from '../../AccountingService/actions/acrossBusinesses';
import { runItems } from '../../AccountingService/actions/itemRunner';
import { hasPosition } from './storedPosition';
import { newestRows, pollBusiness, watchingKey, type Settings } from './pollChanges';

/**
 * The trigger over All Businesses. Each business the account reaches has a position of its own
 * in the static data (`businesses[id]`, the same stored position one business keeps), polled
 * side by side. A business the account gains starts as Start From says; one it loses is dropped.
 * A business whose read fails keeps its position and is read again next poll — nothing lost,
 * nothing repeated — while the others' changes are output; the failure is logged every poll and
 * output once as a `change_type: "error"` item naming the business. A business that fails before
 * it has a position keeps the service's time of that poll, and starts from there once it answers.
 * When every business fails, the poll fails as a single business's would. "Fetch Test Event"
 * shows the newest record of each business and an error item for each that failed; it fails
 * when all fail.
 */

/**
 * What the static data keeps per business: its stored position, the failure it last reported,
 * and, while it has no position, the service's time it would have started at (ISO).
 */
type Slot = IDataObject & { failing?: string; startedAt?: string };

const KEY = 'businesses';

/**
 * The slot kept under a business's ID. IDs are the service's to choose: one named like an
 * object's built-in (`constructor`, `__proto__`) is read as a field of the static data's own, or
 * as nothing, never as what every object inherits.
 */
const slotOf = (kept: Record<string, Slot>, id: string): Slot | undefined =>
	Object.prototype.hasOwnProperty.call(kept, id) ? kept[id] : undefined;

/** The same settings for one business: its requests carry its id, its position its own key. */
function forBusiness(settings: Settings, business: Business): Settings {
	return {
		...settings,
		watches: settings.watches.map((watch) => ({ ...watch, business: business.id })),
		watching: watchingKey(settings, business.id),
		leading: businessColumns(business),
	};
}

const failureOf = (business: Business, error: unknown) =>
	`Business "${business.name}" (${business.id}): ${error instanceof Error ? error.message : String(error)}`;

const errorRow = (business: Business, message: string): IDataObject => ({
	...businessColumns(business),
	change_type: 'error',
	error: message,
});

/** Every business failed: the first one's error, or one naming each when there are several. */
function everyBusinessFailed(context: IPollFunctions, businesses: Business[], errors: unknown[]): unknown {
	if (businesses.length === 1) return errors[0];
	const messages = businesses.map((business, index) => failureOf(business, errors[index]));
	return new NodeOperationError(context.getNode(), `Every business failed. ${messages[0]}`, {
		description: messages.slice(1).join('\n'),
	});
}

export async function pollAllBusinesses(
	context: IPollFunctions,
	settings: Settings,
): Promise<INodeExecutionData[][] | null> {
	const { retry, pace } = settings.watches[0];
	const businesses = await listBusinesses.call(context, { retry, pace });
	if (context.getMode() === 'manual') return await testEvent(context, settings, businesses);

	const staticData = context.getWorkflowStaticData('node');
	const kept = (staticData[KEY] ?? {}) as Record<string, Slot>;
	const outcomes = await runItems({
		count: businesses.length,
		concurrency: BUSINESSES_AT_ONCE,
		run: async (index) => {
			const business = businesses[index];
			// A copy: a poll that fails half-way leaves the business's kept position as it was.
			const slot = JSON.parse(JSON.stringify(slotOf(kept, business.id) ?? {})) as Slot;
			const startedAt = slot.startedAt === undefined ? undefined : Date.parse(slot.startedAt);
			delete slot.failing;
			delete slot.startedAt;
			const poll = await pollBusiness(context, forBusiness(settings, business), slot, startedAt);
			return { slot, ...poll };
		},
		stopOnFailure: false,
	});

	const answered = outcomes.flatMap((outcome) => (outcome?.ok ? [outcome.value.serverTime] : []));
	if (businesses.length > 0 && answered.length === 0) {
		throw everyBusinessFailed(
			context,
			businesses,
			outcomes.map((outcome) => (outcome?.ok === false ? outcome.error : undefined)),
		);
	}
	const pollTime = new Date(Math.min(...answered)).toISOString();
	// Entries, made an object at the end: an assignment to `__proto__` would set its prototype instead.
	const next: Array<[string, Slot]> = [];
	const rows: IDataObject[] = [];
	for (const [index, outcome] of outcomes.entries()) {
		const business = businesses[index];
		if (outcome?.ok) {
			next.push([business.id, outcome.value.slot]);
			rows.push(...outcome.value.rows);
			continue;
		}
		const message = failureOf(business, outcome?.error);
		context.logger.warn(`Sage Accounting Trigger: ${message}; its changes are read again next poll`);
		const before = slotOf(kept, business.id) ?? {};
		if (before.failing !== message) rows.push(errorRow(business, message));
		const positioned = hasPosition(before, forBusiness(settings, business).watching);
		next.push([
			business.id,
			{ ...before, failing: message, ...(positioned ? {} : { startedAt: before.startedAt ?? pollTime }) },
		]);
	}
	staticData[KEY] = Object.fromEntries(next) as unknown as IDataObject;
	return rows.length ? [context.helpers.returnJsonArray(rows)] : null;
}

/** "Fetch Test Event": each business's newest record, and an error item for each business that failed. */
async function testEvent(
	context: IPollFunctions,
	settings: Settings,
	businesses: Business[],
): Promise<INodeExecutionData[][] | null> {
	const outcomes = await runItems({
		count: businesses.length,
		concurrency: BUSINESSES_AT_ONCE,
		run: async (index) => await newestRows(context, forBusiness(settings, businesses[index])),
		stopOnFailure: false,
	});
	const errors = outcomes.map((outcome) => (outcome?.ok === false ? outcome.error : undefined));
	if (businesses.length > 0 && outcomes.every((outcome) => outcome?.ok === false)) {
		throw everyBusinessFailed(context, businesses, errors);
	}
	const rows = outcomes.flatMap((outcome, index) => {
		const business = businesses[index];
		if (!outcome?.ok) return [errorRow(business, failureOf(business, outcome?.error))];
		return outcome.value;
	});
	return rows.length ? [context.helpers.returnJsonArray(rows)] : null;
}
