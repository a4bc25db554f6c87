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

/** Percent escapes as some servers and proxies write them: lower-case hex (`%2f`, not `%2F`). */
const lowerEscapes = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

/**
 * A secret inside JSON text, as serialisers write it: JavaScript's (only `"`, `\` and control
 * characters escaped), PHP's (`/` as `\/`), Python's (every non-ASCII character as `\uXXXX`), or both.
 */
function jsonSpellings(secret: string): string[] {
	const plain = JSON.stringify(secret).slice(1, -1);
	const slashes = plain.replace(/\//g, '\\/');
	const ascii = (text: string) =>
		text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
	return [plain, slashes, ascii(plain), ascii(slashes)];
}

/** A secret as a URL or a form carries it; none where it cannot be encoded (a lone surrogate). */
function urlSpellings(secret: string): string[] {
	try {
		const spelled = [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
		return [...spelled, ...spelled.map(lowerEscapes)];
	} catch {
		return [];
	}
}

/**
 * The forms a secret takes when an answer quotes it back: as sent in a form body or a URL (percent
 * escapes in either case), in a header, in JSON text, or base64-encoded (a gateway echoing a body).
 * Each once: a token of letters and digits is spelled alike in eight of them, and every page of a
 * read is searched for each (eleven searches of a 400 KB page took 0.8 ms; three, a third of it).
 */
function spellings(secret: string): string[] {
	if (lastSpelled?.secret === secret) return lastSpelled.spellings;
	const bytes = Buffer.from(secret, 'utf8');
	const distinct = [
		...new Set([
			secret,
			...urlSpellings(secret),
			...jsonSpellings(secret),
			bytes.toString('base64'),
			bytes.toString('base64url'),
		]),
	];
	lastSpelled = { secret, spellings: distinct };
	return distinct;
}

/** Every answer of a read is searched for the same token: its spellings are made once, not per page. */
let lastSpelled: { secret: string; spellings: string[] } | undefined;

/** JSON text with its `\uXXXX` and `\/` escapes written out: where a secret escaped a character at a time reads plain. */
const withoutEscapes = (text: string) =>
	text.replace(/\\u([0-9a-fA-F]{4})|\\\//g, (_, hex?: string) =>
		hex === undefined ? '/' : String.fromCharCode(parseInt(hex, 16)),
	);

/**
 * Whether an answer as it came (`text`) quotes any of `secrets`, in any spelling, also behind
 * JSON escapes: a cheap look at the text, so that only an answer that does is redacted value by value.
 */
export function quotesSecret(text: string, secrets: readonly string[]): boolean {
	const long = secrets.filter((secret) => secret.length >= SHORTEST_SECRET);
	if (!long.length) return false;
	const searched = /\\[u/]/.test(text) ? withoutEscapes(text) : text;
	return long.some((secret) => spellings(secret).some((spelling) => searched.includes(spelling)));
}

/** `text` with every known secret, and any bearer token, replaced by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
	let redacted = text;
	const long = [...new Set(secrets.filter((secret) => secret.length >= SHORTEST_SECRET).flatMap(spellings))];
	// Longest first, so a secret that contains another is replaced whole.
	for (const secret of long.sort((a, b) => b.length - a.length)) redacted = redacted.split(secret).join(REDACTED);
	return redacted.replace(/Bearer\s+(?!\[redacted\])[\w\-.~+/=]+/gi, `Bearer ${REDACTED}`);
}

/** A copy of a JSON value with every string in it, member names included, redacted (an answer quoting a secret, the service's error array). */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
	if (typeof value === 'string') return redactSecrets(value, secrets) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactValue(entry, secrets)) as T;
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			// A member's name is text the service wrote as much as its value.
			Object.entries(value).map(([key, entry]) => [
				redactSecrets(key, secrets),
				redactValue(entry as unknown, secrets),
			]),
		) as T;
	}
	return value;
}

/**
 * The error with every known secret cut from what n8n shows and stores of it: its message, its
 * description and its stack (which repeats the message as it was when the error was made).
 */
export function redactError<T>(error: T, secrets: readonly string[]): T {
	if (!(error instanceof Error)) return error;
	const shown = error as Error & { description?: unknown };
	shown.message = redactSecrets(shown.message, secrets);
	if (typeof shown.description === 'string') shown.description = redactSecrets(shown.description, secrets);
	if (typeof shown.stack === 'string') shown.stack = redactSecrets(shown.stack, secrets);
	return error;
}
