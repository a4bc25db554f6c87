import { createHash } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { NATURAL_KEYS } from '../../collections/overlay';
import type { CollectionDefinition } from '../../collections/table';
import type { WriteField } from '../../collections/types';
import { keyText } from './keyText';

/**
 * A contact's e-mail is not an attribute of its create or update: it is its main contact
 * person's. Create or Update offers it as an attribute of its own, `email` (what the contact's
 * record and its list filter call it), and sends it as `main_contact_person.email`.
 */
export const CONTACT_EMAIL: WriteField = {
	name: 'email',
	type: 'string',
	description: 'The email address of the contact’s main contact person',
	maxLength: 100,
};

/** Attributes Create or Update takes beyond the request schema's, by resource. */
const SHORTHANDS: Readonly<Record<string, readonly WriteField[]>> = { contact: [CONTACT_EMAIL] };

export const upsertShorthands = (row: CollectionDefinition): readonly WriteField[] => SHORTHANDS[row.resource] ?? [];

/** The columns Create or Update matches on for the row, the first preselected; none: it is not offered. */
export const naturalKeysOf = (row: CollectionDefinition): readonly string[] => NATURAL_KEYS[row.resource] ?? [];

/**
 * The `idempotency_id` of the create when no record has the key: the same resource, column and
 * key (as compared, keyText.ts) give the same id, so two executions that both find nothing and
 * both create make one record (the service answers the second POST with the first's answer). The
 * id outlives the record it made (7 days): a later create of the key meets that record, which is
 * read back and, when it is gone or no longer has the key, created anew (createOnce.ts). 32 hex digits.
 */
export const upsertIdempotencyId = (row: CollectionDefinition, column: string, value: unknown): string =>
	digest(['upsert', row.resource, column, keyText(value)]);

const digest = (parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

/** Moves the shorthand `email` of a contact into its main contact person, where the service takes it. */
export function withShorthandsApplied(
	row: CollectionDefinition,
	record: IDataObject,
	fail: (field: string, problem: string) => never,
): IDataObject {
	if (row.resource !== 'contact' || record.email === undefined) return record;
	const { email, ...rest } = record;
	const person = (rest.main_contact_person ?? {}) as IDataObject;
	if (person.email !== undefined && keyText(person.email) !== keyText(email)) {
		fail('email', `it differs from main_contact_person's email "${String(person.email)}"; give the address once`);
	}
	return { ...rest, main_contact_person: { ...person, email } };
}

/**
 * Which record a Create or Update item is about, before it runs: its matching column and key as
 * compared. Two items with the same key run one after another (actions/itemRunner.ts), so the
 * second finds what the first wrote. An item whose key cannot be read has none; its own run
 * reports why.
 */
export function upsertOrderKey(values: IDataObject, matchingColumns: unknown): string | undefined {
	const [column] = Array.isArray(matchingColumns) ? matchingColumns : [];
	if (typeof column !== 'string') return undefined;
	const value = values[column];
	return typeof value === 'string' || typeof value === 'number' ? `${column}:${keyText(value)}` : undefined;
}
