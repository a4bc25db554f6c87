import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { sameFor } from '../../descriptions/blocks';
import { asAtProperties, periodProperties } from './properties';

const SPLIT_BY_PERIOD = ['month', 'quarter', 'year'];

/** Split By: a report over a range, one period after another. */
export const splitByProperty = (noneDescription: string): INodeProperties => ({
	displayName: 'Split By',
	name: 'splitBy',
	type: 'options',
	options: [
		{ name: 'None', value: 'none', description: noneDescription },
		{ name: 'Month', value: 'month', description: 'One period per calendar month' },
		{ name: 'Quarter', value: 'quarter', description: 'One period per quarter of the business’s financial year' },
		{ name: 'Year', value: 'year', description: 'One period per financial year' },
	],
	default: 'none',
	description:
		'Cut the range into periods, in date order; a first or last period the range only partly covers is clipped to it',
});

export const compareWithProperty: INodeProperties = {
	displayName: 'Compare With',
	name: 'compareWith',
	type: 'options',
	options: [
		{ name: 'None', value: 'none' },
		{
			name: 'Previous Period',
			value: 'previousPeriod',
			description: 'Each period beside the one just before it (the month before a month)',
		},
		{
			name: 'Same Period Last Year',
			value: 'samePeriodLastYear',
			description: 'Each period beside the same days a year before',
		},
	],
	default: 'none',
	description: 'Set each period’s figures beside another period’s, with the change and the change in percent',
};

/** A Profit and Loss: its period, Split By and Compare With. */
export const profitAndLossDayProperties: INodeProperties[] = [
	...periodProperties,
	splitByProperty('One period: the whole range'),
	compareWithProperty,
];

/** The Profit and Loss's days, one block for every report of a period that splits and compares (Key Figures). */
export const profitAndLossDayBlock = sameFor(profitAndLossDayProperties);

/** Properties shown only with the given Split By values. */
const onlyWithSplit = (properties: INodeProperties[], splits: string[]): INodeProperties[] =>
	properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, splitBy: splits },
		},
	}));

/** A Balance Sheet as at one day (As At), or split: a range cut into periods, each as at its last day. */
export const balanceSheetDayProperties: INodeProperties[] = [
	splitByProperty('One balance sheet, as at the day chosen in As At'),
	...onlyWithSplit(asAtProperties, ['none']),
	...onlyWithSplit(periodProperties, SPLIT_BY_PERIOD),
	compareWithProperty,
];

/** A report's Output; as an AI tool the answer is always each period's summary first, then as many rows as fit. */
export const outputProperty = (options: INodePropertyOptions[]): INodeProperties => ({
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options,
	default: 'rows',
	displayOptions: { hide: { '@tool': [true] } },
});

/** Rows, Summary or Table: the ledger reports' output. */
export const ledgerOutputProperty = (ofSales: boolean): INodeProperties =>
	outputProperty([
		{
			name: 'Rows',
			value: 'rows',
			description:
				'One row per account, then the subtotal and total rows, in report order, each with its period’s dates: every period’s rows one after another',
		},
		{
			name: 'Summary',
			value: 'summary',
			description: 'One item per period with the report’s named figures, the dates and the currency',
		},
		{
			name: 'Table',
			value: 'table',
			description: `The sheet a person reads: one row per account, subtotal and total, one column per period${ofSales ? ' and a total column' : ''}`,
		},
	]);
