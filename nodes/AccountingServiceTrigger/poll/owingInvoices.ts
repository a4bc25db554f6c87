import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiRequestAllItemsTogether, DEFAULT_READ_PACE } from '../../AccountingService/transport';
import { OWING_STATUSES } from './invoiceEvents';
import { serviceTime, type Watch } from './readChanges';

/**
 * Every invoice that still owes something, for the day's overdue judgement: one list per owing
 * status (the service filters by one `status_id` at a time, and not by due date), read side by
 * side as Get Many reads lists (transport/read.ts: pages of 200; the three share one check of
 * what changed after them all, and a list that moved is read again). An invoice whose status
 * changed between two lists' reads may be in both (judgeDay judges it once). `at` is the
 * service's clock at the first of them (its `Date`): what was created since is not known to have
 * been judged.
 */
export async function readOwingInvoices(
	context: IPollFunctions,
	watch: Watch,
): Promise<{ records: IDataObject[]; at: number }> {
	const reads = await apiRequestAllItemsTogether.call(
		context,
		OWING_STATUSES.map((status) => ({
			path: watch.path,
			qs: { status_id: status, attributes: watch.attributes },
			business: watch.business,
			retry: watch.retry,
			pace: watch.pace,
		})),
		(watch.pace ?? DEFAULT_READ_PACE).concurrency,
	);
	return {
		records: reads.flatMap((read) => read.body),
		at: Math.min(...reads.map((read) => serviceTime(context, read))),
	};
}
