import type { DealView } from '../deal-model';
import { DealsListPage, type DealsListProps } from './deals-list-page';

/** What each of the creator's deal lists says: its heading, and what its empty state suggests. */
const texts: Record<DealView, Omit<DealsListProps, 'view'>> = {
  all: {
    title: 'Contracts',
    description: 'Every deal you have set out with a brand, from draft to signed contract.',
    empty: {
      title: 'No deals yet',
      text: 'Write down your first deal: the brand, what you deliver, the milestones and what each pays. Paylock turns it into a contract the brand signs online.',
    },
  },
  active: {
    title: 'Active contracts',
    description: 'Deals both you and the brand have accepted.',
    empty: {
      title: 'No active contracts yet',
      text: 'A deal becomes active when the brand accepts it. Send a deal to a brand to get started.',
    },
  },
  pending: {
    title: 'Awaiting the brand',
    description: 'Deals you have sent that the brand has not answered yet.',
    empty: {
      title: 'Nothing is waiting for a brand',
      text: 'When you send a deal, it waits here until the brand accepts, asks for changes or declines.',
    },
  },
  completed: {
    title: 'Completed contracts',
    description: 'Deals whose every milestone is settled.',
    empty: {
      title: 'No completed contracts yet',
      text: 'A contract is completed once every milestone is paid. Your active contracts are on their way.',
    },
  },
  proposals: {
    title: 'Proposals',
    description: 'Drafts, and deals a brand sent back with changes: they need you next.',
    empty: {
      title: 'No proposals to work on',
      text: 'Start a new deal, or wait for a brand to ask for changes on one you sent.',
    },
  },
  archive: {
    title: 'Archive',
    description: 'Deals that are over: declined, expired, cancelled or completed.',
    empty: {
      title: 'The archive is empty',
      text: 'Deals that end (declined, expired, cancelled or completed) are kept here for your records.',
    },
  },
};

const ContractsPage = ({ view }: { view: DealView }) => (
  <DealsListPage view={view} {...texts[view]} />
);

/** /creator/contracts: every deal. */
export const AllContractsPage = () => <ContractsPage view="all" />;
export const ActiveContractsPage = () => <ContractsPage view="active" />;
export const PendingContractsPage = () => <ContractsPage view="pending" />;
export const CompletedContractsPage = () => <ContractsPage view="completed" />;
export const ProposalsPage = () => <ContractsPage view="proposals" />;
export const ArchivePage = () => <ContractsPage view="archive" />;
