import './n8n-environment';

import { Credentials, getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsExpressionResolveValues,
	IDataObject,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, UnexpectedError, Workflow, isExpression } from 'n8n-workflow';

import type { CredentialStore } from './credential-store';
import { CredentialTypes } from './credential-types';

/**
 * n8n resolves credential expressions outside a run (e.g. when a credential is read for the
 * OAuth flow) against a throw-away workflow holding one mock node; the same here.
 */
const mockNode: INode = {
	id: 'credential-expression-node',
	name: '',
	type: 'mock',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const mockNodeType: INodeType = {
	description: {
		displayName: 'Mock',
		name: 'mock',
		group: ['transform'],
		version: 1,
		description: 'Stands in for the node when credential expressions are resolved outside a run',
		defaults: {},
		inputs: [],
		outputs: [],
		properties: [],
	},
};
const mockNodeTypes: INodeTypes = {
	getByName: () => mockNodeType,
	getByNameAndVersion: () => mockNodeType,
	getKnownTypes: () => ({}),
};

/**
 * The credentials helper n8n-core talks to, backed by a {@link CredentialStore}.
 *
 * It follows n8n's cli `CredentialsHelper` (2.x) where n8n-core depends on the behaviour:
 * - `getDecrypted` applies the type's defaults (parent `oAuth2Api` merged in), keeps
 *   `oauthTokenData`, and resolves expressions such as the hidden `authQueryParameters`;
 *   with `raw` it returns the stored data untouched — n8n-core's refresh path uses that to
 *   re-read the current token before refreshing.
 * - `getParentTypes` follows `extends`: that is how n8n-core picks its OAuth2 path.
 * - `updateCredentialsOauthTokenData` persists the refreshed tokens into the store, so the
 *   next read (this execution, a parallel one, or the test) sees the rotated refresh token.
 * - a node credential reference without `id` is refused, as n8n does.
 */
export class CredentialsHelper extends ICredentialsHelper {
	constructor(
		readonly store: CredentialStore,
		readonly credentialTypes: CredentialTypes = new CredentialTypes(),
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const type = this.credentialTypes.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		// n8n lists supported nodes by short name; the engine passes the full type name.
		const shortName = nodeType.split('.').pop() ?? nodeType;
		return (type.supportedNodes ?? []).includes(shortName);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getCredentialsProperties(type);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) {
				throw new UnexpectedError('Workflow and node are required for declarative credential authentication');
			}
			const resolve = (value: string) =>
				isExpression(value)
					? String(
							workflow.expression.getSimpleParameterValue(
								node,
								value,
								'internal',
								{ $credentials: credentials },
								undefined,
								'',
							) ?? '',
						)
					: value;
			const target = requestOptions as unknown as Record<string, IDataObject | undefined>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				const section = (target[outerKey] ??= {});
				for (const [key, value] of Object.entries(outerValue as IDataObject)) {
					section[resolve(key)] = resolve(String(value));
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	/** n8n's rule: only credentials with a hidden `expirable` property pre-authenticate. */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialTypes.getByName(typeName);
		const expirable = type.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		const nodeCredentials = node.credentials?.[type.name];
		if (nodeCredentials) {
			const stored = await (await this.getCredentials(nodeCredentials, type.name)).getData();
			await this.updateCredentials(nodeCredentials, type.name, {
				...stored,
				...(output as ICredentialDataDecryptedObject),
			});
		}
		return Object.assign(credentials, output as ICredentialDataDecryptedObject);
	}

	/** Runs on every OAuth2 request in n8n-core 2.x; a no-op for types without the hook. */
	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialTypes.getByName(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return ((await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject) ?? undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<Credentials> {
		const stored = this.storedFor(nodeCredentials, type);
		const credentials = new Credentials({ id: stored.id, name: stored.name }, stored.type);
		await credentials.setData(stored.data);
		return credentials;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.storedFor(nodeCredentials, type);
		if (raw === true) return stored.data;
		return await this.applyDefaults(additionalData, stored.data, type, mode, executeData, expressionResolveValues);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.replaceData(this.storedFor(nodeCredentials, type).id, data);
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const { id } = this.storedFor(nodeCredentials, type);
		await this.store.storeOauthTokenData(id, data.oauthTokenData as IDataObject);
	}

	/**
	 * Defaults, then expressions — the order n8n uses. Only declared properties survive
	 * `getNodeParameters` (so flow leftovers like a PKCE `codeVerifier` do not reach the node);
	 * `oauthTokenData` is put back explicitly, as n8n does.
	 */
	async applyDefaults(
		additionalData: IWorkflowExecuteAdditionalData | undefined,
		original: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode = 'internal',
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		let data = NodeHelpers.getNodeParameters(
			properties,
			original as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (original.oauthTokenData !== undefined) data.oauthTokenData = original.oauthTokenData;

		const additionalKeys = additionalData ? getAdditionalKeys(additionalData, mode, null, { isCredential: true }) : {};
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = expressionResolveValues;
			data = workflow.expression.getParameterValue(
				data as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				data,
			) as ICredentialDataDecryptedObject;
		} else {
			const workflow = new Workflow({ nodes: [mockNode], connections: {}, active: false, nodeTypes: mockNodeTypes });
			const acquired = await workflow.expression.acquireIsolate();
			try {
				data = workflow.expression.getComplexParameterValue(
					mockNode,
					data as INodeParameters,
					mode,
					additionalKeys,
					undefined,
					undefined,
					data,
				) as ICredentialDataDecryptedObject;
			} finally {
				if (acquired) await workflow.expression.releaseIsolate();
			}
		}
		return data;
	}

	private storedFor(nodeCredentials: INodeCredentialsDetails, type: string) {
		if (!nodeCredentials.id) {
			// n8n: CredentialMissingIdError — the refresh path also depends on the id.
			throw new UnexpectedError(`Credential "${nodeCredentials.name}" of type "${type}" has no ID`);
		}
		const stored = this.store.get(nodeCredentials.id);
		if (stored.type !== type) {
			throw new UnexpectedError(`Credential with ID "${nodeCredentials.id}" is not of type "${type}"`);
		}
		return stored;
	}
}
