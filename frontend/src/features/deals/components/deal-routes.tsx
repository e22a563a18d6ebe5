import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { CampaignsPage } from './campaigns-page';
import { CollaborationsPage } from './collaborations-page';
import {
  ActiveContractsPage,
  AllContractsPage,
  ArchivePage,
  CompletedContractsPage,
  PendingContractsPage,
  ProposalsPage,
} from './contract-lists';
import { ContractTemplatePage } from './contract-template-page';
import { EditDealPage, NewDealPage } from './deal-editor-pages';
import { DealPage } from './deal-page';

// An address in a section that names no page leads to the overview, as unknown addresses do.
const elsewhere: RouteObject = {
  path: '*',
  element: <Navigate to={paths.creatorDashboardOverview} replace />,
};

const contractRoutes: RouteObject[] = [
  { index: true, element: <AllContractsPage /> },
  { path: 'active', element: <ActiveContractsPage /> },
  { path: 'pending', element: <PendingContractsPage /> },
  { path: 'completed', element: <CompletedContractsPage /> },
  { path: 'templates', element: <ContractTemplatePage /> },
  { path: 'new', element: <NewDealPage /> },
  { path: ':dealId', element: <DealPage /> },
  { path: ':dealId/edit', element: <EditDealPage /> },
  elsewhere,
];

const collaborationRoutes: RouteObject[] = [
  { index: true, element: <CollaborationsPage view="all" /> },
  { path: 'active', element: <CollaborationsPage view="active" /> },
  { path: 'proposals', element: <ProposalsPage /> },
  { path: 'archive', element: <ArchivePage /> },
  elsewhere,
];

const campaignRoutes: RouteObject[] = [
  { index: true, element: <CampaignsPage view="all" /> },
  { path: 'running', element: <CampaignsPage view="running" /> },
  { path: 'draft', element: <CampaignsPage view="draft" /> },
  { path: 'completed', element: <CampaignsPage view="completed" /> },
  elsewhere,
];

const sectionRoutes: Record<string, RouteObject[]> = {
  contracts: contractRoutes,
  collaborations: collaborationRoutes,
  campaigns: campaignRoutes,
};

/**
 * The pages of the section the address is in: /creator/contracts/* (the lists, the template, the
 * New deal form and each deal), /creator/collaborations/* (the brands, the proposals and the
 * archive) and /creator/campaigns/*.
 */
export function DealSectionRoutes() {
  const section = useLocation().pathname.split('/')[2] ?? '';
  return useRoutes(sectionRoutes[section] ?? contractRoutes);
}
