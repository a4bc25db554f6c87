import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { oncePerNodeRun } from '../../state';
import { apiRequest, apiRequestAllItems } from '../../transport';
import type { RetryPolicy } from '../../transport/retry';
import { readKey } from './lookupQueries';

/** A tax rate's percentage over a span of days (`to` undefined: still in force). */
interface DatedPercentage {
	percentage: number;
	from?: string;
	to?: string;
}

/**
 * A tax rate's percentages: the current one (undefined when the rate has none, such as a combined
 * US rate) and the dated ones the service lists (`percentages`), so that a document is taxed at
 * the rate in force on its date.
 */
export interface TaxRatePercentages {
	current: number | undefined;
	dated: DatedPercentage[];
}

/** Tax rate id → its percentages. */
export type TaxPercentages = Map<string, TaxRatePercentages>;

const numberOf = (value: unknown) => {
	const number = typeof value === 'string' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
const dayOf = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined);

/**
 * The percentage of a rate in force on `day` (YYYY-MM-DD): the dated percentage whose days hold
 * it, else the current one (a day before the first dated one, a rate without dates, no day).
 */
export function percentageOn(rate: TaxRatePercentages, day: string | undefined): number | undefined {
	if (day === undefined) return rate.current;
	const inForce = rate.dated.find(
		(dated) => (dated.from === undefined || dated.from <= day) && (dated.to === undefined || day <= dated.to),
	);
	return inForce?.percentage ?? rate.current;
}

/**
 * The percentages of a business's tax rates: `GET /tax_rates?attributes=percentage,percentages`,
 * every page, once per node run and business, however many items and lines need them. A failed
 * read is not kept, so the next item asks again.
 */
export async function taxPercentages(
	this: IExecuteFunctions,
	business: string | undefined,
	scope: { itemIndex: number; retry: RetryPolicy },
): Promise<TaxPercentages> {
	return await oncePerNodeRun(this, 'taxRates', readKey(business, '/tax_rates'), async () => {
		const response = await apiRequestAllItems.call(this, {
			path: '/tax_rates',
			qs: { attributes: 'percentage,percentages' },
			business,
			...scope,
		});
		const rates: TaxPercentages = new Map();
		for (const rate of response.body as IDataObject[]) {
			const dated = (Array.isArray(rate.percentages) ? (rate.percentages as IDataObject[]) : []).flatMap((entry) => {
				const percentage = numberOf(entry?.percentage);
				return percentage === undefined ? [] : [{ percentage, from: dayOf(entry.from_date), to: dayOf(entry.to_date) }];
			});
			rates.set(String(rate.id), { current: numberOf(rate.percentage), dated });
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
