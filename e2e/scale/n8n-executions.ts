import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { N8nInstall } from '../install-n8n';
import type { RunData } from '../n8n-cli';

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt: string | null;
	stoppedAt: string | null;
}

/**
 * n8n's execution records as its editor reads them (`/rest/executions`, the owner's session):
 * the same for SQLite and PostgreSQL, for one process and for queue mode.
 */
export class N8nExecutions {
	private readonly parseFlatted: (text: string) => unknown;
	/** A finished execution's data does not change: read once. */
	private readonly runDataById = new Map<string, Promise<RunData['data']>>();

	constructor(
		private readonly url: string,
		private readonly session: string,
		install: N8nInstall,
	) {
		// n8n keeps run data in the `flatted` format; its own copy reads it back.
		const fromN8n = createRequire(join(install.dir, 'node_modules', 'n8n', 'package.json'));
		this.parseFlatted = (fromN8n('flatted') as { parse: (text: string) => unknown }).parse;
	}

	/** Every execution of the workflow, running ones too (the list pages by `nextCursor`). */
	async of(workflowId: string): Promise<ExecutionSummary[]> {
		const byId = new Map<string, ExecutionSummary>();
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({ filter: JSON.stringify({ workflowId }), limit: '100' });
			if (cursor) query.set('cursor', cursor);
			const page = await this.get<{ results: ExecutionSummary[]; nextCursor?: string | null }>(
				`/rest/executions?${query}`,
			);
			for (const execution of page.results) byId.set(String(execution.id), { ...execution, id: String(execution.id) });
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return [...byId.values()];
	}

	/** The run data of one execution: what each node put out. */
	async runData(id: string): Promise<RunData['data']> {
		let data = this.runDataById.get(id);
		if (!data) {
			data = this.get<{ data: string }>(`/rest/executions/${id}`).then(
				(execution) => this.parseFlatted(execution.data) as RunData['data'],
			);
			this.runDataById.set(id, data);
			data.catch(() => this.runDataById.delete(id));
		}
		return await data;
	}

	private async get<T>(path: string): Promise<T> {
		const response = await fetch(this.url + path, { headers: { cookie: this.session } });
		if (!response.ok) throw new Error(`n8n GET ${path} answered ${response.status}: ${await response.text()}`);
		return ((await response.json()) as { data: T }).data;
	}
}
