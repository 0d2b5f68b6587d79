export const TAGLINE = 'Bring the beauty of creation home';

/** At most 3 featured photos on the home page. */
export const FEATURED_LIMIT = 3;
