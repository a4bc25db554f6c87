import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	UsableAsToolDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { route } from './actions/router';
import { nodeProperties, nodeSubtitle } from './descriptions';
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

/**
 * The node as an AI tool ("Accounting Service Tool"). n8n describes a tool it was given no
 * description for as `<the operation's action> in <the default node name>`; this name makes that
 * "Search contacts by contact name, company name or reference in Sage Accounting", the service a
 * model or its user knows. n8n applies these replacements to the tool's description as they are
 * (`defaults` among them), though its type lists only the shared fields.
 */
const AS_TOOL: NonNullable<UsableAsToolDescription['replacements']> & Pick<INodeTypeDescription, 'defaults'> = {
	defaults: { name: 'Sage Accounting' },
	description:
		'Reads and writes the books of a business in Sage Business Cloud Accounting: invoices, credit notes, quotes, contacts, products, payments, ledger accounts and the trial balance',
};

export class AccountingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Accounting Service',
		name: 'accountingService',
		icon: { light: 'file:icons/accountingService.svg', dark: 'file:icons/accountingService.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle,
		description:
			'Read and write invoices, contacts, products, payments, ledgers and more in Sage Business Cloud Accounting (API v3.1)',
		defaults: { name: 'Accounting Service' },
		usableAsTool: { replacements: AS_TOOL },
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
		resourceMapping: { getWriteFields },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
