import type { ReactNode } from 'react';
import { ReviewButton } from './form';
import { ReviewDialog, type ReviewFlow } from './review-and-submit';
import { accountRequestPlaces } from './submission-error';
import { UnsettledRequests, type Unsettled } from './unsettled-requests';

/**
 * The close of a form that sends a money request of an account as a dialog (a deposit, a
 * disbursement): the earlier requests of its kind that stand unsettled, the Review button, and
 * the review, which names the account's requests as where to check and follow what was sent.
 */
export function MoneyRequestReview<TRequest>({
  unsettled,
  flow,
  reviewLabel,
  title,
  progressLabel,
  confirmLabel,
  children,
}: {
  unsettled: Unsettled;
  flow: ReviewFlow & { review: TRequest | null };
  /** The button that opens the review ("Review deposit"). */
  reviewLabel: string;
  title: string;
  progressLabel: string;
  confirmLabel: string;
  /** What the review shows of the request, exactly as it will be sent. */
  children: (request: TRequest) => ReactNode;
}) {
  return (
    <>
      <UnsettledRequests unsettled={unsettled} />
      <ReviewButton>{reviewLabel}</ReviewButton>
      <ReviewDialog
        flow={flow}
        title={title}
        progressLabel={progressLabel}
        confirmLabel={confirmLabel}
        {...accountRequestPlaces(unsettled.accountId)}
      >
        {flow.review !== null && children(flow.review)}
      </ReviewDialog>
    </>
  );
}
