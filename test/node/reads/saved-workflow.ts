// A workflow saved before the node, the trigger and the credential took the names people search
// for ("Sage Accounting…"): its JSON, as n8n stored it, still loads and runs, because only the
// display names changed, never the type names saved workflows and credentials hold.
import type { IDataObject, INode } from 'n8n-workflow';

import { AccountingServiceOAuth2Api } from '../../../credentials/AccountingServiceOAuth2Api.credentials';
import { AccountingService } from '../../../nodes/AccountingService/AccountingService.node';
import { AccountingServiceTrigger } from '../../../nodes/AccountingServiceTrigger/AccountingServiceTrigger.node';
import { runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';

const env = useConnectedSandbox({ scale: 60 });

/** Two nodes as an export of an earlier version of the package holds them. */
const SAVED = (credentialId: string): INode[] =>
	JSON.parse(`[
		{
			"parameters": {
				"resource": "trialBalance",
				"operation": "get",
				"business": { "__rl": true, "mode": "list", "value": "lead", "cachedResultName": "Lead Business (Default)" },
				"fromDate": "2025-05-01",
				"toDate": "2025-05-31",
				"options": { "amountsAs": "number" }
			},
			"id": "0f4b6a1e-8c2d-4e5f-9a7b-1c3d5e7f9a0b",
			"name": "Accounting Service",
			"type": "n8n-nodes-accounting-service.accountingService",
			"typeVersion": 1,
			"position": [0, 0],
			"credentials": { "accountingServiceOAuth2Api": { "id": "${credentialId}", "name": "Accounting Service account" } }
		},
		{
			"parameters": { "resource": "salesInvoice", "operation": "getAll", "limit": 5 },
			"id": "1a5c7b2f-9d3e-4f60-8b8c-2d4e6f8a0b1c",
			"name": "Accounting Service1",
			"type": "n8n-nodes-accounting-service.accountingService",
			"typeVersion": 1,
			"position": [220, 0],
			"credentials": { "accountingServiceOAuth2Api": { "id": "${credentialId}", "name": "Accounting Service account" } }
		}
	]`) as INode[];

describe('names people search for', () => {
	it('display names say Sage Accounting; the type names saved workflows hold are the same', () => {
		const node = new AccountingService().description;
		const trigger = new AccountingServiceTrigger().description;
		const credential = new AccountingServiceOAuth2Api();
		expect([node.displayName, trigger.displayName, credential.displayName]).toEqual([
			'Sage Accounting',
			'Sage Accounting Trigger',
			'Sage Accounting OAuth2 API',
		]);
		expect([node.name, trigger.name, credential.name]).toEqual([
			'accountingService',
			'accountingServiceTrigger',
			'accountingServiceOAuth2Api',
		]);
		expect(node.credentials).toEqual([{ name: 'accountingServiceOAuth2Api', required: true }]);
	});

	it('a workflow saved under the old names loads and runs, its credential found by its id', async () => {
		const [trialBalance, invoices] = SAVED(env.credential.id);
		const report = await runWorkflow({ store: env.store, nodes: [trialBalance] });
		const list = await runWorkflow({ store: env.store, nodes: [invoices] });

		expect(report.error).toBeUndefined();
		const rows = report.json('Accounting Service');
		expect(rows.length).toBeGreaterThan(5);
		expect(typeof (rows[0] as IDataObject).debit).toBe('number');
		expect(list.error).toBeUndefined();
		expect(list.json('Accounting Service1')).toHaveLength(5);
	});
});
