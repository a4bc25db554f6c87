import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { createSandbox } from '../../sandbox';
import {
	accountingServiceNode,
	connectedStore,
	runWorkflow,
	type NodeSettings,
	type RunWorkflowOptions,
} from '../harness';

type Sandbox = ReturnType<typeof createSandbox>;
type SandboxOptions = NonNullable<Parameters<typeof createSandbox>[0]>;
export type SandboxUrls = Awaited<ReturnType<Sandbox['start']>>;
export type LogEntry = ReturnType<Sandbox['log']['entries']>[number];

/**
 * A sandbox on a free port with a credential connected through its consent flow (with the grant
 * type the README recommends for the n8n under test: PKCE, or Authorization Code on 1.x), and a
 * shortcut to run the Accounting Service node through n8n's engine with that credential.
 */
export async function startConnectedSandbox(
	options: Pick<
		SandboxOptions,
		'scale' | 'smallLead' | 'clock' | 'amounts' | 'trialBalanceAmounts' | 'latencyMs' | 'latencyJitterMs' | 'rateLimit'
	> = {},
) {
	const sandbox = createSandbox({ port: 0, ...options });
	const urls = await sandbox.start();
	const { store, credential } = await connectedStore({ urls, client: sandbox.client });
	const apiPrefix = new URL(urls.baseUrl).pathname;

	/** Runs the node once with these parameters; `input` items each run with their own parameters. */
	const runNode = async (
		parameters: INodeParameters,
		settings: NodeSettings = {},
		extra: Partial<Pick<RunWorkflowOptions, 'input'>> = {},
	) => await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters, settings)], ...extra });

	/** API requests logged since `position`, with paths relative to the base URL. */
	const apiRequestsSince = (position: number) =>
		sandbox.log
			.entries()
			.slice(position)
			.filter((entry: LogEntry) => entry.path.startsWith(apiPrefix))
			.map((entry: LogEntry) => ({ ...entry, path: entry.path.slice(apiPrefix.length) }));

	/** The service's own answer, fetched directly (not through the node) with the stored token. */
	const fetchDirect = async (path: string, headers: Record<string, string> = {}) => {
		const token = (store.oauthTokenData(credential.id) as IDataObject).access_token as string;
		const response = await request(`${urls.baseUrl}${path}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers },
		});
		return {
			status: response.statusCode,
			headers: response.headers,
			body: (await response.body.json()) as IDataObject,
		};
	};

	/** Every id of a list, walked directly at 200 per page. */
	const allIdsDirect = async (path: string, headers: Record<string, string> = {}) => {
		const ids: string[] = [];
		let next: string | null = `${path}${path.includes('?') ? '&' : '?'}items_per_page=200`;
		while (next) {
			const page = await fetchDirect(next, headers);
			for (const item of page.body.$items as IDataObject[]) ids.push(item.id as string);
			next = page.body.$next as string | null;
		}
		return ids;
	};

	return { sandbox, urls, store, credential, runNode, apiRequestsSince, fetchDirect, allIdsDirect };
}

export type ConnectedSandbox = Awaited<ReturnType<typeof startConnectedSandbox>>;

/**
 * A connected sandbox for the tests of one file: started before them and stopped after
 * (`fresh`: a new one for every test). Its fields are there once the tests run.
 */
export function useConnectedSandbox(
	options: Parameters<typeof startConnectedSandbox>[0] = {},
	{ fresh = false } = {},
): ConnectedSandbox {
	const env = {} as ConnectedSandbox;
	(fresh ? beforeEach : beforeAll)(async () => {
		Object.assign(env, await startConnectedSandbox(options));
	});
	(fresh ? afterEach : afterAll)(async () => {
		await env.sandbox?.stop();
	});
	return env;
}
