import type { INodeProperties } from 'n8n-workflow';

import { outputProperty } from './ledgerProperties';

const withAdjustments = { show: { adjustmentsFrom: ['inputItems'] } };

/** Report → Cash Flow Forecast: from which day, how far, how each open document is expected. */
export const forecastProperties: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		hint: 'Empty: today',
		description: 'The forecast’s first day; it opens with the bank balance at the end of the day before',
	},
	{
		displayName: 'Forecast By',
		name: 'forecastBy',
		type: 'options',
		options: [
			{ name: 'Week', value: 'week' },
			{ name: 'Month', value: 'month' },
		],
		default: 'week',
	},
	{
		displayName: 'Periods',
		name: 'horizon',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 104 },
		default: 13,
		description: 'How many weeks (up to 104) or months (up to 24) ahead',
	},
	{
		displayName: 'Expected Day',
		name: 'expectedDay',
		type: 'options',
		options: [
			{ name: 'Due Date', value: 'dueDate' },
			{
				name: 'Due Date + Contact’s Days Late',
				value: 'averageDaysLate',
				description: 'Moved by how late the contact paid (or was paid) over the last 12 months',
			},
		],
		default: 'dueDate',
	},
	{
		displayName: 'Overdue',
		name: 'overdue',
		type: 'options',
		options: [
			{ name: 'In the First Period', value: 'firstPeriod' },
			{ name: 'Own Row', value: 'ownRow' },
		],
		default: 'firstPeriod',
		description: 'Where what is already overdue goes',
	},
	{
		displayName: 'Include Documents',
		name: 'includeDocuments',
		type: 'boolean',
		default: false,
		description: 'Whether each period’s row is followed by its documents and adjustments',
	},
	{
		displayName: 'Adjustments',
		name: 'adjustmentsFrom',
		type: 'options',
		options: [
			{ name: 'None', value: 'none' },
			{
				name: 'From Input Items',
				value: 'inputItems',
				description: 'Each input item one known payment or receipt; the forecast runs once',
			},
		],
		default: 'none',
	},
	{
		displayName: 'Adjustment Date',
		name: 'adjustmentDate',
		type: 'string',
		default: '={{ $json.date }}',
		displayOptions: withAdjustments,
	},
	{
		displayName: 'Adjustment Amount',
		name: 'adjustmentAmount',
		type: 'string',
		default: '={{ $json.amount }}',
		hint: 'Positive money in, negative money out',
		displayOptions: withAdjustments,
	},
	{
		displayName: 'Adjustment Label',
		name: 'adjustmentLabel',
		type: 'string',
		default: '={{ $json.label }}',
		displayOptions: withAdjustments,
	},
	outputProperty([
		{ name: 'Rows', value: 'rows', description: 'One row per period' },
		{ name: 'Summary', value: 'summary', description: 'One item: totals, lowest closing' },
		{ name: 'Table', value: 'table', description: 'One column per period' },
	]),
];
