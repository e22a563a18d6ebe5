/**
 * The specification's placeholder at /creator/contracts/: inside the shell, the page shows only the
 * text CreatorContracts (as the page's heading, so the page still has one).
 */
export function CreatorContractsPage() {
  return <h1 className="text-2xl font-bold tracking-tight">CreatorContracts</h1>;
}
