import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { SectionCard } from '../../../../components/description-list';
import { securitiesQueryOptions } from '../../../../features/market-hours/api/get-securities';
import {
  readSecurityHours,
  useSecurityHours,
} from '../../../../features/market-hours/api/get-security-hours';
import { useUpdateSecurityHours } from '../../../../features/market-hours/api/update-security-hours';
import { SavedHours } from '../../../../features/market-hours/components/saved-hours';
import { SaveOutcomeUnknown } from '../../../../features/market-hours/components/save-outcome-unknown';
import { SecurityHoursForm } from '../../../../features/market-hours/components/security-hours-form';
import {
  SecuritiesState,
  securityChoiceLabel,
  securityInSentence,
} from '../../../../features/market-hours/components/securities-state';
import { focusOnMount } from '../../../../lib/focus';
import { prefetchingLoader } from '../../../session-guard';
import { useSeesEveryIssuer } from '../../../../features/auth/api/get-session';

export const clientLoader = prefetchingLoader(securitiesQueryOptions);

function SecurityHoursEditor({ securityId, name }: { securityId: string; name: string }) {
  const current = useSecurityHours(securityId);
  const update = useUpdateSecurityHours();
  const saved = update.data?.securityHours;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <SectionCard title={`Hours of ${name}`}>
        <Box sx={{ mt: 2 }}>
          <QueryState query={current} subject="the current hours" skeletonLines={5}>
            {(data) => (
              <SecurityHoursForm
                hours={saved?.days ?? data.securityHours.days}
                pending={update.isPending}
                error={update.error}
                outcomeUnknown={
                  update.variables && (
                    <SaveOutcomeUnknown
                      error={update.error}
                      asked={update.variables.hours}
                      name={name}
                      reread={() => readSecurityHours(securityId)}
                    />
                  )
                }
                onSubmit={(hours) => update.mutate({ securityId, hours })}
              />
            )}
          </QueryState>
        </Box>
      </SectionCard>
      {saved && (
        <Box>
          <Alert severity="success" role="status" sx={{ mb: 2 }} tabIndex={-1} ref={focusOnMount}>
            Saved. These are the hours the platform now holds for {name}.
          </Alert>
          <SavedHours hours={saved} title={`Saved hours of ${name}`} />
        </Box>
      )}
    </Box>
  );
}

export default function SecurityHoursRoute() {
  const [search, setSearch] = useSearchParams();
  const reviewer = useSeesEveryIssuer();
  return (
    <>
      <PageHeader
        title={reviewer ? 'Trading hours of securities' : 'Trading hours of my securities'}
        description={
          reviewer
            ? 'Set when each security trades, per weekday, in US Eastern time.'
            : 'Set when each of your securities trades, per weekday, in US Eastern time.'
        }
      />
      <SecuritiesState
        empty={
          <EmptyState
            title={reviewer ? 'No securities found' : 'No securities linked to you'}
            message={
              reviewer
                ? 'No security has traded on the platform recently.'
                : "Ask an administrator to link your issuer's securities to your sign-in."
            }
          />
        }
      >
        {(securities) => {
          const selected =
            securities.find((s) => s.securityId === search.get('security')) ?? securities[0];
          return (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <TextField
                select
                id="security-hours-security"
                label="Security"
                size="small"
                value={selected.securityId}
                onChange={(event) => setSearch({ security: event.target.value }, { replace: true })}
                sx={{ maxWidth: 420 }}
              >
                {securities.map((s) => (
                  <MenuItem key={s.securityId} value={s.securityId}>
                    {securityChoiceLabel(s)}
                  </MenuItem>
                ))}
              </TextField>
              <SecurityHoursEditor
                key={selected.securityId}
                securityId={selected.securityId}
                name={securityInSentence(selected)}
              />
            </Box>
          );
        }}
      </SecuritiesState>
    </>
  );
}
