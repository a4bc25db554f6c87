import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { executionCache } from '../../state';
import { apiRequestAllItems } from '../../transport';
import type { RetryPolicy } from '../../transport/retry';

/** Tax rate id → its percentage (undefined when the rate has none, such as a combined US rate). */
export type TaxPercentages = Map<string, number | undefined>;

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
	const cache = executionCache<Promise<TaxPercentages>>(this, 'taxRates');
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
