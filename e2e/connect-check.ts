interface LogEntry {
	seq: number;
	path: string;
	grantType: string | null;
	status: number | null;
	auth: string;
}

/**
 * What the sandbox saw of the browser's Connect: n8n's code exchange at the token endpoint. The
 * sandbox refuses a code issued for a challenge unless the verifier comes with it, and a client
 * secret sent only as Basic auth, so a 200 without an Authorization header means n8n used PKCE
 * with the secret in the body, as the credential asks.
 */
export function checkConnectExchange(entries: LogEntry[], afterSeq: number): string {
	const exchange = entries.find(
		(entry) => entry.seq > afterSeq && entry.path === '/token' && entry.grantType === 'authorization_code',
	);
	if (exchange?.status !== 200 || exchange.auth !== 'none') {
		throw new Error(
			`n8n's Connect did not exchange its code as expected: ${JSON.stringify(exchange ?? 'no token request')}`,
		);
	}
	return "n8n's own Connect: authorization code exchanged with PKCE and the client secret in the body";
}
