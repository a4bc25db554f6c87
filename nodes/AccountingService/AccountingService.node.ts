import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { route } from './actions/router';
import { nodeProperties, nodeSubtitle } from './descriptions';
import { getIncludedFields } from './methods/includedFields';
import {
	searchArtefacts,
	searchBusinesses,
	searchLedgerAccounts,
	searchProducts,
	searchRecords,
	searchServices,
	searchTaxRates,
} from './methods/listSearch';
import { getWriteFields } from './methods/resourceMapping';

export class AccountingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Sage Accounting',
		name: 'accountingService',
		icon: { light: 'file:icons/accountingService.svg', dark: 'file:icons/accountingService.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle,
		description:
			'Read and write invoices, contacts, products, payments, ledgers and more in Sage Business Cloud Accounting (API v3.1)',
		// A new node's name, and the end of the description n8n gives a tool that has none of its own
		// ("Search contacts by … in Sage Accounting"): the service as its users and a model know it.
		defaults: { name: 'Sage Accounting' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'accountingServiceOAuth2Api', required: true }],
		properties: nodeProperties,
	};

	methods = {
		listSearch: {
			searchBusinesses,
			searchRecords,
			searchProducts,
			searchServices,
			searchLedgerAccounts,
			searchTaxRates,
			searchArtefacts,
		},
		loadOptions: { getIncludedFields },
		resourceMapping: { getWriteFields },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
