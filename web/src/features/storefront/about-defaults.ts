/** Built-in About content, shown for every field the owner has not written yet (null from /api/about). */

export const DEFAULT_MAIN_BIO = `<p>Hello, and welcome. I'm an amateur nature photographer living in Washington, DC, and most of the photographs on this site were made at a national wildlife refuge a short drive from home.</p>
<p>Photography started as an excuse to be outside more. It became a way of paying attention: to the great blue heron that fishes the same bend of the creek every morning, to the bald eagles that return to their nest each winter, to the fog that settles over the marsh in early autumn. I go back to the same trails again and again, in every season, because the refuge never looks the same twice.</p>
<p>I am not a professional, and I like it that way. Every photograph here was made because something stopped me in my tracks, and I hope a few of them do the same for you.</p>`;

export const DEFAULT_APPROACH_TEXT = `<p>I work slowly and quietly. Most mornings I arrive before sunrise, find a spot near the water and wait. Wildlife comes on its own terms, and I would rather miss a picture than disturb an animal, a nest or a habitat. I keep my distance, stay on the trails and follow the refuge's rules.</p>
<p>In editing I aim for honesty: colour and light as they were, careful cropping, nothing added or taken away. The goal is a print that feels like standing there at the water's edge.</p>`;

export const DEFAULT_SERVICES_TEXT = `<p>Every photograph in the <a href="/portfolio">portfolio</a> is available as a print in several sizes and finishes, made to order by a professional lab and shipped within the United States.</p>
<p>Looking for a size that is not listed, a print for a gift, or permission to use a photograph? Please <a href="/contact">get in touch</a> and I will be glad to help.</p>`;

const silhouette =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">' +
  '<rect width="480" height="480" fill="#e3dccd"/>' +
  '<circle cx="240" cy="190" r="86" fill="#a89f8c"/>' +
  '<path d="M70 480c10-104 84-170 170-170s160 66 170 170z" fill="#a89f8c"/></svg>';

/** A neutral silhouette made locally (no stock image service). */
export const DEFAULT_HEADSHOT = `data:image/svg+xml,${encodeURIComponent(silhouette)}`;
