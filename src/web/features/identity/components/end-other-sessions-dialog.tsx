import type { UserSession } from '../../../../contract/identity';
import { ConfirmDialog } from '../../../components/confirm-dialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The question before every other session of the person is ended at once (`DELETE
 * /api/me/sessions`), wherever it is offered (My sessions, and Security settings after a first
 * second factor): how many, and what becomes of them, so that one press never ends them unseen.
 * `sessions` are the person's sessions as My sessions lists them, this browser's included.
 */
export function EndOtherSessionsDialog({
  open,
  sessions,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  sessions: readonly UserSession[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const others = sessions.filter((s) => !s.current).length;
  // A sign-in waiting for its second factor is never this browser's (it reads nothing else).
  const waiting = sessions.filter((s) => s.waitingForSecondFactor).length;
  return (
    <ConfirmDialog
      open={open}
      title={`End ${plural(others, 'other session', 'other sessions')}?`}
      confirmLabel={`End ${plural(others, 'session', 'sessions')}`}
      destructive
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {`Every place you are signed in except this browser (${others - waiting} signed in${waiting > 0 ? `, and ${plural(waiting, 'sign-in', 'sign-ins')} waiting for the second factor` : ''}) stops working at its next request: whoever uses it must sign in again${waiting > 0 ? `, and a waiting sign-in cannot finish` : ''}. This browser stays signed in.`}
    </ConfirmDialog>
  );
}
