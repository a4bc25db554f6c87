/** The countries the service's sign-in page accepts as `country=`. */
export const AUTHORIZATION_COUNTRIES = [
	{ code: 'ca', name: 'Canada' },
	{ code: 'de', name: 'Germany' },
	{ code: 'es', name: 'Spain' },
	{ code: 'fr', name: 'France' },
	{ code: 'gb', name: 'United Kingdom' },
	{ code: 'ie', name: 'Ireland' },
	{ code: 'us', name: 'United States' },
] as const;
