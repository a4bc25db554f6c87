/**
 * Every request the package makes carries a credential: the bearer token to the API, the client
 * secret and a refresh token to the token and revoke endpoints. The service documents no
 * redirect on any of them, so a 3xx is a gateway or proxy that is misconfigured or hostile, and
 * following it would hand the credential to whoever it names. n8n follows redirects by default
 * and, unless told otherwise, sends the Authorization header again on a cross-origin hop; on a
 * 307 or 308 it posts the same form (client secret, refresh token) to the new address whatever
 * it is told about headers. So no redirect is followed, on any n8n version (1.x and 2.x both
 * turn `disableFollowRedirect` into axios's `maxRedirects: 0`); the header rule is kept as a
 * second guard in case a future n8n follows anyway.
 */
export const NO_REDIRECTS = { disableFollowRedirect: true, sendCredentialsOnCrossOriginRedirect: false } as const;

export const isRedirect = (status: number | undefined): status is number =>
	status !== undefined && status >= 300 && status < 400;

/**
 * The host a redirect pointed to, as its origin only: its path or query are the other host's
 * business and may carry anything. Undefined where the answer is not known (n8n 1.x passes a
 * single request's failure on without its headers).
 */
export function redirectTarget(location: unknown, from: string | undefined): string | undefined {
	const text = Array.isArray(location) ? location[0] : location;
	if (typeof text !== 'string' || text === '') return undefined;
	try {
		return new URL(text, from).origin;
	} catch {
		return 'an unreadable location';
	}
}

/**
 * Whether `path` (a request's own, or a `$next` link the service gave) appended to the base URL
 * stays on the base URL's origin. A link is a path below the base URL (the spec); appended as it
 * is, `@other-host/…` or a whole URL after a base URL without a path would name another host.
 */
export function staysOnService(baseUrl: string, path: string): boolean {
	if (!isServicePath(path)) return false;
	try {
		return new URL(`${baseUrl}${path}`).origin === new URL(baseUrl).origin;
	} catch {
		return false;
	}
}

/** A path (`/…`, not `//host…`, no backslash): appended to a URL it cannot change the host. */
export const isServicePath = (path: string): boolean =>
	path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
