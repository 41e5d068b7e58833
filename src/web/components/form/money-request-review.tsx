import type { ReactNode } from 'react';
import { ReviewButton } from './form';
import { ReviewDialog, type ReviewFlow } from './review-and-submit';
import { accountRequestPlaces } from './submission-error';
import { UnsettledRequests, type Unsettled } from './unsettled-requests';

/** What the Review button, the review's title, its progress and its confirm button say, by kind. */
const reviewWords = {
  deposit: {
    review: 'Review deposit',
    title: 'Review your deposit',
    progress: 'Sending the deposit',
    confirm: 'Request deposit',
  },
  disbursement: {
    review: 'Review request',
    title: 'Review your disbursement request',
    progress: 'Sending the request',
    confirm: 'Send request',
  },
} as const;

/**
 * The close of a form that sends a money request of an account as a dialog (a deposit, a
 * disbursement): the earlier requests of its kind that stand unsettled, the Review button, and
 * the review, which names the account's requests as where to check and follow what was sent.
 */
export function MoneyRequestReview<TRequest>({
  unsettled,
  flow,
  children,
}: {
  unsettled: Unsettled<keyof typeof reviewWords>;
  flow: ReviewFlow & { review: TRequest | null };
  /** What the review shows of the request, exactly as it will be sent. */
  children: (request: TRequest) => ReactNode;
}) {
  const words = reviewWords[unsettled.kind];
  return (
    <>
      <UnsettledRequests unsettled={unsettled} />
      <ReviewButton>{words.review}</ReviewButton>
      <ReviewDialog
        flow={flow}
        title={words.title}
        progressLabel={words.progress}
        confirmLabel={words.confirm}
        {...accountRequestPlaces(unsettled.accountId)}
      >
        {flow.review !== null && children(flow.review)}
      </ReviewDialog>
    </>
  );
}
