import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import {
  revealableFieldLabels,
  revealReasonSchema,
  type PersonalDataObjectType,
  type RevealableField,
} from '../../../../contract/personal-data';
import { ErrorAlert } from '../../../components/error-alert';
import { FormDialog } from '../../../components/form/form-dialog';
import { useRevealPersonalData } from '../api/reveal-personal-data';
import { formatTaxId } from '../../../lib/format';

type RevealFieldProps = {
  objectType: PersonalDataObjectType;
  objectId: string;
  /** A fund move's account, sent with its reference (getCustodyFundMove, §4.4). */
  accountId?: string;
  field: RevealableField;
  /** The masked value as the BFF sent it; null when there is none. */
  masked: string | null;
  /**
   * Which number an account's tax id is (the BFF tells it by the account's type): the revealed
   * value is grouped as that number is written. Untold, it is shown as the platform holds it.
   */
  taxIdKind?: 'ein' | 'ssn' | null;
  /**
   * The value's name where the record decides it (a fund move's routing number may hold a
   * SWIFT/BIC, §4.5); else the name the contract gives the field.
   */
  label?: string;
};

/**
 * A line of a description list for a revealable value, under its name ("Tax ID", "EIN",
 * "SWIFT/BIC").
 */
export const revealItem = (props: RevealFieldProps): [string, ReactNode] => [
  props.label ?? revealableFieldLabels[props.field],
  <RevealField key={props.field} {...props} />,
];

/**
 * A masked value with a Reveal button for reviewers. Revealing asks for a reason, which the BFF
 * writes to the audit log with who, when and from where; the value it answers is shown here
 * only, until hidden or the page is left.
 */
function RevealField({
  objectType,
  objectId,
  accountId,
  field,
  masked,
  taxIdKind = null,
  label = revealableFieldLabels[field],
}: RevealFieldProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [value, setValue] = useState<string | null | undefined>(undefined);
  const reveal = useRevealPersonalData();
  const reasonId = useId();

  if (masked === null) return <span>Not on file</span>;

  const close = () => {
    setOpen(false);
    setReason('');
    setReasonError(null);
    reveal.reset();
  };

  const submit = () => {
    const checked = revealReasonSchema.safeParse(reason);
    if (!checked.success) {
      setReasonError(checked.error.issues[0].message);
      document.getElementById(reasonId)?.focus();
      return;
    }
    reveal.mutate(
      { objectType, objectId, field, reason: checked.data, ...(accountId ? { accountId } : {}) },
      {
        onSuccess: (answer) => {
          setValue(answer.value);
          close();
        },
      },
    );
  };

  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Box component="span" translate="no" sx={{ fontFamily: 'monospace' }} aria-live="polite">
        {value !== undefined
          ? value === null
            ? 'Not on file'
            : revealedForPeople(field, value, taxIdKind)
          : masked}
      </Box>
      {value !== undefined ? (
        <Button size="small" onClick={() => setValue(undefined)} aria-label={`Hide ${label}`}>
          Hide
        </Button>
      ) : (
        <Button size="small" onClick={() => setOpen(true)} aria-label={`Reveal ${label}`}>
          Reveal
        </Button>
      )}
      <FormDialog
        open={open}
        onClose={close}
        title={`Reveal ${label}`}
        onSubmit={submit}
        pending={reveal.isPending}
        submitLabel="Reveal"
        pendingLabel="Revealing…"
      >
        <DialogContentText sx={{ mb: 2 }}>
          Say why you need to see this value. Your reason, your name, the time and your IP address
          are written to the audit log.
        </DialogContentText>
        {/*
         * The reason is the one thing to fill in: the dialog opens with the focus in it, not on
         * the dialog box, so a reviewer types at once.
         */}
        <TextField
          id={reasonId}
          // The WAI-ARIA dialog pattern: focus the first field of a dialog the reviewer opened.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- it opens on the reviewer's click
          autoFocus
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError) setReasonError(null);
          }}
          error={Boolean(reasonError)}
          helperText={reasonError ?? 'At least 10 characters, such as the case or ticket number'}
          required
          fullWidth
          multiline
          minRows={2}
        />
        {reveal.isError && (
          <Box sx={{ mt: 2 }}>
            <ErrorAlert error={reveal.error} title="The value could not be revealed" />
          </Box>
        )}
      </FormDialog>
    </Box>
  );
}

/**
 * A revealed value grouped as its kind is written: an SSN 123-45-6789, an EIN 12-3456789 (an
 * entity party's, or an entity account's tax id). A tax id of untold kind stays as it is held.
 */
function revealedForPeople(
  field: RevealableField,
  value: string,
  taxIdKind: 'ein' | 'ssn' | null,
): string {
  if (field === 'taxId') return taxIdKind ? formatTaxId(value, taxIdKind) : value;
  if (field === 'ein') return formatTaxId(value, 'ein');
  return value;
}
