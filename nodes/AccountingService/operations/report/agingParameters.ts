import type { ParameterReader } from '../../actions/parameters';
import { toWholeNumber } from '../../helpers/values';
import { AGING_LIMITS, DEFAULT_AGING, type AgingPeriods } from '../../reports/aging';

/** Aging Period (Days) and Aging Periods, checked before any request. */
export function readAgingPeriods(parameters: ParameterReader): AgingPeriods {
	const whole = (name: string, label: string, fallback: number, { min, max }: { min: number; max: number }) => {
		const refuse = (problem: string): never => parameters.fail(label, problem);
		const value = toWholeNumber(parameters.value(name, fallback), refuse, { fromText: true });
		if (value < min || value > max) refuse(`must be from ${min} to ${max}, got ${value}`);
		return value;
	};
	return {
		days: whole('agingPeriodDays', 'Aging Period (Days)', DEFAULT_AGING.days, AGING_LIMITS.days),
		count: whole('agingPeriods', 'Aging Periods', DEFAULT_AGING.count, AGING_LIMITS.count),
	};
}
