/** Every route path of the app. */
export const paths = {
  home: '/',
  waitlist: '/waitlist',
  login: '/login',
  register: '/register',
  creatorDashboard: '/creator/dashboard',
  creatorDashboardOverview: '/creator/dashboard/overview',
  creatorContracts: '/creator/contracts/',
} as const;
