/**
 * n8n's Data Tables through the REST API its editor uses (n8n 2.41: `modules/data-table/
 * data-table.controller.js`, `/rest/projects/:projectId/data-tables`), with the owner's session,
 * a workflow created the way the editor's "Import from File" saves one (`POST /rest/workflows`), and a
 * credential as its credential form saves one (`POST /rest/credentials`).
 */
import type { Workflow } from './examples';

/** A Data Table column as n8n stores it: the editor's String, Number, Boolean and Date. */
export interface DataTableColumn {
	name: string;
	type: 'string' | 'number' | 'boolean' | 'date';
}

export interface DataTableDefinition {
	name: string;
	columns: DataTableColumn[];
}

export interface DataTable {
	id: string;
	name: string;
	projectId: string;
}

/** A row as the REST API reads it: the table's columns plus n8n's own `id`, `createdAt`, `updatedAt`. */
export type DataTableRow = Record<string, string | number | boolean | null>;

/** The REST API answers `{ data: … }`; anything else than 2xx fails naming the request. */
async function rest<T>(url: string, session: string, method: string, path: string, body?: unknown): Promise<T> {
	const response = await fetch(url + path, {
		method,
		headers: { cookie: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`n8n ${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
	return (JSON.parse(text) as { data: T }).data;
}

/** The signed-in user's personal project, where their Data Tables and workflows live. */
export async function personalProjectId(url: string, session: string): Promise<string> {
	return (await rest<{ id: string }>(url, session, 'GET', '/rest/projects/personal')).id;
}

export async function createDataTable(
	url: string,
	session: string,
	projectId: string,
	definition: DataTableDefinition,
): Promise<DataTable> {
	const created = await rest<{ id: string; name: string }>(
		url,
		session,
		'POST',
		`/rest/projects/${projectId}/data-tables`,
		definition,
	);
	return { id: created.id, name: created.name, projectId };
}

/** The project's Data Tables by name (an earlier `npm run dev` made them already). */
export async function dataTablesOf(url: string, session: string, projectId: string): Promise<DataTable[]> {
	const page = await rest<{ data: Array<{ id: string; name: string }> }>(
		url,
		session,
		'GET',
		`/rest/projects/${projectId}/data-tables?take=250`,
	);
	return page.data.map((table) => ({ id: table.id, name: table.name, projectId }));
}

/** REST pages of rows hold at most 250 (`MAX_ITEMS_PER_PAGE` of n8n's api-types). */
const ROWS_PER_PAGE = 250;

/** Every row of a table, page by page, checked against the count n8n gives with each page. */
export async function dataTableRows(url: string, session: string, table: DataTable): Promise<DataTableRow[]> {
	const rows: DataTableRow[] = [];
	for (;;) {
		const query = new URLSearchParams({ take: String(ROWS_PER_PAGE), skip: String(rows.length), sortBy: 'id:asc' });
		const page = await rest<{ count: number; data: DataTableRow[] }>(
			url,
			session,
			'GET',
			`/rest/projects/${table.projectId}/data-tables/${table.id}/rows?${query}`,
		);
		rows.push(...page.data);
		if (page.data.length === 0 || rows.length >= page.count) {
			if (rows.length !== page.count)
				throw new Error(`${table.name}: read ${rows.length} rows, n8n counts ${page.count} (it changed while read)`);
			return rows;
		}
	}
}

/** Saves a workflow as the editor's import does, under its own id, in the project; not published. */
export async function createWorkflow(
	url: string,
	session: string,
	projectId: string,
	workflow: Workflow,
): Promise<void> {
	await rest(url, session, 'POST', '/rest/workflows', { ...workflow, active: false, projectId });
}

/** Saves a credential in the project, as the editor's credential form does; n8n encrypts `data`. */
export async function createCredential(
	url: string,
	session: string,
	projectId: string,
	credential: { name: string; type: string; data: Record<string, unknown> },
): Promise<{ id: string; name: string }> {
	const created = await rest<{ id: string; name: string }>(url, session, 'POST', '/rest/credentials', {
		...credential,
		projectId,
	});
	return { id: created.id, name: created.name };
}

/** Whether n8n has a workflow of this id (`npm run dev` keeps its database between runs). */
export async function workflowExists(url: string, session: string, id: string): Promise<boolean> {
	const response = await fetch(`${url}/rest/workflows/${id}`, { headers: { cookie: session } });
	return response.ok;
}
