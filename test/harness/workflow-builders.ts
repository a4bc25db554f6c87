import type { IConnections, INode, INodeCredentialsDetails, INodeParameters } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import { PROBE_NODE_TYPE, accountingServiceNodeType } from './node-types';

/** A workflow node as a test writes it: `id`, `position` and `typeVersion` are filled in by `runWorkflow`. */
export type NodeSpec = Omit<INode, 'id' | 'position' | 'typeVersion'> &
	Partial<Pick<INode, 'id' | 'position' | 'typeVersion'>>;

/** n8n's per-node error settings, plus a name for the node. */
export type NodeSettings = Partial<
	Pick<
		INode,
		| 'name'
		| 'continueOnFail'
		| 'onError'
		| 'retryOnFail'
		| 'maxTries'
		| 'waitBetweenTries'
		| 'alwaysOutputData'
		| 'executeOnce'
	>
>;

/** `connections` for nodes wired one after another on their main output 0. */
export function chain(...nodeNames: string[]): IConnections {
	const connections: IConnections = {};
	for (let i = 0; i + 1 < nodeNames.length; i++) {
		connections[nodeNames[i]] = { main: [[{ node: nodeNames[i + 1], type: 'main', index: 0 }]] };
	}
	return connections;
}

/**
 * The `credentials` entry of a node using our credential. The `id` is required: n8n-core's
 * refresh path keys its lock on it and fails without it.
 */
export function credentialRef(credential: INodeCredentialsDetails): INode['credentials'] {
	if (!credential.id) throw new UnexpectedError('A node credential needs an id');
	return { accountingServiceOAuth2Api: { id: credential.id, name: credential.name } };
}

/** The real Accounting Service node with the given parameters (resource, operation, ...). */
export function accountingServiceNode(
	credential: INodeCredentialsDetails,
	parameters: INodeParameters,
	settings: NodeSettings = {},
): NodeSpec {
	return {
		name: 'Accounting Service',
		type: accountingServiceNodeType(),
		parameters,
		credentials: credentialRef(credential),
		...settings,
	};
}

/** The probe fixture node: one authenticated request per item to `path` under the base URL. */
export function probeNode(
	credential: INodeCredentialsDetails,
	request: { path: string; method?: 'GET' | 'PUT' | 'POST'; businessId?: string; body?: string },
	settings: NodeSettings = {},
): NodeSpec {
	return {
		name: 'Probe',
		type: PROBE_NODE_TYPE,
		parameters: { ...request },
		credentials: credentialRef(credential),
		...settings,
	};
}
