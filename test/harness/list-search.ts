import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import type {
	INode,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeType,
	IWorkflowBase,
	ResourceMapperFields,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { CredentialStore } from './credential-store';
import { CredentialsHelper } from './credentials-helper';
import { NodeTypes } from './node-types';
import { additionalDataFor } from './run-workflow';
import type { NodeSpec } from './workflow-builders';

/**
 * Calls one of the node's `listSearch` methods the way the editor does (a resource locator's
 * "From List"), in n8n-core's own LoadOptionsContext with the stored credential.
 */
export async function runListSearch(options: {
	store: CredentialStore;
	node: NodeSpec;
	method: string;
	filter?: string;
	paginationToken?: string;
}): Promise<INodeListSearchResult> {
	const { context, nodeType } = loadOptionsContext(options);
	const method = nodeType.methods?.listSearch?.[options.method];
	if (!method) throw new Error(`The node has no listSearch method "${options.method}"`);
	return await method.call(context, options.filter, options.paginationToken);
}

/** Calls one of the node's `resourceMapping` methods the way the editor does when it loads a mapper's fields. */
export async function runResourceMapping(options: {
	store: CredentialStore;
	node: NodeSpec;
	method: string;
}): Promise<ResourceMapperFields> {
	const { context, nodeType } = loadOptionsContext(options);
	const method = nodeType.methods?.resourceMapping?.[options.method];
	if (!method) throw new Error(`The node has no resourceMapping method "${options.method}"`);
	return await method.call(context);
}

/**
 * Calls one of a node's `loadOptions` methods the way n8n's backend does when the editor opens an
 * options list (`path`: the parameter's path in the form); `extra` registers the trigger.
 */
export async function runLoadOptions(options: {
	store: CredentialStore;
	node: NodeSpec;
	method: string;
	path: string;
	extra?: INodeType[];
}): Promise<INodePropertyOptions[]> {
	const { context, nodeType } = loadOptionsContext(options);
	const method = nodeType.methods?.loadOptions?.[options.method];
	if (!method) throw new Error(`The node has no loadOptions method "${options.method}"`);
	return await method.call(context);
}

function loadOptionsContext(options: { store: CredentialStore; node: NodeSpec; path?: string; extra?: INodeType[] }) {
	const nodeTypes = new NodeTypes(options.extra);
	const node: INode = { id: 'list-search-node', position: [0, 0], typeVersion: 1, ...options.node };
	const workflow = new Workflow({
		id: 'list-search',
		name: 'List search',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
	});
	const workflowData = {
		id: 'list-search',
		name: 'List search',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks('manual', 'list-search', workflowData);
	const additionalData = additionalDataFor(
		new CredentialsHelper(options.store),
		hooks,
		'list-search',
		'list-search',
		{},
	);
	// The editor sends the form's current values with every list request; methods read them from here.
	additionalData.currentNodeParameters = node.parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, options.path ?? 'parameters');
	return { context, nodeType: nodeTypes.getByNameAndVersion(node.type, node.typeVersion) };
}
