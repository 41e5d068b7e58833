import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import {
  entityTypeInWords,
  issuerAccountSettleLabels,
  issuerAccountSettleSchema,
  type IssuerAccountSettleInput,
  type SentIssuerAccount,
  type UnsettledIssuerAccountAttempt,
} from '../../../../contract/issuer-workspace';
import { DescriptionList } from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { Form, useZodForm } from '../../../components/form/form';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { ReasonField } from '../../../components/form/reason-field';
import { ErrorAlert } from '../../../components/error-alert';
import { focusOnMount } from '../../../lib/focus';
import { formatTimestamp } from '../../../lib/format';
import { useSettleIssuerAccount } from '../api/create-issuer-account';
import { countryInWords, stateInWords } from './place-in-words';

const outcomeOptions = [
  { value: 'stored', label: issuerAccountSettleLabels.stored },
  { value: 'not_stored', label: issuerAccountSettleLabels.not_stored },
] as const;

/**
 * What a lost save sent, as the platform would know the record by: createIssuerAccount carries
 * no reference of ours (§4.6), so these details are what the person asks the platform about.
 */
function SentDetails({ sent }: { sent: SentIssuerAccount | null }) {
  if (!sent) {
    return (
      <Typography variant="body2">
        What this save sent was not kept (it was made before the portal kept it): describe the
        issuer account to the platform as you filled it in.
      </Typography>
    );
  }
  return (
    <DescriptionList
      items={[
        ['Company name', sent.companyName],
        ['State', stateInWords(sent.companyState)],
        ['Issuing country', countryInWords(sent.issuingCountry)],
        [
          'Company tax ID (EIN)',
          sent.maskedCompanyTaxId ? (
            <span translate="no">{sent.maskedCompanyTaxId}</span>
          ) : (
            'Not given'
          ),
        ],
        ...(sent.entityType
          ? [['Entity type', entityTypeInWords(sent.entityType)] as [string, string]]
          : []),
        ...(sent.city ? [['City', sent.city] as [string, string]] : []),
      ]}
    />
  );
}

/**
 * Saves of the issuer account whose answer was lost: the platform may hold them, and the portal
 * cannot read them back (§4.6 names no read), so a new save waits until someone of the issuer
 * has asked the platform and recorded here what it said. Each is shown with what it sent: the
 * platform is asked by those details, as the money register has the platform looked at by what
 * a request asked (there, our reference travels with the request; here nothing of ours does).
 */
export function SettleLostSaves({
  issuerId,
  attempts,
  onSettled,
  takeFocus = false,
}: {
  issuerId: string;
  attempts: UnsettledIssuerAccountAttempt[];
  /** With what the latest lost save sent, so "does not hold them" can fill the form from it. */
  onSettled: (outcome: IssuerAccountSettleInput['outcome'], sent: SentIssuerAccount | null) => void;
  /**
   * The panel replaces the form the person was on (its save just lost its answer): its heading
   * takes the focus, which would otherwise drop to the page body. Not on a page opened afresh.
   */
  takeFocus?: boolean;
}) {
  const settle = useSettleIssuerAccount(issuerId);
  const form = useZodForm(issuerAccountSettleSchema, { outcome: undefined, reason: '' });
  const submit = (values: IssuerAccountSettleInput) =>
    settle.mutate(values, {
      onSuccess: () => onSettled(values.outcome, attempts.at(-1)?.sent ?? null),
      onError: (error) => applyFieldErrors(error, form.setError, ['outcome', 'reason']),
    });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Alert severity="warning">
        <AlertTitle component="h2" tabIndex={-1} ref={takeFocus ? focusOnMount : undefined}>
          {attempts.length === 1
            ? 'A save of this issuer account lost its answer'
            : `${attempts.length} saves of this issuer account lost their answer`}
        </AlertTitle>
        The platform may hold these details, and the portal cannot read them back: saving again now
        could add a second record. Look at the platform first: ask it whether it holds an issuer
        account of issuer {issuerId} with the details below. The save carried no reference of ours,
        so these details are what the platform can find it by. Then record its answer here.
        <List dense disablePadding sx={{ mt: 1 }}>
          {attempts.map((attempt, index) => (
            <ListItem
              key={attempt.requestId ?? index}
              disableGutters
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Sent {formatTimestamp(attempt.at)}
                {attempt.by ? ` by ${attempt.by}` : ''}
              </Typography>
              <SentDetails sent={attempt.sent} />
            </ListItem>
          ))}
        </List>
      </Alert>
      <Form form={form} onValid={submit} aria-label="What the platform said">
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
          <FormRadioGroup
            name="outcome"
            control={form.control}
            label="What the platform said"
            options={outcomeOptions}
            helperText="If it holds them, the account is recorded as saved (the portal keeps no copy of the details). If not, the form comes back filled in with what was sent, for you to review and save again."
            required
          />
          <ReasonField
            control={form.control}
            label="Whom you asked and what they said"
            helperText="At least 10 characters; kept in the audit log"
          />
          {settle.isError && (
            <ErrorAlert error={settle.error} title="What the platform said was not recorded" />
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={settle.isPending}>
              {settle.isPending ? 'Recording…' : 'Record the answer'}
            </Button>
          </Box>
        </Box>
      </Form>
    </Box>
  );
}
