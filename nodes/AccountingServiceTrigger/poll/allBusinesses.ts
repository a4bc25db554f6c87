import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import {
	BUSINESSES_AT_ONCE,
	businessColumns,
	listBusinesses,
	type Business,
} from '../../AccountingService/actions/acrossBusinesses';
import { runItems } from '../../AccountingService/actions/itemRunner';
import { newestRows, pollBusiness, watchingKey, type Settings } from './pollChanges';

/**
 * The trigger over All Businesses. Each business the account reaches has a position of its own
 * in the static data (`businesses[id]`, the same stored position one business keeps), polled
 * side by side. A business the account gains starts as Start From says; one it loses is dropped.
 * A business whose read fails keeps its position and is read again next poll — nothing lost,
 * nothing repeated — while the others' changes are output; the failure is logged every poll and
 * output once as a `change_type: "error"` item naming the business. When every business fails,
 * the poll fails as a single business's would.
 */

/** What the static data keeps per business: its stored position, and the failure it last reported. */
type Slot = IDataObject & { failing?: string };

const KEY = 'businesses';

/** The same settings for one business: its requests carry its id, its position its own key. */
function forBusiness(settings: Settings, business: Business): Settings {
	return {
		...settings,
		watches: settings.watches.map((watch) => ({ ...watch, business: business.id })),
		watching: watchingKey(settings, business.id),
	};
}

export async function pollAllBusinesses(
	context: IPollFunctions,
	settings: Settings,
): Promise<INodeExecutionData[][] | null> {
	const { retry, pace } = settings.watches[0];
	const businesses = await listBusinesses.call(context, { retry, pace });
	if (context.getMode() === 'manual') {
		const outcomes = await runItems({
			count: businesses.length,
			concurrency: BUSINESSES_AT_ONCE,
			run: async (index) => await newestRows(context, forBusiness(settings, businesses[index])),
			stopOnFailure: false,
		});
		const rows = outcomes.flatMap((outcome, index) =>
			outcome?.ok ? outcome.value.map((row) => ({ ...businessColumns(businesses[index]), ...row })) : [],
		);
		return rows.length ? [context.helpers.returnJsonArray(rows)] : null;
	}

	const staticData = context.getWorkflowStaticData('node');
	const kept = (staticData[KEY] ?? {}) as Record<string, Slot>;
	const outcomes = await runItems({
		count: businesses.length,
		concurrency: BUSINESSES_AT_ONCE,
		run: async (index) => {
			const business = businesses[index];
			// A copy: a poll that fails half-way leaves the business's kept position as it was.
			const slot = JSON.parse(JSON.stringify(kept[business.id] ?? {})) as Slot;
			delete slot.failing;
			const rows = await pollBusiness(context, forBusiness(settings, business), slot);
			return { slot, rows };
		},
		stopOnFailure: false,
	});

	const next: Record<string, Slot> = {};
	const rows: IDataObject[] = [];
	const failures: unknown[] = [];
	for (const [index, outcome] of outcomes.entries()) {
		const business = businesses[index];
		if (outcome?.ok) {
			next[business.id] = outcome.value.slot;
			rows.push(...outcome.value.rows.map((row) => ({ ...businessColumns(business), ...row })));
			continue;
		}
		const error = outcome?.error;
		failures.push(error);
		const message = `Business "${business.name}" (${business.id}): ${error instanceof Error ? error.message : String(error)}`;
		context.logger.warn(`Sage Accounting Trigger: ${message}; its changes are read again next poll`);
		const before = kept[business.id];
		if (before?.failing !== message) rows.push({ ...businessColumns(business), change_type: 'error', error: message });
		next[business.id] = { ...(before ?? {}), failing: message };
	}
	if (businesses.length > 0 && failures.length === businesses.length) throw failures[0];
	staticData[KEY] = next as unknown as IDataObject;
	return rows.length ? [context.helpers.returnJsonArray(rows)] : null;
}
