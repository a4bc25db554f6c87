import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { filterProperty, type FilterDefinition } from '../../collections/filters';
import type { CollectionDefinition } from '../../collections/table';
import { byShape } from '../../descriptions/blocks';
import { optionsCollection } from '../../descriptions/common';
import { includeBusiness, showLegacyId } from './outputOptions';

/** Get's Options: what it outputs, and the query parameters the service declares for the record's GET. */

const outputOptions = (row: CollectionDefinition) =>
	row.singleton ? [includeBusiness] : [includeBusiness, showLegacyId];

/** The declared parameters Get offers: an output option of the same name (Show Legacy ID) already sends its own. */
function declaredOptions(row: CollectionDefinition) {
	const taken = new Set(outputOptions(row).map((option) => option.name));
	return row.getOptions.filter((option) => !taken.has(option.name));
}

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/** Get's own Attributes choose the fields of a Raw record; the other outputs ask for what their columns need. */
const declaredOption = (option: FilterDefinition): INodeProperties =>
	option.query === 'attributes'
		? { ...filterProperty(option), displayOptions: { show: { '/output': ['raw'] } } }
		: filterProperty(option);

export const getOptions = byShape((row) =>
	optionsCollection([...outputOptions(row), ...declaredOptions(row).map(declaredOption)].sort(byDisplayName)),
);

/** The chosen options as the query of the record's GET, in the service's format. */
export function getQuery(row: CollectionDefinition, parameters: ParameterReader, options: IDataObject): IDataObject {
	return {
		...parameters.queryParameters(declaredOptions(row), options),
		...(options.showLegacyId === true ? { show_legacy_id: true } : {}),
	};
}
