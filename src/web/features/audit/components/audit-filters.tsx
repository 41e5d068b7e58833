import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { auditActionLabel, auditQuerySchema, knownAuditActions } from '../../../../contract/audit';
import { DayRangeFields } from '../../../components/day-range-fields';
import { useCheckedDraft } from '../../../lib/use-draft';
import { refusalText } from '../../../components/form/refusal-text';
import type { AuditFilters } from '../api/get-audit-events';

const userRule = auditQuerySchema.shape.user;
const objectRule = auditQuerySchema.shape.object;

/**
 * Filters of the audit log. Each applies on its own, as the money-requests register's do: the
 * action as it is picked, a day once it is whole (DateFilterField), the user and the object as
 * their field is left or on Enter ("Apply filters"). The page composes the changes (useSearchUpdate), so a filter set
 * right after another keeps the first; each field keeps what is typed in it while another lands.
 */
export function AuditFiltersForm({
  value,
  onApply,
  refused = {},
}: {
  value: AuditFilters;
  onApply: (changes: Partial<AuditFilters>) => void;
  /**
   * The BFF's refusal of a filter the address holds (an address edited by hand), by filter: told
   * under its field until another value is typed there.
   */
  refused?: Partial<Record<keyof AuditFilters, string>>;
}) {
  const user = useCheckedDraft(value.user ?? '', userRule);
  const applyUser = () => {
    const checked = user.check();
    if (!checked) return;
    const typed = checked.value?.trim() || null;
    if (typed !== value.user) onApply({ user: typed });
  };
  const object = useCheckedDraft(value.object ?? '', objectRule);
  // As the BFF compares it: "a1040000" is A1040000, "mr-…" is MR-…; the field shows it so.
  const applyObject = () => {
    const checked = object.check();
    if (!checked) return;
    const typed = checked.value || null;
    if (typed) object.setDraft(typed);
    if (typed !== value.object) onApply({ object: typed });
  };

  /** The filters typed, in the order they stand: each applied as its field is left. */
  const typedFilters: {
    name: 'user' | 'object';
    label: string;
    typed: typeof user;
    apply: () => void;
    hint: string;
    /** An id, never a word for the browser to translate. */
    translate?: 'no';
  }[] = [
    {
      name: 'user',
      label: 'User email',
      typed: user,
      apply: applyUser,
      hint: 'Who acted, the user an admin changed, or who a request was made by or for; part of the address is enough',
    },
    {
      name: 'object',
      label: 'Object',
      typed: object,
      apply: applyObject,
      hint: 'An account id or our reference (MR-…): its whole history',
      translate: 'no',
    },
  ];

  return (
    <Box
      component="form"
      noValidate
      aria-label="Audit log filters"
      onSubmit={(event) => {
        event.preventDefault();
        applyUser();
        applyObject();
      }}
      sx={{
        display: 'grid',
        gap: 2,
        // Tracks may shrink below the longest action's words, so the page never scrolls sideways.
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
        alignItems: 'start',
        mb: 2,
      }}
    >
      {typedFilters.map(({ name, label, typed, apply, hint, translate }) => {
        // What is typed is checked first; the BFF's refusal stands for the value it was sent.
        const error =
          typed.error ?? (typed.draft === (value[name] ?? '') ? refused[name] : undefined);
        return (
          <TextField
            key={name}
            id={`audit-${name}`}
            label={label}
            {...typed.field}
            error={Boolean(error)}
            onBlur={apply}
            helperText={refusalText(error) ?? hint}
            autoComplete="off"
            slotProps={{ htmlInput: { translate } }}
          />
        );
      })}
      <TextField
        id="audit-action"
        select
        label="Action"
        value={value.action ?? ''}
        onChange={(event) => onApply({ action: event.target.value || null })}
        error={refused.action !== undefined}
        helperText={refusalText(refused.action)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Any</option>
        {[...new Set([...knownAuditActions, ...(value.action ? [value.action] : [])])].map((a) => (
          <option key={a} value={a}>
            {auditActionLabel(a)}
          </option>
        ))}
      </TextField>
      <DayRangeFields
        value={value}
        idPrefix="audit"
        refused={refused}
        onApply={(end, day) => onApply({ [end]: day || null })}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1, justifySelf: 'start' }}>
        Apply filters
      </Button>
    </Box>
  );
}
