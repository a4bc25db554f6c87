import type { INodeProperties } from 'n8n-workflow';

/** Resource locator value meaning "send no X-Business header": the service then uses the lead business. */
export const LEAD_BUSINESS = 'lead';

export const LEAD_BUSINESS_LABEL = 'Lead Business (Default)';

/** Resource locator value meaning "every business the account reaches, one after another side by side". */
export const ALL_BUSINESSES = 'all';

export const ALL_BUSINESSES_LABEL = 'All Businesses';

export const businessSelector: INodeProperties = {
	displayName: 'Business',
	name: 'business',
	type: 'resourceLocator',
	default: { mode: 'list', value: LEAD_BUSINESS, cachedResultName: LEAD_BUSINESS_LABEL },
	description:
		'Which of the account’s businesses to read. The lead business is used when none is chosen; it can change when the account’s first owned business is deleted, or when a user who owns none creates one. All Businesses (lists, reports, the trial balance) reads every business the account reaches.',
	hint: 'Left empty, the lead business is used',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchBusinesses', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 8f1c2d3e4b5a69788796a5b4c3d2e1f0',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: '^(lead|[A-Za-z0-9][A-Za-z0-9_-]{0,99})$',
						errorMessage: 'A business ID has letters, digits, "-" or "_" only',
					},
				},
			],
		},
	],
};
