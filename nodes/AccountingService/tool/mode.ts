import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Whether the node runs as an AI tool: n8n loads a node that is `usableAsTool` a second time
 * as `<name>Tool` (its "Sage Accounting Tool"), and an agent or the MCP Server Trigger runs
 * that one. The same test as n8n's own `@tool` display option.
 */
export const runsAsTool = (context: IExecuteFunctions) => context.getNode().type.endsWith('Tool');
