import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { dayIn } from '../../reports/calendar';
import type { Books } from '../../reports/period';
import { processState } from '../../state';
import { apiRequest } from '../../transport';

/** What a report needs of the business's financial settings: its years and its currency. */
export interface BusinessBooks extends Books {
	/** The base currency's code (GBP): every report amount is in it. */
	currency: string | null;
}

const dayOrUndefined = (value: unknown) =>
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/** One read of `/financial_settings`: the only request a report makes besides its figures. */
export async function readBooks(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
): Promise<BusinessBooks> {
	const { body } = await apiRequest.call(this, {
		path: '/financial_settings',
		business,
		...parameters.requestScope(),
	});
	const settings = (body ?? {}) as IDataObject;
	const currency = (settings.base_currency as IDataObject | null | undefined)?.id;
	return {
		accountsStart: dayOrUndefined(settings.accounts_start_date),
		yearEnd: dayOrUndefined(settings.year_end_date),
		currency: typeof currency === 'string' ? currency : null,
	};
}

/** The day the workflow runs, in its own time zone, on the clock the package runs on. */
export const todayOf = (context: IExecuteFunctions) => dayIn(context.getTimezone(), processState.clock.now());
