import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { serviceDateTime } from '../../AccountingService/helpers/parameterValues';
import { apiRequestAllItems } from '../../AccountingService/transport';
import type { Watch } from './readChanges';

/** What settles an invoice: a payment (or refund) set against it, or a credit note allocated to it. */
const SETTLING = ['/contact_payments', '/contact_allocations'];

/**
 * The invoices that a payment or an allocation created at or after `since` (the service's clock)
 * settles part of: each owed at least that much just before it was created, so one of them paid
 * in full now reached 0 after `since`. A payment created earlier and corrected since (its
 * reference, its bank) settles nothing new, and does not count. Each list read whole, as Get Many
 * reads it (transport/read.ts), from the change feed since `since`.
 */
export async function settledSince(context: IPollFunctions, watch: Watch, since: number): Promise<Set<string>> {
	const reads = await Promise.all(
		SETTLING.map(
			async (path) =>
				await apiRequestAllItems.call(context, {
					path,
					qs: {
						updated_or_created_since: serviceDateTime(new Date(since)),
						attributes: 'created_at,allocated_artefacts',
					},
					business: watch.business,
					retry: watch.retry,
					pace: watch.pace,
				}),
		),
	);
	const settled = new Set<string>();
	for (const record of reads.flatMap((read) => read.body)) {
		if (!(Date.parse(String(record.created_at ?? '')) >= since)) continue;
		const lines = Array.isArray(record.allocated_artefacts) ? (record.allocated_artefacts as IDataObject[]) : [];
		for (const line of lines) {
			const artefact = line.artefact as IDataObject | null | undefined;
			if (typeof artefact?.id === 'string' && Number(line.amount) > 0) settled.add(artefact.id);
		}
	}
	return settled;
}
