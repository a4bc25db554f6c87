// The review brief: a secret appears in no error even when an answer quotes it back, whatever the
// encoding it is quoted in. What the transport redacts (secrets.ts) is every message and
// description that leaves it; an answer may quote a secret as the request carried it (a header, a
// form), as a JSON serialiser writes it (PHP escapes "/", Python non-ASCII), with lower-case
// percent escapes (a proxy normalising a URL), or base64-encoded (a gateway echoing a body).
import * as fc from 'fast-check';

import { redactSecrets, redactValue } from '../../../nodes/AccountingService/transport/secrets';

/** JSON text of a string as PHP's json_encode and Python's json.dumps write it: "/" and non-ASCII escaped. */
const asciiJson = (text: string) =>
	JSON.stringify(text)
		.slice(1, -1)
		.replace(/\//g, '\\/')
		.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const spellings: Record<string, (secret: string) => string> = {
	raw: (secret) => secret,
	'percent-encoded': (secret) => encodeURIComponent(secret),
	'percent-encoded, lower-case escapes': (secret) =>
		encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
	'form-encoded': (secret) => new URLSearchParams({ s: secret }).toString().slice(2),
	'JSON-escaped': (secret) => JSON.stringify(secret).slice(1, -1),
	'JSON-escaped as PHP and Python do': asciiJson,
	base64: (secret) => Buffer.from(secret, 'utf8').toString('base64'),
	base64url: (secret) => Buffer.from(secret, 'utf8').toString('base64url'),
};

/** Secrets as apps and services issue them: base64 with "+/=", hex, passwords with any character. */
const secret = fc.oneof(
	fc.uint8Array({ minLength: 12, maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString('base64')),
	fc.uint8Array({ minLength: 12, maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString('hex')),
	fc.string({ unit: 'binary', minLength: 8, maxLength: 40 }).filter((text) => text.trim().length >= 8),
);

const around = fc.string({ maxLength: 20 }).filter((text) => !text.includes('redacted'));

describe('a secret quoted back in any of its spellings', () => {
	it('is cut from a message', () => {
		fc.assert(
			fc.property(
				secret,
				fc.constantFrom(...Object.keys(spellings)),
				around,
				around,
				(value, spelling, before, after) => {
					const quoted = spellings[spelling](value);
					const redacted = redactSecrets(`${before}${quoted}${after}`, [value]);
					expect(redacted).not.toContain(quoted);
					expect(redacted).toContain('[redacted]');
				},
			),
			{ numRuns: 150 },
		);
	});

	it('is cut from the error array a NodeApiError keeps', () => {
		fc.assert(
			fc.property(secret, fc.constantFrom(...Object.keys(spellings)), (value, spelling) => {
				const quoted = spellings[spelling](value);
				const kept = redactValue([{ $message: `saw ${quoted}`, $source: quoted }], [value]);
				expect(JSON.stringify(kept)).not.toContain(JSON.stringify(quoted).slice(1, -1));
			}),
			{ numRuns: 100 },
		);
	});
});
