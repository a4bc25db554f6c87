import './n8n-environment';

import { join } from 'node:path';

import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, PollContext, PollTriggerExecutor } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWorkflowBase,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { CredentialStore } from './credential-store';
import { CredentialsHelper } from './credentials-helper';
import { NodeTypes, nodeTypeName } from './node-types';
import { additionalDataFor } from './run-workflow';
import { credentialRef, type NodeSpec } from './workflow-builders';

const TRIGGER_SOURCE = join(__dirname, '..', '..', 'nodes', 'AccountingServiceTrigger', 'AccountingServiceTrigger.node.ts');

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
export function accountingServiceTriggerNode(credential: INodeCredentialsDetails, parameters: INodeParameters): NodeSpec {
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
 * run by `PollTriggerExecutor` (which calls the node's `poll()` through `TriggersAndPollers`),
 * `activate()` as on activation (a failure is thrown), `poll()` as the schedule does (a failure
 * goes to `__emitError`).
 *
 * Between polls only the static data survives, as JSON, the way n8n's database keeps it: every
 * poll builds a new Workflow from it, as another main instance would in queue mode. It is saved
 * when n8n saves it: after activation (ActiveWorkflowManager saves once the triggers are added),
 * after a poll that emitted items (it saves before starting the execution) or that committed its
 * cursor (a scheduled poll that returned nothing); never after a failed poll.
 */
export class Poller {
	/** The workflow's static data as stored between polls. */
	storedStaticData = '{}';
	private polls = 0;
	private readonly nodeTypes: NodeTypes;
	private readonly node: INode;

	constructor(
		private readonly store: CredentialStore,
		node: NodeSpec,
		private readonly workflowId = `poll-workflow-${Math.random().toString(36).slice(2, 10)}`,
	) {
		this.nodeTypes = new NodeTypes([loadAccountingServiceTrigger()]);
		this.node = { id: 'trigger-node', position: [0, 0], typeVersion: 1, ...node };
	}

	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		return await this.run(true, activation);
	}

	async poll(): Promise<PollOutcome> {
		return await this.run(false, 'activate');
	}

	/** The node's part of the stored static data. */
	nodeStaticData(): IDataObject {
		return (JSON.parse(this.storedStaticData) as IDataObject)[`node:${this.node.name}`] as IDataObject;
	}

	private async run(testingTrigger: boolean, activation: WorkflowActivateMode): Promise<PollOutcome> {
		const executionId = `${this.workflowId}-poll-${++this.polls}`;
		const nodes = [this.node];
		const staticData = JSON.parse(this.storedStaticData) as IDataObject;
		const workflow = new Workflow({ id: this.workflowId, name: 'Poll workflow', nodes, connections: {}, nodeTypes: this.nodeTypes, active: true, staticData });
		const workflowData = { id: this.workflowId, name: 'Poll workflow', nodes, connections: {}, active: true } as unknown as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks('trigger', executionId, workflowData);
		const additionalData = additionalDataFor(new CredentialsHelper(this.store), hooks, executionId, this.workflowId, {});

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
			await Container.get(PollTriggerExecutor).create(workflow, this.node, context, () => true)(testingTrigger);
		} catch (error) {
			thrown = error as Error;
		}
		const durationMs = performance.now() - started;

		const failed = thrown !== undefined || emittedError !== undefined;
		const saved = !failed && (testingTrigger || emitted !== undefined || committed) && workflow.staticData.__dataChanged === true;
		if (saved) this.storedStaticData = JSON.stringify(workflow.staticData);
		const items = emitted?.[0] ?? [];
		return { items, json: items.map((item) => item.json), error: thrown ?? emittedError, saved, durationMs };
	}
}
