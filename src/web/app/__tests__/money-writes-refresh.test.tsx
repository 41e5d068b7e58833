// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDecideApproval } from '../../features/identity/api/approvals';
import { useCreateInvestment } from '../../features/invest/api/create-investment';
import { approvalView } from '../../testing/approval';
import { investmentReceipt } from '../../testing/investment';
import { mockPost, okAnswer, startMockBff } from '../../testing/mock-bff';
import { approvalKeys, custodyKeys, moneyKeys } from '../../lib/query-keys';
import { useCreateDisbursement } from '../../features/custody/api/create-disbursement';

startMockBff();
afterEach(cleanup);

const accountId = 'A1234567';
const approval = approvalView({ accountId });

/** What an investor's pages had read before the write, fresh (within the 30 s staleTime). */
const readBefore: QueryKey[] = [
  moneyKeys.requests(accountId),
  moneyKeys.timeline(accountId),
  moneyKeys.holdings(),
  custodyKeys.account(accountId),
  approvalKeys.all,
];

function withReadPages() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  for (const key of readBefore) client.setQueryData(key, { read: 'before' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = () =>
    readBefore.filter((key) => client.getQueryState(key)?.isInvalidated).map((k) => k.join('/'));
  return { wrapper, stale };
}

/*
 * After a money request a person goes to find it: the account's requests and timeline, its cash,
 * their investments, the approvals. Read a moment before, those pages would still show the old
 * list for half a minute unless the write marks them stale.
 */
describe('a money write marks stale what the person reads next', () => {
  it('a disbursement held for approval: the account, its cash and the approvals', async () => {
    mockPost(`/api/accounts/${accountId}/disbursements`, okAnswer({ pendingApproval: approval }));
    const { wrapper, stale } = withReadPages();
    const { result } = renderHook(() => useCreateDisbursement(accountId), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        accountId,
        request: { type: 'ach', amount: '25000' },
        idempotencyKey: 'key-disbursement-0001',
      }),
    );
    expect(stale()).toEqual([
      'money/account/A1234567/requests',
      'money/account/A1234567/timeline',
      'custody/account/A1234567',
      'disbursement-approvals',
    ]);
  });

  it('an investment: the investments, the account and its cash', async () => {
    mockPost('/api/offerings/7/investments', okAnswer(investmentReceipt({ accountId })));
    const { wrapper, stale } = withReadPages();
    const { result } = renderHook(() => useCreateInvestment('7'), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        offeringId: '7',
        request: { accountId, units: '20', paymentMethod: 'ach' },
        idempotencyKey: 'key-investment-0001',
      }),
    );
    expect(stale()).toEqual([
      'money/account/A1234567/requests',
      'money/account/A1234567/timeline',
      'money/holdings/all',
      'custody/account/A1234567',
    ]);
  });

  it("an approval decided: the maker's account pages and the approvals", async () => {
    mockPost(
      '/api/disbursement-approvals/AP-9/reject',
      okAnswer({ ...approval, state: 'rejected' }, 200),
    );
    const { wrapper, stale } = withReadPages();
    const { result } = renderHook(() => useDecideApproval(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        id: 'AP-9',
        decision: 'reject',
        reason: 'Amount unusual for this account',
      }),
    );
    expect(stale()).toHaveLength(readBefore.length);
  });
});
