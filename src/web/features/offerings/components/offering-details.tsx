import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { targetInWords, type Offering } from '../../../../contract/offerings';
import {
  formatCalendarDate,
  formatDecimal,
  formatTimestamp,
  formatMoney,
} from '../../../lib/format';
import { DescriptionList } from '../../../components/description-list';
import { OfferingStatusChip, offeringStatusWords } from '../../../components/offering-status-chip';
import { RaiseProgressBar } from './raise-progress';
import { useWideScreen } from '../../../lib/use-wide-screen';

type OfferingDetailsProps = {
  offering: Offering;
  /**
   * What a person can do with this offering (such as investing), placed beside the summary. Only
   * actions that work belong here: nothing is shown when there are none.
   */
  actions?: ReactNode;
};

/**
 * On a wide screen the raise and the texts fill the main column, with the actions and the
 * summary beside them. A phone has one column: there the actions and the summary (the status)
 * come first, as they are in view first on a wide screen, rather than after the raise, the
 * description and the legend, a thousand pixels down.
 */
export function OfferingDetails({ offering, actions }: OfferingDetailsProps) {
  const wide = useWideScreen();
  const main = (
    <>
      <Section title="Raise">
        <RaiseProgressBar offering={offering} showAmount />
        <DescriptionList
          items={[
            ['Unit price', formatMoney(offering.unitPrice, { precision: 'price' })],
            ['Minimum investment', formatMoney(offering.minAmount)],
            ['Target', targetInWords(offering.targetAmount)],
            ['Maximum', formatMoney(offering.maxAmount)],
            ['Total shares', formatDecimal(offering.totalShares)],
            ['Remaining shares', formatDecimal(offering.remainingShares)],
          ]}
        />
      </Section>
      <Section title="About this offering">
        <Text value={offering.description} empty="The issuer has not given a description." />
      </Section>
      <Section title="Legend">
        <Text value={offering.stampingText} empty="No legend text." />
      </Section>
    </>
  );
  const side = (
    <>
      {actions && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Actions">
          {actions}
        </Paper>
      )}
      <Section title="Summary">
        <DescriptionList
          items={[
            [
              'Status',
              <span key="status">
                <OfferingStatusChip
                  status={offering.status}
                  stock={offering}
                  // The summary's value column is narrower than "Open for investment".
                  wrap
                />{' '}
                {offeringStatusWords(offering.status, offering).meaning}
              </span>,
            ],
            ['Type', offering.type],
            ['Start date', formatCalendarDate(offering.startDate, undefined, 'long')],
            ['End date', formatCalendarDate(offering.endDate, undefined, 'long')],
            ['Offering ID', <Code key="id" value={offering.id} />],
            ['Issuer ID', <Code key="issuer" value={offering.issuerId} />],
            ['Created', offering.createdAt ? formatTimestamp(offering.createdAt) : 'Not recorded'],
          ]}
        />
      </Section>
    </>
  );
  if (!wide) {
    return (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {side}
        {main}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: '2fr 1fr' }}>
      <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>{main}</Box>
      <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>{side}</Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h2" id={id} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Text({ value, empty }: { value: string; empty: string }) {
  if (!value.trim()) return <Typography color="textSecondary">{empty}</Typography>;
  return <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{value}</Typography>;
}

function Code({ value }: { value: string }) {
  return (
    <Box component="span" translate="no" sx={{ fontFamily: 'monospace' }}>
      {value}
    </Box>
  );
}
