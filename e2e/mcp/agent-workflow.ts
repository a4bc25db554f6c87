/**
 * The workflow in which an AI Agent uses our node's tools: a Webhook answering with the agent's
 * last output, the AI Agent, an OpenAI Chat Model on the scripted model, and the tool nodes as the
 * MCP example has them.
 */
import type { Workflow } from '../examples';
import { MOCK_MODEL_ID } from './mock-model';

export const AGENT_WORKFLOW_ID = 'acctMcpAgent';
export const AGENT_WEBHOOK_PATH = 'accounting-agent';

const WEBHOOK = 'Question';
const AGENT = 'AI Agent';
const MODEL = 'OpenAI Chat Model';

export interface AgentWorkflowParts {
	/** Tool nodes copied from the example (with their credential). */
	tools: Workflow['nodes'];
	/** The `openAiApi` credential whose base URL is the scripted model. */
	modelCredential: { id: string; name: string };
}

export function agentWorkflow({ tools, modelCredential }: AgentWorkflowParts): Workflow {
	const nodes: Workflow['nodes'] = [
		{
			name: WEBHOOK,
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2.1,
			position: [0, 0],
			webhookId: AGENT_WEBHOOK_PATH,
			parameters: {
				httpMethod: 'POST',
				path: AGENT_WEBHOOK_PATH,
				responseMode: 'lastNode',
				responseData: 'firstEntryJson',
				options: {},
			},
		},
		{
			name: AGENT,
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3.1,
			position: [300, 0],
			parameters: { promptType: 'define', text: '={{ $json.body.question }}', options: {} },
		},
		{
			name: MODEL,
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			position: [200, 250],
			parameters: {
				model: { __rl: true, mode: 'id', value: MOCK_MODEL_ID },
				// Chat Completions, which the scripted model answers, rather than the Responses API.
				responsesApiEnabled: false,
				options: {},
			},
			credentials: { openAiApi: modelCredential },
		},
		...tools.map((tool, index) => ({ ...structuredClone(tool), position: [400 + index * 150, 250] })),
	];
	const connections: Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }>>>> = {
		[WEBHOOK]: { main: [[{ node: AGENT, type: 'main', index: 0 }]] },
		[MODEL]: { ai_languageModel: [[{ node: AGENT, type: 'ai_languageModel', index: 0 }]] },
	};
	for (const tool of tools) connections[tool.name] = { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] };
	return {
		id: AGENT_WORKFLOW_ID,
		name: 'MCP e2e: AI Agent with accounting tools',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}
