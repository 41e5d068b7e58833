import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BusyButton } from '../../../components/busy-retry-button';
import Typography from '@mui/material/Typography';
import { linkedBankName, type LinkedBankResult } from '../../../../contract/cash';
import { DescriptionList, SectionCard, sectionId } from '../../../components/description-list';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { focusOnMount } from '../../../lib/focus';
import { formatTimestamp } from '../../../lib/format';
import { useLinkedBank } from '../api/get-linked-bank';
import { useLinkBank } from '../api/link-bank';

type LinkedBank = Extract<LinkedBankResult, { state: 'linked' }>['bank'];

const LINKED_BANK_TITLE = 'Bank account for ACH';

/**
 * This panel on the account's Money and timeline page: where a failed read of the linked bank
 * is told (with its support id and Try again), so other sections of the page point to it.
 */
export const linkedBankHref = (accountId: string) =>
  `${paths.app.accountMoney.getHref(accountId)}#${sectionId(LINKED_BANK_TITLE)}`;

/**
 * The bank ACH uses for this account (§4.5), masked, and linking one when there is none. The
 * platform links a bank on a hosted page of its own (linkExternalAccount answers its URL,
 * real-world notes §4.1): until it reports the bank, the link is pending. The BFF keeps the
 * pending link per account, so a reload or another device shows it too, with when it was started,
 * a check and a way to start over. A platform that links at once shows the bank straight away, and
 * one that answers "already linked" (715) shows the bank that is linked.
 */
export function LinkedBankPanel({ accountId, canLink }: { accountId: string; canLink: boolean }) {
  const link = useLinkBank(accountId);
  const attempted = link.isSuccess;
  const bank = useLinkedBank(accountId, { watchPendingLink: true });
  return (
    <SectionCard title={LINKED_BANK_TITLE}>
      <QueryState query={bank} subject="the linked bank account" skeletonLines={2}>
        {(data) =>
          data.state === 'linked' ? (
            // Linked from here: the button went away, so focus goes to what replaced it.
            <LinkedBankDetails
              bank={data.bank}
              justLinked={attempted}
              alreadyLinked={attempted && link.data.alreadyLinked === true}
            />
          ) : data.pendingLink?.linkUrl && canLink ? (
            <PendingLink
              // A new page (starting over) is a new step: its button takes the focus again.
              key={data.pendingLink.linkUrl}
              pageUrl={data.pendingLink.linkUrl}
              startedAt={data.pendingLink.startedAt}
              // Focus moves to the page only when it was just handed out, not on a reload.
              justStarted={attempted && link.data.linkUrl === data.pendingLink.linkUrl}
              onCheck={async () => {
                const checked = await bank.refetch();
                return checked.isSuccess && checked.data.state === 'none';
              }}
              startingOver={link.isPending}
              onStartOver={() => link.mutate()}
              error={link.isError ? link.error : null}
            />
          ) : (
            <>
              <Alert severity="info" sx={{ mt: 1 }}>
                {data.message}
                {data.pendingLink &&
                  ` A link was started on ${formatTimestamp(data.pendingLink.startedAt)} and waits for the investor to finish on the platform's page.`}
              </Alert>
              {attempted && !data.pendingLink && (
                // Neither a bank nor a page to link one: nothing the person can finish.
                <Alert severity="warning" sx={{ mt: 2 }} tabIndex={-1} ref={focusOnMount}>
                  The platform did not link a bank account and gave no page to link one on. Nothing
                  is linked; try again later, or contact support if it happens again.
                </Alert>
              )}
              {canLink && (
                <Button
                  variant="contained"
                  sx={{ mt: 2 }}
                  onClick={() => link.mutate()}
                  disabled={link.isPending}
                >
                  {link.isPending ? 'Linking…' : 'Link a bank account'}
                </Button>
              )}
              {link.isError && (
                <ErrorAlert error={link.error} title="The bank could not be linked" />
              )}
            </>
          )
        }
      </QueryState>
    </SectionCard>
  );
}

function LinkedBankDetails({
  bank,
  justLinked,
  alreadyLinked,
}: {
  bank: LinkedBank;
  justLinked: boolean;
  /** The platform answered that a bank was linked already (715): this one, nothing new. */
  alreadyLinked: boolean;
}) {
  return (
    <>
      <Typography
        tabIndex={-1}
        ref={justLinked ? focusOnMount : undefined}
        sx={{ mt: 1, fontWeight: 600, outline: 'none' }}
      >
        Linked: {linkedBankName(bank)}
      </Typography>
      {justLinked && (
        <Typography role="status">
          {alreadyLinked
            ? 'A bank account is already linked to this account: the platform kept it, and nothing new was started.'
            : 'Bank account linked.'}
        </Typography>
      )}
      <Typography sx={{ mt: 1 }}>
        ACH disbursements go to, and deposits come from, this bank account.
      </Typography>
      <DescriptionList
        items={[
          ['Bank', bank.bankName ?? 'Not stated'],
          ['Account holder', bank.holderName ?? 'Not stated'],
          ['Account type', bank.accountType ?? 'Not stated'],
          ['Account number', bank.accountNumberMasked ?? 'Not stated'],
          ['Routing number', bank.routingNumberMasked ?? 'Not stated'],
        ]}
      />
      {/* The platform keeps one linked bank an account and answers another link with this one
          (real-world notes §4.1); no operation of the interface document changes it. */}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        To use another bank account, contact support: the platform keeps one linked bank account for
        each account, and it cannot be changed from the portal.
      </Typography>
    </>
  );
}

function PendingLink({
  pageUrl,
  startedAt,
  justStarted,
  onCheck,
  startingOver,
  onStartOver,
  error,
}: {
  pageUrl: string;
  startedAt: string;
  justStarted: boolean;
  /** Asks the platform again; true when it answered that no bank is linked yet. */
  onCheck: () => Promise<boolean>;
  startingOver: boolean;
  onStartOver: () => void;
  error: Error | null;
}) {
  const explanation = useId();
  // Only the person's own check marks its button busy: the check every few seconds in the
  // background does not.
  const [checking, setChecking] = useState(false);
  // How many of the person's checks found nothing linked: each says so afresh and takes the focus.
  const [notYet, setNotYet] = useState(0);
  const check = async () => {
    setChecking(true);
    try {
      if (await onCheck()) setNotYet((count) => count + 1);
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <Alert severity="info" sx={{ mt: 1 }} id={explanation}>
        <AlertTitle>Linking is pending</AlertTitle>
        Started {formatTimestamp(startedAt)}. The platform links bank accounts on a page of its own.
        Open it, choose your bank and account there, then come back to this tab. Nothing is linked
        until the platform reports the bank; this panel checks every few seconds and shows it here.
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          variant="contained"
          href={pageUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={explanation}
          ref={justStarted ? focusOnMount : undefined}
        >
          Open the bank-linking page (new tab)
        </Button>
        <BusyButton variant="outlined" busy={checking} onClick={() => void check()}>
          {checking ? 'Checking…' : 'I have finished: check now'}
        </BusyButton>
      </Box>
      {notYet > 0 && (
        <Alert key={notYet} severity="warning" sx={{ mt: 2 }} tabIndex={-1} ref={focusOnMount}>
          The platform has not linked a bank yet. If you closed its page before choosing your bank,
          open the bank-linking page again and finish there, or start over with a new page below.
        </Alert>
      )}
      <Typography sx={{ mt: 2 }}>
        Page closed or no longer working? Start over: the platform gives a new page, which replaces
        this one.
      </Typography>
      <Button sx={{ mt: 1 }} onClick={onStartOver} disabled={startingOver}>
        {startingOver ? 'Starting over…' : 'Start over with a new page'}
      </Button>
      {error && <ErrorAlert error={error} title="A new bank-linking page could not be started" />}
    </>
  );
}
