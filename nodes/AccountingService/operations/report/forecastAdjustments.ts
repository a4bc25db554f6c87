import type { IExecuteFunctions } from 'n8n-workflow';

import { ParameterReader } from '../../actions/parameters';
import type { Adjustment } from '../../reports/forecast';
import { toCents } from '../../reports/money';
import { describeValue, toDay } from '../../helpers/values';

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * Every input item as one adjustment: its Adjustment Date, Amount and Label as each item's
 * expressions give them. An item without a date or an amount, or with one that is not a day or an
 * amount, is refused naming the field and the item, before any request.
 */
export function readAdjustments(context: IExecuteFunctions): Adjustment[] {
	return context.getInputData().map((_, itemIndex): Adjustment => {
		const reader = new ParameterReader(context, itemIndex);
		const where = `input item ${itemIndex}`;
		const date = reader.value('adjustmentDate', '');
		if (isEmpty(date)) reader.fail('Adjustment Date', `${where} has no date; give each item a day as YYYY-MM-DD`);
		const day = toDay(date, (problem) => reader.fail('Adjustment Date', `${where}: ${problem}`));
		const amount = reader.value('adjustmentAmount', '');
		if (isEmpty(amount)) {
			reader.fail('Adjustment Amount', `${where} has no amount; give each item an amount, negative for money out`);
		}
		const cents = toCents(typeof amount === 'string' ? amount.trim() : amount);
		if (cents === undefined) {
			return reader.fail(
				'Adjustment Amount',
				`${where}: expected an amount such as -1250.00 (negative for money out), got ${describeValue(amount)}`,
			);
		}
		const label = reader.value('adjustmentLabel', '');
		return { date: day, amount: cents, label: isEmpty(label) ? null : String(label), itemIndex };
	});
}
