import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { route } from './actions/router';
import { businessSelector } from './descriptions/business';
import { businessResourceProperties } from './descriptions/businessResource';
import { collectionProperties, collectionResourceOptions } from './descriptions/collection';
import { searchBusinesses, searchRecords } from './methods/listSearch';

/** Resources that are not business-scoped: the business selector is hidden for them. */
const ACCOUNT_RESOURCES = ['business'];

export class AccountingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Accounting Service',
		name: 'accountingService',
		icon: { light: 'file:icons/accountingService.svg', dark: 'file:icons/accountingService.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Read invoices, contacts, ledgers and more from Sage Business Cloud Accounting (API v3.1)',
		defaults: { name: 'Accounting Service' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'accountingServiceOAuth2Api', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Business',
						value: 'business',
						description: 'The businesses the account can reach',
					},
					...collectionResourceOptions,
				].sort((a, b) => a.name.localeCompare(b.name)),
				default: 'salesInvoice',
			},
			...businessResourceProperties,
			...collectionProperties,
			{ ...businessSelector, displayOptions: { hide: { resource: ACCOUNT_RESOURCES } } },
		],
	};

	methods = {
		listSearch: { searchBusinesses, searchRecords },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
