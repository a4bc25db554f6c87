import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';
import type { RetryPolicy } from '../../transport/retry';

/** Tax rate id → its percentage (undefined when the rate has none, such as a combined US rate). */
export type TaxPercentages = Map<string, number | undefined>;

/** The executions whose tax rates are held; the oldest is forgotten beyond this many. */
const EXECUTIONS_KEPT = 16;

/** Per execution, per business ('' = lead): the business's tax rates, read once. */
const byExecution = new Map<string, Map<string, Promise<TaxPercentages>>>();
/** Where n8n gives no execution id: per node run. */
const byContext = new WeakMap<IExecuteFunctions, Map<string, Promise<TaxPercentages>>>();

function cacheOf(context: IExecuteFunctions): Map<string, Promise<TaxPercentages>> {
	const executionId = context.getExecutionId?.();
	if (!executionId) {
		const cache = byContext.get(context) ?? new Map<string, Promise<TaxPercentages>>();
		byContext.set(context, cache);
		return cache;
	}
	let cache = byExecution.get(executionId);
	if (!cache) {
		cache = new Map();
		byExecution.set(executionId, cache);
		if (byExecution.size > EXECUTIONS_KEPT) byExecution.delete(byExecution.keys().next().value as string);
	}
	return cache;
}

/**
 * The percentages of a business's tax rates: `GET /tax_rates?attributes=percentage`, every page,
 * once per execution and business, however many items and lines need them. A failed read is not
 * kept, so the next item asks again.
 */
export async function taxPercentages(
	this: IExecuteFunctions,
	business: string | undefined,
	scope: { itemIndex: number; retry: RetryPolicy },
): Promise<TaxPercentages> {
	const cache = cacheOf(this);
	const key = business ?? '';
	let pending = cache.get(key);
	if (!pending) {
		pending = apiRequestAllItems
			.call(this, { path: '/tax_rates', qs: { attributes: 'percentage' }, business, ...scope })
			.then((response) => {
				const rates: TaxPercentages = new Map();
				for (const rate of response.body as IDataObject[]) {
					const percentage = typeof rate.percentage === 'string' ? Number(rate.percentage) : rate.percentage;
					rates.set(
						String(rate.id),
						typeof percentage === 'number' && Number.isFinite(percentage) ? percentage : undefined,
					);
				}
				return rates;
			});
		cache.set(key, pending);
		pending.catch(() => cache.delete(key));
	}
	return await pending;
}
