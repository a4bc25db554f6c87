import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, deepCopy } from 'n8n-workflow';

/**
 * The node as n8n runs it for AI agents and the MCP Server Trigger, when its description says
 * `usableAsTool`: n8n's node types (packages/cli, `getByNameAndVersion` of `<name>Tool`) copy
 * the description, name it `<name>Tool`, give it one `ai_tool` output and no input, and add the
 * Tool Description fields (`convertNodeToAiTool`). `usableAsTool.replacements` reach only the
 * editor's copy, not the one that runs. That code is part of the n8n app, not of n8n-core or
 * n8n-workflow; this does the same for the engine tests.
 */
export function asToolNodeType(node: INodeType): INodeType {
	const { usableAsTool, ...base } = node.description;
	if (!usableAsTool) throw new Error(`${node.description.name} is not usable as a tool`);
	const description: INodeTypeDescription = deepCopy(base);
	description.name += 'Tool';
	description.displayName += ' Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	const descriptionType: INodeProperties = {
		displayName: 'Tool Description',
		name: 'descriptionType',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Set Automatically', value: 'auto' },
			{ name: 'Set Manually', value: 'manual' },
		],
		default: 'auto',
	};
	const toolDescription: INodeProperties = {
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: description.description,
		required: true,
		displayOptions: { show: { descriptionType: ['manual'] } },
	};
	description.properties = [descriptionType, toolDescription, ...description.properties];
	return { description, methods: node.methods, execute: node.execute };
}
