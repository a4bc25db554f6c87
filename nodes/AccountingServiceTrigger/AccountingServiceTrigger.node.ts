import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getIncludedFields } from '../AccountingService/methods/includedFields';
import { searchBusinesses } from '../AccountingService/methods/listSearch';
import { triggerProperties } from './description';
import { pollChanges } from './poll/pollChanges';

export class AccountingServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Sage Accounting Trigger',
		name: 'accountingServiceTrigger',
		icon: {
			light: 'file:../AccountingService/icons/accountingService.svg',
			dark: 'file:../AccountingService/icons/accountingService.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"] + ": " + $parameter["resource"]}}',
		// n8n's node panel shows one entry for a node and its trigger, with the trigger's description.
		description:
			'Read invoices, contacts, ledgers and more from Sage Business Cloud Accounting (API v3.1), and start workflows on new or changed records',
		defaults: { name: 'Sage Accounting Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'accountingServiceOAuth2Api', required: true }],
		properties: triggerProperties,
	};

	methods = {
		listSearch: { searchBusinesses },
		loadOptions: { getIncludedFields },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges.call(this);
	}
}
