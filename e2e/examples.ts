import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { CUSTOM_NODE_PREFIX, PUBLISHED_NODE_PREFIX, REPO_ROOT } from './config';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
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
 * values of its "Settings" node (folder, period) replaced — the parts a user edits too — and
 * any node parameters a test run needs otherwise (a shorter poll interval).
 */
export function adaptExample(
	workflow: Workflow,
	settings: Record<string, string>,
	nodeParameters: Record<string, Record<string, unknown>> = {},
): Workflow {
	const adapted = structuredClone(workflow);
	for (const node of adapted.nodes) {
		if (node.type.startsWith(PUBLISHED_NODE_PREFIX)) node.type = CUSTOM_NODE_PREFIX + node.type.slice(PUBLISHED_NODE_PREFIX.length);
	}
	for (const [name, parameters] of Object.entries(nodeParameters)) {
		const node = adapted.nodes.find((candidate) => candidate.name === name);
		if (!node) throw new Error(`${workflow.name}: it has no node "${name}"`);
		Object.assign(node.parameters, parameters);
	}
	const settingsNode = adapted.nodes.find((node) => node.name === 'Settings');
	const assignments = (settingsNode?.parameters.assignments as { assignments?: Assignment[] } | undefined)?.assignments ?? [];
	for (const [name, value] of Object.entries(settings)) {
		const assignment = assignments.find((candidate) => candidate.name === name);
		if (!assignment) throw new Error(`${workflow.name}: its Settings node has no "${name}"`);
		assignment.value = value;
	}
	return adapted;
}

/** One file per workflow, for `n8n import:workflow --separate`. */
export function writeWorkflows(dir: string, workflows: Workflow[]): void {
	mkdirSync(dir, { recursive: true });
	for (const workflow of workflows) writeFileSync(join(dir, `${workflow.id}.json`), JSON.stringify(workflow, null, 2));
}
