import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import {
  additionalRequestWords,
  isSameAsked,
  isSameRecently,
  moneyRequestKindLabels,
  sendAlongsideLabel,
  standingRequestNext,
  standingRequestWords,
  type AskedForSame,
  type MoneyRequestView,
  type StandingRequest,
} from '../../../contract/money-requests';
import { AccountRequestsLink } from './submission-error';
import { viewerInstantWords } from '../../lib/format';
import { isApiClientError } from '../../lib/api-client';
import {
  unsettledRequestsQuery,
  useRecentRequests,
  useUnsettledRequests,
  type UnsettledKind,
} from '../../lib/unsettled-requests';

/**
 * The requests of a kind (and offering) that stand unsettled for an account, from the register and
 * from a refusal that named them, and whether the person confirmed sending a new one as well.
 * Review waits for that confirmation: the BFF refuses a new request while one stands unless the
 * body names it (`additionalTo`), since sending it again could move the money twice.
 */
export function useUnsettled<Kind extends UnsettledKind>({
  accountId,
  kind,
  offeringId,
  failure,
}: {
  accountId: string;
  kind: Kind;
  offeringId?: string;
  /** The last send's failure: a refusal naming standing requests adds them at once. */
  failure: unknown;
}) {
  const query = useUnsettledRequests(accountId, kind, offeringId);
  const queryClient = useQueryClient();
  const recent = useRecentRequests(accountId, kind, offeringId);
  const fromRefusal =
    isApiClientError(failure) && failure.standing
      ? failure.standing.filter((row) => row.kind === kind && row.outcome !== 'not_sent')
      : [];
  const fromRegister = (query.data?.requests ?? []).map(asStanding);
  // The same request made moments ago is not in the register's unsettled list: named by a
  // refusal, it is kept past that refusal (the next review clears the failure), so the review and
  // what is sent still name it.
  const [kept, setKept] = useState<{ failure: unknown; rows: StandingRequest[] }>({
    failure: null,
    rows: [],
  });
  if (failure !== kept.failure && fromRefusal.some(isSameRecently)) {
    const rows = [...kept.rows];
    for (const row of fromRefusal.filter(isSameRecently)) {
      if (!rows.some((known) => known.reference === row.reference)) rows.push(row);
    }
    setKept({ failure, rows });
  }
  // The same request made moments ago, found among the recent ones at Review (the register's
  // source of the refusal at Confirm), so that the person is warned and asked before Confirm.
  const [sameAsked, setSameAsked] = useState<StandingRequest[]>([]);
  const withRows = (more: readonly StandingRequest[], register = fromRegister) => {
    const rows = [...register];
    for (const row of [...fromRefusal, ...kept.rows, ...more]) {
      if (!rows.some((known) => known.reference === row.reference)) rows.push(row);
    }
    return rows;
  };
  const standing = withRows(sameAsked);
  const references = standing.map((row) => row.reference);
  // Only the same request made moments ago (a second tab): it went through, nothing is unknown.
  const sameRecently = standing.length > 0 && standing.every(isSameRecently);
  // The confirmation is of the requests it named: one more that appears asks again.
  const [confirmed, setConfirmed] = useState('');
  const [asked, setAsked] = useState(false);
  const acknowledged =
    references.length > 0 && confirmed === references.join(' ') ? references : null;
  const box = useRef<HTMLInputElement>(null);
  // The confirmation asked for may be one that appears with this very render (the same request
  // found at Review): focus moves to it once it is there.
  useEffect(() => {
    if (asked) box.current?.focus();
  }, [asked, references.length]);
  return {
    query,
    kind,
    offeringId,
    accountId,
    standing,
    sameRecently,
    acknowledged,
    asked,
    box,
    setConfirmed(on: boolean) {
      setConfirmed(on ? references.join(' ') : '');
      setAsked(false);
    },
    /**
     * The form's submit: the request goes to review (`begin`) with the field naming the standing
     * requests once they are confirmed; while one stands unconfirmed, the confirmation is asked
     * for and takes focus instead.
     */
    reviewWith<T>(begin: (request: T & { additionalTo?: string[] }) => void) {
      return async (values: T) => {
        // Not read yet, or its last read failed (the portal was down or restarting, and what is
        // held may predate a send whose answer was lost): read now, before the review opens, so
        // a request that stands is named and asked about here, not only refused at Confirm. If
        // it still cannot be read, the form says so and the BFF refuses what it must.
        let register = fromRegister;
        if (accountId !== '' && (query.isPending || query.isError)) {
          // Once, without the query client's tries again: a portal still down is told at once. A
          // read under way may be waiting between those tries (seconds apart): it is called off
          // first, since fetchQuery would join it and hold the review for every try.
          const options = unsettledRequestsQuery(accountId, kind, offeringId);
          await queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
          const read = await queryClient.fetchQuery({ ...options, retry: false }).catch(() => null);
          if (read) register = read.requests.map(asStanding);
        }
        // After a send whose outcome is unknown, the same request reviewed again goes under the
        // same key (useReviewAndSubmit): if it did arrive, it is among the recent ones, and the
        // BFF answers with it rather than sending a second one. It is no other request to warn of.
        const resend =
          failure != null && !(isApiClientError(failure) && failure.submitted === 'no');
        const same = (resend ? [] : (recent.data?.requests ?? []))
          .map(asStanding)
          .filter((row) => isSameRecently(row) && isSameAsked(row, askedOf(kind, values)));
        if (
          same.map((row) => row.reference).join(' ') !==
          sameAsked.map((row) => row.reference).join(' ')
        )
          setSameAsked(same);
        const named = withRows(same, register).map((row) => row.reference);
        if (named.length > 0 && confirmed !== named.join(' ')) {
          setAsked(true);
          box.current?.focus();
          return;
        }
        begin({ ...values, ...(named.length > 0 ? { additionalTo: named } : {}) });
      };
    },
  };
}

/** A request of the register as a refusal names it (the error's `standing`). */
const asStanding = (row: MoneyRequestView): StandingRequest => ({
  reference: row.reference,
  kind: row.kind,
  outcome: row.outcome,
  createdAt: row.createdAt,
  amount: row.amount,
  units: row.units,
  offeringId: row.offeringId,
  upstreamId: row.upstreamId,
  method: row.method ?? null,
});

/**
 * What the form's values ask for, as the BFF compares the same request (refuseWhileStanding): an
 * investment's units and payment method, a deposit's amount, a disbursement's amount and type.
 */
function askedOf(kind: UnsettledKind, values: unknown): AskedForSame {
  const field = (name: string) => {
    const value = (values as Record<string, unknown> | null)?.[name];
    return typeof value === 'string' ? value : undefined;
  };
  if (kind === 'investment') return { units: field('units'), method: field('paymentMethod') };
  return { amount: field('amount'), method: kind === 'disbursement' ? field('type') : undefined };
}

export type Unsettled<Kind extends UnsettledKind = UnsettledKind> = ReturnType<
  typeof useUnsettled<Kind>
>;

/** The review's row saying a request goes as an additional one, naming the earlier ones. */
export function sentAsRow(
  kind: UnsettledKind,
  references: readonly string[],
  sameRecently = false,
): [string, string] {
  const words = additionalRequestWords(kind, references, sameRecently);
  return ['Sent as', words.charAt(0).toUpperCase() + words.slice(1)];
}

/**
 * Shown on the form: each standing request with our reference, its outcome and what happens next
 * (the register's words), where to follow it, and the confirmation that sends a new request as
 * an additional one. While they load, a line says so; if they cannot be read, the form says that
 * the portal still refuses a new request over one that stands, and names it then.
 */
export function UnsettledRequests({ unsettled }: { unsettled: Unsettled }) {
  const titleId = useId();
  const helperId = useId();
  const { query, standing, kind, accountId, sameRecently } = unsettled;
  const what = moneyRequestKindLabels[kind].toLowerCase();
  const scope = unsettled.offeringId ? 'this account in this offering' : 'this account';
  if (accountId === '') return null;
  if (query.isPending && standing.length === 0) {
    return (
      <Typography variant="body2" role="status">
        Checking for an earlier {what} of {scope} that is not settled yet…
      </Typography>
    );
  }
  if (query.isError && standing.length === 0) {
    return (
      <Alert severity="info">
        Earlier {what}s of {scope} could not be checked just now. If one is still being settled,
        sending is refused and names it, and nothing is sent.
      </Alert>
    );
  }
  if (standing.length === 0) return null;
  return (
    <Alert severity="warning" role="region" aria-labelledby={titleId}>
      <AlertTitle id={titleId}>
        {sameRecently
          ? `You sent the same ${what} moments ago`
          : standing.length === 1
            ? `An earlier ${what} of ${scope} may have gone through`
            : `${standing.length} earlier ${what}s of ${scope} may have gone through`}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {standing.map((row) => (
          <li key={row.reference}>
            <span translate="no">{standingRequestWords(row, viewerInstantWords)}</span>.{' '}
            {standingRequestNext(row)}
          </li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {/* Two or more standing requests are followed each under its own reference. */}
        {sameRecently ? 'See' : 'Follow'}{' '}
        {standing.length === 1 ? 'it under our reference' : 'them under our references'} on{' '}
        <AccountRequestsLink accountId={accountId} />. A new {what} is sent only if you confirm that
        it is an additional one.
      </Typography>
      <FormControl error={unsettled.asked} sx={{ mt: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={unsettled.acknowledged !== null}
              onChange={(event) => unsettled.setConfirmed(event.target.checked)}
              slotProps={{
                input: {
                  ref: unsettled.box,
                  'aria-describedby': unsettled.asked ? helperId : undefined,
                },
              }}
            />
          }
          label={sendAlongsideLabel(
            kind,
            standing.map((row) => row.reference),
            sameRecently,
          )}
        />
        {unsettled.asked && (
          <FormHelperText id={helperId} role="alert">
            {sameRecently
              ? `Confirm that this is an additional ${what} to send it, or leave it: the earlier one went through.`
              : `Confirm that this is an additional ${what} to send it while the earlier one stands, or wait until it is settled.`}
          </FormHelperText>
        )}
      </FormControl>
    </Alert>
  );
}
