import type { ParameterReader } from '../../actions/parameters';
import {
	AS_AT_DAYS,
	asAtDay,
	PERIODS,
	periodRange,
	refuseBeforeBooks,
	type AsAtDay,
	type DateRange,
	type Period,
} from '../../reports/period';
import type { BusinessBooks } from './books';

/**
 * The days a report covers: what the parameters say is checked before any request; what depends
 * on the business's financial year is settled once its settings are read.
 */
export interface ReportDays<T> {
	settle(books: BusinessBooks, today: string): T;
	/** The days when the parameters alone give them (Custom): checked before any request. */
	known?: T;
}

/**
 * Profit and Loss: a period; a split Balance Sheet's may end on the opening day, the day before the
 * books start (`earliest`), whose balance sheet is the opening one.
 */
export function readPeriod(
	parameters: ParameterReader,
	earliest: 'accountsStart' | 'openingDay' = 'accountsStart',
): ReportDays<DateRange> {
	const period = parameters.choice<Period>('Period', parameters.string('period', 'Period', 'lastMonth'), PERIODS);
	if (period === 'custom') {
		const from = parameters.day('fromDate', 'From Date');
		const to = parameters.day('toDate', 'To Date');
		if (from > to) parameters.fail('To Date', `${to} is before From Date ${from}`);
		return { settle: () => ({ from, to }), known: { from, to } };
	}
	return {
		settle(books, today) {
			const refuse = (problem: string): never => parameters.fail('Period', problem);
			const range = periodRange(period, today, books, refuse);
			refuseBeforeBooks(range.to, books, `the period ends on`, refuse, earliest);
			return range;
		},
	};
}

/** The Balance Sheet and the aged reports: a day. */
export function readAsAt(parameters: ParameterReader): ReportDays<string> {
	const choice = parameters.choice<AsAtDay>('As At', parameters.string('reportDate', 'As At', 'today'), AS_AT_DAYS);
	const custom = choice === 'custom' ? parameters.day('asAt', 'As At Date') : undefined;
	return {
		settle(books, today) {
			const label = custom === undefined ? 'As At' : 'As At Date';
			const refuse = (problem: string): never => parameters.fail(label, problem);
			const day = custom ?? asAtDay(choice as Exclude<AsAtDay, 'custom'>, today, books, refuse);
			refuseBeforeBooks(day, books, 'the day', refuse, 'openingDay');
			return day;
		},
	};
}
