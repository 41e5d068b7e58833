import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountSummary } from '../../../../contract/account-views';
import type { Preflight, PreflightCheck } from '../../../../contract/preflight';
import { SectionCard } from '../../../components/description-list';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { accountLabel, accountName } from '../../../lib/account-names';
import { formatDecimal } from '../../../lib/format';
import { usePreflight } from '../api/get-preflight';

const marks: Record<PreflightCheck['outcome'], string> = {
  pass: 'OK',
  warn: 'Note',
  block: 'Blocks',
};

function CheckList({
  checks,
  id,
  hidden,
  noBankOn,
}: {
  checks: PreflightCheck[];
  id?: string;
  hidden?: boolean;
  /**
   * The account checked, when it has no bank linked (the preflight's achAvailable false, not a
   * bank that could not be checked): its note leads to where one is linked.
   */
  noBankOn?: string;
}) {
  return (
    <Box component="ul" id={id} hidden={hidden} sx={{ pl: 2, my: 1 }}>
      {checks.map((check) => (
        <li key={check.rule}>
          <Typography
            component="span"
            sx={{ fontWeight: 600, color: check.outcome === 'block' ? 'error.main' : undefined }}
          >
            {marks[check.outcome]} · {check.title}:
          </Typography>{' '}
          {check.detail}
          {noBankOn && check.rule === 'ach_bank' && (
            <>
              {' '}
              <Link component={RouterLink} to={paths.app.accountMoney.getHref(noBankOn)}>
                Link a bank account to {noBankOn}
              </Link>
            </>
          )}
        </li>
      ))}
    </Box>
  );
}

/**
 * An account's checks: what blocks or is noted, always in view; the checks passed, eight or so
 * lines an account, behind a button. Listed in full they put the form two screens down a phone,
 * below what needs no reading.
 */
function AccountChecks({ checks, noBankOn }: { checks: PreflightCheck[]; noBankOn?: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const told = checks.filter((check) => check.outcome !== 'pass');
  const passed = checks.filter((check) => check.outcome === 'pass');
  const count = passed.length === 1 ? 'the check passed' : `the ${passed.length} checks passed`;
  return (
    <>
      {told.length > 0 && <CheckList checks={told} noBankOn={noBankOn} />}
      {passed.length > 0 && (
        <>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
            sx={{ ml: -1 }}
          >
            {open ? `Hide ${count}` : `Show ${count}`}
          </Button>
          <CheckList checks={passed} id={listId} hidden={!open} />
        </>
      )}
    </>
  );
}

function AccountPreflight({
  offeringId,
  account,
}: {
  offeringId: string;
  account: AccountSummary;
}) {
  const preflight = usePreflight(offeringId, account.id);
  const name = accountName(account);
  return (
    <Box component="section" aria-label={`Checks for ${name}`} sx={{ mt: 2 }}>
      <QueryState
        query={preflight}
        loadingLabel={`Checking ${name}`}
        skeletonLines={3}
        errorTitle={`The checks for ${name} could not be loaded`}
      >
        {(data) => (
          <>
            <Typography component="h3" variant="h6">
              {accountLabel(account)}: {data.canInvest ? 'can invest' : 'cannot invest'}
            </Typography>
            {data.canInvest && data.minimumUnits && data.maximumUnits && (
              <Typography>
                From {formatDecimal(data.minimumUnits)} to {formatDecimal(data.maximumUnits)} units.
              </Typography>
            )}
            <AccountChecks
              checks={data.checks}
              noBankOn={data.achAvailable === false ? account.id : undefined}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

/**
 * "Why can't I invest?": the BFF's checklist per account, shown under the form: what blocks an
 * account or is noted in full, the checks it passed behind a button (AccountChecks).
 */
export function PreflightPanel({
  offeringId,
  accounts,
}: {
  offeringId: string;
  accounts: AccountSummary[];
}) {
  return (
    <SectionCard title="Before you invest">
      <Typography sx={{ mt: 1 }}>
        What the platform checks for each of your accounts. A check that blocks stops the
        investment; a note does not.
      </Typography>
      {accounts.map((account) => (
        <AccountPreflight key={account.id} offeringId={offeringId} account={account} />
      ))}
    </SectionCard>
  );
}

/**
 * In place of the invest form when every account's checks block: no account can invest yet, why
 * for each, and where to go next. The form is not offered, as the BFF would refuse each account.
 */
export function NoAccountCanInvest({
  accounts,
  preflights,
}: {
  accounts: AccountSummary[];
  preflights: Partial<Record<string, Preflight>>;
}) {
  return (
    <SectionCard title="No account can invest yet">
      <Typography sx={{ mt: 1 }}>
        {accounts.length === 1
          ? 'Your account cannot invest in this offering yet, so there is no investment form here.'
          : 'None of your accounts can invest in this offering yet, so there is no investment form here.'}{' '}
        What stops each account, and what you can do next:
      </Typography>
      {accounts.map((account) => {
        const name = accountName(account);
        const blocks = (preflights[account.id]?.checks ?? []).filter(
          (check) => check.outcome === 'block',
        );
        return (
          <Box
            key={account.id}
            component="section"
            aria-label={`Why ${name} cannot invest`}
            sx={{ mt: 2 }}
          >
            <Typography component="h3" variant="h6">
              {accountLabel(account)}
            </Typography>
            <Box component="ul" sx={{ pl: 2, my: 1 }}>
              {blocks.map((check) => (
                <li key={check.rule}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {check.title}:
                  </Typography>{' '}
                  {check.detail}
                </li>
              ))}
            </Box>
            <Link component={RouterLink} to={paths.app.account.getHref(account.id)}>
              See the reviews and details of {accountLabel(account)}
            </Link>
          </Box>
        );
      })}
    </SectionCard>
  );
}
