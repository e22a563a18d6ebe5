/** The specification's placeholder: this page shows only the text CreatorContracts. */
export function CreatorContractsPage() {
  return <main>CreatorContracts</main>;
}
