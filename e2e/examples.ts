import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { PRODUCTION_ENDPOINTS } from '../credentials/AccountingServiceOAuth2Api.credentials';
import { CUSTOM_NODE_PREFIX, PUBLISHED_NODE_PREFIX, REPO_ROOT } from './config';
import type { DataTable, DataTableColumn, DataTableDefinition } from './n8n-data-tables';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

const HTTP_REQUEST_NODE_TYPE = 'n8n-nodes-base.httpRequest';
const DATA_TABLE_NODE_TYPE = 'n8n-nodes-base.dataTable';

interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	[key: string]: unknown;
}

export interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	[key: string]: unknown;
}

interface Assignment {
	name: string;
	value: unknown;
}

export function loadExamples(): Array<{ file: string; workflow: Workflow }> {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => ({ file, workflow: JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as Workflow }));
}

/**
 * An example as this n8n can run it: the node type renamed for N8N_CUSTOM_EXTENSIONS, the
 * values of its "Settings" node (folder, period; or of the Set node `settingsNodeName`, such as
 * a payment notification) replaced — the parts a user edits too — and
 * any node parameters a test run needs otherwise (a shorter poll interval). HTTP Request URLs
 * on the production base URL move to `apiBaseUrl`, as the credential does. An example without a
 * Settings node writes no files: its `folder` is not used.
 */
export function adaptExample(
	workflow: Workflow,
	settings: Record<string, string>,
	nodeParameters: Record<string, Record<string, unknown>> = {},
	apiBaseUrl?: string,
	settingsNodeName = 'Settings',
): Workflow {
	const adapted = structuredClone(workflow);
	for (const node of adapted.nodes) {
		if (node.type.startsWith(PUBLISHED_NODE_PREFIX))
			node.type = CUSTOM_NODE_PREFIX + node.type.slice(PUBLISHED_NODE_PREFIX.length);
	}
	for (const [name, parameters] of Object.entries(nodeParameters)) {
		const node = adapted.nodes.find((candidate) => candidate.name === name);
		if (!node) throw new Error(`${workflow.name}: it has no node "${name}"`);
		Object.assign(node.parameters, parameters);
	}
	for (const node of adapted.nodes) {
		const url = node.parameters.url;
		if (
			apiBaseUrl &&
			node.type === HTTP_REQUEST_NODE_TYPE &&
			typeof url === 'string' &&
			url.startsWith(PRODUCTION_ENDPOINTS.baseUrl)
		) {
			node.parameters.url = apiBaseUrl + url.slice(PRODUCTION_ENDPOINTS.baseUrl.length);
		}
	}
	const settingsNode = adapted.nodes.find((node) => node.name === settingsNodeName);
	if (!settingsNode) {
		const others = Object.keys(settings).filter((name) => name !== 'folder');
		if (others.length > 0)
			throw new Error(`${workflow.name}: it has no ${settingsNodeName} node for ${others.join(', ')}`);
		return adapted;
	}
	const assignments =
		(settingsNode?.parameters.assignments as { assignments?: Assignment[] } | undefined)?.assignments ?? [];
	for (const [name, value] of Object.entries(settings)) {
		const assignment = assignments.find((candidate) => candidate.name === name);
		// A node other than Settings (input standing in for a webhook) may write no files.
		if (!assignment && name === 'folder' && settingsNodeName !== 'Settings') continue;
		if (!assignment) throw new Error(`${workflow.name}: its ${settingsNodeName} node has no "${name}"`);
		assignment.value = value;
	}
	return adapted;
}

/** One file per workflow, for `n8n import:workflow --separate`. */
export function writeWorkflows(dir: string, workflows: Workflow[]): void {
	mkdirSync(dir, { recursive: true });
	for (const workflow of workflows) writeFileSync(join(dir, `${workflow.id}.json`), JSON.stringify(workflow, null, 2));
}

/** A Data table node's table, as the example names it (By Name) or the editor stores a pick (From List). */
interface TableLocator {
	__rl: true;
	mode: 'name' | 'list' | 'id';
	value: string;
	cachedResultName?: string;
	cachedResultUrl?: string;
}

/** The resource mapper types a Data table node's Columns use for the table's column types. */
const COLUMN_TYPES: Record<string, DataTableColumn['type']> = {
	string: 'string',
	number: 'number',
	boolean: 'boolean',
	dateTime: 'date',
};

const dataTableNodes = (workflow: Workflow) => workflow.nodes.filter((node) => node.type === DATA_TABLE_NODE_TYPE);

function tableNameOf(workflow: Workflow, node: WorkflowNode): string {
	const locator = node.parameters.dataTableId as TableLocator | undefined;
	const name = locator?.mode === 'name' ? locator.value : locator?.cachedResultName;
	if (!name) throw new Error(`${workflow.name}: Data table node "${node.name}" names no table`);
	return name;
}

/**
 * The Data Tables an example needs, read from its Data table nodes: each node's table (By Name),
 * with the columns and types its Columns schema lists (the table as the editor loaded it, mapped
 * automatically or by hand) — what the example's sticky note tells a person to create.
 */
export function dataTablesOfExample(workflow: Workflow): DataTableDefinition[] {
	const tables = new Map<string, Map<string, DataTableColumn['type']>>();
	for (const node of dataTableNodes(workflow)) {
		const name = tableNameOf(workflow, node);
		const columns = tables.get(name) ?? new Map<string, DataTableColumn['type']>();
		tables.set(name, columns);
		const schema = (node.parameters.columns as { schema?: Array<{ id: string; type: string }> } | undefined)?.schema;
		for (const field of schema ?? []) {
			const type = COLUMN_TYPES[field.type];
			if (!type) throw new Error(`${workflow.name}: "${node.name}" maps ${field.id} as ${field.type}, no column type`);
			const known = columns.get(field.id);
			if (known && known !== type)
				throw new Error(`${workflow.name}: column ${field.id} of ${name} is both ${known} and ${type}`);
			columns.set(field.id, type);
		}
	}
	return [...tables].map(([name, columns]) => ({
		name,
		columns: [...columns].map(([column, type]) => ({ name: column, type })),
	}));
}

/**
 * The example with each Data table node pointing at the table of its name, as a person who
 * created the tables and picked them From List would have it (the id and the table's address).
 */
export function pointDataTables(workflow: Workflow, tables: DataTable[]): Workflow {
	const adapted = structuredClone(workflow);
	for (const node of dataTableNodes(adapted)) {
		const name = tableNameOf(adapted, node);
		const table = tables.find((candidate) => candidate.name === name);
		if (!table) throw new Error(`${workflow.name}: no Data Table "${name}" for node "${node.name}"`);
		const locator: TableLocator = {
			__rl: true,
			mode: 'list',
			value: table.id,
			cachedResultName: table.name,
			cachedResultUrl: `/projects/${table.projectId}/datatables/${table.id}`,
		};
		node.parameters.dataTableId = locator;
	}
	return adapted;
}
