import type { INodeProperties } from 'n8n-workflow';

import { acrossBusinesses } from '../actions/acrossBusinesses';
import type { ParameterReader } from '../actions/parameters';
import {
	ledgerAccountRows,
	wholeReport,
	type AmountsAs,
	type TrialBalanceReport,
} from '../actions/trialBalance/flatten';
import { optionsCollection, periodDates } from '../descriptions/common';
import { apiRequest } from '../transport';
import { resourceOperation } from './define';
import type { ResourceOption } from './types';

export const trialBalanceResource: ResourceOption = {
	name: 'Trial Balance',
	value: 'trialBalance',
	description: 'Debits, credits and balances of every ledger account for a period',
	businessScoped: true,
};

/** The spec's two endpoints: the business's figures, and a static sample that is to be switched off. */
const PATHS = { business: '/trial_balance', sample: '/test/trial_balance' } as const;
type Source = keyof typeof PATHS;

type Output = 'rows' | 'report';

const properties: INodeProperties[] = [
	...periodDates(),
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: [
			{ name: 'Business Data', value: 'business', description: 'The figures of the selected business' },
			{
				name: 'Sample Data',
				value: 'sample',
				description: 'The service’s static sample report, not your business’s figures',
			},
		],
		default: 'business',
	},
	{
		displayName:
			'Sample Data is a fixed example report, the same for every business: it is not your business’s figures. The service will switch it off 8 weeks after its business trial balance is released, so use it for trying out a workflow only.',
		name: 'sampleDataNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { source: ['sample'] } },
	},
	optionsCollection([
		{
			displayName: 'Amounts As',
			name: 'amountsAs',
			type: 'options',
			options: [
				{
					name: 'Decimal Strings (Exact)',
					value: 'string',
					description: 'As the service sends them, e.g. "1234.50"; no rounding ever',
				},
				{
					name: 'Numbers',
					value: 'number',
					description: 'Easier to compute with; sums of many amounts can be off by fractions of a cent',
				},
			],
			default: 'string',
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{
					name: 'One Item per Ledger Account',
					value: 'rows',
					description:
						'Flat rows for a spreadsheet: account, opening, period and closing debits and credits, and the period',
				},
				{
					name: 'Whole Report as One Item',
					value: 'report',
					description: 'The report as the service sends it, with the ledger accounts nested',
				},
			],
			default: 'rows',
		},
	]),
];

/** Everything the request depends on, checked before it is sent. */
function readParameters(parameters: ParameterReader) {
	const from = parameters.day('fromDate', 'From Date');
	const to = parameters.day('toDate', 'To Date');
	if (from > to) parameters.fail('From Date', `${from} is after To Date ${to}`);
	const source = parameters.choice<Source>('Source', parameters.string('source', 'Source', 'business'), [
		'business',
		'sample',
	]);
	const options = parameters.options();
	return {
		from,
		to,
		source,
		output: parameters.choice<Output>('Output', options.output ?? 'rows', ['rows', 'report']),
		amountsAs: parameters.choice<AmountsAs>('Amounts As', options.amountsAs ?? 'string', ['string', 'number']),
	};
}

export const getTrialBalance = resourceOperation({
	resource: 'trialBalance',
	value: 'get',
	acrossBusinesses: true,
	option: {
		name: 'Get',
		description: 'Get the debits, credits and balances of every ledger account for a period',
		action: 'Get a trial balance',
	},
	properties,
	async execute(parameters) {
		const request = readParameters(parameters);
		return await acrossBusinesses.call(this, parameters, async (business) => {
			const { body } = await apiRequest.call(this, {
				path: PATHS[request.source],
				qs: { from_date: request.from, to_date: request.to },
				business,
				...parameters.requestScope(),
			});
			const report = body as TrialBalanceReport;
			const results =
				request.output === 'report'
					? [wholeReport(report, request.amountsAs)]
					: ledgerAccountRows(report, request.amountsAs);
			return results.map((json) => ({ json }));
		});
	},
});
