import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

/**
 * Shorter values are not searched for: a short client secret (a test app's) would otherwise
 * cut ordinary words out of messages. Real tokens and secrets are far longer.
 */
const SHORTEST_SECRET = 8;

const REDACTED = '[redacted]';

/** The secrets a credential holds: access and refresh token, client secret, a PKCE verifier kept for the callback. */
export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	const tokens = (credentials?.oauthTokenData ?? {}) as IDataObject;
	return [tokens.access_token, tokens.refresh_token, credentials?.clientSecret, credentials?.codeVerifier].filter(
		(value): value is string => typeof value === 'string',
	);
}

/** The forms a secret takes when an answer quotes it back: as sent in a form body, in a header, in JSON. */
function spellings(secret: string): string[] {
	return [
		secret,
		encodeURIComponent(secret),
		new URLSearchParams({ s: secret }).toString().slice(2),
		JSON.stringify(secret).slice(1, -1),
	];
}

/** `text` with every known secret, and any bearer token, replaced by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
	let redacted = text;
	const long = [...new Set(secrets.filter((secret) => secret.length >= SHORTEST_SECRET).flatMap(spellings))];
	// Longest first, so a secret that contains another is replaced whole.
	for (const secret of long.sort((a, b) => b.length - a.length)) redacted = redacted.split(secret).join(REDACTED);
	return redacted.replace(/Bearer\s+(?!\[redacted\])[\w\-.~+/=]+/gi, `Bearer ${REDACTED}`);
}

/** A copy of a JSON value with every string in it redacted (the service's error array, kept on the error). */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
	if (typeof value === 'string') return redactSecrets(value, secrets) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactValue(entry, secrets)) as T;
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, redactValue(entry as unknown, secrets)]),
		) as T;
	}
	return value;
}
