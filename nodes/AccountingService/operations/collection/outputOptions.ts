import type { INodeProperties } from 'n8n-workflow';

import { byShape } from '../../descriptions/blocks';
import { outputProperty } from '../../output/output';

/** Options of what a read outputs, shared by Get and the list reads. */

/** The reads' Output field: Simplified, One Row per Line (documents with lines) or Raw. */
export const outputField = byShape((row) => outputProperty(row));

export const showLegacyId: INodeProperties = {
	displayName: 'Show Legacy ID',
	name: 'showLegacyId',
	type: 'boolean',
	default: true,
	description: 'Whether to add each record’s API v2 identifier as legacy_id',
};

export const includeBusiness: INodeProperties = {
	displayName: 'Include Business',
	name: 'includeBusiness',
	type: 'boolean',
	default: true,
	description:
		'Whether to add business_id to each item: the business the service says it used, so a flow can notice when the lead business changes',
};
