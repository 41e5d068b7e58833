import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  forgetReceipt,
  sentFromHereKey,
  useRememberedReceipt,
  type ReceiptKind,
} from '../../lib/receipts';

const pendingIds = (queryClient: QueryClient, kind: ReceiptKind, key: string) =>
  queryClient
    .getMutationCache()
    .findAll({ mutationKey: sentFromHereKey(kind, key), status: 'pending' })
    .map((mutation) => mutation.mutationId);

/**
 * A money request sent from this page, for when the person left it while the request was on its
 * way (the leave-while-sending question lets them) and came back: the form they would meet again
 * invites sending it a second time. The page shows instead the request still on its way
 * (`onItsWay`), then its receipt (`receipt`) once the answer comes, which stays until the person
 * asks for another (`forget`). A request sent by this visit of the page is not "on its way" here:
 * its form tells its progress and outcome itself.
 */
export function useSentFromHere<TRequest, TReceipt>(kind: ReceiptKind, key: string) {
  const queryClient = useQueryClient();
  const receipt = useRememberedReceipt<TReceipt>(kind, key);
  // The requests already on their way as the page (for this offering or account) opened were
  // sent by an earlier visit; those sent after it are this visit's own.
  const [earlier, setEarlier] = useState(() => ({
    key,
    ids: pendingIds(queryClient, kind, key),
  }));
  if (earlier.key !== key) setEarlier({ key, ids: pendingIds(queryClient, kind, key) });
  const pending = useMutationState({
    filters: { mutationKey: sentFromHereKey(kind, key), status: 'pending' },
    select: (mutation) => ({
      id: mutation.mutationId,
      request: (mutation.state.variables as { request: TRequest } | undefined)?.request,
    }),
  });
  const onItsWay = pending.filter((sent) => earlier.ids.includes(sent.id)).at(-1)?.request;
  return {
    receipt: receipt ?? null,
    onItsWay: onItsWay ?? null,
    forget: () => forgetReceipt(queryClient, kind, key),
  };
}

/**
 * Shown in place of the form while a request sent from this page earlier is on its way: what was
 * sent, not to send it again, and where it is followed. Its receipt replaces it when the answer
 * comes (`useSentFromHere`).
 */
export function RequestOnItsWay({
  what,
  sent,
  where,
}: {
  /** The request's kind in words, as in "Your investment is being sent". */
  what: string;
  /** What was sent, as a sentence's subject: "An investment of 20 units from account A1". */
  sent: ReactNode;
  /** Where it is listed with its outcome: a link to the account's requests and timeline. */
  where: ReactNode;
}) {
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{`Your ${what} is being sent`}</AlertTitle>
      {sent} was sent from this page and its answer has not come yet. Do not send it again: its
      receipt shows here when the answer comes, and it is listed with its outcome on {where}, under
      our reference.
    </Alert>
  );
}
