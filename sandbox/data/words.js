'use strict';

/**
 * Word lists per country. Names deliberately carry `&`, apostrophes, hyphens and accents, and most
 * have several words, because that is what breaks naive search, encoding and CSV export.
 */
const LOCALES = {
	gb: {
		firstNames: ['Siobhán', 'Zoë', 'Chloé', 'Oliver', 'Amelia', 'Seán', 'Niamh', 'Renée', 'Raphaël', 'Priya', 'Kwame',
			'Eleanor', 'Hamish', 'Aoife', 'Noël', 'Fatima', 'Tomasz', 'Grace', 'Ciarán', 'Isla', 'Dylan', 'Mei', 'Bethan', 'Jónas'],
		surnames: ['Ashdown', "O'Brien", 'Whitfield', 'Marlowe', 'Pemberton', 'Hargreaves', 'Okafor', 'Patel', 'Nguyen',
			'Fitzgerald', 'McAllister', "D'Arcy", 'Brontë', 'Llewellyn', 'Kowalski', 'Fairweather', 'Blackwood', 'Ó Súilleabháin',
			'Thistlethwaite', 'Abernathy', "O'Neill", 'Chaudhry', 'Wren', 'Ravensworth', 'Devereux', 'Müller'],
		trades: ['Bakery', 'Catering', 'Plumbing & Heating', 'Joinery', 'Print Works', 'Florist', 'Coffee Roasters', 'Butchers',
			'Dairy', 'Logistics', 'Design Studio', 'Cleaning Services', 'Electrical', 'Hardware', 'Bookshop', 'Café', 'Crèmerie',
			'Pâtisserie', 'Brewing Co', 'Removals', 'Landscaping', 'Dental Practice', 'Veterinary Surgery', 'Tea Rooms'],
		places: ['Harrogate', 'Penzance', 'Aberystwyth', 'King’s Lynn', 'Bury St Edmunds', 'Stratford-upon-Avon', 'Whitby',
			'Keswick', 'Hebden Bridge', 'Ludlow', 'Totnes', 'Market Harborough', 'Saffron Walden', 'Bexhill-on-Sea'],
		adjectives: ['Little', 'Golden', 'Old', 'Northern', 'Wild', 'Copper', 'Blue', 'Honest', 'Crooked', 'Silver', 'Green', 'Royal'],
		nouns: ['Kettle', 'Fox', 'Lantern', 'Anchor', 'Oak', 'Bee', 'Swan', 'Thistle', 'Harbour', 'Mill', 'Hare', 'Bramble'],
		suffixes: ['Ltd', 'Limited', '& Sons', '& Co', 'LLP', '& Daughters', 'Partners'],
		connector: '&',
		cities: [['London', 'EC1V 9HX'], ['Manchester', 'M1 2WD'], ['Bristol', 'BS1 4DJ'], ['Leeds', 'LS1 5AB'],
			['Edinburgh', 'EH1 1YZ'], ['Cardiff', 'CF10 1EP'], ['Belfast', 'BT1 5GS'], ['Brighton', 'BN1 1AE'],
			['Norwich', 'NR2 1TF'], ['York', 'YO1 7HH'], ['Bath', 'BA1 1LZ'], ['Newcastle upon Tyne', 'NE1 4ST']],
		streets: ['High Street', 'Mill Lane', 'Station Road', 'Church Street', "King's Road", "St Mary's Close",
			'Victoria Terrace', 'Queen’s Parade', 'Old Market Square', 'Bridge Street'],
		emailTld: 'co.uk',
		phone: (rng) => `0${rng.int(1000, 2999)} ${rng.int(100000, 999999)}`,
		mobile: (rng) => `07${rng.int(100, 999)} ${rng.int(100000, 999999)}`,
		locale: 'en-GB',
		catalogue: [
			{ code: 'COF', role: 'sales_goods', items: ['Ethiopian Yirgacheffe', 'Colombian Huila', 'Kenyan AA', 'Guatemalan Antigua',
				'Brazilian Santos', 'Sumatra Mandheling', 'House Espresso', 'Decaf Swiss Water', 'Costa Rican Tarrazú',
				'Rwandan Bourbon', 'Café de Olla Blend', "Roaster's Choice"],
			variants: [['Whole Beans', 'Ground for Filter', 'Ground for Espresso', 'Wholesale'], ['250 g', '500 g', '1 kg', '2 kg', '5 kg']] },
			{ code: 'TEA', role: 'sales_goods', items: ['Earl Grey', 'English Breakfast', 'Darjeeling First Flush', 'Rooibos & Vanilla',
				'Chamomile & Honey', 'Sencha', 'Masala Chai', "Builder's Brew"],
			variants: [['Loose Leaf', 'Tea Bags', 'Gift Tin'], ['100 g', '250 g', '500 g']] },
			{ code: 'BAK', role: 'sales_food', items: ['Almond Croissant', 'Pain au Chocolat', 'Crème Brûlée Tart', 'Bakewell Slice',
				'Cinnamon Bun', 'Lemon Drizzle Cake', 'Sourdough Loaf', 'Scone with Jam & Clotted Cream', 'Flapjack', 'Brownie'],
			variants: [['Single', 'Box of 4', 'Box of 6', 'Box of 12', 'Tray of 24']] },
			{ code: 'MER', role: 'sales_goods', items: ['Enamel Mug', 'Keep Cup', 'Tote Bag', 'Hand Grinder', 'Pour-over Kit',
				'Cafetière', 'Milk Jug', 'Tamper'],
			variants: [['Black', 'Cream', 'Sage Green', 'Terracotta', 'Navy']] },
		],
		services: ['Private event catering', 'Barista training session', 'Coffee machine servicing', 'Wholesale delivery',
			'Latte art workshop', 'Office coffee subscription', 'Cupping & tasting evening', "Chef's table booking"],
		serviceVariants: ['(per hour)', '— half day', '— full day', '— monthly', '— annual'],
		locations: ['Shelf A', 'Shelf B', 'Cold store', 'Back room', 'Warehouse'],
		purchaseLines: [['purchases', 'Green coffee beans — 60 kg sack'], ['purchases', 'Whole milk, 20 × 2 l'],
			['purchases', 'Pastry flour & butter'], ['packaging', 'Kraft bags with valve, 1,000 pcs'],
			['packaging', 'Compostable cups 12 oz'], ['rent', 'Rent — roastery unit'], ['utilities', 'Electricity & gas'],
			['phone', 'Broadband & phone line'], ['fees', "Accountant's fee — quarterly"], ['bank_charges', 'Card terminal fees'],
			['fixed_assets', 'Grinder — Mahlkönig EK43']],
	},
	es: {
		firstNames: ['José', 'María', 'Ángel', 'Lucía', 'Íñigo', 'Begoña', 'Raúl', 'Sofía', 'Joaquín', 'Nuria', 'Andrés', 'Inés'],
		surnames: ['García', 'Núñez', 'Muñoz', 'Peña', 'Ibáñez', 'Gómez', 'Martínez', 'Fernández', 'López', 'Sánchez',
			'Pérez', 'Álvarez', 'Jiménez', 'Cortés', 'Rodríguez', "D'Ors", 'Olañeta'],
		trades: ['Panadería', 'Ferretería', 'Construcciones', 'Transportes', 'Talleres', 'Distribuciones', 'Asesoría',
			'Carpintería', 'Librería', 'Frutería', 'Café', 'Pastelería'],
		places: ['Cádiz', 'Logroño', 'León', 'Ávila', 'Móstoles', 'Alcalá de Henares', 'Castellón', 'Mérida'],
		adjectives: ['Nueva', 'Vieja', 'Real', 'Gran', 'Pequeña'],
		nouns: ['Espiga', 'Fragua', 'Alameda', 'Colmena', 'Ribera'],
		suffixes: ['S.L.', 'S.A.', 'S.L.U.', 'y Asociados', 'e Hijos', 'y Hermanos'],
		connector: 'y',
		cities: [['Madrid', '28013'], ['Barcelona', '08002'], ['Valencia', '46002'], ['Sevilla', '41004'], ['Málaga', '29005'],
			['Bilbao', '48001'], ['Zaragoza', '50001'], ['A Coruña', '15003'], ['Córdoba', '14003']],
		streets: ['Calle Mayor', 'Avenida de la Constitución', 'Plaza de España', 'Calle de Alcalá', 'Paseo de Gràcia',
			'Calle del Sol', 'Ronda de Toledo'],
		emailTld: 'es',
		phone: (rng) => `9${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
		mobile: (rng) => `6${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
		locale: 'es-ES',
		catalogue: [
			{ code: 'PAN', role: 'sales_food', items: ['Pan de masa madre', 'Barra rústica', 'Pan de centeno', 'Hogaza de espelta',
				'Pan de molde integral'], variants: [['250 g', '500 g', '1 kg']] },
			{ code: 'BOL', role: 'sales_food', items: ['Ensaimada', 'Magdalenas', 'Croissant de mantequilla', 'Napolitana de chocolate',
				'Palmeras', 'Rosquillas de anís'], variants: [['Unidad', 'Caja de 6', 'Bandeja de 12']] },
			{ code: 'TAR', role: 'sales_food', items: ['Tarta de Santiago', 'Roscón de Reyes', 'Empanada gallega', 'Tarta de queso'],
				variants: [['Pequeña', 'Mediana', 'Grande']] },
		],
		services: ['Servicio de catering', 'Reparto a domicilio', 'Taller de panadería', 'Pedido para eventos'],
		serviceVariants: ['(por hora)', '— media jornada', '— jornada completa'],
		locations: ['Obrador', 'Almacén', 'Cámara frigorífica'],
		purchaseLines: [['purchases', 'Harina de trigo — saco de 25 kg'], ['purchases', 'Mantequilla y huevos'],
			['packaging', 'Bolsas de papel'], ['rent', 'Alquiler del local'], ['utilities', 'Electricidad y gas'],
			['fees', 'Honorarios de asesoría'], ['bank_charges', 'Comisiones del TPV']],
	},
	fr: {
		firstNames: ['Élodie', 'François', 'Hélène', 'Benoît', 'Gaëlle', 'Jérôme', 'Anaïs', 'Loïc', 'Cécile', 'Théo', 'Maëlys', 'Noé'],
		surnames: ['Lefèvre', 'Dubois', 'Moreau', 'Girard', 'Fournier', 'Lemaître', 'Chevalier', 'Côté', 'Gauthier',
			'Mercier', 'Rousseau', 'Lévêque', "D'Aubigné", 'Benoît', 'Laurent'],
		trades: ['Boulangerie', 'Menuiserie', 'Plomberie', 'Imprimerie', 'Librairie', 'Fromagerie', 'Épicerie fine',
			'Traiteur', 'Électricité', 'Ébénisterie', 'Quincaillerie'],
		places: ['Besançon', 'Orléans', 'Nîmes', 'Angoulême', 'Sète', 'Saint-Étienne', 'Aix-en-Provence', 'Chambéry'],
		adjectives: ['Petite', 'Belle', 'Vieille', 'Grande'],
		nouns: ['Atelier', 'Forge', 'Ruche', 'Maison', 'Cave'],
		suffixes: ['SARL', 'SAS', 'EURL', '& Fils', 'et Associés'],
		connector: '&',
		cities: [['Paris', '75011'], ['Lyon', '69002'], ['Marseille', '13001'], ['Toulouse', '31000'], ['Bordeaux', '33000'],
			['Lille', '59000'], ['Nantes', '44000'], ['Nice', '06000'], ['Strasbourg', '67000']],
		streets: ['rue de la République', 'avenue Jean-Jaurès', 'boulevard Saint-Germain', 'place Bellecour',
			'rue du Faubourg Saint-Antoine', "quai de l'Horloge", 'impasse des Lilas'],
		emailTld: 'fr',
		phone: (rng) => `0${rng.int(1, 5)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
		mobile: (rng) => `06 ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
		locale: 'fr-FR',
		catalogue: [
			{ code: 'MEU', role: 'sales_goods', items: ['Chaise en chêne massif', 'Étagère murale en noyer', 'Table basse en frêne',
				'Buffet en merisier', 'Tabouret de bar', 'Coffre à jouets', 'Lit d’enfant', 'Bureau à cylindre'],
			variants: [['brut', 'verni', 'ciré'], ['petit modèle', 'grand modèle']] },
			{ code: 'ACC', role: 'sales_goods', items: ['Plateau de découpe', 'Boîte à épices', 'Porte-couteaux', 'Cadre photo'],
				variants: [['chêne', 'noyer', 'hêtre']] },
		],
		services: ['Pose sur site', 'Restauration de meuble', 'Conception sur mesure', 'Livraison et montage'],
		serviceVariants: ['(à l’heure)', '— demi-journée', '— journée'],
		locations: ['Atelier', 'Dépôt', 'Showroom'],
		purchaseLines: [['purchases', 'Planches de chêne — 2 m³'], ['purchases', 'Vernis et cire d’abeille'],
			['rent', "Loyer de l'atelier"], ['utilities', 'Électricité'], ['fees', "Honoraires de l'expert-comptable"],
			['bank_charges', 'Frais bancaires'], ['fixed_assets', 'Scie à ruban']],
	},
};

/**
 * A contact or company name from one of several shapes, most with several words.
 * @param {typeof LOCALES.gb} L
 * @param {import('./prng').Rng} rng
 */
function companyName(L, rng) {
	const s1 = rng.pick(L.surnames);
	let s2 = rng.pick(L.surnames);
	if (s2 === s1) s2 = L.surnames[(L.surnames.indexOf(s1) + 1) % L.surnames.length];
	switch (rng.int(0, 6)) {
		case 0: return `${s1} ${L.connector} ${s2} ${rng.pick(L.trades)}`;
		case 1: return L.connector === '&' ? `${s1}'s ${rng.pick(L.trades)}` : `${rng.pick(L.trades)} ${s1}`;
		case 2: return `${rng.pick(L.firstNames)} ${s1}`;
		case 3: return `${rng.pick(L.places)} ${rng.pick(L.trades)} ${rng.pick(L.suffixes)}`;
		case 4: return `${rng.pick(L.adjectives)} ${rng.pick(L.nouns)} ${rng.pick(L.trades)}`;
		case 5: return `${rng.pick(L.trades)} ${s1} ${rng.pick(L.suffixes)}`;
		default: return `${s1} ${L.connector} ${s2} ${rng.pick(L.suffixes)}`;
	}
}

/** @param {string} text ASCII letters only, for references and e-mail addresses */
const asciiLetters = (text) => text.normalize('NFD').replace(/[^A-Za-z]/g, '');

module.exports = { LOCALES, companyName, asciiLetters };
