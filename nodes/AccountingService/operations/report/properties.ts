import type { INodeProperties } from 'n8n-workflow';

import { periodDates } from '../../descriptions/common';

/** Report → Profit and Loss: the period, chosen relative to the day the workflow runs. */
export const periodProperties: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		options: [
			{ name: 'Custom', value: 'custom', description: 'From and to the dates you enter' },
			{
				name: 'Last 12 Months',
				value: 'last12Months',
				description: 'The twelve whole months before this one',
			},
			{
				name: 'Last Financial Year',
				value: 'lastFinancialYear',
				description: 'The whole of the previous financial year',
			},
			{ name: 'Last Month', value: 'lastMonth', description: 'The whole of last month' },
			{ name: 'Last Quarter', value: 'lastQuarter', description: 'The quarter of the financial year before this one' },
			{
				name: 'This Financial Year',
				value: 'thisFinancialYear',
				description: 'From the start of the financial year that holds today to its end',
			},
			{ name: 'This Month', value: 'thisMonth', description: 'From the 1st of this month to its last day' },
			{
				name: 'This Quarter',
				value: 'thisQuarter',
				description: 'The quarter of the financial year that holds today',
			},
		],
		default: 'lastMonth',
		description:
			'Which days the report covers, counted from the day the workflow runs in its time zone. Financial years and quarters follow the year end in the business’s financial settings.',
	},
	...periodDates({ show: { period: ['custom'] } }),
];

/** The Balance Sheet and the aged reports: the day they are taken on. */
export const asAtProperties: INodeProperties[] = [
	{
		displayName: 'As At',
		name: 'reportDate',
		type: 'options',
		options: [
			{ name: 'Today', value: 'today', description: 'The day the workflow runs, in its time zone' },
			{ name: 'End of Last Month', value: 'endOfLastMonth', description: 'The last day of last month' },
			{
				name: 'End of Last Financial Year',
				value: 'endOfLastFinancialYear',
				description: 'The last day of the previous financial year, from the business’s financial settings',
			},
			{ name: 'Custom', value: 'custom', description: 'The date you enter' },
		],
		default: 'today',
		description: 'The day the report is taken on',
	},
	{
		displayName: 'As At Date',
		name: 'asAt',
		type: 'dateTime',
		required: true,
		default: '',
		hint: 'Only the day counts',
		displayOptions: { show: { reportDate: ['custom'] } },
	},
];

export const paymentsOnAccountProperty = (who: 'customers' | 'suppliers'): INodeProperties => ({
	displayName: 'Include Payments on Account',
	name: 'includePaymentsOnAccount',
	type: 'boolean',
	default: true,
	description: `Whether money ${who === 'customers' ? 'received from customers' : 'paid to suppliers'} and not yet allocated to a document counts against what is owed, aged from its date, as Sage's own report does`,
});

/** The aged reports: which day an invoice ages from. */
export const ageByProperty: INodeProperties = {
	displayName: 'Age By',
	name: 'ageBy',
	type: 'options',
	options: [
		{ name: 'Due Date', value: 'dueDate', description: 'How long an invoice is past its due date' },
		{
			name: 'Document Date',
			value: 'documentDate',
			description: 'How long ago an invoice was raised, as Sage’s own aged report counts',
		},
	],
	default: 'dueDate',
	description:
		'Which day an invoice ages from; credit notes, payments on account and opening balances age from their own date either way',
};

/** The aged reports: the ledger account their total is checked against. */
export const controlAccountProperty = (side: 'debtors' | 'creditors'): INodeProperties => ({
	displayName: 'Control Account',
	name: 'controlAccount',
	type: 'string',
	default: '',
	placeholder: side === 'debtors' ? '1100' : '2100',
	description: `Nominal code of the ${side} control account the total is checked against (control_account_balance, difference in the summary). Leave empty to find it by its control name.`,
});

export const reportOutputProperty: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{
			name: 'Rows',
			value: 'rows',
			description:
				'The report as a sheet: one row per account or contact, then the subtotal and total rows, in the order the report reads',
		},
		{
			name: 'Summary',
			value: 'summary',
			description: 'One item with the report’s named figures, the dates and the currency',
		},
	],
	default: 'rows',
	// As an AI tool the answer is always the summary first, then as many rows as fit.
	displayOptions: { hide: { '@tool': [true] } },
};

/** The aged reports: the Output above, and one row per open item. */
export const agedOutputProperty: INodeProperties = {
	...reportOutputProperty,
	options: [
		...(reportOutputProperty.options ?? []),
		{
			name: 'Documents',
			value: 'documents',
			description:
				'One row per open invoice, credit note, opening balance or payment on account: its number, contact, e-mail, due date, days overdue, column and what was outstanding',
		},
	],
};

/** The aged reports' columns after current: how many days each covers, and how many before the older one. */
export const agingPeriodsProperties: INodeProperties[] = [
	{
		displayName: 'Aging Period (Days)',
		name: 'agingPeriodDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 365, numberPrecision: 0 },
		default: 30,
		description: 'Days each column after current covers: 30 gives days_1_30, days_31_60, …; 15 gives days_1_15, …',
	},
	{
		displayName: 'Aging Periods',
		name: 'agingPeriods',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 12, numberPrecision: 0 },
		default: 3,
		description: 'How many such columns before the one for what is older: 3 of 30 days end with days_over_90',
	},
];
