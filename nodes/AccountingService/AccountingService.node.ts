import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { route } from './actions/router';
import { nodeProperties, nodeSubtitle } from './descriptions';
import { searchBusinesses, searchRecords } from './methods/listSearch';

export class AccountingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Accounting Service',
		name: 'accountingService',
		icon: { light: 'file:icons/accountingService.svg', dark: 'file:icons/accountingService.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle,
		description: 'Read invoices, contacts, ledgers and more from Sage Business Cloud Accounting (API v3.1)',
		defaults: { name: 'Accounting Service' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'accountingServiceOAuth2Api', required: true }],
		properties: nodeProperties,
	};

	methods = {
		listSearch: { searchBusinesses, searchRecords },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
