import { DealsListPage } from './deals-list-page';

/** /creator/contracts: every deal. */
export function AllContractsPage() {
  return (
    <DealsListPage
      view="all"
      title="Contracts"
      description="Every deal you have set out with a brand, from draft to signed contract."
      empty={{
        title: 'No deals yet',
        text: 'Write down your first deal: the brand, what you deliver, the milestones and what each pays. Paylock turns it into a contract the brand signs online.',
      }}
    />
  );
}

export function ActiveContractsPage() {
  return (
    <DealsListPage
      view="active"
      title="Active contracts"
      description="Deals both you and the brand have accepted."
      empty={{
        title: 'No active contracts yet',
        text: 'A deal becomes active when the brand accepts it. Send a deal to a brand to get started.',
      }}
    />
  );
}

export function PendingContractsPage() {
  return (
    <DealsListPage
      view="pending"
      title="Awaiting the brand"
      description="Deals you have sent that the brand has not answered yet."
      empty={{
        title: 'Nothing is waiting for a brand',
        text: 'When you send a deal, it waits here until the brand accepts, asks for changes or declines.',
      }}
    />
  );
}

export function CompletedContractsPage() {
  return (
    <DealsListPage
      view="completed"
      title="Completed contracts"
      description="Deals whose every milestone is settled."
      empty={{
        title: 'No completed contracts yet',
        text: 'A contract is completed once every milestone is paid. Your active contracts are on their way.',
      }}
    />
  );
}

export function ProposalsPage() {
  return (
    <DealsListPage
      view="proposals"
      title="Proposals"
      description="Drafts, and deals a brand sent back with changes: they need you next."
      empty={{
        title: 'No proposals to work on',
        text: 'Start a new deal, or wait for a brand to ask for changes on one you sent.',
      }}
    />
  );
}

export function ArchivePage() {
  return (
    <DealsListPage
      view="archive"
      title="Archive"
      description="Deals that are over: declined, expired, cancelled or completed."
      empty={{
        title: 'The archive is empty',
        text: 'Deals that end (declined, expired, cancelled or completed) are kept here for your records.',
      }}
    />
  );
}
