import './n8n-environment';

import { ExecutionLifecycleHooks, ExternalSecretsProxy, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	ExecutionStatus,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError, Workflow, createRunExecutionData } from 'n8n-workflow';

import type { CredentialStore } from './credential-store';
import { CredentialsHelper } from './credentials-helper';
import { NodeTypes } from './node-types';
import type { NodeSpec } from './workflow-builders';

export interface RunWorkflowOptions {
	/** The credentials the nodes refer to; share one store between parallel runs to share tokens. */
	store: CredentialStore;
	nodes: NodeSpec[];
	/** Defaults to no connections (a single-node workflow); see `chain` in workflow-builders. */
	connections?: IConnections;
	/**
	 * Items handed to the start node's input, as plain JSON objects or full items.
	 * Defaults to one empty item, which is what a manual trigger would emit.
	 */
	input?: Array<IDataObject | INodeExecutionData>;
	/** Defaults to the first node that no other node feeds. */
	startNode?: string;
	mode?: WorkflowExecuteMode;
	settings?: IWorkflowSettings;
	nodeTypes?: NodeTypes;
	/** The same id in two runs makes them two executions of one saved workflow; each run gets its own otherwise. */
	workflowId?: string;
}

export interface WorkflowRunResult {
	status: ExecutionStatus;
	/** The error that stopped the workflow (the failing node's error), if any. */
	error?: ExecutionBaseError;
	/** Per node: the items of each output of its last run (output 1 = error output with `onError: 'continueErrorOutput'`). */
	outputs: Record<string, INodeExecutionData[][]>;
	/** Per node: the error its last run failed with (none when `continueOnFail` turned it into items). */
	nodeErrors: Record<string, ExecutionBaseError>;
	/** Names of the nodes in the order they finished. */
	executionOrder: string[];
	/** The items of one output of a node (empty when the node did not run). */
	items(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The `json` of those items. */
	json(nodeName: string, outputIndex?: number): IDataObject[];
	/** n8n-core's full result, for anything else. */
	run: IRun;
	durationMs: number;
}

/**
 * Absolute URLs n8n 2.x insists on in `additionalData` (it builds webhook, form and MCP URLs from
 * them while preparing node contexts). Nothing listens there; they only have to parse.
 */
const INSTANCE_BASE_URL = 'http://localhost:5678';

let executionCounter = 0;

export function additionalDataFor(
	credentialsHelper: CredentialsHelper,
	hooks: ExecutionLifecycleHooks,
	executionId: string,
	workflowId: string,
	settings: IWorkflowSettings,
): IWorkflowExecuteAdditionalData {
	const notAvailable = (what: string) => async () => {
		throw new UnexpectedError(`${what} is not available in the test harness`);
	};
	const data: IWorkflowExecuteAdditionalData = {
		credentialsHelper,
		hooks,
		executionId,
		workflowId,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${INSTANCE_BASE_URL}/rest`,
		instanceBaseUrl: `${INSTANCE_BASE_URL}/`,
		formBaseUrl: `${INSTANCE_BASE_URL}/form`,
		formWaitingBaseUrl: `${INSTANCE_BASE_URL}/form-waiting`,
		formTestBaseUrl: `${INSTANCE_BASE_URL}/form-test`,
		webhookBaseUrl: `${INSTANCE_BASE_URL}/webhook`,
		webhookWaitingBaseUrl: `${INSTANCE_BASE_URL}/webhook-waiting`,
		webhookTestBaseUrl: `${INSTANCE_BASE_URL}/webhook-test`,
		mcpBaseUrl: `${INSTANCE_BASE_URL}/mcp`,
		mcpTestBaseUrl: `${INSTANCE_BASE_URL}/mcp-test`,
		variables: {},
		externalSecretsProxy: new ExternalSecretsProxy(),
		// Lets credential helpers see the workflow's settings, as n8n's own runner does.
		workflowSettings: settings,
		logAiEvent: () => {},
		executeWorkflow: notAvailable('Executing a sub-workflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: notAvailable('The task runner (Code node)'),
	};
	return data;
}

/** An input entry with an object `json` is taken as a full item (binary, pairedItem...); anything else becomes its `json`. */
function toItem(entry: IDataObject | INodeExecutionData): INodeExecutionData {
	const looksLikeItem = typeof entry.json === 'object' && entry.json !== null && !Array.isArray(entry.json);
	return looksLikeItem ? (entry as INodeExecutionData) : { json: entry as IDataObject };
}

function pickStartNode(nodes: INode[], connections: IConnections, startNode?: string): INode {
	if (startNode) {
		const node = nodes.find((n) => n.name === startNode);
		if (!node) throw new UnexpectedError(`Start node "${startNode}" is not in the workflow`);
		return node;
	}
	const fed = new Set(
		Object.values(connections).flatMap((byType) =>
			(byType.main ?? []).flatMap((outputs) => (outputs ?? []).map((c) => c.node)),
		),
	);
	const node = nodes.find((n) => !fed.has(n.name));
	if (!node) throw new UnexpectedError('Every node has an incoming connection: name the start node');
	return node;
}

/**
 * Runs a workflow through n8n-core's `WorkflowExecute`, the engine n8n itself uses, starting at
 * one node with the given input items (no trigger needed), and returns what each node output.
 *
 * Runs are independent and can be awaited in parallel; only the credential store is shared.
 */
export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowRunResult> {
	const { store, connections = {}, mode = 'manual', settings = {}, nodeTypes = new NodeTypes() } = options;
	const executionId = String(++executionCounter);
	const workflowId = options.workflowId ?? `harness-workflow-${executionId}`;

	const nodes: INode[] = options.nodes.map((spec, index) => ({
		typeVersion: 1,
		position: [index * 220, 0],
		...spec,
		id: spec.id ?? `node-${index + 1}`,
	}));
	const workflow = new Workflow({
		id: workflowId,
		name: 'Harness workflow',
		nodes,
		connections,
		nodeTypes,
		active: false,
		settings,
	});

	const workflowData: IWorkflowBase = {
		id: workflowId,
		name: 'Harness workflow',
		active: false,
		isArchived: false,
		nodes,
		connections,
		settings,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
	const executionOrder: string[] = [];
	hooks.addHandler('nodeExecuteAfter', (nodeName) => {
		executionOrder.push(nodeName);
	});

	const start = pickStartNode(nodes, connections, options.startNode);
	const input = (options.input ?? [{}]).map(toItem);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: start, data: { main: [input] }, source: null }],
		},
	});

	const additionalData = additionalDataFor(new CredentialsHelper(store), hooks, executionId, workflowId, settings);
	const startedAt = performance.now();
	const run = await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
	const durationMs = performance.now() - startedAt;

	const outputs: Record<string, INodeExecutionData[][]> = {};
	const nodeErrors: Record<string, ExecutionBaseError> = {};
	for (const [nodeName, taskData] of Object.entries(run.data.resultData.runData)) {
		const last = taskData[taskData.length - 1];
		outputs[nodeName] = (last?.data?.main ?? []).map((items) => items ?? []);
		if (last?.error) nodeErrors[nodeName] = last.error;
	}
	const items = (nodeName: string, outputIndex = 0) => outputs[nodeName]?.[outputIndex] ?? [];

	return {
		status: run.status,
		error: run.data.resultData.error,
		outputs,
		nodeErrors,
		executionOrder,
		items,
		json: (nodeName, outputIndex = 0) => items(nodeName, outputIndex).map((item) => item.json),
		run,
		durationMs,
	};
}
