import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EXAMPLES_DIR, type Workflow } from '../examples';

/**
 * The values of an example's Set node as the file has them (what a person edits there): the
 * check reads the wording and thresholds it must find in the output from the example itself.
 */
export function exampleSettings(file: string, nodeName: string): Record<string, unknown> {
	const workflow = JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as Workflow;
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	const assignments = (node?.parameters.assignments as { assignments?: Array<{ name: string; value: unknown }> })
		?.assignments;
	if (!assignments) throw new Error(`examples/${file} has no Set node "${nodeName}"`);
	return Object.fromEntries(assignments.map(({ name, value }) => [name, value]));
}
