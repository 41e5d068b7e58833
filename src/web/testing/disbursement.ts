import { screen, within } from '@testing-library/react';
import { openReviewAndArm } from './render';

/** The review of a disbursement request, once open. */
export const disbursementReview = () =>
  screen.getByRole('dialog', { name: 'Review your disbursement request' });

/** The review's Send request button. */
export const sendRequest = () =>
  within(disbursementReview()).getByRole('button', { name: 'Send request' });

/** Opens the review of what the disbursement form holds and waits until Send request is armed. */
export async function openDisbursementReview(user: { click: (element: Element) => Promise<void> }) {
  await openReviewAndArm(
    () => user.click(screen.getByRole('button', { name: 'Review request' })),
    sendRequest,
  );
}
