/**
 * An MCP client as an AI app connects one to n8n's MCP Server Trigger: the SDK's own client over
 * Streamable HTTP. The SDK's CommonJS build is imported by path, as the e2e runs CommonJS
 * (`moduleResolution: node` finds its types through the package's typesVersions).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { PACKAGE_NAME } from '../config';

/** A tool as the server lists it: what a model reads to choose it and fill in its arguments. */
export interface ListedTool {
	name: string;
	description: string;
	/** Each argument's JSON Schema, with its description. */
	properties: Record<string, { type?: string; description?: string }>;
	required: string[];
}

/** One call's answer as the model gets it: the text, the error flag, its size and how long it took. */
export interface ToolAnswer {
	text: string;
	isError: boolean;
	bytes: number;
	ms: number;
}

export class McpToolsClient {
	private constructor(private readonly client: Client) {}

	/** Connects (initialize, then the initialized notification) to the server at `url`. */
	static async connect(url: string): Promise<McpToolsClient> {
		const client = new Client({ name: `${PACKAGE_NAME}-e2e`, version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(url)));
		return new McpToolsClient(client);
	}

	async listTools(): Promise<ListedTool[]> {
		const { tools } = await this.client.listTools();
		return tools.map((tool) => ({
			name: tool.name,
			description: tool.description ?? '',
			properties: (tool.inputSchema.properties ?? {}) as ListedTool['properties'],
			required: tool.inputSchema.required ?? [],
		}));
	}

	async callTool(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
		const started = performance.now();
		const result = await this.client.callTool({ name, arguments: args });
		const ms = performance.now() - started;
		const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
		const text = content
			.filter((part) => part.type === 'text')
			.map((part) => part.text ?? '')
			.join('\n');
		return { text, isError: result.isError === true, bytes: Buffer.byteLength(text), ms };
	}

	async close(): Promise<void> {
		await this.client.close();
	}
}
