/**
 * The creator area's sections (the sidebar's entries) and the pages of each, all signed-in only at
 * /creator/<section>/<page>. The route table matches them all with paths.creatorPage, so none of
 * this is in the landing page's first load.
 */
export const creatorSections = {
  dashboard: ['overview', 'analytics', 'insights', 'reports'],
  contracts: ['active', 'pending', 'completed', 'templates'],
  wallet: ['transactions', 'withdraw', 'settings'],
  collaborations: ['active', 'proposals', 'archive'],
  campaigns: ['running', 'draft', 'completed'],
  invoices: ['pending', 'paid', 'overdue', 'create'],
  'media-kit': ['edit', 'analytics', 'share', 'requests'],
} as const;

export type CreatorSection = keyof typeof creatorSections;
export type CreatorPage<Section extends CreatorSection> = (typeof creatorSections)[Section][number];

export const creatorSectionPath = (section: CreatorSection): string => `/creator/${section}`;

export const creatorPagePath = <Section extends CreatorSection>(
  section: Section,
  page: CreatorPage<Section>,
): string => `${creatorSectionPath(section)}/${page}`;

/** Every route path of the app. */
export const paths = {
  home: '/',
  waitlist: '/waitlist',
  /** The page the confirmation e-mail links to (with ?token=…). */
  waitlistConfirm: '/waitlist/confirm',
  /**
   * A person's own page (#13): ask for a link, or open it (?token=…); the link confirming a new
   * e-mail address lands here too (?change=…).
   */
  waitlistMe: '/waitlist/me',
  /** How Paylock handles personal data (docs/privacy.md). */
  privacy: '/privacy',
  login: '/login',
  register: '/register',
  creatorDashboard: '/creator/dashboard',
  creatorDashboardOverview: '/creator/dashboard/overview',
  creatorContracts: '/creator/contracts/',
  /** The brand's review page the deal e-mail links to (with ?token=…), no account needed. */
  dealReview: '/deal-review',
  /** Any page of a creator section (see creatorSections). */
  creatorPage: '/creator/:section/:page',
  creatorSettings: '/creator/settings',
  /** Help & support: every deal and milestone state explained, the grievance officer (#41). */
  creatorHelp: '/creator/help',
  /** The page the link mailed to a new contact address opens (with ?token=…), no session needed. */
  accountContactEmail: '/account/contact-email',
  /** Where the Google re-authentication popup ends (?result=ok|failed&reason=…). */
  accountReauthenticated: '/account/reauthenticated',
  /** After "Erase my account": what was kept, why and until when (public: no session left). */
  accountErased: '/account/erased',
  /** Where the specification's Settings link points; signed-in users land on creatorSettings. */
  settings: '/settings',
  /** A brand's request for a package of a public media kit (/@handle links here), no account needed. */
  mediaKitRequest: '/media-kit/:handle/request/:packageId',
  /** The brand workspace (brand accounts only); its pages: features/dashboard/brand/brand-paths.ts. */
  brand: '/brand',
  /** The back-office (admins only). */
  admin: '/admin',
  adminWaitlist: '/admin/waitlist',
  adminMail: '/admin/mail',
  adminAuditLog: '/admin/audit-log',
} as const;
