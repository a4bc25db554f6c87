/**
 * The engine test harness: run workflows with this package's node through n8n-core's own
 * `WorkflowExecute`, against credentials that behave like n8n's (tokens persisted, refresh
 * written back), connected to a service the way n8n's "Connect my account" does.
 */
export { CredentialStore, type StoredCredential, type TokenWrite } from './credential-store';
export { CredentialsHelper } from './credentials-helper';
export { CredentialTypes } from './credential-types';
export {
	NodeTypes,
	PACKAGE_NAME,
	PROBE_NODE_TYPE,
	accountingServiceNodeType,
	loadAccountingServiceNode,
	nodeTypeName,
} from './node-types';
export { runWorkflow, type RunWorkflowOptions, type WorkflowRunResult } from './run-workflow';
export { runListSearch, runLoadOptions, runResourceMapping } from './list-search';
export { Poller, accountingServiceTriggerNode, loadAccountingServiceTrigger, type PollOutcome } from './run-poll';
export {
	accountingServiceNode,
	chain,
	credentialRef,
	probeNode,
	type NodeSettings,
	type NodeSpec,
} from './workflow-builders';
export {
	CREDENTIAL_TYPE,
	N8N_REDIRECT_URI,
	completeAuthorization,
	connectCredential,
	credentialDataFor,
	refreshClientFor,
	startAuthorization,
	type ConnectOptions,
	type ConnectedCredential,
	type PendingAuthorization,
	type ServiceEndpoints,
} from './connect-credential';
export { N8N_CORE_VERSION, N8N_MAJOR, isN8n1, recommendedGrantType } from './n8n-version';
export { connectedStore } from './connected-store';
