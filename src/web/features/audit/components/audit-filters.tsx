import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { auditActionLabel, auditQuerySchema, knownAuditActions } from '../../../../contract/audit';
import { useDraft } from '../../../lib/use-draft';
import type { AuditFilters } from '../api/get-audit-events';

/** The two ends of the period searched, each a whole day in UTC. */
const dayRange = [
  ['from', 'From (UTC day)'],
  ['to', 'To (UTC day)'],
] as const;

const filterKeys = ['user', 'action', 'from', 'to'] as const satisfies (keyof AuditFilters)[];

type FilterErrors = Partial<Record<keyof AuditFilters, string>>;

const sameFilters = (a: AuditFilters, b: AuditFilters) =>
  filterKeys.every((key) => a[key] === b[key]);

/** Filters of the audit log, checked with the BFF's own schema before they are applied. */
export function AuditFiltersForm({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft, errors, setErrors] = useDraft<AuditFilters, FilterErrors>(
    value,
    {},
    sameFilters,
  );
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value || null }));

  return (
    <Box
      component="form"
      noValidate
      aria-label="Audit log filters"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = auditQuerySchema.safeParse({
          user: draft.user ?? undefined,
          action: draft.action ?? undefined,
          from: draft.from ?? undefined,
          to: draft.to ?? undefined,
        });
        if (!checked.success) {
          setErrors(
            Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
          );
          return;
        }
        setErrors({});
        onApply(draft);
      }}
      sx={{
        display: 'grid',
        gap: 2,
        // Tracks may shrink below the longest action's words, so the page never scrolls sideways.
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr)) auto',
        },
        alignItems: 'start',
        mb: 2,
      }}
    >
      <TextField
        id="audit-user"
        label="User email"
        value={draft.user ?? ''}
        onChange={set('user')}
        error={Boolean(errors.user)}
        helperText={
          errors.user ?? 'Who acted, or the user an admin changed; part of the address is enough'
        }
        autoComplete="off"
      />
      <TextField
        id="audit-action"
        select
        label="Action"
        value={draft.action ?? ''}
        onChange={set('action')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Any</option>
        {[...new Set([...knownAuditActions, ...(draft.action ? [draft.action] : [])])].map((a) => (
          <option key={a} value={a}>
            {auditActionLabel(a)}
          </option>
        ))}
      </TextField>
      {dayRange.map(([key, label]) => (
        <TextField
          key={key}
          id={`audit-${key}`}
          label={label}
          type="date"
          value={draft[key] ?? ''}
          onChange={set(key)}
          error={Boolean(errors[key])}
          helperText={errors[key]}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        Apply filters
      </Button>
    </Box>
  );
}
