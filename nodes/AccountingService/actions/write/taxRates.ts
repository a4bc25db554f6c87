import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { oncePerNodeRun } from '../../state';
import { apiRequest, apiRequestAllItems } from '../../transport';
import type { RetryPolicy } from '../../transport/retry';
import { readKey } from './lookupQueries';

/** Tax rate id → its percentage (undefined when the rate has none, such as a combined US rate). */
export type TaxPercentages = Map<string, number | undefined>;

/**
 * The percentages of a business's tax rates: `GET /tax_rates?attributes=percentage`, every page,
 * once per node run and business, however many items and lines need them. A failed read is not
 * kept, so the next item asks again.
 */
export async function taxPercentages(
	this: IExecuteFunctions,
	business: string | undefined,
	scope: { itemIndex: number; retry: RetryPolicy },
): Promise<TaxPercentages> {
	return await oncePerNodeRun(this, 'taxRates', readKey(business, '/tax_rates'), async () => {
		const response = await apiRequestAllItems.call(this, {
			path: '/tax_rates',
			qs: { attributes: 'percentage' },
			business,
			...scope,
		});
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
}

/**
 * The tax rate a ledger account gives a document line that names none (its default, as the
 * service applies it): `GET /ledger_accounts/{id}?attributes=tax_rate`, once per node run,
 * business and account. Undefined when the account has no default rate.
 */
export async function ledgerAccountTaxRate(
	this: IExecuteFunctions,
	account: string,
	business: string | undefined,
	scope: { itemIndex: number; retry: RetryPolicy },
): Promise<string | undefined> {
	return await oncePerNodeRun(this, 'lookups', readKey(business, '/ledger_accounts', account, 'tax_rate'), async () => {
		const { body } = await apiRequest.call(this, {
			path: `/ledger_accounts/${encodeURIComponent(account)}`,
			qs: { attributes: 'tax_rate' },
			business,
			...scope,
		});
		const rate = (body.tax_rate as IDataObject | null | undefined)?.id;
		return typeof rate === 'string' && rate ? rate : undefined;
	});
}
