import { CUSTOM_NODE_PREFIX, EXAMPLE_CREDENTIAL } from '../config';
import type { Workflow } from '../examples';

export const LOAD_WEBHOOK_PATH = 'accounting-load';
export const LOAD_WORKFLOW_ID = 'scaleLoadWebhook';
export const CHANGES_WORKFLOW_ID = 'scaleChangesTrigger';
export const TRIGGER_NODE = 'Sales invoice created or changed';

const LEAD_BUSINESS = { __rl: true, mode: 'list', value: 'lead', cachedResultName: 'Lead Business (Default)' };
const credentials = { [EXAMPLE_CREDENTIAL.type]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };

/** What the load's webhook is sent: one order, its key unique per order (repeated on a retry). */
export interface LoadOrder {
	key: string;
	customerReference: string;
	itemCode: string;
	quantity: number;
}

/**
 * A webhook-started workflow as a shop would run one: read every sales invoice (Return All), then
 * create the order's invoice with the order's key as Idempotency Key (customer by reference, line
 * by item code) and read it back; the webhook answers with the invoice read back.
 */
export function loadWorkflow(): Workflow {
	const accounting = `${CUSTOM_NODE_PREFIX}accountingService`;
	const order = (field: keyof LoadOrder) => `={{ $('Order').first().json.body.${field} }}`;
	return {
		id: LOAD_WORKFLOW_ID,
		name: 'Scale: order webhook → invoices',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Order: { main: [[{ node: 'All sales invoices', type: 'main', index: 0 }]] },
			'All sales invoices': { main: [[{ node: 'Create sales invoice', type: 'main', index: 0 }]] },
			'Create sales invoice': { main: [[{ node: 'Read it back', type: 'main', index: 0 }]] },
		},
		nodes: [
			{
				name: 'Order',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '6f1c2b9e-2d43-4e55-9a0b-3c4d5e6f7a80',
				parameters: { httpMethod: 'POST', path: LOAD_WEBHOOK_PATH, responseMode: 'lastNode', options: {} },
			},
			{
				name: 'All sales invoices',
				type: accounting,
				typeVersion: 1,
				position: [220, 0],
				credentials,
				parameters: { resource: 'salesInvoice', operation: 'getAll', business: LEAD_BUSINESS, returnAll: true },
			},
			{
				name: 'Create sales invoice',
				type: accounting,
				typeVersion: 1,
				position: [440, 0],
				executeOnce: true,
				credentials,
				parameters: {
					resource: 'salesInvoice',
					operation: 'create',
					business: LEAD_BUSINESS,
					fields: {
						mappingMode: 'defineBelow',
						value: {
							contact_id: order('customerReference'),
							date: '={{ $now.toFormat("yyyy-MM-dd") }}',
							reference: order('key'),
						},
						matchingColumns: [],
						schema: [],
						attemptToConvertTypes: false,
						convertFieldsToString: false,
					},
					lines: {
						line: [
							{
								product: { __rl: true, mode: 'id', value: order('itemCode') },
								quantity: order('quantity'),
							},
						],
					},
					options: { contactGivenBy: 'reference', lineItemsGivenBy: 'itemCode', idempotencyKey: order('key') },
				},
			},
			{
				name: 'Read it back',
				type: accounting,
				typeVersion: 1,
				position: [660, 0],
				credentials,
				parameters: {
					resource: 'salesInvoice',
					operation: 'get',
					business: LEAD_BUSINESS,
					id: { __rl: true, mode: 'id', value: '={{ $json.sales_invoice_id }}' },
					// The webhook answers the service's record as it is (load.ts reads its id).
					output: 'raw',
				},
			},
		],
	};
}

/**
 * The trigger watching every change of sales invoices, polled once a minute (n8n 2.41 refuses to
 * activate a poll more often); it also polls once when activated.
 */
export function changesWorkflow(): Workflow {
	const atSecond = new Date().getSeconds();
	return {
		id: CHANGES_WORKFLOW_ID,
		name: 'Scale: sales invoices created or changed',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { [TRIGGER_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		nodes: [
			{
				name: TRIGGER_NODE,
				type: `${CUSTOM_NODE_PREFIX}accountingServiceTrigger`,
				typeVersion: 1,
				position: [0, 0],
				credentials,
				parameters: {
					pollTimes: { item: [{ mode: 'custom', cronExpression: `${atSecond} * * * * *` }] },
					business: LEAD_BUSINESS,
					resource: 'salesInvoice',
					event: 'newOrUpdated',
					startFrom: 'now',
					output: 'simplified',
					requestOptions: {},
				},
			},
			{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
	};
}
