import { EXAMPLE_SMTP_CREDENTIAL } from '../config';
import type { CredentialImport } from '../credential';
import { SMTP_TEST_LOGIN } from './smtp-sink';

/**
 * n8n's SMTP credential (type `smtp`) pointing at the e2e's mail sink: plain SMTP on loopback
 * (SSL/TLS off, STARTTLS disabled) with the sink's test login.
 */
export const smtpCredentialImport = (server: { host: string; port: number }): CredentialImport => ({
	...EXAMPLE_SMTP_CREDENTIAL,
	data: {
		user: SMTP_TEST_LOGIN.user,
		password: SMTP_TEST_LOGIN.password,
		host: server.host,
		port: server.port,
		secure: false,
		disableStartTls: true,
	},
});
