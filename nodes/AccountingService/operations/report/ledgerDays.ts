import type { ParameterReader } from '../../actions/parameters';
import type { Books, DateRange } from '../../reports/period';
import {
	COMPARISONS,
	comparisonRange,
	MAX_PERIODS,
	monthsTouched,
	SPLITS,
	splitRange,
	type CompareWith,
	type ReportPeriod,
	type SplitBy,
} from '../../reports/split';
import { readAsAt, readPeriod, type ReportDays } from './days';

/** The periods a ledger report covers, in date order, and the period each is compared with. */
export interface LedgerPlan {
	periods: ReportPeriod[];
	/** Beside each period, its comparison period; null without Compare With. */
	comparisons: DateRange[] | null;
	split: SplitBy;
}

export const splitByOf = (parameters: ParameterReader): SplitBy =>
	parameters.choice<SplitBy>('Split By', parameters.string('splitBy', 'Split By', 'none'), SPLITS);

export const compareWithOf = (parameters: ParameterReader): CompareWith =>
	parameters.choice<CompareWith>('Compare With', parameters.string('compareWith', 'Compare With', 'none'), COMPARISONS);

/** A range of days cut by Split By; what can be checked without the settings is checked now. */
export function readSplitPeriod(parameters: ParameterReader, split: SplitBy): ReportDays<ReportPeriod[]> {
	const days = readPeriod(parameters);
	if (days.known && split === 'month' && monthsTouched(days.known) > MAX_PERIODS) {
		parameters.fail(
			'Split By',
			`${days.known.from} to ${days.known.to} gives ${monthsTouched(days.known)} months, more than ${MAX_PERIODS} periods; choose a shorter range or split by Quarter or Year`,
		);
	}
	return {
		settle(books, today) {
			const range = days.settle(books, today);
			return splitRange(range, split, books.yearEnd, (problem) => parameters.fail('Split By', problem));
		},
	};
}

/**
 * Profit and Loss: a period, split or not. The Balance Sheet: a day (As At), or a range split into
 * periods, each as at its last day.
 */
export function readLedgerPlan(parameters: ParameterReader, taken: 'period' | 'asAt'): ReportDays<LedgerPlan> {
	const split = splitByOf(parameters);
	const compare = compareWithOf(parameters);
	const compared = (periods: ReportPeriod[], books: Books): LedgerPlan => ({
		periods,
		comparisons: compare === 'none' ? null : periods.map((period) => comparisonRange(period, compare, books.yearEnd)),
		split,
	});
	if (taken === 'asAt' && split === 'none') {
		if (compare === 'previousPeriod') {
			parameters.fail(
				'Compare With',
				'a balance sheet as at one day has no period before it to compare with; choose Same Period Last Year (the same day a year before), or a Split By and a range',
			);
		}
		const day = readAsAt(parameters);
		return {
			settle(books, today) {
				const asAt = day.settle(books, today);
				return compared([{ from: asAt, to: asAt, name: asAt }], books);
			},
		};
	}
	const periods = readSplitPeriod(parameters, split);
	return { settle: (books, today) => compared(periods.settle(books, today), books) };
}
