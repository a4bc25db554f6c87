import type { IDataObject } from 'n8n-workflow';

import { DECIMALS, KEY_FIGURES, type FigureDefinition } from '../../reports/keyFigures';
import type { DateRange } from '../../reports/period';
import type { ReportPeriod } from '../../reports/split';
import { percentOf } from './ledgerItems';

export const KEY_FIGURE_OUTPUTS = ['summary', 'rows', 'table'] as const;
export type KeyFigureOutput = (typeof KEY_FIGURE_OUTPUTS)[number];

/** Each period's figures (money in cents), and its comparison's beside them under Compare With. */
export interface FigureColumns {
	periods: ReportPeriod[];
	comparisons: DateRange[] | null;
	figuresOf(range: DateRange): Record<string, number | null>;
	currency: string | null;
}

/** A figure in whole units of its last decimal place (cents for money, hundredths of a percent, …). */
const unitsOf = (definition: FigureDefinition, value: number | null) =>
	value === null || definition.unit === 'money' ? value : Math.round(value * 10 ** DECIMALS[definition.unit]);

const shown = (definition: FigureDefinition, units: number | null) =>
	units === null ? null : units / (definition.unit === 'money' ? 100 : 10 ** DECIMALS[definition.unit]);

/** A figure and, beside its comparison, the compared value, the change and the change in percent of the compared size. */
function figureCells(definition: FigureDefinition, now: number | null, earlier: number | null | undefined) {
	const value = unitsOf(definition, now);
	if (earlier === undefined) return { value: shown(definition, value) };
	const before = unitsOf(definition, earlier);
	const change = value === null || before === null ? null : value - before;
	return {
		value: shown(definition, value),
		compared: shown(definition, before),
		change: shown(definition, change),
		change_percent: change === null ? null : percentOf(change, Math.abs(before!)),
	};
}

const periodDays = (columns: FigureColumns, index: number): IDataObject => {
	const period = columns.periods[index];
	const comparison = columns.comparisons?.[index];
	return {
		from_date: period.from,
		to_date: period.to,
		...(comparison ? { compared_from_date: comparison.from, compared_to_date: comparison.to } : {}),
	};
};

function cellsOf(columns: FigureColumns, index: number) {
	const now = columns.figuresOf(columns.periods[index]);
	const comparison = columns.comparisons?.[index];
	const earlier = comparison ? columns.figuresOf(comparison) : undefined;
	return KEY_FIGURES.map((definition) => ({
		definition,
		cells: figureCells(definition, now[definition.key], earlier ? earlier[definition.key] : undefined),
	}));
}

/** One item per period: its days, then every figure by name (with `_compared`, `_change`, `_change_percent`). */
export function figureSummary(columns: FigureColumns, index: number): IDataObject {
	const summary: IDataObject = { ...periodDays(columns, index), currency: columns.currency };
	for (const { definition, cells } of cellsOf(columns, index)) {
		summary[definition.key] = cells.value;
		if ('compared' in cells) {
			summary[`${definition.key}_compared`] = cells.compared;
			summary[`${definition.key}_change`] = cells.change;
			summary[`${definition.key}_change_percent`] = cells.change_percent;
		}
	}
	return summary;
}

/** One row per figure of a period, every row with the same columns. */
export function figureRows(columns: FigureColumns, index: number): IDataObject[] {
	return cellsOf(columns, index).map(({ definition, cells }) => ({
		row_type: 'figure',
		figure: definition.key,
		label: definition.label,
		unit: definition.unit,
		...cells,
		...periodDays(columns, index),
		currency: columns.currency,
	}));
}

/** One row per figure, one column per period (followed by its compared, change and change % columns). */
export function figureTable(columns: FigureColumns): IDataObject[] {
	const byPeriod = columns.periods.map((_, index) => cellsOf(columns, index));
	return KEY_FIGURES.map((definition, row) => {
		const line: IDataObject = { label: definition.label };
		columns.periods.forEach((period, index) => {
			const { cells } = byPeriod[index][row];
			line[period.name] = cells.value;
			if ('compared' in cells) {
				line[`${period.name} compared`] = cells.compared;
				line[`${period.name} change`] = cells.change;
				line[`${period.name} change %`] = cells.change_percent;
			}
		});
		return { ...line, figure: definition.key, unit: definition.unit };
	});
}
