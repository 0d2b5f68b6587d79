/**
 * Where the admin bar's links go, in one place: the bar on wide screens and its menu on a phone
 * read these, so moving a screen changes one line.
 */

/**
 * The job queues. An /admin/... path opens inside the admin (a client route); anything else is a
 * server page, opened in a new tab.
 */
// The queue dashboard inside the admin (features/admin/jobs), so the admin bar stays around it.
export const JOBS_LINK = '/admin/jobs';
export const MESSAGES_PATH = '/admin/messages';
export const VIEW_SITE_PATH = '/';

/** True when a link is one of the admin's own client routes (no new tab, no page load). */
export const isAdminRoute = (href: string) => href === '/admin' || href.startsWith('/admin/');
