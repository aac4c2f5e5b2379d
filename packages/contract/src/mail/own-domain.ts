/**
 * The domain the Email Aliases screen opens on: the account's own, the domain of its billing address
 * when the account has that domain, otherwise the first of the list (alphabetical).
 */
export function ownDomain(domains: readonly string[], billEmail: string): string | undefined {
  const own = billEmail.split('@')[1]?.trim().toLowerCase();
  return (own && domains.find((d) => d.toLowerCase() === own)) || domains[0];
}
