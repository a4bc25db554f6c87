import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Environment n8n-core reads when it loads, set before it loads.
 *
 * n8n-core writes `<N8N_USER_FOLDER or $HOME>/.n8n/config` (an instance id and an encryption
 * key) the first time its instance settings are read. Pointing the folder at a fresh temp dir
 * keeps tests from touching the developer's real n8n folder.
 *
 * This module must be imported before anything that loads n8n-core: every harness file that
 * imports n8n-core imports this one first (CommonJS keeps import order).
 */
if (!process.env.N8N_USER_FOLDER) {
	// Under jest, inside the run's folder, which the run removes (test/harness/user-folders.js).
	const folder = mkdtempSync(join(process.env.N8N_HARNESS_ROOT ?? tmpdir(), 'n8n-harness-'));
	process.env.N8N_USER_FOLDER = folder;
	process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}

/**
 * n8n's logger writes straight to stdout (not through console), so jest cannot attribute or
 * hide it: a refused refresh would print the error three times per test. Keep it quiet unless
 * the developer asks for logs (N8N_LOG_LEVEL=debug shows n8n-core's "token expired.
 * Revalidating." lines).
 */
process.env.N8N_LOG_LEVEL ??= 'silent';

export const n8nUserFolder = process.env.N8N_USER_FOLDER;
