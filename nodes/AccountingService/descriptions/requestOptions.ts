import type { INodeProperties } from 'n8n-workflow';

/**
 * How the node treats passing failures of the service (rate limits, gateway errors, dropped
 * connections). The defaults are written out for the lint rules; a test keeps them equal to
 * DEFAULT_RETRY_POLICY.
 */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
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
