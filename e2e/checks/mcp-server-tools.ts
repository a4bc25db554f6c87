import { join } from 'node:path';

import { DEFAULT_ANSWER_CHARACTERS } from '../../nodes/AccountingService/tool/answer';
import { captureWorkflow } from '../browser';
import { ensureChromium } from '../chromium';
import { info, seconds } from '../log';
import { AGED_DEBTORS_TOOL, agedDebtorsConversation } from '../mcp/aged-debtors-conversation';
import { askAgent } from '../mcp/agent-run';
import { McpToolsClient, type ListedTool } from '../mcp/client';
import { sandboxFacts, type SandboxFacts } from '../mcp/sandbox-facts';
import { callEveryTool } from '../mcp/tool-calls';
import { PROFIT_AND_LOSS_TOOL, quarterComparisonConversation } from '../mcp/quarter-comparison-conversation';
import { UNPAID_INVOICES_TOOLS, unpaidInvoicesConversation } from '../mcp/unpaid-invoices-conversation';
import { createWorkflow, personalProjectId } from '../n8n-data-tables';
import { activateWorkflow, onceWebhookRegistered } from '../n8n-server';
import type { ServiceReader } from '../service-reader';
import { expect, type CheckContext, type ExampleCheck } from './types';

const WORKFLOW_ID = 'acctMcpTools';
const TRIGGER = 'MCP Server Trigger';
const SCREENSHOTS = { canvas: 'n8n-example-mcp-server-tools.png', tool: 'n8n-mcp-tool-create-sales-invoice.png' };
/** The tools the example offers, named by n8n after their nodes. */
const TOOLS = [
	'search_contacts',
	'unpaid_invoices_of_contact',
	'invoice_by_number',
	'get_sales_invoice',
	'trial_balance',
	'create_or_update_contact',
	'create_sales_invoice',
	'profit_and_loss',
	'aged_debtors',
	'bank_summary',
];

/** n8n's tool name of a node (`nodeNameToToolName` of n8n-workflow). */
const toolNameOf = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');

/** Why the listed tools are not what a model needs to choose one and fill in its arguments. */
function listedToolProblems(tools: ListedTool[]): string[] {
	const problems: string[] = [];
	const names = tools.map((tool) => tool.name).sort();
	if (names.join(',') !== [...TOOLS].sort().join(','))
		problems.push(`tools ${names.join(', ')}; expected ${TOOLS.join(', ')}`);
	for (const tool of tools) {
		if (!/\bSage\b/.test(tool.description))
			problems.push(`${tool.name}: description "${tool.description}" does not name Sage`);
		const same = tools.find((other) => other !== tool && other.description === tool.description);
		if (same) problems.push(`${tool.name} and ${same.name} have the same description`);
		for (const [argument, schema] of Object.entries(tool.properties)) {
			if (!schema.description?.trim()) problems.push(`${tool.name}: argument ${argument} has no description`);
		}
		if (Object.keys(tool.properties).length === 0) problems.push(`${tool.name}: no arguments`);
	}
	return problems;
}

/** The listed tools checked, then each called (tool-calls.ts). */
async function listAndCallTools(client: McpToolsClient, reader: ServiceReader, facts: SandboxFacts, endpoint: string) {
	const tools = await client.listTools();
	const problems = listedToolProblems(tools);
	expect(problems.length === 0, `the MCP server's tools:\n  ${problems.join('\n  ')}`);
	info(`${endpoint}: ${tools.length} tools, each described (naming Sage) with described arguments`);
	return await callEveryTool(client, tools, reader, facts);
}

/** The sandbox's rate-limit window, and a second more: after it, the checks' own reads no longer count. */
const RATE_LIMIT_WINDOW_MS = 61_000;

/**
 * The MCP example in the real n8n: imported and published over REST, then n8n's MCP Server
 * Trigger is used as an AI app uses it (the MCP SDK's client over Streamable HTTP): its tools
 * listed with descriptions a model can choose by, each called with values from the sandbox and
 * its answer compared with the sandbox; then an AI Agent in n8n, its model scripted, calls three
 * of the tools in turn, each answer reaching the model, answers "who owes us the most, and for
 * how long?" from one call of aged_debtors, and "how did last quarter compare with the same quarter
 * last year?" from one call of profit_and_loss.
 */
async function check(context: CheckContext): Promise<string> {
	const { n8n, workflow, reader, docsDir, failureDir } = context;
	expect(
		n8n !== undefined && workflow !== undefined && docsDir !== undefined && failureDir !== undefined,
		'the MCP check needs the running n8n, its example and the screenshot folders',
	);
	const { url } = n8n.server();
	const projectId = await personalProjectId(url, n8n.session);
	await createWorkflow(url, n8n.session, projectId, workflow);
	await activateWorkflow(url, n8n.session, WORKFLOW_ID);
	const trigger = workflow.nodes.find((node) => node.name === TRIGGER);
	expect(trigger !== undefined, `the example has no "${TRIGGER}"`);
	const endpoint = `${url}/mcp/${String(trigger.parameters.path)}`;

	const facts = await sandboxFacts(reader);
	const client = await onceWebhookRegistered(() => McpToolsClient.connect(endpoint));
	const calls = await listAndCallTools(client, reader, facts, endpoint).finally(() => client.close());
	for (const [tool, note] of Object.entries(calls.notes)) info(`${tool}'s answer ends with the note "${note}"`);
	info(`invalid arguments answered: ${calls.errors.map((text) => JSON.stringify(text)).join('; ')}`);

	const agentTools: string[] = [...UNPAID_INVOICES_TOOLS, AGED_DEBTORS_TOOL, PROFIT_AND_LOSS_TOOL];
	const toolNodes = workflow.nodes.filter((node) => agentTools.includes(toolNameOf(node.name)));
	const conversations = [
		unpaidInvoicesConversation(facts),
		agedDebtorsConversation(calls.receivables),
		await quarterComparisonConversation(reader),
	] as const;
	// The checks above read the business as much as the tools did; under the soak's rate limit
	// (200 requests in any 60 s) the agent's tools would meet a window the checks filled.
	await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_WINDOW_MS));
	const [unpaid, aged, quarter] = await askAgent(n8n, projectId, toolNodes, conversations);

	await ensureChromium();
	await captureWorkflow(url, WORKFLOW_ID, join(docsDir, SCREENSHOTS.canvas), failureDir, {
		name: 'create_sales_invoice',
		file: join(docsDir, SCREENSHOTS.tool),
	});

	const bytes = TOOLS.map((tool) => `${tool} ${calls.bytes[tool]}`).join(', ');
	return (
		`${TOOLS.length} tools over MCP agree with the sandbox (writes twice: one contact, one invoice; errors clear); ` +
		`bytes per answer (rows capped at ${DEFAULT_ANSWER_CHARACTERS} characters): ${bytes}; ` +
		`get_sales_invoice ${calls.toolMs.toFixed(0)} ms over MCP vs ${calls.directMs.toFixed(0)} ms read directly (medians); ` +
		`${calls.reports}; ` +
		`AI Agent: ${UNPAID_INVOICES_TOOLS.join(' → ')} in ${seconds(unpaid.ms)}, ${unpaid.modelRequests} model requests, ` +
		`tool answers to the model ${unpaid.outcome.toolMessageBytes.join('/')} bytes; ` +
		`tool calls for the unpaid invoices of a customer: ${unpaid.outcome.callsToUnpaidInvoices}; ` +
		`"who owes us the most?": one ${AGED_DEBTORS_TOOL} call (${aged.outcome.toolMessageBytes} bytes) in ${seconds(aged.ms)}, ` +
		`${aged.modelRequests} model requests, answered ${aged.outcome.contactName}, ${aged.outcome.total}, ${aged.outcome.oldest} (as at ${aged.outcome.asAt}); ` +
		`"how did last quarter compare with the same quarter last year?": one ${PROFIT_AND_LOSS_TOOL} call (${quarter.outcome.toolMessageBytes} bytes), ` +
		`answered net profit ${quarter.outcome.netProfit} against ${quarter.outcome.compared} (${quarter.outcome.changePercent}%)`
	);
}

export const mcpServerToolsCheck: ExampleCheck = {
	workflowId: WORKFLOW_ID,
	runs: 'server',
	settings: {},
	check,
};
