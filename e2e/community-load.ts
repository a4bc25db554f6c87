import { join } from 'node:path';

import type { N8nInstall } from './install-n8n';
import { cleanEnv, runCommand } from './processes';

/** What n8n's package loader makes of the credential: what the editor receives. */
interface LoadedCredential {
	name: string;
	httpRequestNode?: { name: string; apiBaseUrl?: string; hidden?: boolean };
	supportedNodes?: string[];
}

/**
 * The e2e loads the package through N8N_CUSTOM_EXTENSIONS, whose loader leaves credentials as
 * they are. A Community Nodes install goes through n8n's PackageDirectoryLoader, which marks a
 * credential's HTTP Request entry hidden when nodes of the package use the credential. This runs
 * that loader of the pinned n8n on the unpacked package, in a Node process of its own, and
 * throws unless the entry reaches the editor visible.
 */
export async function checkCommunityLoad(install: N8nInstall, packageDir: string): Promise<string> {
	const script = `
		const { PackageDirectoryLoader } = require(${JSON.stringify(require.resolve('n8n-core', { paths: [install.dir] }))});
		const loader = new PackageDirectoryLoader(${JSON.stringify(packageDir)});
		loader.loadAll().then(() => process.stdout.write(JSON.stringify(loader.types.credentials)));
	`;
	// As n8n does at start: packages resolve n8n-workflow from n8n's own install.
	const env = cleanEnv({ NODE_PATH: join(install.dir, 'node_modules') });
	const { stdout } = await runCommand(process.execPath, ['-e', script], {
		env,
		timeoutMs: 60_000,
		label: "n8n's PackageDirectoryLoader",
	});
	const credentials = JSON.parse(stdout) as LoadedCredential[];
	const credential = credentials.find((candidate) => candidate.name === 'accountingServiceOAuth2Api');
	if (!credential)
		throw new Error(
			`n8n's package loader found no accountingServiceOAuth2Api among ${credentials.map((candidate) => candidate.name).join(', ')}`,
		);
	const entry = credential.httpRequestNode;
	if (!entry) throw new Error('the credential reaches the editor without httpRequestNode');
	if (entry.hidden)
		throw new Error(
			`n8n's package loader hides the credential's HTTP Request entry (nodes using it: ${credential.supportedNodes?.join(', ')})`,
		);
	return `as a Community Nodes install loads it: HTTP Request entry "${entry.name}" at ${entry.apiBaseUrl ?? '?'}, visible although ${credential.supportedNodes?.join(' and ')} use the credential`;
}
