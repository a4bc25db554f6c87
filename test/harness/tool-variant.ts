import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, deepCopy } from 'n8n-workflow';

/**
 * The node as n8n loads it a second time for AI agents and the MCP Server Trigger, when its
 * description says `usableAsTool`: n8n's loader (packages/cli, `convertNodeToAiTool`) copies
 * the description, applies `usableAsTool.replacements`, names it `<name>Tool`, gives it one
 * `ai_tool` output and no input, and adds the Tool Description fields. The loader is part of
 * the n8n app, not of n8n-core or n8n-workflow; this does the same for the engine tests.
 */
export function asToolNodeType(node: INodeType): INodeType {
	const { usableAsTool, ...base } = node.description;
	if (!usableAsTool) throw new Error(`${node.description.name} is not usable as a tool`);
	const replacements = typeof usableAsTool === 'object' ? (usableAsTool.replacements ?? {}) : {};
	const description: INodeTypeDescription = { ...deepCopy(base), ...(replacements as Partial<INodeTypeDescription>) };
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
