import type { INodeProperties } from 'n8n-workflow';

import { filterProperty, sortProperty } from '../../collections/filters';
import type { CollectionDefinition } from '../../collections/table';
import { byShape, sameFor } from '../../descriptions/blocks';
import { optionsCollection, returnAllOrLimit } from '../../descriptions/common';
import { includeBusiness, showLegacyId } from './outputOptions';

/** The fields Get Many and Search share: both are one read of the list. */

function filtersCollection(row: CollectionDefinition): INodeProperties | undefined {
	if (!row.filters.length) return undefined;
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: row.filters.map(filterProperty),
	};
}

const attributes: INodeProperties = {
	displayName: 'Attributes',
	name: 'attributes',
	type: 'string',
	default: 'all',
	placeholder: 'e.g. contact_name,total_amount,outstanding_amount',
	description:
		'Fields to return besides ID and label: "all" for complete records, or a comma-separated list of field names. Simplified and One Row per Line ask for the fields their columns need.',
	displayOptions: { show: { '/output': ['raw'] } },
};

export const paging = sameFor(returnAllOrLimit());

export const filters = byShape(filtersCollection);

export const listOptions = byShape((row) =>
	optionsCollection([attributes, includeBusiness, showLegacyId, ...(row.sort.length ? [sortProperty(row.sort)] : [])]),
);
