import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { LOCAL_OWNER } from './config';
import { info } from './log';
import { runCommand } from './processes';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium, never a downloaded browser. Installed with apt when missing and this runs
 * as root (CI machines); otherwise the failure says how to install it.
 */
export async function ensureChromium(): Promise<void> {
	if (existsSync(CHROMIUM)) return;
	if (process.getuid?.() !== 0) {
		throw new Error(
			`${CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium) and run again`,
		);
	}
	info(`${CHROMIUM} is missing: installing Debian's chromium (apt-get install -y chromium, about 30 s)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	try {
		await runCommand('apt-get', ['install', '-y', 'chromium'], {
			env,
			timeoutMs: 600_000,
			label: 'apt-get install chromium',
		});
	} catch {
		// A fresh machine may have no package lists yet.
		await runCommand('apt-get', ['update'], { env, timeoutMs: 600_000, label: 'apt-get update' });
		await runCommand('apt-get', ['install', '-y', 'chromium'], {
			env,
			timeoutMs: 600_000,
			label: 'apt-get install chromium',
		});
	}
	if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
}

/** Headless flags measured in N8N-RUNTIME.md: no sandbox (root), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** Headless Chromium in a profile of its own, removed by `close`. */
export async function launchChromium(viewport: {
	width: number;
	height: number;
}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
	const profile = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport,
		// Chromium's own temporary files (singleton socket) go with the profile, not into /tmp.
		env: { ...process.env, TMPDIR: profile },
	});
	return {
		context,
		async close() {
			await context.close().catch(() => undefined);
			rmSync(profile, { recursive: true, force: true });
		},
	};
}

/** Signs in to n8n's editor as the local owner. */
export async function signIn(page: Page, n8nUrl: string): Promise<void> {
	const testId = (id: string) => `[data-test-id="${id}"]`;
	await page.goto(`${n8nUrl}/signin`);
	await page.fill(`${testId('emailOrLdapLoginId')} input`, LOCAL_OWNER.email);
	await page.fill(`${testId('password')} input`, LOCAL_OWNER.password);
	await page.click(testId('form-submit-button'));
	await page.waitForURL((address) => !address.pathname.startsWith('/signin'));
}
