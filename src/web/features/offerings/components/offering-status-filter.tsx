import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useOfferings } from '../api/get-offerings';
import {
  knownOfferingStatuses,
  offeringStatusWords,
} from '../../../components/offering-status-chip';

type OfferingStatusFilterProps = {
  /** The statuses chosen, comma-separated as in the address (`approved,open`); null for all. */
  value: string | null;
  onChange: (statuses: string | null) => void;
};

const ALL = 'all';

/** Statuses live data is known to send beside those the document names (real-world notes §4). */
const seenOfferingStatuses = ['approved', 'open'];

export interface OfferingStatusChoice {
  /** The badge's words ("Open for investment"). */
  label: string;
  /** Every status worded so, comma-separated: what the BFF's `status` filter takes. */
  value: string;
}

/**
 * One choice per status as the badges word it: Approved, Open and Active all read "Open for
 * investment", so choosing it shows them all (a choice per raw status showed one of them and hid
 * the others behind words the badges never use). The statuses are those the interface document
 * names (§3), those live data is known to send, and those the offerings actually have.
 */
export function offeringStatusChoices(
  statuses: readonly string[],
  current: string | null,
): OfferingStatusChoice[] {
  const groups = new Map<string, Set<string>>();
  const all = [
    ...knownOfferingStatuses,
    ...seenOfferingStatuses,
    ...statuses,
    ...(current?.split(',') ?? []),
  ];
  for (const raw of all) {
    const status = raw.trim().toLowerCase();
    if (!status) continue;
    const { label } = offeringStatusWords(status);
    groups.set(label, (groups.get(label) ?? new Set()).add(status));
  }
  return [...groups]
    .map(([label, members]) => ({ label, value: [...members].sort().join(',') }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The choice the address names, when it names any status of it (an older link: `?status=open`). */
export function chosenStatus(
  choices: readonly OfferingStatusChoice[],
  value: string | null,
): OfferingStatusChoice | undefined {
  const first = value?.split(',')[0];
  return first ? choices.find((choice) => choice.value.split(',').includes(first)) : undefined;
}

export function OfferingStatusFilter({ value, onChange }: OfferingStatusFilterProps) {
  const allOfferings = useOfferings();
  const choices = offeringStatusChoices(
    allOfferings.data?.offerings.map((offering) => offering.status) ?? [],
    value,
  );
  return (
    <TextField
      select
      id="offering-status-filter"
      label="Status"
      size="small"
      value={chosenStatus(choices, value)?.value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value={ALL}>All statuses</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
