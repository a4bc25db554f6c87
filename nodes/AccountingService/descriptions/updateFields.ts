import type { INodeProperties } from 'n8n-workflow';

export interface UpdatableField {
	name: string;
	displayName: string;
	placeholder?: string;
}

/** The "Update Fields" collection; each field's name is the service's attribute name. */
export function updateFieldsProperty(fields: UpdatableField[]): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: fields.map(({ name, displayName, placeholder }) => ({
			displayName,
			name,
			type: 'string',
			default: '',
			...(placeholder ? { placeholder } : {}),
		})),
	};
}
