import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { cleanEnv } from './processes';

export interface N8nInstance {
	/** N8N_USER_FOLDER: n8n's database, settings and encryption key live below it. */
	userFolder: string;
	/** N8N_CUSTOM_EXTENSIONS. */
	extensionsDir: string;
	/** The only folder the Read/Write Files from Disk node may touch (N8N_RESTRICT_FILE_ACCESS_TO). */
	filesDir: string;
	port: number;
	/** Port of n8n's task broker: two n8n processes with the default 5679 would collide. */
	brokerPort: number;
	/** Settings every command of this instance runs with (queue mode's database, Redis and key). */
	env?: NodeJS.ProcessEnv;
}

/**
 * The environment of every n8n command: the package loaded from `extensionsDir`, loopback only,
 * nothing sent out (telemetry, version checks, templates, banners), quiet logs.
 */
export function n8nEnv(instance: N8nInstance, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	mkdirSync(instance.userFolder, { recursive: true });
	mkdirSync(instance.filesDir, { recursive: true });
	return cleanEnv({
		N8N_USER_FOLDER: instance.userFolder,
		N8N_CUSTOM_EXTENSIONS: instance.extensionsDir,
		N8N_RESTRICT_FILE_ACCESS_TO: instance.filesDir,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(instance.port),
		// The address people open, so n8n's OAuth callback returns to the origin holding the session cookie; the sandbox accepts it.
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${instance.port}`,
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(instance.brokerPort),
		// Plain http on loopback: a secure cookie would never be sent back.
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// The settings file holds the encryption key: n8n makes it owner-only instead of warning.
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_LOG_LEVEL: 'warn',
		// Binary data on disk, as most installs run: attachment downloads are streamed into it.
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		...instance.env,
		...extra,
	});
}

/** Folders of one n8n instance below `root`. */
export function instanceFolders(root: string, ports: { port: number; brokerPort: number }): N8nInstance {
	return {
		userFolder: join(root, 'n8n-user'),
		extensionsDir: join(root, 'extensions'),
		filesDir: join(root, 'files'),
		...ports,
	};
}
