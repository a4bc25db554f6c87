import type { CollectionDefinition } from './table';

export const lower = (text: string) => text.toLowerCase();

/** "a sales invoice", "an attachment": the article the action text needs. */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${lower(noun)}`;

/** How an action names the record it acts on: "a sales invoice", or "financial settings" for a settings object. */
export const recordNoun = (row: CollectionDefinition) =>
	row.singleton ? lower(row.singular) : withArticle(row.singular);

/** An attribute as a sentence names it: `item_code` → "item code". */
export const spoken = (attribute: string) => attribute.replace(/_/g, ' ');
