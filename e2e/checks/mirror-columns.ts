/**
 * The mirror example's promise that Map Automatically just works: every Data table node that
 * writes rows maps them automatically, and each table has exactly the columns of the rows its
 * trigger puts out with Select Included Fields — the record's key, the chosen Fields and the
 * trigger's `change_type`. A column the rows lack would stay empty; a field the table lacks is
 * refused by the node ("unknown column name").
 */
import type { Workflow } from '../examples';
import type { DataTableDefinition } from '../n8n-data-tables';
import { expect } from './types';

const DATA_TABLE_NODE_TYPE = 'n8n-nodes-base.dataTable';
const WRITING_OPERATIONS = ['insert', 'upsert', 'update'];
/** The column the trigger adds to every row it puts out. */
const CHANGE_TYPE = 'change_type';

/** `tableOfTrigger`: the name of the table each trigger's rows go into. */
export function expectTablesTakeTriggerRows(
	workflow: Workflow,
	tables: DataTableDefinition[],
	tableOfTrigger: Record<string, string>,
): void {
	for (const node of workflow.nodes) {
		if (node.type !== DATA_TABLE_NODE_TYPE || !WRITING_OPERATIONS.includes(String(node.parameters.operation))) continue;
		const mappingMode = (node.parameters.columns as { mappingMode?: string } | undefined)?.mappingMode;
		expect(
			mappingMode === 'autoMapInputData',
			`${workflow.name}: "${node.name}" maps its columns ${String(mappingMode)}, not Map Automatically`,
		);
	}
	for (const [triggerName, tableName] of Object.entries(tableOfTrigger)) {
		const trigger = workflow.nodes.find((node) => node.name === triggerName);
		const table = tables.find((candidate) => candidate.name === tableName);
		expect(
			trigger !== undefined && table !== undefined,
			`${workflow.name}: no "${triggerName}" or table "${tableName}"`,
		);
		const { output, fields, resource } = trigger.parameters as {
			output?: string;
			fields?: string[];
			resource?: string;
		};
		expect(
			output === 'fields' && Array.isArray(fields),
			`${workflow.name}: "${triggerName}" outputs ${String(output)}, not Select Included Fields`,
		);
		const key = `${String(resource).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}_id`;
		const rowColumns = [key, ...fields, CHANGE_TYPE];
		const tableColumns = table.columns.map((column) => column.name);
		expect(
			JSON.stringify([...rowColumns].sort()) === JSON.stringify([...tableColumns].sort()),
			`${workflow.name}: "${triggerName}" puts out ${rowColumns.join(', ')}; table "${tableName}" has ${tableColumns.join(', ')}`,
		);
	}
}
