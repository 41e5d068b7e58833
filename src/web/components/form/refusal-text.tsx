import type { ReactNode } from 'react';

/**
 * A field's refusal as its helper text, in an element of its own that is an alert: read out as
 * it appears even when the focus is in the field already (Enter pressed there), where a changed
 * description is not read, and moving the focus to the field changes nothing.
 */
export function refusalText(message: string | undefined): ReactNode {
  return message === undefined ? undefined : <span role="alert">{message}</span>;
}
