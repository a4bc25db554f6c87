import './n8n-environment';

import { join } from 'node:path';

import { Container } from '@n8n/di';
import * as core from 'n8n-core';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWorkflowBase,
	IWorkflowSettings,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { CredentialStore } from './credential-store';
import { CredentialsHelper } from './credentials-helper';
import { NodeTypes, nodeTypeName } from './node-types';
import { additionalDataFor } from './run-workflow';
import { credentialRef, type NodeSpec } from './workflow-builders';

const TRIGGER_SOURCE = join(
	__dirname,
	'..',
	'..',
	'nodes',
	'AccountingServiceTrigger',
	'AccountingServiceTrigger.node.ts',
);

let trigger: INodeType | undefined;

/** The real trigger node, loaded from TypeScript source on first use (like the action node). */
export function loadAccountingServiceTrigger(): INodeType {
	if (!trigger) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { AccountingServiceTrigger } = require(TRIGGER_SOURCE) as { AccountingServiceTrigger: new () => INodeType };
		trigger = new AccountingServiceTrigger();
	}
	return trigger;
}

/** The trigger node with the given parameters, as a workflow holds it. */
export function accountingServiceTriggerNode(
	credential: INodeCredentialsDetails,
	parameters: INodeParameters,
): NodeSpec {
	return {
		name: 'Accounting Service Trigger',
		type: nodeTypeName(loadAccountingServiceTrigger()),
		parameters,
		credentials: credentialRef(credential),
	};
}

export interface PollOutcome {
	/** The items the poll handed to n8n to start an execution with; empty when it emitted nothing. */
	items: INodeExecutionData[];
	json: IDataObject[];
	/** The error of a failed poll: thrown on activation, passed to `__emitError` on a scheduled poll. */
	error?: Error;
	/** Whether n8n would have saved the workflow's static data after this poll. */
	saved: boolean;
	durationMs: number;
}

/**
 * An active workflow with one poll trigger, polled the way n8n-core polls it: a `PollContext`
 * run by n8n 2.x's `PollTriggerExecutor` (which calls the node's `poll()` through
 * `TriggersAndPollers`), or on n8n 1.x the same steps as its `ActiveWorkflows.activatePolling`.
 * `activate()` polls as on activation (a failure is thrown), `poll()` as the schedule does
 * (a failure goes to `__emitError`).
 *
 * Only static data survives between polls, as JSON, in two places: `liveStaticData`, what the
 * n8n process holds (whatever the node left there, also after a failed poll), and
 * `storedStaticData`, what n8n's database holds. Every poll builds a new Workflow from the live
 * copy, so a node keeping anything outside static data would show. The database copy is written
 * when n8n writes it: after activation (ActiveWorkflowManager saves once the triggers are added),
 * after a poll that emitted items (it saves before starting the execution), and on n8n 2.x after
 * a scheduled poll that returned nothing (its cursor commit); never after a failed poll. Another
 * instance (queue mode, a restart) starts from the database copy: `new Poller(..., { staticData })`.
 */
export class Poller {
	liveStaticData: string;
	storedStaticData: string;
	private polls = 0;
	private readonly nodeTypes: NodeTypes;
	private readonly node: INode;
	private readonly workflowId: string;
	private readonly settings: IWorkflowSettings;

	constructor(
		private readonly store: CredentialStore,
		node: NodeSpec,
		options: { staticData?: string; workflowId?: string; settings?: IWorkflowSettings } = {},
	) {
		this.settings = options.settings ?? {};
		this.nodeTypes = new NodeTypes([loadAccountingServiceTrigger()]);
		this.node = { id: 'trigger-node', position: [0, 0], typeVersion: 1, ...node };
		this.workflowId = options.workflowId ?? `poll-workflow-${Math.random().toString(36).slice(2, 10)}`;
		this.liveStaticData = options.staticData ?? '{}';
		this.storedStaticData = this.liveStaticData;
	}

	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		return await this.run(true, activation);
	}

	async poll(): Promise<PollOutcome> {
		return await this.run(false, 'activate');
	}

	/** The node's part of the static data in the database, or in the process with `'live'`. */
	nodeStaticData(where: 'stored' | 'live' = 'stored'): IDataObject {
		const staticData = where === 'live' ? this.liveStaticData : this.storedStaticData;
		return (JSON.parse(staticData) as IDataObject)[`node:${this.node.name}`] as IDataObject;
	}

	private async run(testingTrigger: boolean, activation: WorkflowActivateMode): Promise<PollOutcome> {
		const executionId = `${this.workflowId}-poll-${++this.polls}`;
		const nodes = [this.node];
		const staticData = JSON.parse(this.liveStaticData) as IDataObject;
		const workflow = new Workflow({
			id: this.workflowId,
			name: 'Poll workflow',
			nodes,
			connections: {},
			nodeTypes: this.nodeTypes,
			active: true,
			staticData,
			settings: this.settings,
		});
		const workflowData = {
			id: this.workflowId,
			name: 'Poll workflow',
			nodes,
			connections: {},
			active: true,
		} as unknown as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks('trigger', executionId, workflowData);
		const additionalData = additionalDataFor(
			new CredentialsHelper(this.store),
			hooks,
			executionId,
			this.workflowId,
			{},
		);

		let emitted: INodeExecutionData[][] | undefined;
		let emittedError: Error | undefined;
		let committed = false;
		const context = new PollContext(
			workflow,
			this.node,
			additionalData,
			'trigger',
			activation,
			(data) => {
				emitted = data;
			},
			(error) => {
				emittedError = error;
			},
			async () => {
				committed = true;
			},
		);

		const started = performance.now();
		let thrown: Error | undefined;
		try {
			await pollOnce(workflow, this.node, context, testingTrigger);
		} catch (error) {
			thrown = error as Error;
		}
		const durationMs = performance.now() - started;

		const changed = workflow.staticData.__dataChanged === true;
		this.liveStaticData = JSON.stringify(workflow.staticData);
		const failed = thrown !== undefined || emittedError !== undefined;
		const saved = !failed && changed && (testingTrigger || emitted !== undefined || committed);
		if (saved) this.storedStaticData = this.liveStaticData;
		const items = emitted?.[0] ?? [];
		return { items, json: items.map((item) => item.json), error: thrown ?? emittedError, saved, durationMs };
	}
}

/** One poll as n8n-core runs it: 2.x's PollTriggerExecutor, or 1.x's activatePolling steps. */
async function pollOnce(workflow: Workflow, node: INode, context: PollContext, testingTrigger: boolean): Promise<void> {
	const PollTriggerExecutor = (core as Partial<typeof core>).PollTriggerExecutor;
	if (PollTriggerExecutor) {
		await Container.get(PollTriggerExecutor).create(workflow, node, context, () => true)(testingTrigger);
		return;
	}
	// n8n-core 1.x does not export TriggersAndPollers; ActiveWorkflows uses this module of it.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { TriggersAndPollers } = require('n8n-core/dist/execution-engine/triggers-and-pollers') as {
		TriggersAndPollers: new () => {
			runPoll(workflow: Workflow, node: INode, context: PollContext): Promise<INodeExecutionData[][] | null>;
		};
	};
	const pollers = Container.get(TriggersAndPollers);
	try {
		const response = await pollers.runPoll(workflow, node, context);
		if (response !== null) context.__emit(response);
	} catch (error) {
		if (testingTrigger) throw error;
		context.__emitError(error as Error);
	}
}
