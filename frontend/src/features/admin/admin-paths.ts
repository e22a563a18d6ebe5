import { paths } from '@/config/paths';

/** The back-office's disputes (#26): kept here, out of the app-wide paths the landing page loads. */
export const adminDisputesPath = `${paths.admin}/disputes`;

/** Milestones stuck past a threshold, and the admins' other notices (#39). */
export const adminWaitingPath = `${paths.admin}/waiting`;

/** Support requests and their answers (#41). */
export const adminSupportPath = `${paths.admin}/support`;
