import type { IDataObject } from 'n8n-workflow';

/**
 * THE rule for a key — a contact's reference, an item or nominal code, Create or Update's column —
 * wherever one is matched (Contact Given By, Line Items Given By, Ledger Accounts Given By, Create
 * or Update, the order of its items): its text without surrounding spaces, in Unicode's composed
 * form (NFC), in lower case.
 * - Spaces around a value come from typing and spreadsheets, never mean another record; spaces
 *   inside it count.
 * - Case is ignored: the service keeps references and item codes unique ignoring case, and its
 *   search and e-mail filter ignore it.
 * - "é" typed as one character or as "e" and an accent (NFC, NFD: canonically equivalent) is the
 *   same text, shown alike and found alike by the service's search; accents count ("CAFE" is not
 *   "CAFÉ"), as the service keeps both. Compatibility forms (NFKC: "ＣＵＳＴ０１", "ﬁ") are other
 *   characters: the service's search does not find one from the other.
 * A key two records have under this rule is an error naming both, never a guess.
 * A contact's e-mail is matched by the service's own filter (any of its contact persons'
 * addresses, case and surrounding spaces ignored).
 */
export const keyText = (value: unknown): string => String(value).trim().normalize('NFC').toLowerCase();

export const sameKey = (stored: unknown, wanted: unknown): boolean =>
	stored !== undefined && stored !== null && keyText(stored) === keyText(wanted);

/** "5e1… (Acme Ltd), 7a2… (Acme Trading)": the records a key names, for an error that names each. */
export const listed = (records: IDataObject[]): string =>
	records.map((record) => `${String(record.id)} (${String(record.displayed_as ?? '')})`).join(', ');
