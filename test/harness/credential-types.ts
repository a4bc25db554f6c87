import type { ICredentialType, INodeProperties } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { AccountingServiceOAuth2Api } from '../../credentials/AccountingServiceOAuth2Api.credentials';
import { oAuth2ApiParent } from './oauth2-api-parent';

/**
 * The credential types the harness knows: ours, plus the `oAuth2Api` parent it extends.
 * Mirrors what n8n's cli does with them (CredentialTypes + CredentialsHelper), because n8n-core
 * decides whether to run its OAuth2 path from `getParentTypes`, and the properties (with their
 * defaults) decide what `getCredentials()` hands to the node.
 */
export class CredentialTypes {
	private readonly types = new Map<string, ICredentialType>();

	constructor(types: ICredentialType[] = [new AccountingServiceOAuth2Api(), oAuth2ApiParent]) {
		for (const type of types) this.types.set(type.name, type);
	}

	recognizes(name: string): boolean {
		return this.types.has(name);
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new UnexpectedError(`Unknown credential type "${name}"`);
		return type;
	}

	/** All ancestors, nearest first, following `extends` like n8n's loader does. */
	getParentTypes(name: string): string[] {
		const direct = this.types.get(name)?.extends ?? [];
		return direct.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	/**
	 * The merged property list n8n builds: parents first, then the child's own properties
	 * replacing same-named ones; `doNotInherit` properties are dropped by `mergeNodeProperties`.
	 * `oauthTokenData` is added to the OAuth2 root because n8n treats it as a real field.
	 */
	getCredentialsProperties(name: string): INodeProperties[] {
		const type = this.getByName(name);
		if (type.extends === undefined) {
			if (name === 'oAuth2Api') {
				return [
					...type.properties,
					{ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', default: {} },
				];
			}
			return type.properties;
		}
		const merged: INodeProperties[] = [];
		for (const parent of type.extends) {
			NodeHelpers.mergeNodeProperties(merged, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(merged, type.properties);
		return merged;
	}
}
