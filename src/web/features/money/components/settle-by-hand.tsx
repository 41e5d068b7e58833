import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  differentUnitsMessage,
  likelyThisRequest,
  likelyTradeMessage,
  madeBeforeMessage,
  moneyRequestKindLabels,
  moneyRequestOutcomeWords,
  moneyRequestSettleSchema,
  platformIdInWords,
  settleOutcomeLabels,
  settleOutcomeQuestion,
  type MoneyRequestSettleInput,
  type MoneyRequestView,
  type SettlementCandidates,
} from '../../../../contract/money-requests';
import { DismissibleNote } from '../../../components/dismissible-note';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { FormDialog } from '../../../components/form/form-dialog';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { useZodForm } from '../../../components/form/form';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { ReasonField } from '../../../components/form/reason-field';
import { QueryState } from '../../../components/query-state';
import { SkippedRecordsNotice } from '../../../components/skipped-records';
import { formatMoney, formatTimestamp, formatUnits } from '../../../lib/format';
import { isApiClientError } from '../../../lib/api-client';
import { useSettlementCandidates } from '../api/get-settlement-candidates';
import { useSettleMoneyRequest } from '../api/settle-money-request';
import { askedInWords, offeringInWords } from './asked-in-words';

/**
 * The platform id each kind is settled with, as the BFF checks it (the settle route's
 * checkPlatformId): a disbursement's fund move, or its request id (§2.10) where the platform
 * lists no fund move for it.
 */
const platformIdAsked: Record<MoneyRequestView['kind'], { label: string; help?: string }> = {
  investment: { label: 'trade id' },
  deposit: { label: 'fund move reference' },
  disbursement: {
    label: 'fund move reference',
    help: "Or the platform's request id, where the platform lists no fund move for it",
  },
  ira_supplement: { label: 'account id' },
};

/** Where the platform keeps each kind, so the reviewer knows what to look for. */
function whereToLook(request: MoneyRequestView): ReactNode {
  switch (request.kind) {
    case 'deposit':
    case 'disbursement':
      return (
        <>
          <FundMovesLink accountId={request.accountId} />: a {request.kind} carries our reference in
          its description
        </>
      );
    case 'investment': {
      // The offering by its name and id: the platform lists trades by offering (§4.16).
      const offering = offeringInWords(request) ?? 'its offering';
      return request.units
        ? `the trades of the account in ${offering} of exactly ${formatUnits(request.units)}`
        : `the trades of the account in ${offering}, with the same number of units`;
    }
    case 'ira_supplement':
      return "the account's IRA details at the platform";
  }
}

/**
 * The account's fund moves as the Fund moves page lists them, in a new tab: the reviewer comes
 * back to this dialog as they left it (outcome, id and reason typed) to record what they saw.
 */
function FundMovesLink({ accountId }: { accountId: string }) {
  return (
    <Link
      component={RouterLink}
      to={paths.app.complianceFundMoves.getHref({ accountId })}
      target="_blank"
      rel="noopener"
    >
      the account&apos;s fund moves (opens in a new tab)
    </Link>
  );
}

const outcomeOptions = [
  { value: 'created', label: settleOutcomeLabels.created },
  { value: 'not_sent', label: settleOutcomeLabels.not_sent },
] as const;

type Candidate = Extract<SettlementCandidates, { state: 'found' }>['candidates'][number];

/** How a trade compares with what the request asked for, in words. */
function comparison(trade: Candidate): { label: string; same: boolean } | null {
  if (trade.sameUnits === null) return null;
  if (!trade.sameUnits) return { label: 'Other units than asked', same: false };
  if (trade.sameAmount === null) return { label: 'Same units as asked', same: true };
  return trade.sameAmount
    ? { label: 'Same units and amount as asked', same: true }
    : { label: 'Same units, other amount', same: true };
}

/**
 * One mark after a candidate trade's id, in green when it speaks for the trade being the request
 * and in amber when against, after a separator a screen reader reads too, not only a margin.
 */
function CandidateMark({ good, children }: { good: boolean; children: ReactNode }) {
  return (
    <>
      {' · '}
      <Typography
        component="strong"
        variant="body2"
        sx={{ fontWeight: 600, color: good ? 'success.dark' : 'warning.dark' }}
      >
        {children}
      </Typography>
    </>
  );
}

/** More trades of other units than this are folded under a button (TradeCandidates). */
const FOLD_OTHER_UNITS_ABOVE = 3;

/**
 * The trades that could be an investment whose outcome is unknown (its account, its offering, not
 * accounted for by another request), those of the units asked for first and marked, each with a
 * button that takes its id into the form. The reviewer still compares and decides; the list only
 * saves looking it up at the platform.
 */
function TradeCandidates({
  reference,
  units,
  query,
  onChoose,
}: {
  reference: string;
  /** The units the investment asked for, when recorded. */
  units: string | null;
  query: UseQueryResult<SettlementCandidates>;
  onChoose: (tradeId: string) => void;
}) {
  const headingId = `${reference}-candidates`;
  const listId = `${reference}-candidate-list`;
  const [unfolded, setUnfolded] = useState(false);
  const candidates = query.data?.state === 'found' ? query.data.candidates : [];
  // A busy account can hold dozens of trades of other units in the offering, each most likely
  // another request's: listed whole, they push the settle choice screens down. Beyond a few,
  // they are folded under one button, and the trades of the units asked for stay in view.
  const otherUnits = candidates.filter((trade) => trade.sameUnits === false);
  const folded = !unfolded && otherUnits.length > FOLD_OTHER_UNITS_ABOVE;
  const shown = folded ? candidates.filter((trade) => trade.sameUnits !== false) : candidates;
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
          ) : found.skippedRecords && found.candidates.length === 0 ? (
            // A trade that could not be read may be the request's: "never arrived" is not known.
            <SkippedRecordsNotice count={found.skippedRecords} noun={['trade', 'trades']}>
              No trade the portal could read is left unaccounted for; look at the platform for this
              account&apos;s trades in this offering.
            </SkippedRecordsNotice>
          ) : found.candidates.length === 0 ? (
            <Typography variant="body2">
              No trade of this account in this offering is left unaccounted for. If the platform
              shows none either, the investment never arrived.
            </Typography>
          ) : (
            <>
              <SkippedRecordsNotice count={found.skippedRecords} noun={['trade', 'trades']}>
                {found.skippedRecords === 1 ? 'It' : 'Any of them'} may be this request’s: look at
                the platform if none below is.
              </SkippedRecordsNotice>
              {/* Said first when it is so: none of the trades listed is of the units asked for. */}
              {units && found.candidates.every((trade) => trade.sameUnits === false) && (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  No trade of exactly {formatUnits(units)} is left unaccounted for.{' '}
                  {folded
                    ? `The ${found.candidates.length} trades left have other units`
                    : 'The trades below have other units'}
                  , so each is most likely another investment of this account; if the platform shows
                  none of {formatUnits(units)} either, the investment never arrived.
                </Typography>
              )}
              <List dense disablePadding id={listId}>
                {shown.map((trade) => {
                  const compared = comparison(trade);
                  return (
                    <ListItem key={trade.upstreamId} disableGutters>
                      {/* Stacked on a phone, so the button never covers the trade's words. */}
                      <Stack
                        direction={{ xs: 'column', sm: 'row' }}
                        spacing={{ xs: 0.5, sm: 2 }}
                        sx={{
                          width: '100%',
                          alignItems: { xs: 'flex-start', sm: 'center' },
                          justifyContent: 'space-between',
                        }}
                      >
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2">
                            Trade {trade.upstreamId}
                            {trade.probable && (
                              <CandidateMark good>
                                Probably this one: the same units, appeared right after it was sent
                              </CandidateMark>
                            )}
                            {trade.madeBefore && (
                              <CandidateMark good={false}>Made before this request</CandidateMark>
                            )}
                            {compared && (
                              <CandidateMark good={compared.same}>{compared.label}</CandidateMark>
                            )}
                          </Typography>
                          <Typography
                            variant="body2"
                            color="textSecondary"
                            sx={{ overflowWrap: 'anywhere' }}
                          >
                            {[
                              trade.units ? formatUnits(trade.units) : 'units not reported',
                              trade.amount ? formatMoney(trade.amount) : 'amount not reported',
                              // The same reading of the platform's time as every other page.
                              trade.createdAt
                                ? formatTimestamp(trade.createdAt)
                                : 'time not reported',
                              trade.status,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </Typography>
                        </Box>
                        <Button
                          size="small"
                          onClick={() => onChoose(trade.upstreamId)}
                          // The name starts with the words shown: a person who speaks them to
                          // voice control finds the button (WCAG 2.5.3, label in name).
                          aria-label={`Use this id: trade ${trade.upstreamId}`}
                          sx={{ flexShrink: 0 }}
                        >
                          Use this id
                        </Button>
                      </Stack>
                    </ListItem>
                  );
                })}
              </List>
              {otherUnits.length > FOLD_OTHER_UNITS_ABOVE && (
                <Button
                  size="small"
                  aria-expanded={!folded}
                  aria-controls={listId}
                  onClick={() => setUnfolded(folded)}
                >
                  {folded
                    ? `Show the ${otherUnits.length} trades of other units${shown.length > 0 ? ' too' : ''}`
                    : 'Hide the trades of other units'}
                </Button>
              )}
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

/** What the BFF refuses a platform id for unless the reviewer confirms it (checkPlatformId). */
type Confirmation = 'confirmDifferentUnits' | 'confirmMadeBefore';
const CONFIRMATIONS: readonly Confirmation[] = ['confirmDifferentUnits', 'confirmMadeBefore'];

/**
 * Shown when the chosen id is most likely another request's (a trade of other units than asked
 * for, or one made at the platform before the request): the reviewer must say they checked it is
 * this request all the same (the BFF refuses it otherwise).
 */
function ConfirmPlatformId({
  control,
  name,
  message,
  label,
}: {
  control: Control<z.input<typeof moneyRequestSettleSchema>, unknown, MoneyRequestSettleInput>;
  name: Confirmation;
  message: string;
  label: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="warning">{message}</Alert>
      <FormCheckbox name={name} control={control} label={label} />
    </Box>
  );
}

type SettleForm = UseFormReturn<
  z.input<typeof moneyRequestSettleSchema>,
  unknown,
  MoneyRequestSettleInput
>;

/**
 * Shown when "never arrived" is chosen while the platform holds a trade that is probably this
 * investment: the BFF refuses it (the investor would be let through to invest again, and the
 * platform would hold two trades for one investment) unless the reviewer confirms they checked
 * that very trade is another investment. The box records that trade's id, nothing broader.
 */
function ConfirmNotTrade({
  form,
  trade,
  message,
}: {
  form: SettleForm;
  trade: string;
  message: string;
}) {
  const helperId = useId();
  const confirmed = useWatch({ control: form.control, name: 'confirmNotTrade' });
  const error = form.formState.errors.confirmNotTrade;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="warning">{message}.</Alert>
      <FormControl error={Boolean(error)}>
        <FormControlLabel
          control={
            <Checkbox
              name="confirmNotTrade"
              checked={confirmed === trade}
              onChange={(event) => {
                form.setValue('confirmNotTrade', event.target.checked ? trade : undefined);
                form.clearErrors('confirmNotTrade');
              }}
              slotProps={{
                input: {
                  ref: form.register('confirmNotTrade').ref,
                  'aria-describedby': error ? helperId : undefined,
                },
              }}
            />
          }
          label={`I checked at the platform that trade ${trade} is another investment, not this one`}
        />
        {error && <FormHelperText id={helperId}>{error.message}</FormHelperText>}
      </FormControl>
    </Box>
  );
}

/**
 * "Settle by hand": for a request whose outcome stayed unknown after the automatic checks, a
 * reviewer records what they found at the platform. The BFF refuses "never arrived" while the
 * call could still be in flight, and keeps the reason in the audit log.
 *
 * The row only holds the button; the dialog is held by what outlives the rows
 * (`useSettleByHand`). A register read again while the dialog is open (a reconciliation pass, the
 * window taking the focus back) may settle the request meanwhile, drop its row from a filtered
 * page or leave the page empty: the dialog then stays, with what the reviewer typed, and says
 * what became of the request instead of vanishing with its row.
 *
 * What became of it is told by the page (`onSettled`), not here: once settled, the request is no
 * longer unknown, so the button, and the row itself under an "Outcome unknown" filter, are gone
 * as soon as the register is read again.
 */
export function SettleByHandButton({
  request,
  onOpen,
}: {
  request: MoneyRequestView;
  onOpen: (request: MoneyRequestView) => void;
}) {
  return (
    <Box sx={{ mt: 0.5 }}>
      {/* The visible words start the name; the reference tells the rows' buttons apart. */}
      <Button
        size="small"
        variant="outlined"
        onClick={() => onOpen(request)}
        aria-label={`Settle by hand: ${request.reference}`}
      >
        Settle by hand
      </Button>
    </Box>
  );
}

/**
 * The dialog's state, for the component that outlives the rows: `open` for the rows' buttons,
 * `dialog` to render beside (not inside) the list. `current` finds the request as last read, so
 * the dialog can tell when it was settled meanwhile.
 */
export function useSettleByHand({
  current,
  onSettled,
}: {
  current: (reference: string) => MoneyRequestView | undefined;
  onSettled?: (settled: MoneyRequestView) => void;
}) {
  const [settling, setSettling] = useState<MoneyRequestView | null>(null);
  const dialog = settling ? (
    <SettleByHandDialog
      // Another request starts another form.
      key={settling.reference}
      request={settling}
      now={current(settling.reference)}
      onClose={() => setSettling(null)}
      onSettled={onSettled}
    />
  ) : null;
  return { open: setSettling, dialog };
}

/** The dialog itself: what was asked, where to look, the answer and the reviewer's reason. */
function SettleByHandDialog({
  request,
  now,
  onClose,
  onSettled,
}: {
  /** The request as it was when the reviewer opened the dialog. */
  request: MoneyRequestView;
  /** The same request as last read, when the page still lists it. */
  now: MoneyRequestView | undefined;
  onClose: () => void;
  onSettled?: (settled: MoneyRequestView) => void;
}) {
  const settledMeanwhile = now && now.outcome !== 'unknown' ? now : null;
  const settle = useSettleMoneyRequest(request.reference);
  const form = useZodForm(moneyRequestSettleSchema, {
    outcome: undefined,
    upstreamId: '',
    reason: '',
  });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const upstreamId = useWatch({ control: form.control, name: 'upstreamId' });
  const candidates = useSettlementCandidates(request.reference, request.kind === 'investment');
  // A trade of other units than asked is most likely another request's: warn, and ask for a
  // confirmation before sending (the BFF refuses it without one too).
  const picked =
    outcome === 'created' && candidates.data?.state === 'found'
      ? candidates.data.candidates.find((c) => c.upstreamId === upstreamId?.trim())
      : undefined;
  // The BFF's own refusals cover an id typed by hand that is not in the list (a fund move's
  // always is), each for the id it refused.
  const [refused, setRefused] = useState<
    Partial<Record<Confirmation, { id: string; message: string }>>
  >({});
  const refusedFor = (field: Confirmation) => {
    const said = refused[field];
    return outcome === 'created' && said && said.id === upstreamId?.trim() ? said.message : null;
  };
  const mismatch =
    picked?.sameUnits === false && picked.units && request.units
      ? differentUnitsMessage(
          { id: picked.upstreamId, units: picked.units },
          { reference: request.reference, units: request.units },
        )
      : refusedFor('confirmDifferentUnits');
  const idWhat = request.kind === 'investment' ? 'trade' : 'fund move';
  const madeBefore = picked?.madeBefore
    ? madeBeforeMessage({ what: 'trade', id: picked.upstreamId }, request.reference)
    : refusedFor('confirmMadeBefore');
  // A confirmation is for one id: choosing another asks again.
  useEffect(() => {
    form.setValue('confirmDifferentUnits', undefined);
    form.setValue('confirmMadeBefore', undefined);
  }, [upstreamId, form]);
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
  // A refusal was of the answer given then: another answer chosen, it no longer stands under it.
  const forgetRefusal = settle.reset;
  useEffect(() => {
    forgetRefusal();
  }, [outcome, forgetRefusal]);
  // "Never arrived" while a trade is probably this investment asks the reviewer to confirm that
  // very trade is another's (the BFF refuses it otherwise); a confirmation is for one trade.
  const likely =
    outcome === 'not_sent' && candidates.data?.state === 'found'
      ? candidates.data.candidates.find(likelyThisRequest)
      : undefined;
  useEffect(() => {
    form.setValue('confirmNotTrade', undefined);
  }, [likely?.upstreamId, form]);
  const close = () => {
    settle.reset();
    onClose();
  };
  // A refusal that only asks for a confirmation the dialog now shows (its warning and its box)
  // needs no alert of its own. Any other refusal, or one whose box is not shown, keeps it.
  const shownConfirmation = (field: string) =>
    (field === 'confirmDifferentUnits' && mismatch !== null) ||
    (field === 'confirmMadeBefore' && madeBefore !== null) ||
    (field === 'confirmNotTrade' && likely !== undefined);
  const askedToConfirm =
    isApiClientError(settle.error) &&
    settle.error.fields.length > 0 &&
    settle.error.fields.every((f) => shownConfirmation(f.field));
  // What a confirmation's box says when it is wanted and not ticked. The warning above the box
  // already says why, in the BFF's words when the BFF refused: the box says what to do.
  const tickThisBox = (field: Confirmation | 'confirmNotTrade', trade?: string) =>
    form.setError(
      field,
      {
        type: 'rule',
        message:
          field === 'confirmDifferentUnits'
            ? 'Tick this box to settle with this trade, or choose a trade of the units asked for'
            : field === 'confirmMadeBefore'
              ? `Tick this box to settle with this ${idWhat}, or give the id of one made after the request`
              : `Tick this box to record that it never reached the platform, or settle it with trade ${trade}`,
      },
      { shouldFocus: true },
    );
  const submit = (values: MoneyRequestSettleInput) => {
    if (mismatch && !values.confirmDifferentUnits) return tickThisBox('confirmDifferentUnits');
    if (madeBefore && !values.confirmMadeBefore) return tickThisBox('confirmMadeBefore');
    if (likely && values.confirmNotTrade !== likely.upstreamId)
      return tickThisBox('confirmNotTrade', likely.upstreamId);
    settle.mutate(
      {
        ...values,
        confirmDifferentUnits: mismatch ? values.confirmDifferentUnits : undefined,
        confirmMadeBefore: madeBefore ? values.confirmMadeBefore : undefined,
        confirmNotTrade: likely ? values.confirmNotTrade : undefined,
      },
      {
        onSuccess: (settled) => {
          close();
          onSettled?.(settled);
        },
        onError: (error) => {
          const id = values.upstreamId;
          // A confirmation the BFF asks for is said once, in the warning above its box (the
          // refusal's words for this id), and its box says to tick it: the field error and the
          // alert below would only repeat the same sentence.
          if (isApiClientError(error) && id) {
            for (const field of CONFIRMATIONS) {
              const issue = error.fields.find((f) => f.field === field);
              if (!issue) continue;
              setRefused((was) => ({ ...was, [field]: { id, message: issue.message } }));
              tickThisBox(field);
            }
          }
          // The platform holds a trade the list did not show as probably this one (read before
          // it appeared, or not read): read again, so the dialog names it and asks.
          if (isApiClientError(error) && error.fields.some((f) => f.field === 'confirmNotTrade')) {
            void candidates.refetch();
          }
          applyFieldErrors(error, form.setError, ['upstreamId', 'reason', 'confirmNotTrade']);
        },
      },
    );
  };
  return (
    <FormDialog
      open
      setFormElement={form.setFormElement}
      onClose={close}
      title={`Settle ${request.reference} by hand`}
      onSubmit={() => void form.handleSubmit(submit)()}
      pending={settle.isPending}
      submitLabel="Settle"
      pendingLabel="Settling…"
      closed={Boolean(settledMeanwhile)}
      contentSx={{ display: 'grid', gap: 2 }}
    >
      {settledMeanwhile && (
        <Alert severity="info" role="status">
          {request.reference} was settled meanwhile:{' '}
          {moneyRequestOutcomeWords[settledMeanwhile.outcome].label.toLowerCase()}
          {settledMeanwhile.upstreamId ? `, ${platformIdInWords(settledMeanwhile)}` : ''}. There is
          nothing left to settle.
        </Alert>
      )}
      <DialogContentText>
        {moneyRequestKindLabels[request.kind]} of {askedInWords(request) ?? 'no recorded amount'}{' '}
        from account {request.accountId}. Look at the platform first: {whereToLook(request)}. What
        you record here is shown to the investor; your reason goes to the audit log.
      </DialogContentText>
      {request.kind === 'investment' && (
        <TradeCandidates
          reference={request.reference}
          units={request.units}
          query={candidates}
          onChoose={choose}
        />
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
        label={settleOutcomeQuestion}
        options={outcomeOptions}
        required
      />
      {outcome === 'created' && (
        <FormTextField
          name="upstreamId"
          control={form.control}
          label={`Platform id (${platformIdAsked[request.kind].label})`}
          helperText={platformIdAsked[request.kind].help}
          required
          fullWidth
        />
      )}
      {mismatch && (
        <ConfirmPlatformId
          control={form.control}
          name="confirmDifferentUnits"
          message={mismatch}
          label="I checked at the platform that this trade is this request, although its units differ"
        />
      )}
      {madeBefore && (
        <ConfirmPlatformId
          control={form.control}
          name="confirmMadeBefore"
          message={madeBefore}
          label={`I checked at the platform that this ${idWhat} is this request, although it was made before it`}
        />
      )}
      {likely && (
        <ConfirmNotTrade
          form={form}
          trade={likely.upstreamId}
          message={likelyTradeMessage(likely, request.accountId)}
        />
      )}
      <ReasonField
        control={form.control}
        label="What you checked"
        helperText="At least 10 characters: where you looked and what you found"
      />
      {settle.isError && !askedToConfirm && (
        <ErrorAlert error={settle.error} title={`${request.reference} was not settled`} />
      )}
    </FormDialog>
  );
}

/**
 * What the reviewer just settled and what became of it, kept above the register: the row may
 * leave the list shown (an "Outcome unknown" filter), and the dialog's button is gone with the
 * unknown outcome, so the focus moves here instead of dropping to the page body. `hidden` says
 * the filters no longer show it; `onShow` then offers the account's requests, where it is.
 */
export function SettledByHandNote({
  settled,
  hidden,
  onShow,
  onDismiss,
}: {
  settled: MoneyRequestView;
  hidden: boolean;
  onShow: () => void;
  /** Takes the note away; the page decides where the focus goes next. */
  onDismiss: () => void;
}) {
  const words = moneyRequestOutcomeWords[settled.outcome];
  return (
    <DismissibleNote severity="success" outcome={settled} onDismiss={onDismiss}>
      <Box component="span" translate="no">
        {settled.reference}
      </Box>{' '}
      settled by hand: {words.label.toLowerCase()}
      {settled.upstreamId ? `, ${platformIdInWords(settled)}` : ''}. The investor sees this outcome;
      your reason is in the audit log.
      {hidden && (
        <>
          {' The filters above no longer show it.'}
          {/* Under the words, not beside them, where a phone would squeeze it to a word a line. */}
          <Box sx={{ mt: 1 }}>
            <Button variant="outlined" color="inherit" size="small" onClick={onShow}>
              Show the requests of account {settled.accountId}
            </Button>
          </Box>
        </>
      )}
    </DismissibleNote>
  );
}
