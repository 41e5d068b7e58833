import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useOfferings } from '../api/get-offerings';
import { knownOfferingStatuses, offeringStatusLabel } from './offering-status-chip';

type OfferingStatusFilterProps = {
  value: string | null;
  onChange: (status: string | null) => void;
};

const ALL = 'all';

/**
 * The statuses to choose from: those the interface document names plus those the offerings
 * actually have (the document only lists the values it has seen, §3).
 */
function statusOptions(statuses: readonly string[], current: string | null): string[] {
  const options = new Set<string>(knownOfferingStatuses);
  for (const status of statuses) if (status.trim()) options.add(status.trim().toLowerCase());
  if (current) options.add(current);
  return [...options].sort((a, b) => a.localeCompare(b));
}

export function OfferingStatusFilter({ value, onChange }: OfferingStatusFilterProps) {
  const allOfferings = useOfferings();
  const options = statusOptions(
    allOfferings.data?.offerings.map((offering) => offering.status) ?? [],
    value,
  );
  return (
    <TextField
      select
      id="offering-status-filter"
      label="Status"
      size="small"
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value={ALL}>All statuses</MenuItem>
      {options.map((status) => (
        <MenuItem key={status} value={status}>
          {offeringStatusLabel(status)}
        </MenuItem>
      ))}
    </TextField>
  );
}
