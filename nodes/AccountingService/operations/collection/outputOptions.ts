import type { INodeProperties } from 'n8n-workflow';

import { byShape, sameFor, type PropertyBlock } from '../../descriptions/blocks';
import { includedFieldsProperty } from '../../output/includedFields';
import { outputProperty } from '../../output/output';

/** Options of what a read outputs, shared by Get and the list reads. */

const outputChoice = byShape((row) => outputProperty(row));
const includedFields = sameFor([includedFieldsProperty]);

/** The reads' Output field (Simplified, One Row per Line for documents with lines, Select Included Fields, Raw) and its Fields. */
export const outputField: PropertyBlock = {
	build: (uses) => [...outputChoice.build(uses), ...includedFields.build(uses)],
};

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
