import type { IDataObject } from 'n8n-workflow';

import { acrossBusinesses } from '../../actions/acrossBusinesses';
import { keyFigures } from '../../reports/keyFigures';
import { runsAsTool } from '../../tool/mode';
import { resourceOperation } from '../define';
import { readBooks, todayOf } from './books';
import { readFigureInputs } from './keyFigureReads';
import {
	figureRows,
	figureSummary,
	figureTable,
	KEY_FIGURE_OUTPUTS,
	type FigureColumns,
	type KeyFigureOutput,
} from './keyFigureItems';
import { readLedgerPlan } from './ledgerDays';
import { outputProperty, profitAndLossDayBlock } from './ledgerProperties';

const keyFigureOutputProperty = {
	...outputProperty([
		{ name: 'Summary', value: 'summary', description: 'One item per period, the figures by name' },
		{ name: 'Rows', value: 'rows', description: 'One row per figure' },
		{ name: 'Table', value: 'table', description: 'One row per figure, one column per period' },
	]),
	default: 'summary',
};

export const keyFiguresReport = resourceOperation({
	resource: 'report',
	value: 'keyFigures',
	acrossBusinesses: true,
	option: {
		name: 'Key Figures',
		description:
			'Revenue, margins, cash, debtors and creditors with their days, current and quick ratios, overdue share and cash runway for a period',
		action: 'Key figures for a period: margins, debtor days, ratios, cash runway',
	},
	shared: [profitAndLossDayBlock],
	properties: [keyFigureOutputProperty],
	async execute(parameters) {
		const days = readLedgerPlan(parameters, 'period');
		const output = parameters.choice<KeyFigureOutput>(
			'Output',
			parameters.string('output', 'Output', 'summary'),
			KEY_FIGURE_OUTPUTS,
		);
		const today = todayOf(this);
		const asTool = runsAsTool(this);
		return await acrossBusinesses.call(this, parameters, async (business) => {
			const books = await readBooks.call(this, parameters, business);
			const plan = days.settle(books, today);
			const ranges = [...plan.periods, ...(plan.comparisons ?? [])];
			const inputsOf = await readFigureInputs.call(this, parameters, business, ranges, today);
			const columns: FigureColumns = {
				periods: plan.periods,
				comparisons: plan.comparisons,
				figuresOf: (range) => keyFigures(inputsOf(range)),
				currency: books.currency,
			};
			const indexes = plan.periods.map((_, index) => index);
			let items: IDataObject[];
			if (asTool) {
				items = [
					...indexes.map((index) => figureSummary(columns, index)),
					...indexes.flatMap((index) => figureRows(columns, index)),
				];
			} else if (output === 'summary') items = indexes.map((index) => figureSummary(columns, index));
			else if (output === 'rows') items = indexes.flatMap((index) => figureRows(columns, index));
			else items = figureTable(columns);
			return items.map((json) => ({ json }));
		});
	},
});
