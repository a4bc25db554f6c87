import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../AccountingService/transport';
import { OWING_STATUSES } from './invoiceEvents';
import { serviceTime, type Watch } from './readChanges';

/**
 * Every invoice that still owes something, for the day's overdue judgement: one read per owing
 * status (the service filters by one `status_id` at a time, and not by due date), each read as
 * Get Many reads a list (transport/read.ts: pages of 200, and a list that moves while it is paged
 * read again). The three reads go one after the other, within the business's request budget.
 * `at` is the service's clock at the first of them (its `Date`): what was created since is not
 * known to have been judged.
 */
export async function readOwingInvoices(
	context: IPollFunctions,
	watch: Watch,
): Promise<{ records: IDataObject[]; at: number }> {
	const records: IDataObject[] = [];
	let at = Infinity;
	for (const status of OWING_STATUSES) {
		const read = await apiRequestAllItems.call(context, {
			path: watch.path,
			qs: { status_id: status, attributes: watch.attributes },
			business: watch.business,
			retry: watch.retry,
			pace: watch.pace,
		});
		records.push(...read.body);
		at = Math.min(at, serviceTime(context, read));
	}
	return { records, at };
}
