import { randomUUID } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject, INodeCredentialsDetails } from 'n8n-workflow';

/** What one credential looks like in the store: n8n's credentials table, minus encryption. */
export interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

/** One write of `oauthTokenData` by n8n-core, recorded without the tokens themselves. */
export interface TokenWrite {
	credentialId: string;
	/** Whether the write carried a different access token than the one stored before it. */
	accessTokenChanged: boolean;
	/** Whether the write carried a different refresh token (the service rotates it on refresh). */
	refreshTokenChanged: boolean;
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * In-memory stand-in for n8n's credentials table.
 *
 * It hands out copies and stores copies, like a database does: n8n-core mutates the object it
 * receives, and 2.x re-reads the stored token before refreshing (to notice that a parallel
 * execution already refreshed), so a store that shared objects, or that forgot what n8n-core
 * wrote back, would hide exactly the behaviour the tests are about.
 *
 * One store may back many parallel executions: it is the shared state a refresh race is about.
 */
export class CredentialStore {
	private readonly credentials = new Map<string, StoredCredential>();

	private readonly writes: TokenWrite[] = [];

	/** Saves a credential and returns the reference a workflow node carries in `credentials`. */
	add(credential: {
		type: string;
		name?: string;
		id?: string;
		data: ICredentialDataDecryptedObject;
	}): INodeCredentialsDetails & { id: string } {
		const id = credential.id ?? randomUUID();
		const name = credential.name ?? `${credential.type} ${this.credentials.size + 1}`;
		this.credentials.set(id, { id, name, type: credential.type, data: clone(credential.data) });
		return { id, name };
	}

	has(id: string): boolean {
		return this.credentials.has(id);
	}

	/** A copy of the stored record; throws for an unknown id (as n8n does: CredentialNotFoundError). */
	get(id: string): StoredCredential {
		const stored = this.credentials.get(id);
		if (!stored) throw new Error(`Credential with ID "${id}" does not exist`);
		return clone(stored);
	}

	/** A copy of the stored data, e.g. to read the current `oauthTokenData`. */
	data(id: string): ICredentialDataDecryptedObject {
		return this.get(id).data;
	}

	oauthTokenData(id: string): IDataObject {
		return (this.data(id).oauthTokenData as IDataObject | undefined) ?? {};
	}

	/** Replaces the whole data object (n8n's `updateCredentials`). */
	replaceData(id: string, data: ICredentialDataDecryptedObject): void {
		const stored = this.credentials.get(id);
		if (!stored) throw new Error(`Credential with ID "${id}" does not exist`);
		stored.data = clone(data);
	}

	/**
	 * Stores new `oauthTokenData`, keeping every other field (n8n's
	 * `updateCredentialsOauthTokenData`, which calls `credentials.updateData({ oauthTokenData })`).
	 */
	writeOauthTokenData(id: string, oauthTokenData: IDataObject): void {
		const stored = this.credentials.get(id);
		if (!stored) throw new Error(`Credential with ID "${id}" does not exist`);
		const before = (stored.data.oauthTokenData as IDataObject | undefined) ?? {};
		this.writes.push({
			credentialId: id,
			accessTokenChanged: before.access_token !== oauthTokenData.access_token,
			refreshTokenChanged: before.refresh_token !== oauthTokenData.refresh_token,
		});
		stored.data = { ...stored.data, oauthTokenData: clone(oauthTokenData) };
	}

	private lateWrite?: Promise<void>;

	/**
	 * n8n-core's next token write lands in the store once `landing` settles, as a write to a busy
	 * database lands a while after the service issued the tokens; n8n-core waits for it.
	 */
	delayNextTokenWrite(landing: Promise<void>): void {
		this.lateWrite = landing;
	}

	/** n8n's `updateCredentialsOauthTokenData` as n8n-core awaits it (see delayNextTokenWrite). */
	async storeOauthTokenData(id: string, oauthTokenData: IDataObject): Promise<void> {
		const landing = this.lateWrite;
		this.lateWrite = undefined;
		await landing;
		this.writeOauthTokenData(id, oauthTokenData);
	}

	/** Every token write n8n-core made for this credential, oldest first. */
	tokenWrites(id: string): TokenWrite[] {
		return this.writes.filter((write) => write.credentialId === id).map(clone);
	}

	/** How many times n8n-core stored a new access token for this credential. */
	refreshCount(id: string): number {
		return this.tokenWrites(id).filter((write) => write.accessTokenChanged).length;
	}
}
