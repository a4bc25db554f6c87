import { createHash } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { NATURAL_KEYS } from '../../collections/overlay';
import type { CollectionDefinition } from '../../collections/table';
import type { WriteField } from '../../collections/types';

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
 * What is compared of a key: its text without surrounding spaces, in lower case. Spaces around a
 * value come from typing and spreadsheets, never mean another record. Case is ignored for
 * references and codes as for e-mail addresses: the service's search and e-mail filter ignore it,
 * and a code that differs only in case is meant as the same record far more often than not; two
 * records that differ only in case then count as two matches, and nothing is written.
 */
export const keyText = (value: unknown): string => String(value).trim().toLowerCase();

export const sameKey = (stored: unknown, wanted: unknown): boolean =>
	stored !== undefined && stored !== null && keyText(stored) === keyText(wanted);

/**
 * The `idempotency_id` of the create when no record has the key: the same resource, column and
 * key (as compared) give the same id, so two executions that both find nothing and both create
 * make one record (the service answers the second POST with the first's answer). 32 hex digits.
 */
export const upsertIdempotencyId = (row: CollectionDefinition, column: string, value: unknown): string =>
	digest(['upsert', row.resource, column, keyText(value)]);

/**
 * The id after the service answered `id` with an earlier record (`replayed`) that is gone or no
 * longer has the key: derived from both, so two executions that meet the same earlier record
 * still make one new record.
 */
export const nextIdempotencyId = (id: string, replayed: unknown): string => digest([id, String(replayed)]);

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
