import type { Factor } from '../../../../contract/identity';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../components/confirm-dialog';
import { countOf } from '../../../lib/format';
import { factorName } from './enrol-factor';

const codesText = (n: number) => countOf(n, 'unused recovery code', 'unused recovery codes');
/** "Your 8 unused recovery codes stop working", or nothing when none are left to stop. */
const codesStop = (n: number) =>
  n > 0 ? `Your ${codesText(n)} ${n === 1 ? 'stops' : 'stop'} working` : '';

/** The names of factors in a sentence: "A", "A and B", "A, B and C". */
const namesText = (factors: readonly Factor[]) => {
  const names = factors.map(factorName);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/**
 * The question before a second factor is removed: what goes with it. The last one takes the
 * recovery codes with it (the BFF deletes them, store/second-factors.ts `removeFactor`), and
 * sign-in then asks for the password alone; otherwise the other factors and the codes stay.
 */
export function RemoveFactorDialog({
  open,
  factor,
  factors,
  recoveryCodesLeft,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The factor asked about, kept while the dialog closes so its words stay as they were. */
  factor: Factor | null;
  factors: readonly Factor[];
  recoveryCodesLeft: number;
  onCancel: () => void;
  onConfirm: (factor: Factor) => void;
}) {
  const others = factors.filter((f) => f.id !== factor?.id);
  return (
    <ConfirmDialog
      open={open}
      title={factor ? `Remove ${factorName(factor)}?` : ''}
      confirmLabel="Remove"
      destructive
      onCancel={onCancel}
      onConfirm={() => factor && onConfirm(factor)}
    >
      {others.length === 0
        ? `It is your only second factor. ${recoveryCodesLeft > 0 ? `${codesStop(recoveryCodesLeft)} with it, and signing` : 'Signing'} in then asks for your password alone, until you add another passkey or authenticator app.`
        : `Signing in and confirming it is you then take ${namesText(others)}${recoveryCodesLeft > 0 ? `, or one of your ${codesText(recoveryCodesLeft)}, which ${recoveryCodesLeft === 1 ? 'keeps' : 'keep'} working` : ''}.`}
    </ConfirmDialog>
  );
}

/** The question before new recovery codes replace the old: the old stop working at once. */
export function RenewCodesDialog({
  recoveryCodesLeft,
  ...asked
}: Pick<ConfirmDialogProps, 'open' | 'onCancel' | 'onConfirm'> & { recoveryCodesLeft: number }) {
  return (
    <ConfirmDialog {...asked} title="Make new recovery codes?" confirmLabel="Make new codes">
      {recoveryCodesLeft > 0
        ? `${codesStop(recoveryCodesLeft)} as soon as the new ones are made, wherever you keep them. `
        : ''}
      Ten new codes are shown once, on this page, to download, copy or print.
    </ConfirmDialog>
  );
}
