/**
 * The back-office's door: the route table imports this tiny module lazily and it loads the admin
 * chunk, so the chunks the back-office shares with other screens (tables, downloads) are named here
 * and not in the landing page's preload map (whose budget is 100 kB).
 */
export const loadAdmin = () => import('../features/admin');
