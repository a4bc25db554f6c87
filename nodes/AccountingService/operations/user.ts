import { toItems } from '../actions/output';
import { updateFieldsProperty, type UpdatableField } from '../descriptions/updateFields';
import { apiRequest } from '../transport';
import { resourceOperation } from './define';
import type { Operation, ResourceOption } from './types';

export const userResource: ResourceOption = {
	name: 'User',
	value: 'user',
	description: 'The user the credential signed in as',
	businessScoped: false,
};

const UPDATABLE: UpdatableField[] = [
	{ name: 'first_name', displayName: 'First Name' },
	{ name: 'last_name', displayName: 'Last Name' },
	{ name: 'initials', displayName: 'Initials' },
	{ name: 'locale', displayName: 'Locale', placeholder: 'e.g. en-GB' },
];

export const userOperations: Operation[] = [
	resourceOperation({
		resource: 'user',
		value: 'get',
		option: { name: 'Get', description: 'Get the signed-in user', action: 'Get the user' },
		properties: [],
		async execute(parameters) {
			const response = await apiRequest.call(this, { path: '/user', ...parameters.requestScope() });
			return toItems([response.body], undefined, false);
		},
	}),
	resourceOperation({
		resource: 'user',
		value: 'update',
		option: {
			name: 'Update',
			description: 'Change the signed-in user’s name',
			action: 'Update the user',
		},
		properties: [updateFieldsProperty(UPDATABLE)],
		async execute(parameters) {
			const user = parameters.updateFields(UPDATABLE.map((field) => field.name));
			const response = await apiRequest.call(this, {
				method: 'PUT',
				path: '/user',
				body: { user },
				...parameters.requestScope(),
			});
			return toItems([response.body], undefined, false);
		},
	}),
];
