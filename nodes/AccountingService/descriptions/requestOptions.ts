import type { INodeProperties } from 'n8n-workflow';

/**
 * How the node treats passing failures of the service (rate limits, gateway errors, dropped
 * connections), how many pages of a list it reads at once, and the business's request budget. The defaults are written out for
 * the lint rules; a test keeps them equal to DEFAULT_RETRY_POLICY and DEFAULT_READ_PACE.
 */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrent Requests',
			name: 'concurrentRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 3,
			description:
				'How many pages of a list are read at once after the first (Return All, a Limit above 200, the trigger), and how many input items are worked on at once. The output keeps the service’s order and the input’s. 1 reads one page after the other, following the service’s next-page links, and works on one item after the other.',
		},
		{
			displayName: 'Max Requests per Minute',
			name: 'maxRequestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 60000 },
			default: 200,
			description:
				'The most requests this n8n process makes for the business in any 60 seconds. Every request of the node and its trigger counts (pages of lists, Get, writes, downloads, tax-rate lookups, list search, polls), and the budget is shared by every workflow and execution of the process that uses the business. A request waits only when the last 60 seconds are full. The service allows 200 per business (its version 3 rule); in queue mode each worker has its own budget, so divide 200 among them.',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 4,
			description:
				'How often a request is repeated after a rate limit (429), a gateway error (502, 503, 504) or a dropped connection. 0 turns retrying off. A change is repeated only where it cannot happen twice: a create with an idempotency ID always, any other change only after a 429 or 503 (not processed).',
		},
		{
			displayName: 'Max Wait (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 600 },
			default: 60,
			description: 'Longest pause before one retry, also when the service asks for a longer one',
		},
	],
};
