import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The n8n app the e2e runs. 2.41.3 does not install: one of its dependencies is missing from the registry. */
export const N8N_VERSION = '2.41.1';

export const REPO_ROOT = resolve(__dirname, '..');

export const PACKAGE_NAME = 'n8n-nodes-accounting-service';

/**
 * Where the n8n app is installed, outside the repository so `git clean` and `npm ci` keep it:
 * `$N8N_E2E_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache`, then the package's folder.
 */
function cacheRoot(): string {
	return process.env.N8N_E2E_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), PACKAGE_NAME);
}

export function n8nInstallDir(): string {
	return join(cacheRoot(), `n8n-${N8N_VERSION}`);
}

/** `npm run dev`'s n8n instance (database, workflows, written files), kept between runs. */
export function devDir(): string {
	return join(cacheRoot(), 'dev');
}

/**
 * The examples name the node as a community install does (`<package>.<node>`). Loaded through
 * N8N_CUSTOM_EXTENSIONS, n8n knows it as `CUSTOM.<node>`, so runs here rename the type.
 */
export const PUBLISHED_NODE_PREFIX = `${PACKAGE_NAME}.`;
export const CUSTOM_NODE_PREFIX = 'CUSTOM.';

/** The credential every example refers to; the e2e and `npm run dev` import it under this id. */
export const EXAMPLE_CREDENTIAL = {
	id: 'accountingSvcCred1',
	name: 'Sage Accounting account',
	type: 'accountingServiceOAuth2Api',
} as const;

/** The SMTP credential the e-mail examples refer to; the e2e imports it pointing at its mail sink. */
export const EXAMPLE_SMTP_CREDENTIAL = {
	id: 'smtpCredential1',
	name: 'SMTP account',
	type: 'smtp',
} as const;

/** The owner `npm run dev` and the browser check create: a local instance, not a secret. */
export const LOCAL_OWNER = {
	email: 'owner@example.com',
	firstName: 'Local',
	lastName: 'Owner',
	password: 'Sandbox-Owner-1',
} as const;
