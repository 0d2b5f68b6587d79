export const TAGLINE = 'Bring the beauty of creation home';

/** At most 3 featured photos on the home page. */
export const FEATURED_LIMIT = 3;

/** Featured photos may change while a visitor browses: they are the one read kept fresh for 5 minutes. */
export const FEATURED_MAX_AGE_S = 300;
