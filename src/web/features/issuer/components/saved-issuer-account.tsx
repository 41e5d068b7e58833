import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { entityTypeInWords, type SavedIssuerAccount } from '../../../../contract/issuer-workspace';
import { DescriptionList } from '../../../components/description-list';
import { formatCode, formatTimestamp } from '../../../lib/format';
import { countryInWords, stateInWords } from './place-in-words';

const yesNo = (value: boolean | null) => (value === null ? 'Not given' : value ? 'Yes' : 'No');

/**
 * What the platform's status of the record means for the person, from what the interface document
 * says: the issuer account only stores information and has no other function (§1), Pending is the
 * only value seen and no transition of it is shown (§3). So nothing waits on it, and the portal
 * cannot say whether or when it changes.
 */
function statusInWords(status: string | null): string {
  const stored =
    'The issuer account only stores these details for the platform’s records: nothing else depends on it, so your offerings and their purchase history are not held up by it, and there is nothing for you to do.';
  if (status === 'pending') {
    return `Pending is the status the platform gives a new issuer account record. The platform does not say that anything follows from it or when it changes. ${stored}`;
  }
  if (!status) return `The platform sent no status for this record. ${stored}`;
  return `${formatCode(status)} is the status as the platform sends it; the platform does not document what it means. ${stored}`;
}

/** The record as the platform stored it, tax id, SSN and date of birth masked by the BFF. */
export function SavedIssuerAccountCard({
  record,
  savedBy,
}: {
  record: SavedIssuerAccount;
  /** Who saved it (their email): the record cannot be changed, so a colleague reads who did. */
  savedBy: string | null;
}) {
  const address = [
    record.address.line1,
    record.address.line2,
    record.address.city,
    record.address.zip,
    record.address.country && countryInWords(record.address.country),
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Company', record.companyName ?? 'Not given'],
    // Spelled as the form's State list and the lost-save card spell them.
    ['State', record.companyState ? stateInWords(record.companyState) : 'Not given'],
    [
      'Issuing country',
      record.issuingCountry ? countryInWords(record.issuingCountry) : 'Not given',
    ],
    ['Entity type', record.entityType ? entityTypeInWords(record.entityType) : 'Not given'],
    ['Account type', record.accountType ? formatCode(record.accountType) : 'Not given'],
    ['Company tax ID', record.maskedCompanyTaxId ?? 'Not given'],
    ['Middle initial', record.accountMiddleInitial ?? 'Not given'],
    ['Social Security number', record.maskedSocialSecurityNumber ?? 'Not given'],
    // Hidden entirely (personal-data.ts): a masked shape would read as a date format of its own.
    ['Date of birth', record.maskedDateOfBirth ? 'Given (hidden)' : 'Not given'],
    ['U.S. resident', yesNo(record.residentUs)],
    ['U.S. citizen', yesNo(record.citizenUs)],
    ['Address', address || 'Not given'],
    // The review before the save says "Not given" for the same empty answer.
    ['Additional information', record.additionalInfo ?? 'Not given'],
    ['Saved', formatTimestamp(record.createdAt)],
    ['Saved by', savedBy ?? 'Not recorded'],
    ['From IP address', record.createdIp ?? 'Not recorded'],
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby={`saved-${record.issuerId}`}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`saved-${record.issuerId}`} component="h2" variant="h3">
          Saved issuer account
        </Typography>
        <Chip
          label={`Status: ${record.status ? formatCode(record.status) : 'Unknown'}`}
          // Nothing waits on the status (statusInWords): no warning colour asking for action.
          color="default"
          size="small"
        />
      </Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {statusInWords(record.status)}
      </Typography>
      <DescriptionList items={rows} />
    </Paper>
  );
}
