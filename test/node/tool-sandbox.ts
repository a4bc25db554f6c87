import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { asToolNodeType } from '../harness/tool-variant';
import { ToolCaller, type ToolCall } from '../harness/fixtures/ToolCaller.node';
import { NodeTypes, credentialRef, loadAccountingServiceNode, nodeTypeName, runWorkflow } from '../harness';
import type { ConnectedSandbox } from './connected-sandbox';

const AGENT = 'Agent';

/** What the agent fixture saw of one call: the tool as a model sees it, and its answer or error text. */
export interface ToolCallResult {
	tool: string;
	description: string;
	argumentDescriptions: Record<string, string>;
	answer: string | null;
	error: string | null;
}

/** The node as n8n's AI tool variant, and the fixture agent that calls it: one registry for every run. */
const caller = new ToolCaller();
const toolType = asToolNodeType(loadAccountingServiceNode() as INodeType);
export const TOOL_NODE_TYPE = nodeTypeName(toolType);

/**
 * Runs the given tool nodes (name → parameters, `$fromAI` included) under the agent fixture
 * through n8n's engine, which calls them in the order of `calls`. A `workflowId` shared by two
 * runs makes them two executions of one saved workflow, as an MCP server's calls are.
 */
export async function callTools(
	env: Pick<ConnectedSandbox, 'store' | 'credential'>,
	tools: Record<string, INodeParameters>,
	calls: ToolCall[],
	workflowId?: string,
): Promise<ToolCallResult[]> {
	const nodeTypes = new NodeTypes([caller, toolType]);
	const toolNodes = Object.entries(tools).map(([name, parameters]) => ({
		name,
		type: TOOL_NODE_TYPE,
		parameters,
		credentials: credentialRef(env.credential),
	}));
	const run = await runWorkflow({
		store: env.store,
		nodeTypes,
		workflowId,
		nodes: [{ name: AGENT, type: nodeTypeName(caller), parameters: { calls: JSON.stringify(calls) } }, ...toolNodes],
		connections: Object.fromEntries(
			toolNodes.map((node) => [node.name, { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] }]),
		),
		startNode: AGENT,
	});
	if (run.error) throw run.error;
	return run.json(AGENT) as unknown as ToolCallResult[];
}

/** A tool's answer as the model reads it: n8n's JSON text of the items. */
export const answerOf = (result: ToolCallResult): IDataObject[] => {
	if (result.answer === null) throw new Error(`${result.tool} failed: ${result.error}`);
	return JSON.parse(result.answer) as IDataObject[];
};
