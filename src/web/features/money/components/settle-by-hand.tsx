import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  moneyRequestKindLabels,
  moneyRequestOutcomeWords,
  moneyRequestSettleSchema,
  type MoneyRequestSettleInput,
  type MoneyRequestView,
} from '../../../../contract/money-requests';
import { ErrorAlert } from '../../../components/error-alert';
import { FormDialog } from '../../../components/form/form-dialog';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { useZodForm } from '../../../components/form/form';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime, formatMoney } from '../../../lib/format';
import { focusOnMount } from '../../../lib/focus';
import { useSettlementCandidates } from '../api/get-settlement-candidates';
import { useSettleMoneyRequest } from '../api/settle-money-request';

/** Where the platform keeps each kind, so the reviewer knows what to look for. */
const whereToLook: Record<MoneyRequestView['kind'], string> = {
  disbursement: "the account's fund moves: a disbursement carries our reference in its description",
  investment: 'the trades of the account in this offering, with the same number of units',
  ira_supplement: "the account's IRA details at the platform",
};

const outcomeOptions = [
  { value: 'created', label: 'The platform holds it (give its id)' },
  { value: 'not_sent', label: 'It never reached the platform' },
] as const;

/**
 * The trades that could be an investment whose outcome is unknown (its account, its offering, not
 * accounted for by another request), each with a button that takes its id into the form. The
 * reviewer still compares and decides; the list only saves looking it up at the platform.
 */
function TradeCandidates({
  reference,
  onChoose,
}: {
  reference: string;
  onChoose: (tradeId: string) => void;
}) {
  const query = useSettlementCandidates(reference, true);
  const headingId = `${reference}-candidates`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle2">
        Trades at the platform that could be it
      </Typography>
      <QueryState
        query={query}
        loadingLabel="Loading the account's trades in this offering"
        skeletonLines={2}
        errorTitle="The trades could not be read"
      >
        {(found) =>
          found.state === 'unavailable' ? (
            <Typography variant="body2">{found.message}</Typography>
          ) : found.candidates.length === 0 ? (
            <Typography variant="body2">
              No trade of this account in this offering is left unaccounted for. If the platform
              shows none either, the investment never arrived.
            </Typography>
          ) : (
            <>
              <List dense disablePadding>
                {found.candidates.map((trade) => (
                  <ListItem
                    key={trade.upstreamId}
                    disableGutters
                    secondaryAction={
                      <Button
                        size="small"
                        onClick={() => onChoose(trade.upstreamId)}
                        aria-label={`Use trade ${trade.upstreamId} as the platform id`}
                      >
                        Use this id
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={`Trade ${trade.upstreamId}`}
                      secondary={[
                        trade.units ? `${trade.units} units` : 'units not reported',
                        trade.amount ? formatMoney(trade.amount) : 'amount not reported',
                        trade.createdAt
                          ? `${formatLocalDateTime(trade.createdAt)} (platform's clock)`
                          : 'time not reported',
                        trade.status,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
              {!found.complete && (
                <Typography variant="body2">
                  The account holds more trades than were read: look at the platform for older ones.
                </Typography>
              )}
            </>
          )
        }
      </QueryState>
    </Box>
  );
}

/**
 * "Settle by hand": for a request whose outcome stayed unknown after the automatic checks, a
 * reviewer records what they found at the platform. The BFF refuses "never arrived" while the
 * call could still be in flight, and keeps the reason in the audit log.
 */
export function SettleByHand({ request }: { request: MoneyRequestView }) {
  const [open, setOpen] = useState(false);
  const [settledAs, setSettledAs] = useState<string | null>(null);
  const settle = useSettleMoneyRequest(request.reference);
  const form = useZodForm(moneyRequestSettleSchema, {
    outcome: undefined,
    upstreamId: '',
    reason: '',
  });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const [chosen, setChosen] = useState<string | null>(null);
  const choose = (tradeId: string) => {
    form.setValue('outcome', 'created', { shouldValidate: true });
    form.setValue('upstreamId', tradeId, { shouldValidate: true });
    setChosen(tradeId);
  };
  // "Never arrived" has no platform id: one typed before changing the answer is dropped.
  useEffect(() => {
    if (outcome === 'not_sent') form.setValue('upstreamId', '');
  }, [outcome, form]);
  const close = () => {
    setOpen(false);
    setChosen(null);
    settle.reset();
    form.reset();
  };
  const submit = (values: MoneyRequestSettleInput) =>
    settle.mutate(values, {
      onSuccess: (settled) => {
        setSettledAs(moneyRequestOutcomeWords[settled.outcome].label);
        close();
      },
      onError: (error) => applyFieldErrors(error, form.setError, ['upstreamId', 'reason']),
    });
  return (
    <Box sx={{ mt: 0.5 }}>
      {settledAs ? (
        // Focus lands on the result, not on the page body, and it is announced.
        <span role="status" tabIndex={-1} ref={focusOnMount} style={{ outline: 'none' }}>
          Settled by hand: {settledAs.toLowerCase()}.
        </span>
      ) : (
        // The visible words start the name; the reference tells the rows' buttons apart.
        <Button
          size="small"
          variant="outlined"
          onClick={() => setOpen(true)}
          aria-label={`Settle by hand: ${request.reference}`}
        >
          Settle by hand
        </Button>
      )}
      <FormDialog
        open={open}
        onClose={close}
        title={`Settle ${request.reference} by hand`}
        onSubmit={() => void form.handleSubmit(submit)()}
        pending={settle.isPending}
        submitLabel="Settle"
        pendingLabel="Settling…"
        contentSx={{ display: 'grid', gap: 2 }}
      >
        <DialogContentText>
          {moneyRequestKindLabels[request.kind]} of{' '}
          {request.amount ? formatMoney(request.amount) : 'no stated amount'} from account{' '}
          {request.accountId}. Look at the platform first: {whereToLook[request.kind]}. What you
          record here is shown to the investor; your reason goes to the audit log.
        </DialogContentText>
        {request.kind === 'investment' && (
          <TradeCandidates reference={request.reference} onChoose={choose} />
        )}
        {chosen && (
          <Typography variant="body2" role="status">
            Trade {chosen} is taken as the platform id; check it against the platform before you
            settle.
          </Typography>
        )}
        <FormRadioGroup
          name="outcome"
          control={form.control}
          label="What the platform shows"
          options={outcomeOptions}
          required
        />
        {outcome === 'created' && (
          <FormTextField
            name="upstreamId"
            control={form.control}
            label="Platform id (trade id or fund move reference)"
            required
            fullWidth
          />
        )}
        <FormTextField
          name="reason"
          control={form.control}
          label="What you checked"
          helperText="At least 10 characters: where you looked and what you found"
          required
          fullWidth
          multiline
        />
        {settle.isError && (
          <ErrorAlert error={settle.error} title={`${request.reference} was not settled`} />
        )}
      </FormDialog>
    </Box>
  );
}
