/** GET /__sandbox/manifest: the seed ids the portal's demo users are linked to. */
import type { SandboxState } from '../state/model.js';

export interface SandboxManifest {
  investors: { name: string; accountIds: string[] }[];
  issuers: { issuerId: string; name: string; offeringIds: string[]; securityIds: number[] }[];
  securities: {
    securityId: number;
    securityName: string;
    issuerId: string;
    offeringId: string | null;
  }[];
  custodyAccountIds: string[];
  limitedScopeAccountId: string;
  /** The offering carrying 2,000+ trades (purchase-history tests). */
  largestOfferingId: string;
  accountCount: number;
  tradeCount: number;
}

export function buildManifest(state: SandboxState): SandboxManifest {
  const tradesPerOffering = new Map<string, number>();
  for (const trade of state.trades) {
    tradesPerOffering.set(trade.offeringId, (tradesPerOffering.get(trade.offeringId) ?? 0) + 1);
  }
  const largest = [...tradesPerOffering].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return {
    investors: state.demo.investors.map((i) => ({ name: i.name, accountIds: [...i.accountIds] })),
    issuers: Object.values(state.issuers).map((issuer) => ({
      issuerId: issuer.issuerId,
      name: issuer.issuerName,
      offeringIds: Object.values(state.offerings)
        .filter((o) => o.issuerId === issuer.issuerId)
        .map((o) => o.offeringId),
      securityIds: state.securities
        .filter((s) => s.issuerId === issuer.issuerId)
        .map((s) => s.securityId),
    })),
    securities: state.securities.map(({ securityId, securityName, issuerId, offeringId }) => ({
      securityId,
      securityName,
      issuerId,
      offeringId,
    })),
    custodyAccountIds: Object.keys(state.custodyAccounts),
    limitedScopeAccountId: state.demo.limitedScopeAccountId,
    largestOfferingId: largest,
    accountCount: Object.keys(state.accounts).length,
    tradeCount: state.trades.length,
  };
}
