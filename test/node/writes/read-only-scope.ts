// A credential whose Scope says Read Only never writes, deletes or revokes, even when its token
// (connected before the Scope was changed) still has full access: refused before anything is
// sent, naming the credential and the scope, and saying how to change data again. Reads go on.
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	CredentialStore,
	connectCredential,
	recommendedGrantType,
	runWorkflow,
	accountingServiceNode,
} from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { callTools } from '../tool-sandbox';
import { byId, create, defineBelow } from '../write-helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { consent } = require('../../../sandbox/consent-client') as {
	consent: (url: string, options: { decision: 'allow' | 'deny' }) => Promise<string>;
};

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const ids = { contact: '', invoice: '' };

beforeAll(async () => {
	const first = async (path: string) =>
		String(((await env.fetchDirect(`${path}?items_per_page=1`)).body.$items as IDataObject[])[0].id);
	ids.contact = await first('/contacts');
	ids.invoice = await first('/sales_invoices');
	// Connected with Full Access (the token may change data); only then the Scope set to Read Only.
	const { data } = env.store.get(env.credential.id);
	expect((env.store.oauthTokenData(env.credential.id) as IDataObject).scopes).toBe('full_access');
	env.store.replaceData(env.credential.id, { ...data, scope: 'readonly' });
});

/** Every request the sandbox received since `position` that was not a read (token renewals and revokes included). */
const notReadsSince = (position: number) =>
	env.sandbox.log
		.entries()
		.slice(position)
		.filter((entry: { method: string }) => entry.method !== 'GET')
		.map((entry: { method: string; path: string }) => `${entry.method} ${entry.path}`);

const pdf = (): INodeExecutionData => ({
	json: {},
	binary: {
		data: {
			data: Buffer.from('%PDF-1.4\nreceipt').toString('base64'),
			mimeType: 'application/pdf',
			fileName: 'receipt.pdf',
			fileExtension: 'pdf',
		},
	},
});

const writes: Array<[string, () => INodeParameters, (() => INodeExecutionData[]) | undefined]> = [
	[
		'Contact → Create',
		() => create('contact', defineBelow({ name: 'Never written', contact_type_ids: ['CUSTOMER'] })),
		undefined,
	],
	['Contact → Delete', () => ({ resource: 'contact', operation: 'delete', id: byId(ids.contact) }), undefined],
	[
		'Sales Invoice → Delete (void)',
		() => ({ resource: 'salesInvoice', operation: 'delete', id: byId(ids.invoice), voidReason: 'never voided' }),
		undefined,
	],
	[
		'Attachment → Upload',
		() => ({ resource: 'attachment', operation: 'upload', attachToType: 'SALES_INVOICE', attachToId: ids.invoice }),
		() => [pdf()],
	],
	['User → Update', () => ({ resource: 'user', operation: 'update', updateFields: { last_name: 'Never' } }), undefined],
	['Credential → Revoke', () => ({ resource: 'credential', operation: 'revoke' }), undefined],
];

describe('a credential set to Read Only after it was connected with Full Access', () => {
	it.each(writes)(
		'%s is refused before any request, naming the credential and its scope',
		async (_name, parameters, input) => {
			const position = env.sandbox.log.entries().length;
			const result = await env.runNode(parameters(), {}, input ? { input: input() } : {});

			expect(notReadsSince(position)).toEqual([]);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toMatch(/credential "Sandbox".*Read Only/);
			expect(result.error?.description).toMatch(/Full Access.*Connect my account/s);
		},
	);

	it('an AI agent’s write is refused the same way, and the model reads why', async () => {
		const position = env.sandbox.log.entries().length;
		const [result] = await callTools(
			env,
			{
				set_notes: {
					resource: 'contact',
					operation: 'update',
					id: byId(ids.contact),
					fields: defineBelow({ notes: "={{ $fromAI('notes', 'The new notes', 'string') }}" }),
				},
			},
			[{ tool: 'set_notes', arguments: { notes: 'written by the agent' } }],
		);
		expect(result.answer).toBeNull();
		expect(result.error).toMatch(/credential "Sandbox".*Read Only/);
		expect(notReadsSince(position)).toEqual([]);
		expect((await env.fetchDirect(`/contacts/${ids.contact}`)).body.notes).not.toBe('written by the agent');
	});

	it('reads still work', async () => {
		const position = env.sandbox.log.entries().length;
		const result = await env.runNode({
			resource: 'contact',
			operation: 'get',
			id: byId(ids.contact),
			output: 'raw',
		});
		expect(result.error).toBeUndefined();
		expect(result.json(NODE)[0].id).toBe(ids.contact);
		expect(notReadsSince(position)).toEqual([]);
	});
});

describe('a token the service granted read-only access, under a Scope changed to Full Access', () => {
	it('a write is refused before it is sent, saying to connect again', async () => {
		const connected = await connectCredential({
			endpoints: env.urls,
			client: env.sandbox.client,
			grantType: recommendedGrantType,
			scope: 'readonly',
			consent: async (url) => await consent(url, { decision: 'allow' }),
		});
		const store = new CredentialStore();
		const data: ICredentialDataDecryptedObject = { ...connected.data, scope: 'full_access' };
		const credential = store.add({ type: 'accountingServiceOAuth2Api', name: 'Agent books', data });
		const position = env.sandbox.log.entries().length;

		const result = await runWorkflow({
			store,
			nodes: [
				accountingServiceNode(
					credential,
					create('contact', defineBelow({ name: 'Never written', contact_type_ids: ['CUSTOMER'] })),
				),
			],
		});

		expect(notReadsSince(position)).toEqual([]);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(/credential "Agent books".*readonly/);
		expect(result.error?.description).toMatch(/Connect my account/);
	});
});
