import type { IDataObject } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import type { ParameterReader } from '../../actions/parameters';
import { describeValue } from '../../helpers/values';
import { addDays } from '../../reports/calendar';
import {
	forecast,
	forecastPeriods,
	FORECAST_UNITS,
	MAX_HORIZON,
	OVERDUE_AS,
	type Adjustment,
	type ForecastUnit,
	type OverdueAs,
} from '../../reports/forecast';
import { refuseBeforeBooks } from '../../reports/period';
import { runsAsTool } from '../../tool/mode';
import { resourceOperation } from '../define';
import { readBooks, todayOf } from './books';
import { readAdjustments } from './forecastAdjustments';
import {
	detailRows,
	FORECAST_OUTPUTS,
	forecastSummary,
	forecastTable,
	periodRow,
	type ForecastContext,
	type ForecastOutput,
} from './forecastItems';
import { forecastProperties } from './forecastProperties';
import { EXPECTED_DAYS, readCashAt, readExpectedFlows, type ExpectedDay } from './forecastReads';

/** What the parameters say, every one checked before any request. */
function readForecastParameters(parameters: ParameterReader) {
	const forecastBy = parameters.choice<ForecastUnit>(
		'Forecast By',
		parameters.string('forecastBy', 'Forecast By', 'week'),
		FORECAST_UNITS,
	);
	const given = parameters.value('horizon', 13);
	// An expression (a sheet's cell) may give the number as text.
	const horizon = typeof given === 'string' && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
	const most = MAX_HORIZON[forecastBy];
	if (typeof horizon !== 'number' || !Number.isInteger(horizon) || horizon < 1 || horizon > most) {
		parameters.fail(
			'Periods',
			`must be a whole number from 1 to ${most} ${forecastBy}s, got ${describeValue(horizon)}`,
		);
	}
	const start = parameters.string('startDate', 'Start Date', '').trim();
	return {
		forecastBy,
		horizon,
		start: start ? parameters.day('startDate', 'Start Date') : undefined,
		expectedDay: parameters.choice<ExpectedDay>(
			'Expected Day',
			parameters.string('expectedDay', 'Expected Day', 'dueDate'),
			EXPECTED_DAYS,
		),
		overdueAs: parameters.choice<OverdueAs>(
			'Overdue',
			parameters.string('overdue', 'Overdue', 'firstPeriod'),
			OVERDUE_AS,
		),
		includeDocuments: parameters.flag('includeDocuments', 'Include Documents', false),
		adjustmentsFrom: parameters.choice('Adjustments', parameters.string('adjustmentsFrom', 'Adjustments', 'none'), [
			'none',
			'inputItems',
		] as const),
		output: parameters.choice<ForecastOutput>(
			'Output',
			parameters.string('output', 'Output', 'rows'),
			FORECAST_OUTPUTS,
		),
	};
}

/** The forecast's items: its rows, summary or table; an AI tool gets the summary, every period, then the documents. */
function forecastItems(context: ForecastContext, output: ForecastOutput, asTool: boolean, includeDocuments: boolean) {
	const { lines } = context.forecast;
	const summary = forecastSummary(context);
	if (asTool) {
		// Every period is kept however small the answer's limit: they carry no row_type, as summaries do.
		const periods = lines.map((line) => {
			const { row_type: kind, ...row } = periodRow(line, context.currency);
			return { ...row, overdue: kind === 'overdue' };
		});
		return [
			summary,
			...periods,
			...(includeDocuments ? lines.flatMap((line) => detailRows(line, context.currency)) : []),
		];
	}
	if (output === 'summary') return [summary];
	if (output === 'table') return forecastTable(context);
	return lines.flatMap((line): IDataObject[] => [
		periodRow(line, context.currency),
		...(includeDocuments ? detailRows(line, context.currency) : []),
	]);
}

export const cashFlowForecast = resourceOperation({
	resource: 'report',
	value: 'cashFlowForecast',
	acrossBusinesses: true,
	option: {
		name: 'Cash Flow Forecast',
		description:
			'The bank balance week by week or month by month ahead: open sales and purchase documents by their expected day, with adjustments from input items',
		action: 'Cash flow forecast: the bank balance ahead, by week or month',
	},
	properties: forecastProperties,
	async execute(parameters, itemIndex) {
		const chosen = readForecastParameters(parameters);
		let adjustments: Adjustment[] = [];
		if (chosen.adjustmentsFrom === 'inputItems') {
			// One forecast of every item's adjustment, with the first item's settings.
			if (itemIndex > 0) return [];
			adjustments = readAdjustments(this);
		}
		const today = todayOf(this);
		const start = chosen.start ?? today;
		const periods = forecastPeriods(start, chosen.forecastBy, chosen.horizon);
		const asTool = runsAsTool(this);
		return await acrossBusinesses.call(this, parameters, async (business) => {
			const books = await readBooks.call(this, parameters, business);
			const dayBefore = addDays(start, -1);
			refuseBeforeBooks(
				dayBefore,
				books,
				'the day before the forecast starts,',
				(problem) => parameters.fail('Start Date', problem),
				'openingDay',
			);
			const [cash, flows] = await Promise.all([
				readCashAt.call(this, parameters, business, dayBefore),
				readExpectedFlows.call(this, parameters, business, {
					asAt: dayBefore,
					today,
					expectedDay: chosen.expectedDay,
				}),
			]);
			const context: ForecastContext = {
				forecast: forecast({ opening: cash.cents, periods, flows, adjustments, overdueAs: chosen.overdueAs }),
				currency: books.currency,
				forecastBy: chosen.forecastBy,
				expectedDay: chosen.expectedDay,
				bankAccounts: cash.accounts,
			};
			return forecastItems(context, chosen.output, asTool, chosen.includeDocuments).map((json) => ({ json }));
		});
	},
});
