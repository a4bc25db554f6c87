'use strict';

/** Lifetimes and vocabularies the spec fixes; one place so the endpoints cannot disagree. */
module.exports = Object.freeze({
	ACCESS_TOKEN_SECONDS: 300,
	REFRESH_TOKEN_SECONDS: 2678400,
	AUTHORIZATION_CODE_SECONDS: 60,
	// Not in the spec: how long a consent page may sit open before Allow/Deny is refused.
	CONSENT_PAGE_SECONDS: 600,
	SCOPES: Object.freeze(['full_access', 'readonly']),
	// The spec leaves the default open; full access matches what an app asking for nothing expects.
	DEFAULT_SCOPE: 'full_access',
	COUNTRIES: Object.freeze(['ca', 'de', 'es', 'fr', 'gb', 'ie', 'us']),
	FILTER: 'apiv3.1',
	// Base64url of 975 random bytes is 1300 characters: the "about 1300" of real v3.1 tokens.
	ACCESS_TOKEN_BYTES: 975,
	REFRESH_TOKEN_BYTES: 144,
	CODE_BYTES: 32,
});
