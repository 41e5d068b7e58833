import { Fragment, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type {
  IssuerAccountForm,
  SavedIssuerAccounts,
  SentIssuerAccount,
} from '../../../../../contract/issuer-workspace';
import { PageHeader } from '../../../../components/page-header';
import { ErrorAlert } from '../../../../components/error-alert';
import { EmptyState, LoadingSkeleton } from '../../../../components/query-state';
import { useSession } from '../../../../features/auth/api/get-session';
import {
  answersFromSent,
  IssuerAccountFormPanel,
} from '../../../../features/issuer/components/issuer-account-form';
import { SavedIssuerAccountCard } from '../../../../features/issuer/components/saved-issuer-account';
import {
  useRefreshSavedIssuerAccount,
  useSavedIssuerAccount,
} from '../../../../features/issuer/api/create-issuer-account';
import { SettleLostSaves } from '../../../../features/issuer/components/settle-lost-saves';
import { formatTimestamp } from '../../../../lib/format';
import { focusOnMount } from '../../../../lib/focus';
import { requireSession } from '../../../session-guard';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request, ['issuer_staff']);
    return null;
  };

export default function IssuerAccountRoute() {
  const session = useSession();
  const issuerIds = session.data?.user.issuerIds ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const issuerId = chosen ?? issuerIds[0] ?? null;

  return (
    <>
      <PageHeader
        title="Issuer account"
        description="The financial account details of your issuer, kept by the platform for its records."
      />
      {/* Every state of the page belongs to one issuer: the choice stays above all of them. */}
      {issuerId && issuerIds.length > 1 && (
        <TextField
          select
          label="Issuer"
          value={issuerId}
          onChange={(event) => setChosen(event.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ mb: 3, minWidth: 200 }}
        >
          {issuerIds.map((id) => (
            <option key={id} value={id}>
              Issuer {id}
            </option>
          ))}
        </TextField>
      )}
      {issuerId ? (
        // Keyed by the issuer: what the page remembers of one issuer never shows under another.
        <IssuerAccountOf key={issuerId} issuerId={issuerId} />
      ) : (
        <EmptyState
          title="No issuer linked"
          message="Your sign-in is not linked to an issuer. Ask an administrator to link it."
        />
      )}
    </>
  );
}

/** One issuer's account: saved, a save to settle, or the form. */
function IssuerAccountOf({ issuerId }: { issuerId: string }) {
  const email = useSession().data?.user.email ?? null;
  const [justSaved, setJustSaved] = useState<SavedIssuerAccounts | null>(null);
  const [settledNotStored, setSettledNotStored] = useState(false);
  // What was typed for a save whose answer was lost, kept in this page only: if the platform
  // turns out not to hold it, the form starts from it instead of from nothing.
  const [lostAnswers, setLostAnswers] = useState<IssuerAccountForm | null>(null);
  // What the portal kept of that save (the page may have been opened afresh since): without the
  // typed answers, the form starts from it, the EIN, SSN and date of birth to be typed again.
  const [lostSent, setLostSent] = useState<SentIssuerAccount | null>(null);
  const initial = !settledNotStored
    ? null
    : (lostAnswers ?? (lostSent ? answersFromSent(lostSent) : null));
  const stored = useSavedIssuerAccount(issuerId);
  const refresh = useRefreshSavedIssuerAccount(issuerId);
  const saved = justSaved ?? stored.data?.saved ?? null;
  const confirmedByHand = justSaved ? null : (stored.data?.saved?.confirmedByHand ?? null);
  const unsettled = justSaved ? [] : (stored.data?.unsettled ?? []);
  const sending = justSaved || saved ? [] : (stored.data?.sending ?? []);

  return stored.isPending ? (
    <LoadingSkeleton lines={6} />
  ) : stored.isError ? (
    <ErrorAlert
      error={stored.error}
      title="The issuer account could not be read"
      onRetry={() => void stored.refetch()}
    />
  ) : sending.length > 0 ? (
    <Alert severity="warning" role="status">
      <AlertTitle component="h2">A save of this issuer account is on its way</AlertTitle>
      {sending.map((attempt) => (
        <Fragment key={attempt.at}>
          {attempt.sent?.companyName ?? 'A save'} was sent to the platform by{' '}
          {attempt.by ?? 'someone'} on {formatTimestamp(attempt.at)}, and its answer has not come
          back yet (the portal may have stopped while it was on its way).{' '}
        </Fragment>
      ))}
      The platform may create it, so the form is not offered: do not save it again. This page shows
      its outcome as soon as it is known.
    </Alert>
  ) : unsettled.length > 0 ? (
    <SettleLostSaves
      issuerId={issuerId}
      attempts={unsettled}
      takeFocus={lostAnswers !== null}
      onSettled={(outcome, sent) => {
        setSettledNotStored(outcome === 'not_stored');
        setLostSent(sent);
      }}
    />
  ) : saved ? (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {justSaved && (
        <Alert severity="success" role="status" tabIndex={-1} ref={focusOnMount}>
          The issuer account details were saved.
        </Alert>
      )}
      {saved.records.map((record, index) => (
        <SavedIssuerAccountCard
          key={`${record.issuerId}-${index}`}
          record={record}
          savedBy={justSaved ? email : (stored.data?.saved?.savedBy ?? null)}
        />
      ))}
      {confirmedByHand && stored.data?.saved && (
        <Alert severity="success" role="status">
          The platform holds this issuer&apos;s account details: {confirmedByHand} recorded so on{' '}
          {formatTimestamp(stored.data.saved.savedAt)} after asking it, since the answer to the save
          was lost. The portal has no copy of the details.
        </Alert>
      )}
      <Alert severity="info">
        The platform keeps these details as saved: it offers no way to change them, and saving again
        would add a second record. Contact the platform to correct them.
      </Alert>
    </Box>
  ) : (
    <>
      {settledNotStored && (
        <Alert severity="success" role="status" tabIndex={-1} ref={focusOnMount} sx={{ mb: 3 }}>
          Recorded: the platform holds no issuer account from the lost save.{' '}
          {lostAnswers
            ? 'The answers you gave are filled in again: review them and save.'
            : lostSent
              ? `The answers that save sent are filled in again. ${toTypeAgain(lostSent)}`
              : 'You can save the issuer account now.'}
        </Alert>
      )}
      <IssuerAccountFormPanel
        issuerId={issuerId}
        onSaved={setJustSaved}
        onOutcomeUnknownClosed={(answers) => {
          setLostAnswers(answers);
          void refresh();
        }}
        initial={initial}
      />
    </>
  );
}

/**
 * The answers of a lost save the portal keeps only masked, named as the form labels them: the
 * person types them again (the clear values are kept nowhere, personal-data.ts).
 */
function toTypeAgain(sent: SentIssuerAccount): string {
  const fields = [
    sent.maskedCompanyTaxId &&
      `Company tax ID (EIN), which ended ${sent.maskedCompanyTaxId.slice(-4)}`,
    sent.maskedSocialSecurityNumber &&
      `Social Security number, which ended ${sent.maskedSocialSecurityNumber.slice(-4)}`,
    sent.dateOfBirthGiven && "Holder's date of birth",
  ].filter((field): field is string => Boolean(field));
  if (fields.length === 0) return 'Review them and save.';
  return `The portal does not keep these in full, so type them again: ${fields.join('; ')}. Then review and save.`;
}
