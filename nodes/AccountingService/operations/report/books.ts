import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { dayIn, leadingDay } from '../../reports/calendar';
import type { Books } from '../../reports/period';
import { processState } from '../../state';
import { apiRequest } from '../../transport';

/** What a report needs of the business's financial settings: its years and its currency. */
export interface BusinessBooks extends Books {
	/** The base currency's code (GBP): every report amount is in it. */
	currency: string | null;
}

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
		accountsStart: leadingDay(settings.accounts_start_date) ?? undefined,
		yearEnd: leadingDay(settings.year_end_date) ?? undefined,
		currency: typeof currency === 'string' ? currency : null,
	};
}

/** The day the workflow runs, in its own time zone, on the clock the package runs on. */
export const todayOf = (context: IExecuteFunctions) => dayIn(context.getTimezone(), processState.clock.now());
