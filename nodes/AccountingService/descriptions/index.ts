import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { EVERYDAY_RESOURCES } from '../collections/overlay';
import { COLLECTIONS, resourceDescription } from '../collections/table';
import { OPERATIONS, OTHER_RESOURCES } from '../operations';
import { inFormOrder, type BlockUse, type PropertyBlock } from './blocks';
import { businessSelector } from './business';
import { answerSizeProperty } from '../tool/answer';
import { requestOptions } from './requestOptions';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/**
 * The everyday work first — invoices, contacts, items, payments, reports — in that order, then
 * every other resource alphabetically: n8n's actions panel and the Resource list follow this
 * order, so a new user's first screen is what they came for and the rest is one search away.
 */
const inPanelOrder = (a: INodePropertyOptions, b: INodePropertyOptions) => {
	const rank = (option: INodePropertyOptions) => {
		const index = EVERYDAY_RESOURCES.indexOf(String(option.value));
		return index < 0 ? EVERYDAY_RESOURCES.length : index;
	};
	return rank(a) - rank(b) || byName(a, b);
};

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

const offeredBy = (resource: string) => OPERATIONS.filter((operation) => operation.resources.includes(resource));

/** Every operation a resource offers, in the order of the table of operations. */
export const operationOptionsOf = (resource: string): INodePropertyOptions[] =>
	offeredBy(resource).map((operation) => operation.option(resource));

const resources = [
	...COLLECTIONS.map((row) => ({ name: row.singular, value: row.resource, description: resourceDescription(row) })),
	...OTHER_RESOURCES.map(({ name, value, description }) => ({ name, value, description })),
];

const accountResources = OTHER_RESOURCES.filter((resource) => !resource.businessScoped).map(
	(resource) => resource.value,
);

/** Each resource that offers an operation listing the block, with those operations. */
const usesOf = (block: PropertyBlock): BlockUse[] =>
	resources.flatMap(({ value: resource }) => {
		const operations = offeredBy(resource)
			.filter((operation) => operation.properties.includes(block))
			.map((operation) => operation.value);
		return operations.length ? [{ resource, operations }] : [];
	});

const operationFields = inFormOrder(OPERATIONS.map((operation) => operation.properties)).flatMap((block) =>
	block.build(usesOf(block)),
);

/** The node's whole list of properties, in the order the editor shows them. */
export const nodeProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...resources].sort(inPanelOrder),
		default: 'salesInvoice',
	},
	...resources.map((resource) => {
		const options = operationOptionsOf(resource.value);
		return operationProperty(resource.value, options, String(options[0].value));
	}),
	{ ...businessSelector, displayOptions: { hide: { resource: accountResources } } },
	...operationFields,
	answerSizeProperty,
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
