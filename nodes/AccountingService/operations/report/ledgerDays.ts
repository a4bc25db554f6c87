import type { ParameterReader } from '../../actions/parameters';
import { openingDay, type Books, type DateRange } from '../../reports/period';
import {
	COMPARISONS,
	comparisonRange,
	MAX_PERIODS,
	monthsTouched,
	periodComparison,
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
	/** The whole range's comparison (the range before it, or a year before): a Table's compared total. */
	wholeComparison: DateRange | null;
	split: SplitBy;
}

export const splitByOf = (parameters: ParameterReader): SplitBy =>
	parameters.choice<SplitBy>('Split By', parameters.string('splitBy', 'Split By', 'none'), SPLITS);

export const compareWithOf = (parameters: ParameterReader): CompareWith =>
	parameters.choice<CompareWith>('Compare With', parameters.string('compareWith', 'Compare With', 'none'), COMPARISONS);

/**
 * A report whose first period ends before the books start would answer zeros for days the books
 * do not hold: refused. A range that straddles the start is answered when its first period holds
 * the start (the days before it hold nothing but, for a Balance Sheet, the opening balances);
 * a Balance Sheet's first period may end on the opening day, the opening balance sheet.
 */
function refuseBeforeBooks(
	periods: ReportPeriod[],
	books: Books,
	taken: 'period' | 'asAt',
	fail: (problem: string) => never,
) {
	const start = books.accountsStart;
	const earliest = taken === 'asAt' ? openingDay(books) : start;
	const first = periods[0];
	if (!start || !earliest || first.to >= earliest) return;
	const last = periods[periods.length - 1];
	const what =
		last.to < earliest
			? `${first.from} to ${last.to} is`
			: `the first period, ${first.name} (${first.from} to ${first.to}), is`;
	const opening =
		taken === 'asAt' ? `; a balance sheet may be as at the day before, ${earliest}, the opening balances` : '';
	fail(
		`${what} before the books start (${start}, the accounts start date in the business’s financial settings${opening}); start the range in the period that holds ${earliest}`,
	);
}

/**
 * A range of days cut by Split By; what can be checked without the settings is checked now, the
 * rest (the books' start, the year end) once the settings are read.
 */
export function readSplitPeriod(
	parameters: ParameterReader,
	split: SplitBy,
	taken: 'period' | 'asAt' = 'period',
): ReportDays<ReportPeriod[]> {
	const days = readPeriod(parameters, taken === 'asAt' ? 'openingDay' : 'accountsStart');
	if (days.known && split === 'month' && monthsTouched(days.known) > MAX_PERIODS) {
		parameters.fail(
			'Split By',
			`${days.known.from} to ${days.known.to} gives ${monthsTouched(days.known)} months, more than ${MAX_PERIODS} periods; choose a shorter range or split by Quarter or Year`,
		);
	}
	return {
		settle(books, today) {
			const range = days.settle(books, today);
			const periods = splitRange(range, split, books.yearEnd, (problem) => parameters.fail('Split By', problem));
			refuseBeforeBooks(periods, books, taken, (problem) =>
				parameters.fail(days.known ? 'From Date' : 'Period', problem),
			);
			return periods;
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
	const compared = (periods: ReportPeriod[], books: Books): LedgerPlan => {
		if (compare === 'none') return { periods, comparisons: null, wholeComparison: null, split };
		const whole = { from: periods[0].from, to: periods[periods.length - 1].to };
		return {
			periods,
			comparisons: periods.map((period) => periodComparison(period, split, compare, books.yearEnd, taken === 'asAt')),
			wholeComparison: comparisonRange(whole, compare, books.yearEnd),
			split,
		};
	};
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
	const periods = readSplitPeriod(parameters, split, taken);
	return { settle: (books, today) => compared(periods.settle(books, today), books) };
}
