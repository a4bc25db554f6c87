import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION_MODULES, OTHER_RESOURCES } from '../actions/registry';
import type { OperationModule } from '../actions/types';
import { COLLECTIONS, resourceDescription } from '../collections/table';
import { businessSelector } from './business';
import { collectionOperationOptions, collectionProperties } from './collection';
import { showFor } from './common';
import { requestOptions } from './requestOptions';
import { writeOperationOptions, writeProperties } from './write';

const modulesOf = (resource: string) => OPERATION_MODULES.filter((module) => module.resource === resource);
const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

function operationProperty(resource: string, options: INodePropertyOptions[], fallback: string): INodeProperties {
	const property: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options].sort(byName),
		default: 'getAll',
	};
	return options.some((option) => option.value === 'getAll') ? property : { ...property, default: fallback };
}

/** Every operation a resource offers: the generic ones of its table row and its hand-written ones. */
export function operationOptionsOf(resource: string): INodePropertyOptions[] {
	const row = COLLECTIONS.find((candidate) => candidate.resource === resource);
	return [
		...(row ? [...collectionOperationOptions(row), ...writeOperationOptions(row)] : []),
		...modulesOf(resource).map((module) => module.option),
	];
}

const moduleProperties = (module: OperationModule) =>
	showFor([module.resource], [module.option.value], module.properties);

const resources = [
	...COLLECTIONS.map((row) => ({ name: row.singular, value: row.resource, description: resourceDescription(row) })),
	...OTHER_RESOURCES.map(({ name, value, description }) => ({ name, value, description })),
];

const accountResources = OTHER_RESOURCES.filter((resource) => !resource.businessScoped).map(
	(resource) => resource.value,
);

/** The node's whole list of properties, in the order the editor shows them. */
export const nodeProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...resources].sort(byName),
		default: 'salesInvoice',
	},
	...resources.map((resource) => {
		const options = operationOptionsOf(resource.value);
		return operationProperty(resource.value, options, String(options[0].value));
	}),
	{ ...businessSelector, displayOptions: { hide: { resource: accountResources } } },
	...collectionProperties,
	...writeProperties,
	...OPERATION_MODULES.flatMap(moduleProperties),
	{ ...requestOptions, displayOptions: { hide: { resource: ['credential'] } } },
];

/** The canvas subtitle, "Get Many: Sales Invoice", from the same names the editor shows. */
export const nodeSubtitle = (() => {
	const operationNames = Object.fromEntries(
		resources.flatMap((resource) => operationOptionsOf(resource.value).map((option) => [option.value, option.name])),
	);
	const resourceNames = Object.fromEntries(resources.map((resource) => [resource.value, resource.name]));
	return `={{ (${JSON.stringify(operationNames)})[$parameter["operation"]] + ": " + (${JSON.stringify(resourceNames)})[$parameter["resource"]] }}`;
})();
